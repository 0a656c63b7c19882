/**
 * Extension `skipCommentSections` (§1.5 gap-filler; the patent is silent on comments): a reader comment
 * thread under an article is made of sentences too, so on blogs it can outweigh the article and stop the
 * "more than half the sentences" descent one level too high, and then it is output as body. Elements
 * whose id or class names a comment section (`#comments`, `.commentlist`, `#respond`, `#disqus_thread`…)
 * are left out of the sentence counts of the descent and of the body output — unless they hold the title
 * or the anchor sentences, so a page whose wrapper is called "has-comments" keeps its article.
 */
import type { PageModel } from '../model/page-model.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { NO_CHECKPOINTS, drain } from '../slicing.ts';

/** Splits an id or class token into its words: "comment-list" → comment, list; "disqus_thread" → disqus, thread. */
const WORD_SPLIT = /[-_:.]+/;

/** Whether one id/class token names a comment section, by the words it is made of. */
export function isCommentToken(token: string, words: ReadonlySet<string>): boolean {
  const lower = token.toLowerCase();
  if (words.has(lower)) return true;
  // A token made of words names one only when that word is in it (most tokens hold none: no split).
  let holds = false;
  for (const w of words)
    if (lower.includes(w)) {
      holds = true;
      break;
    }
  if (!holds) return false;
  for (const part of lower.split(WORD_SPLIT)) if (part && words.has(part)) return true;
  return false;
}

/**
 * Whether an element's id or class names a comment section. A page repeats a few class values over
 * thousands of elements, so each value is split and looked up once per scan (`seen`).
 */
function namesCommentSection(model: PageModel, el: number, words: ReadonlySet<string>, seen: Map<string, boolean>): boolean {
  const id = model.attr(el, 'id');
  if (id && isCommentToken(id, words)) return true;
  const cls = model.attr(el, 'class');
  if (!cls) return false;
  let names = seen.get(cls);
  if (names === undefined) {
    names = false;
    for (const token of cls.split(/\s+/))
      if (token && isCommentToken(token, words)) {
        names = true;
        break;
      }
    seen.set(cls, names);
  }
  return names;
}

/**
 * The outermost comment sections inside `start` (not `start` itself) that hold at least one sentence and
 * none of `keep` (the title block's and the anchor sentences' owners), in document order.
 */
export function findCommentSections(start: number, keep: readonly number[], words: readonly string[], model: PageModel): number[] {
  return drain(findCommentSectionsSteps(start, keep, words, model, NO_CHECKPOINTS));
}

/** `findCommentSections` with a checkpoint per `ticker` between elements. */
export function* findCommentSectionsSteps(
  start: number,
  keep: readonly number[],
  words: readonly string[],
  model: PageModel,
  ticker: Ticker,
): Steps<number[]> {
  if (words.length === 0) return [];
  const wordSet = new Set(words.map((w) => w.toLowerCase()));
  const out: number[] = [];
  const seen = new Map<string, boolean>();
  const end = model.end[start] as number;
  for (let el = start + 1; el <= end; el++) {
    if (ticker.tick()) yield;
    const last = out[out.length - 1];
    if (last !== undefined && model.contains(last, el)) {
      // The rest of that section's subtree is inside it too.
      el = model.end[last] as number;
      continue;
    }
    if (model.attrCount(el) === 0 || !namesCommentSection(model, el, wordSet, seen)) continue;
    if (model.sentences[el] === 0) continue;
    if (keep.some((k) => model.contains(el, k))) continue;
    out.push(el);
  }
  return out;
}

/** Sentences of `el` without those inside the given sections. */
export function sentencesOutside(el: number, sections: readonly number[], model: PageModel): number {
  let n = model.sentences[el] as number;
  for (const s of sections) if (model.contains(el, s)) n -= model.sentences[s] as number;
  return Math.max(0, n);
}
