/**
 * Hand-built feature trees (ALGORITHMS.md §4.3) for the LCS-diff tests: a nested literal → a level-order
 * FeatureTree. A node with `text` or `img` is a content node.
 */
import type { FeatureTree } from '../../../src/core/lcs-diff/types.ts';

export interface NodeSpec {
  readonly tag: string;
  readonly id?: string;
  readonly cls?: string;
  /** left, top, width, height. */
  readonly box?: readonly [number, number, number, number];
  /** Text directly in the node (raw; normalised for `content` and the counts). */
  readonly text?: string;
  /** An image source: the node is a content node even without text. */
  readonly img?: string;
  readonly children?: readonly NodeSpec[];
}

/** Shorthand: `el('div', { id: 'x' }, child, child)`. */
export function el(tag: string, attrs: Omit<NodeSpec, 'tag' | 'children'> = {}, ...children: NodeSpec[]): NodeSpec {
  return { tag, ...attrs, children };
}

/** The tree of `root` (BODY) in level order; `layout` defaults to whether any node has a box. */
export function buildTree(root: NodeSpec, layout?: boolean): FeatureTree {
  const tag: string[] = [];
  const id: string[] = [];
  const className: string[] = [];
  const depth: number[] = [];
  const parent: number[] = [];
  const box: number[] = [];
  const content: (string | null)[] = [];
  const rawContent: (string | null)[] = [];
  const textChars: number[] = [];
  const linkChars: number[] = [];
  const codeChars: number[] = [];
  let anyBox = false;
  const queue: { spec: NodeSpec; parent: number; depth: number; inLink: boolean }[] = [{ spec: root, parent: -1, depth: 0, inLink: false }];
  for (let head = 0; head < queue.length; head++) {
    const { spec, parent: p, depth: d, inLink } = queue[head]!;
    const index = tag.length;
    const text = (spec.text ?? '').replace(/\s+/g, ' ').trim();
    const isContent = spec.text !== undefined || spec.img !== undefined;
    const link = inLink || spec.tag === 'a';
    tag.push(spec.tag);
    id.push(spec.id ?? '');
    className.push(spec.cls ?? '');
    depth.push(d);
    parent.push(p);
    if (spec.box) anyBox = true;
    box.push(...(spec.box ?? [0, 0, 0, 0]));
    content.push(isContent ? [text, spec.img ?? ''].filter((s) => s !== '').join('\n') : null);
    rawContent.push(isContent ? (spec.text ?? '') : null);
    textChars.push(text.length);
    linkChars.push(link ? text.length : 0);
    const attrs = (spec.id ? ` id="${spec.id}"` : '') + (spec.cls ? ` class="${spec.cls}"` : '');
    codeChars.push(`<${spec.tag}${attrs}></${spec.tag}>`.length + text.length);
    for (const child of spec.children ?? []) queue.push({ spec: child, parent: index, depth: d + 1, inLink: link });
  }
  return {
    layout: layout ?? anyBox,
    size: tag.length,
    tag,
    id,
    className,
    depth,
    parent,
    box,
    content,
    rawContent,
    textChars,
    linkChars,
    codeChars,
    truncated: false,
  };
}
