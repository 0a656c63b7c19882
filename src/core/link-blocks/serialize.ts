/**
 * §5.1–5.2 The string the link-block scan reads: the rendered DOM written out as HTML with every tag's
 * attributes dropped (`<div id="main">ABC</div>` → `<div>ABC</div>`, so that the string's length is the
 * patent's code distance), ignored and unrendered subtrees left out (script, CSS, hidden elements), empty
 * elements left out (§5.2 "remove empty tags") and whitespace runs written as one space.
 *
 * While writing, it records each element's start and end offset and each text node's, so that a block
 * found in the string maps back to the elements and text it covers (offset-map.ts), including logical
 * blocks that join the end of one parent and the start of the next.
 *
 * Iterative (a hostile page may nest thousands of levels) and bounded by `maxElements` and `maxChars`.
 */
import type { PageModel } from '../model/page-model.ts';
import { F_SKIPPED } from '../model/page-model.ts';
import type { Steps, Ticker } from '../slicing.ts';
import { DUE, NO_CHECKPOINTS, drain } from '../slicing.ts';

/** Elements written as a lone start tag: they have no content, and are kept although "empty". */
const VOID_KEPT = new Set(['img', 'br', 'hr', 'wbr']);
const WHITESPACE = /[\s\u00a0]+/g;
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ESCAPED = /[&<>]/g;

export interface SerializedPage {
  /** The serialised page: lower-case tags, no attributes, escaped text. */
  readonly html: string;
  /** Written elements (their ordinals) in document order (which is also the order of their start offsets). */
  readonly elements: Int32Array;
  /** Offset of each element's `<`. */
  readonly elementStarts: Int32Array;
  /** Offset just after each element's end tag (after its start tag for void elements). */
  readonly elementEnds: Int32Array;
  /** Index of each element's parent in `elements` (-1 for the root). */
  readonly elementParents: Int32Array;
  /** Written text nodes (their indices in the model) in document order, with their offsets (escaped text, one space per run). */
  readonly texts: Int32Array;
  readonly textStarts: Int32Array;
  readonly textEnds: Int32Array;
  /** True when `maxElements` or `maxChars` stopped the writer before the end of the page. */
  readonly truncated: boolean;
}

export interface SerializeLimits {
  readonly maxElements: number;
  readonly maxChars: number;
}

interface Open {
  readonly el: number;
  readonly tag: string;
  /** Index into `out` and the offset at which the start tag was written, for rolling back an empty element. */
  readonly chunk: number;
  readonly start: number;
  readonly elementIndex: number;
  readonly textIndex: number;
  /** Length of the output just after the start tag: unchanged at the end means the element is empty. */
  readonly contentStart: number;
  /** The next child element to write (−1: none left), and the next text node. */
  nextChild: number;
  nextText: number;
}

/** Grows like an array but stores 32-bit offsets. */
class OffsetList {
  private data = new Int32Array(256);
  length = 0;
  push(v: number): number {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length] = v;
    return this.length++;
  }
  set(i: number, v: number): void {
    this.data[i] = v;
  }
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/** Writes `root` and its rendered descendants (the subtrees the model's walk skipped are left out). */
export function serializeRendered(model: PageModel, root: number, limits: SerializeLimits): SerializedPage {
  return drain(serializeRenderedSteps(model, root, limits, NO_CHECKPOINTS));
}

/** `serializeRendered` with a checkpoint per `ticker` in the walk. */
export function* serializeRenderedSteps(model: PageModel, root: number, limits: SerializeLimits, ticker: Ticker): Steps<SerializedPage> {
  const out: string[] = [];
  let length = 0;
  const elements = new OffsetList();
  const elementStarts = new OffsetList();
  const elementEnds = new OffsetList();
  const elementParents = new OffsetList();
  const texts = new OffsetList();
  const textStarts = new OffsetList();
  const textEnds = new OffsetList();
  let truncated = false;
  /** True when the last character written is a space (or nothing is written yet), to collapse runs across nodes. */
  let afterSpace = true;
  const { firstChild, nextSibling, textFirst, textAfter, textParent, flags } = model;

  const write = (s: string): void => {
    out.push(s);
    length += s.length;
  };
  const open = (el: number, parent: number): Open => {
    const tag = model.localName(el);
    const start = length;
    const chunk = out.length;
    const elementIndex = elements.length;
    const textIndex = texts.length;
    elements.push(el);
    elementStarts.push(start);
    elementEnds.push(start);
    elementParents.push(parent);
    write(`<${tag}>`);
    return {
      el,
      tag,
      chunk,
      start,
      elementIndex,
      textIndex,
      contentStart: length,
      nextChild: firstChild[el] as number,
      nextText: textFirst[el] as number,
    };
  };

  const stack: Open[] = [open(root, -1)];
  let elementCount = 1;
  while (stack.length > 0) {
    if (ticker.tick()) yield;
    const frame = stack[stack.length - 1] as Open;
    // The frame's next child in document order: a text node before the next child element, or that element.
    const child = frame.nextChild;
    const textsEnd = child >= 0 ? (textFirst[child] as number) : (textAfter[frame.el] as number);
    const t = frame.nextText < textsEnd ? frame.nextText : -1;
    if ((child < 0 && t < 0) || truncated) {
      stack.pop();
      if (length === frame.contentStart && !VOID_KEPT.has(frame.tag) && stack.length > 0) {
        // §5.2: an element with nothing inside is removed, with its (empty) descendants' records.
        out.length = frame.chunk;
        length = frame.start;
        elements.length = frame.elementIndex;
        elementStarts.length = frame.elementIndex;
        elementEnds.length = frame.elementIndex;
        elementParents.length = frame.elementIndex;
        texts.length = frame.textIndex;
        textStarts.length = frame.textIndex;
        textEnds.length = frame.textIndex;
        continue;
      }
      if (!VOID_KEPT.has(frame.tag)) write(`</${frame.tag}>`);
      elementEnds.set(frame.elementIndex, length);
      continue;
    }
    if (t >= 0) {
      frame.nextText = t + 1;
      if (textParent[t] !== frame.el) continue;
      let text = model.textData(t).replace(WHITESPACE, ' ');
      if (afterSpace && text.startsWith(' ')) text = text.slice(1);
      if (!text) continue;
      text = text.replace(ESCAPED, (c) => ESCAPES[c] ?? c);
      texts.push(t);
      textStarts.push(length);
      write(text);
      textEnds.push(length);
      afterSpace = text.endsWith(' ');
      if (length > limits.maxChars) truncated = true;
      continue;
    }
    frame.nextChild = nextSibling[child] as number;
    frame.nextText = textAfter[child] as number;
    if ((flags[child] as number) & F_SKIPPED) continue;
    if (++elementCount > limits.maxElements) {
      truncated = true;
      continue;
    }
    stack.push(open(child, frame.elementIndex));
  }

  const html = yield* joinSteps(out, ticker);
  if (ticker.tick(DUE)) yield;
  return {
    html,
    elements: elements.toArray(),
    elementStarts: elementStarts.toArray(),
    elementEnds: elementEnds.toArray(),
    elementParents: elementParents.toArray(),
    texts: texts.toArray(),
    textStarts: textStarts.toArray(),
    textEnds: textEnds.toArray(),
    truncated,
  };
}

/** Parts joined between checkpoints: one `join` of the 400 000 parts of a 60 000-link page was 60 ms. */
const JOIN_PARTS = 4096;

function* joinSteps(parts: readonly string[], ticker: Ticker): Steps<string> {
  if (parts.length <= JOIN_PARTS) return parts.join('');
  const pieces: string[] = [];
  for (let i = 0; i < parts.length; i += JOIN_PARTS) {
    if (ticker.tick(DUE)) yield;
    pieces.push(parts.slice(i, i + JOIN_PARTS).join(''));
  }
  return pieces.join('');
}
