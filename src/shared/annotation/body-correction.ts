/**
 * The gold body an annotation gives (record.ts): the extracted body when the annotator accepted it, else
 * the extracted (or replacing) body's lines without those of the removed blocks and with the added blocks'
 * lines put where they stand on the page. Text only, so that the same function serves the on-page panel
 * (its preview of the corrected body) and the export.
 */
import { normalizeSpace } from '../../core/text/normalize.ts';
import type { BodyAnnotation } from './record.ts';

/** Below this length a body line leaves with a removed block only when it is one of the block's lines. */
const SHORT_LINE = 12;

/** The non-empty lines of a text, whitespace squashed. */
export function bodyLines(text: string): string[] {
  return text
    .split('\n')
    .map(normalizeSpace)
    .filter((l) => l.length > 0);
}

/** The lines the body starts from: the replacing block's, or the extracted body's. */
export function baseLines(body: BodyAnnotation): string[] {
  return bodyLines(body.replaced ? body.replaced.text : body.extracted);
}

/** Whether `line` belongs to the removed block `text` (with its squashed lines `lines`). */
function inRemoved(line: string, text: string, lines: ReadonlySet<string>): boolean {
  if (lines.has(line)) return true;
  return line.length >= SHORT_LINE && text.includes(line);
}

/** The corrected body, lines joined by newlines; null when the body is not annotated (or rejected with nothing given). */
export function correctedBody(body: BodyAnnotation): string | null {
  if (body.verdict === null) return null;
  if (body.verdict === 'right') return bodyLines(body.extracted).join('\n');
  if (!body.replaced && body.added.length === 0 && body.removed.length === 0) return null;
  const base = baseLines(body);
  const removed = body.removed.map((e) => ({ text: normalizeSpace(e.text), lines: new Set(bodyLines(e.text)) }));
  const keep = base.map((line) => !removed.some((r) => inRemoved(line, r.text, r.lines)));
  // Added blocks go after the `at` base lines that precede them on the page, in the order of `at`.
  const inserts = [...body.added].sort((a, b) => a.at - b.at);
  const present = new Set(base);
  const out: string[] = [];
  let next = 0;
  const addUpTo = (at: number): void => {
    while (next < inserts.length && (inserts[next]?.at ?? 0) <= at) {
      for (const line of bodyLines(inserts[next]?.text ?? '')) if (!present.has(line)) out.push(line);
      next++;
    }
  };
  base.forEach((line, i) => {
    addUpTo(i);
    if (keep[i]) out.push(line);
  });
  addUpTo(Number.POSITIVE_INFINITY);
  return out.join('\n');
}
