/**
 * §3.1–3.3 Text candidates (faithful): every text block with a date the date finder reads (numeric, CJK,
 * month names, and with "now" and a page reference also relative dates such as 昨天 09:27 and dates
 * without a year such as 5月20日); the holding element is the smallest element around the date's text.
 * The label extensions add the words around the date on its line as tokens.
 */
import type { PageModel, TextBlock } from '../../model/page-model.ts';
import type { DateFinderOptions } from '../../dates/date-finder.ts';
import { findDates } from '../../dates/date-finder.ts';
import { normalizeSpace } from '../../text/normalize.ts';
import type { DatePageContext } from './context.ts';
import type { Found } from './found.ts';
import { SAMPLE_TEXT_CHARS } from './found.ts';
import { describeFragment, readFragment } from './fragment.ts';
import { labelTokens } from './label-lexicon.ts';
import type { SampleSpec, SampleWindows } from './spec.ts';
import type { Steps, Ticker } from '../../slicing.ts';

/** A block worth running the date finder on: a digit (ASCII or full-width) or a Chinese-numeral year. */
const MAY_HOLD_DATE = /[\d０-９]|[〇○零一二三四五六七八九十]年|[昨前今]天|刚刚/;
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
const LATIN_WORD = /[\p{L}]+/gu;

/** The dates of the page's text blocks in document order, at most about `maxCandidates` (a block is not cut). */
export function* textCandidates(
  ctx: DatePageContext,
  spec: SampleSpec,
  finderOpts: DateFinderOptions,
  maxCandidates: number,
  ticker: Ticker,
): Steps<Found[]> {
  const frag = { levels: spec.fragmentLevels, maxTokensPerValue: spec.windows.maxTokensPerValue };
  const out: Found[] = [];
  for (const block of ctx.model.blocks) {
    if (ticker.tick()) yield;
    if (out.length >= maxCandidates) break;
    if (!MAY_HOLD_DATE.test(block.text)) continue;
    for (const date of findDates(block.text, finderOpts)) {
      const holder = holderOf(ctx.model, block, date.text);
      const f = readFragment(ctx.model, holder, frag);
      const tokens = [
        ...f.tokens,
        ...(spec.labelWords ? labelWords(block.text, date.start, spec.windows) : []),
        ...(spec.labelLexicon ? lexiconTokens(block.text, date.start, date.end, spec.windows) : []),
      ];
      out.push({
        date,
        kind: 'text',
        holder,
        block,
        tags: f.tags,
        tokens,
        links: f.links,
        where: describeFragment(ctx.model, holder, spec.fragmentLevels),
        text: date.text.slice(0, SAMPLE_TEXT_CHARS),
      });
    }
  }
  return out;
}

/** The smallest element around the date: the parent of the text node holding most of the date's text. */
function holderOf(model: PageModel, block: TextBlock, dateText: string): number {
  const wanted = normalizeSpace(dateText);
  let best: number | null = null;
  let bestLen = 0;
  for (const node of block.nodes) {
    const t = normalizeSpace(model.textData(node));
    if (!t) continue;
    if (t.includes(wanted)) {
      best = node;
      break;
    }
    const len = commonPrefixInside(t, wanted);
    if (len > bestLen) {
      bestLen = len;
      best = node;
    }
  }
  return best !== null ? (model.textParent[best] as number) : block.owner;
}

/** Length of the longest prefix of `wanted` that occurs in `t` (at least 4 characters to count). */
function commonPrefixInside(t: string, wanted: string): number {
  let len = 0;
  for (let n = Math.min(wanted.length, t.length); n >= 4; n--) {
    if (t.includes(wanted.slice(0, n))) {
      len = n;
      break;
    }
  }
  return len;
}

/** Extension `labelWords`: the words right before the date on its line ("发布时间：", "Updated"), as `w:` tokens. */
export function labelWords(text: string, start: number, opts: Pick<SampleWindows, 'labelLatinWords' | 'labelCjkChars'>): string[] {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text.slice(Math.max(lineStart, start - 4 * opts.labelCjkChars - 8 * opts.labelLatinWords), start);
  const out: string[] = [];
  const cjk = [...before].filter((ch) => CJK.test(ch)).slice(-opts.labelCjkChars);
  for (let i = 0; i + 1 < cjk.length; i++) out.push(`w:${cjk[i]}${cjk[i + 1]}`);
  if (cjk.length === 1) out.push(`w:${cjk[0]}`);
  const words = (before.match(LATIN_WORD) ?? []).filter((w) => !CJK.test(w)).slice(-opts.labelLatinWords);
  for (const w of words) if (w.length >= 2) out.push(`w:${w.toLowerCase()}`);
  return [...new Set(out)];
}

/** Extension `labelLexicon`: the lexicon's reading of the words around the date on its line. */
export function lexiconTokens(
  text: string,
  start: number,
  end: number,
  opts: Pick<SampleWindows, 'lexiconLatinWords' | 'lexiconCjkChars'>,
): string[] {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', end);
  const reach = 4 * opts.lexiconCjkChars + 12 * opts.lexiconLatinWords;
  const before = text.slice(Math.max(lineStart, start - reach), start);
  const after = text.slice(end, Math.min(nextBreak < 0 ? text.length : nextBreak, end + reach));
  return labelTokens(before, after, { latinWords: opts.lexiconLatinWords, cjkChars: opts.lexiconCjkChars });
}
