/**
 * The dom engine's linear-time replacements for happy-dom's sibling getters and querySelectorAll
 * (src/node/engines/linear-happy-dom.ts) give exactly happy-dom's own answers, on generated trees and
 * selectors, and after the tree changes under them. If a happy-dom upgrade moves the internals they use,
 * `installLinearHappyDom` returns false and the first test fails.
 */
import fc from 'fast-check';
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { happyDomQuerySelectorAll, installLinearHappyDom } from '../../src/node/engines/linear-happy-dom.ts';

const window = new Window({ settings: { disableJavaScriptEvaluation: true } });
afterAll(() => window.happyDOM.close());

const TAGS = ['div', 'p', 'a', 'li', 'span', 'table', 'td', 'img', 'form', 'select'] as const;
const SELECTORS = [
  '*',
  'a[href]',
  'td, th',
  '[id], [class]',
  'meta[content]',
  'img',
  'p',
  '[itemprop="name"]',
  'a[rel~="author"]',
  'div p', // a combinator: happy-dom's own
  'li > a', // a combinator: happy-dom's own
  'p.x, span#y',
];

interface Gen {
  readonly tag: (typeof TAGS)[number];
  readonly attrs: readonly (readonly [string, string])[];
  readonly text: boolean;
  readonly kids: readonly Gen[];
}

const attr = fc.constantFrom<readonly [string, string]>(
  ['href', '/x'],
  ['class', 'x'],
  ['id', 'y'],
  ['itemprop', 'name'],
  ['rel', 'author nofollow'],
  ['name', 'nextSibling'],
  ['name', 'children'],
);
/** Trees up to `depth` levels below the root, up to 4 children each. */
const treeOf = (depth: number): fc.Arbitrary<Gen> =>
  fc.record({
    tag: fc.constantFrom(...TAGS),
    attrs: fc.array(attr, { maxLength: 2 }),
    text: fc.boolean(),
    kids: depth > 0 ? fc.array(treeOf(depth - 1), { maxLength: 4 }) : fc.constant([]),
  });
const tree = treeOf(3);

function build(doc: Document, g: Gen): Element {
  const el = doc.createElement(g.tag);
  for (const [k, v] of g.attrs) el.setAttribute(k, v);
  if (g.text) el.appendChild(doc.createTextNode('t'));
  for (const k of g.kids) el.appendChild(build(doc, k));
  return el;
}

/** The reference: siblings by position in `childNodes`. */
function expectedSiblings(node: Node): [Node | null, Node | null] {
  const parent = node.parentNode;
  if (!parent) return [null, null];
  const kids = [...parent.childNodes];
  const i = kids.indexOf(node as ChildNode);
  return [kids[i - 1] ?? null, kids[i + 1] ?? null];
}

function allNodes(root: Node): Node[] {
  const out: Node[] = [root];
  for (const c of root.childNodes) out.push(...allNodes(c));
  return out;
}

describe('linear happy-dom', () => {
  const doc = window.document as unknown as Document;
  // Reference answers from happy-dom's own querySelectorAll, taken before the replacement is installed.
  const samples = fc.sample(fc.array(tree, { minLength: 1, maxLength: 3 }), { numRuns: 40, seed: 1616 });
  const roots = samples.map((forest) => {
    const body = doc.createElement('body');
    for (const g of forest) body.appendChild(build(doc, g));
    return body;
  });
  const reference = roots.map((root) => SELECTORS.map((s) => [...(happyDomQuerySelectorAll(root, s) as Iterable<Element>)]));

  it('installs (happy-dom keeps the internals it relies on)', () => {
    expect(installLinearHappyDom()).toBe(true);
    expect(installLinearHappyDom()).toBe(true);
  });

  it('querySelectorAll: the same elements in the same order as happy-dom’s own, on 40 generated trees', () => {
    roots.forEach((root, i) => {
      SELECTORS.forEach((s, j) => expect([...root.querySelectorAll(s)], `${s} on tree ${i}`).toEqual(reference[i]?.[j]));
    });
  });

  it('querySelectorAll on a document includes <html>; invalid selectors still throw', () => {
    const page = new window.DOMParser().parseFromString('<p class=x>a</p>', 'text/html') as unknown as Document;
    expect([...page.querySelectorAll('html, p')].map((e) => e.localName)).toEqual(['html', 'p']);
    expect(() => page.querySelectorAll('p[')).toThrow();
    expect(() => page.querySelectorAll('')).toThrow();
  });

  it('nextSibling / previousSibling / *ElementSibling agree with childNodes, also after insertions and removals', () => {
    fc.assert(
      fc.property(fc.array(tree, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { maxLength: 6 }), (forest, edits) => {
        const body = doc.createElement('body');
        for (const g of forest) body.appendChild(build(doc, g));
        const check = (): void => {
          for (const n of allNodes(body)) {
            const [prev, next] = expectedSiblings(n);
            expect(n.previousSibling).toBe(prev);
            expect(n.nextSibling).toBe(next);
          }
          for (const el of body.querySelectorAll('*')) {
            const kids = [...(el.parentElement?.children ?? [])];
            const i = kids.indexOf(el);
            expect(el.nextElementSibling).toBe(kids[i + 1] ?? null);
            expect(el.previousElementSibling).toBe(kids[i - 1] ?? null);
          }
        };
        check();
        for (const e of edits) {
          const nodes = allNodes(body).slice(1);
          const target = nodes[e % Math.max(1, nodes.length)];
          if (!target) break;
          if (e % 2 === 0) target.parentNode?.insertBefore(doc.createElement('i'), target);
          else target.parentNode?.removeChild(target);
          check();
        }
      }),
      { numRuns: 40, seed: 16 },
    );
  });
});
