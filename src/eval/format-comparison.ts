/**
 * The terminal form of `eval --compare readability` (compare-readability.ts computes it): printed under
 * the set's own scores, the two extractors' body figures side by side, the pages each wins, the pages
 * where Readability gave no body, and the pages where one beats the other by most, each with the
 * beginning of our body, Readability's and the gold on their own indented lines.
 */
import type { PrF1 } from './metrics.ts';
import type { ReadabilityComparison, TopPage } from './compare-readability.ts';

const f3 = (n: number): string => n.toFixed(3);
const figure = (s: PrF1): string => `F1 ${f3(s.f1)}  P ${f3(s.precision)}  R ${f3(s.recall)}`;
const signed = (n: number): string => `${n >= 0 ? '+' : '−'}${f3(Math.abs(n))}`;
/** How many of the pages where Readability gave no body are named (all are in `--json`). */
const FAILED_PAGES_SHOWN = 10;
/** Width of the figure columns: "F1 0.000  P 0.000  R 0.000" and a gap. */
const COLUMN = 30;

const FAILURE_LABELS: Readonly<Record<keyof ReadabilityComparison['readabilityFailures'], string>> = {
  noArticle: 'no article found',
  error: 'error',
  'time-limit': 'time limit',
  'not-run': 'not run',
};

export function formatComparison(c: ReadabilityComparison): string {
  const lines = [
    `  compared with @mozilla/readability ${c.version}: same decoded pages, ${c.engine} engine, ${c.pages} pages with a gold body`,
    `  ${''.padEnd(22)}${'ours'.padEnd(COLUMN)}Readability`,
    `  ${'body (\\w+ shingles)'.padEnd(22)}${figure(c.ours.body).padEnd(COLUMN)}${figure(c.readability.body)}`,
  ];
  if (c.ours.bodyCjk && c.readability.bodyCjk)
    lines.push(`  ${'body (CJK tokens)'.padEnd(22)}${figure(c.ours.bodyCjk).padEnd(COLUMN)}${figure(c.readability.bodyCjk)}`);
  const by = c.decidedBy === 'cjk' ? 'CJK-token' : '\\w+';
  lines.push(
    `  pages won             ours ${c.wins.ours}, Readability ${c.wins.readability}, ties ${c.wins.ties}  (page ${by} F1, a tie within ${c.tieWithin})`,
  );
  lines.push(...failureLines(c));
  lines.push(...topLines('ours ahead most', c.top.ours, c.wins.ours));
  lines.push(...topLines('Readability ahead most', c.top.readability, c.wins.readability));
  return lines.join('\n');
}

/** "Readability gave no body on 3 pages (F1 0): no article found 2, error 1", then the pages and why. */
function failureLines(c: ReadabilityComparison): string[] {
  const counts = Object.entries(c.readabilityFailures).filter(([, n]) => n > 0);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return ['  Readability gave a body on every page'];
  const byKind = counts.map(([kind, n]) => `${FAILURE_LABELS[kind as keyof typeof FAILURE_LABELS]} ${n}`).join(', ');
  const failed = c.perPage.filter((p) => p.readabilityProblem !== undefined);
  const shown = failed.slice(0, FAILED_PAGES_SHOWN);
  return [
    `  Readability gave no body on ${total} page${total === 1 ? '' : 's'} (scored as empty): ${byKind}`,
    ...shown.map((p) => `    ${p.id}: ${p.readabilityProblem ?? ''}`),
    ...(failed.length > shown.length ? [`    … and ${failed.length - shown.length} more (--json lists them)`] : []),
  ];
}

function topLines(title: string, pages: readonly TopPage[], of: number): string[] {
  if (!pages.length) return [`  ${title}: no page`];
  return [
    `  ${title} (${pages.length} of ${of}):`,
    ...pages.flatMap((p) => [
      `    ${p.id}  ours ${f3(p.ours)}  Readability ${f3(p.readability)}  (${signed(p.ours - p.readability)})`,
      `      ours:        ${p.oursStart || '(empty)'}`,
      `      Readability: ${p.readabilityStart || `(empty${p.readabilityProblem ? `: ${p.readabilityProblem}` : ''})`}`,
      `      gold:        ${p.goldStart}`,
    ]),
  ];
}
