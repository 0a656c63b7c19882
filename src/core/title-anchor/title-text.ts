/**
 * The title as text, from the title block (§1.4) and the query title it matched. Gap-fillers:
 * - a title block of several lines (`<br>`) keeps the lines that belong to the title: those that occur in
 *   the query title (spacing ignored), or, when none does, those with at least `titleLineMinShare` of
 *   their units in it (a date line or a sub-line is left out);
 *   lines are joined without a space between CJK characters, with one space otherwise;
 * - a block that contains the whole query title plus a short badge ("原创", "Exclusive") is trimmed to
 *   the query title when the query covers at least `titleTrimMinShare` of the block.
 */
import type { TextBlock } from '../model/page-model.ts';
import type { TitleAnchorOptions } from './options.ts';
import { CJK_CHAR } from '../text/scripts.ts';
import { normalizeSpace } from '../text/normalize.ts';
import { titleUnits } from '../text/title-similarity.ts';

export function titleText(
  block: TextBlock,
  query: string,
  opts: Pick<TitleAnchorOptions, 'titleLineMinShare' | 'titleTrimMinShare'>,
): string {
  const queryUnits = titleUnits(query);
  const lines = block.text.split('\n');
  const compactQuery = compact(query);
  const verbatim = lines.filter((line) => compactQuery.includes(compact(line)));
  const kept =
    lines.length <= 1 ? lines : verbatim.length ? verbatim : lines.filter((line) => shareIn(line, queryUnits) >= opts.titleLineMinShare);
  const text = joinLines(kept.length ? kept : lines);
  const q = normalizeSpace(query);
  if (q && text !== q && text.includes(q) && q.length >= text.length * opts.titleTrimMinShare) return q;
  return text;
}

/** Lower case without white space, for "occurs in the query" tests that ignore spacing ("2007 年末"). */
function compact(s: string): string {
  return s.replace(/\s+/g, '').toLowerCase();
}

function shareIn(line: string, units: ReadonlySet<string>): number {
  const own = titleUnits(line);
  if (own.size === 0) return 0;
  let inside = 0;
  for (const u of own) if (units.has(u)) inside++;
  return inside / own.size;
}

function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const line of lines) {
    if (!out) out = line;
    else out += CJK_CHAR.test(out.at(-1) ?? '') && CJK_CHAR.test(line[0] ?? '') ? line : ` ${line}`;
  }
  return out;
}
