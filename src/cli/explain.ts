/** `--explain`: the trace as a readable table (one decision a line, with its numbers). */
import type { Article } from '../core/index.ts';

export function formatExplain(a: Article): string {
  const lines = [`explain (options ${a.explain.optionsHash})`];
  for (const s of a.explain.steps) lines.push(`  step ${s.method.padEnd(13)} ${s.name.padEnd(14)} ${s.ms.toFixed(2)} ms`);
  for (const d of a.explain.decisions) {
    const numbers = Object.entries(d.numbers)
      .map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toFixed(2)}`)
      .join(' ');
    const target = d.target ? ` @ ${d.target.selector}${d.target.preview ? ` «${d.target.preview}»` : ''}` : '';
    lines.push(`  ${d.method.padEnd(13)} ${d.rule.padEnd(22)} ${d.verdict.padEnd(9)} ${numbers}${d.note ? `  ${d.note}` : ''}${target}`);
  }
  const lb = a.linkBlockStats;
  if (lb) {
    lines.push(
      `  link blocks: ${lb.blocks} blocks, ${lb.links} links, LCR ${lb.lcr.toFixed(3)}, CCR ${lb.ccr.toFixed(3)} (${lb.chars} serialised characters)`,
    );
    for (const n of a.noise) {
      const where = n.removed ? 'removed from body' : n.inBody ? 'in body, kept' : 'outside body';
      lines.push(`    ${n.kind} ${where}: ${n.reason} @ ${n.ref.selector} «${n.text.slice(0, 60)}»`);
    }
  }
  for (const w of a.warnings) lines.push(`  warning: ${w}`);
  return lines.join('\n');
}
