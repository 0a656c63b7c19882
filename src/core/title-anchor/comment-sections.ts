/**
 * Extension `skipCommentSections` (§1.5 gap-filler; the patent is silent on comments): a reader comment
 * thread under an article is made of sentences too, so on blogs it can outweigh the article and stop the
 * "more than half the sentences" descent one level too high, and then it is output as body. Elements
 * whose id or class names a comment section (`#comments`, `.commentlist`, `#respond`, `#disqus_thread`…)
 * are left out of the sentence counts of the descent and of the body output — unless they hold the title
 * or the anchor sentences, so a page whose wrapper is called "has-comments" keeps its article.
 */
import { dom } from '../dom/dom-read.ts';
import type { PageModel } from '../dom/page-model.ts';
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
function namesCommentSection(el: Element, words: ReadonlySet<string>, seen: Map<string, boolean>): boolean {
  const id = dom.getAttribute(el, 'id');
  if (id && isCommentToken(id, words)) return true;
  const cls = dom.getAttribute(el, 'class');
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
export function findCommentSections(start: Element, keep: readonly Element[], words: readonly string[], model: PageModel): Element[] {
  return drain(findCommentSectionsSteps(start, keep, words, model, NO_CHECKPOINTS));
}

/** `findCommentSections` with a checkpoint per `ticker` between elements. */
export function* findCommentSectionsSteps(
  start: Element,
  keep: readonly Element[],
  words: readonly string[],
  model: PageModel,
  ticker: Ticker,
): Steps<Element[]> {
  if (words.length === 0) return [];
  const wordSet = new Set(words.map((w) => w.toLowerCase()));
  const out: Element[] = [];
  const seen = new Map<string, boolean>();
  for (const el of dom.querySelectorAll(start, '[id], [class]')) {
    if (ticker.tick()) yield;
    const last = out[out.length - 1];
    if (last && dom.contains(last, el)) continue;
    if (!namesCommentSection(el, wordSet, seen)) continue;
    if (model.stats(el).sentences === 0) continue;
    if (keep.some((k) => dom.contains(el, k))) continue;
    out.push(el);
  }
  return out;
}

/** Sentences of `el` without those inside the given sections. */
export function sentencesOutside(el: Element, sections: readonly Element[], model: PageModel): number {
  let n = model.stats(el).sentences;
  for (const s of sections) if (el === s || dom.contains(el, s)) n -= model.stats(s).sentences;
  return Math.max(0, n);
}
