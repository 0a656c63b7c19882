/**
 * Linear time for the dom engine on wide pages. Two happy-dom operations the core uses on every page cost
 * time proportional to the number of siblings, so walking a `<ul>` of N items was quadratic (issue 16:
 * 25 000 → 50 000 list items took 8.5 s → 80 s, a 60 000-link list ran past 300 s):
 *
 * - `nextSibling` / `previousSibling` (and `nextElementSibling`, built on them) look the node up with
 *   `indexOf` in its parent's child array: each step is O(index), a walk over N children O(N²).
 * - `querySelectorAll` builds its result with `Array.concat` once per matching sibling (O(M²) for M matches)
 *   and records every visited element in each one's cache-invalidation list: 25 000 matching links took
 *   32 s, 50 000 took 183 s.
 *
 * Browsers do both in constant time per node, so this is the engine's business, not the core's: the core
 * stays written against the standard DOM. Installed once per process by the dom engine; results are the
 * same as happy-dom's own (test/node/linear-happy-dom.test.ts compares them on generated trees). The
 * replacements use happy-dom's internal symbols and selector parser; when a happy-dom upgrade moves them,
 * `installLinearHappyDom` leaves happy-dom as it is and says so, and that test fails.
 */
import { Node as HappyNode, PropertySymbol } from 'happy-dom';
import NodeList from 'happy-dom/lib/nodes/node/NodeList.js';
import QuerySelector from 'happy-dom/lib/query-selector/QuerySelector.js';
import SelectorParser from 'happy-dom/lib/query-selector/SelectorParser.js';

/** What the replacements read of a happy-dom node: the internal fields behind its public getters. */
interface Internal {
  [PropertySymbol.parentNode]: Internal | null;
  [PropertySymbol.nodeArray]: Internal[];
  [PropertySymbol.elementArray]: Internal[];
  [PropertySymbol.nodeType]: number;
  [PropertySymbol.proxy]?: Internal;
  [PropertySymbol.window]: unknown;
  readonly documentElement?: Internal | null;
  readonly host?: unknown;
}

interface SelectorItem {
  match(scope: unknown, element: unknown): unknown;
}

type QuerySelectorAll = (node: unknown, selector: unknown) => unknown;

const ELEMENT_NODE = 1;
const DOCUMENT_NODE = 9;
const DOCUMENT_FRAGMENT_NODE = 11;

/** happy-dom's own `querySelectorAll`, kept for selectors the linear one does not take (and for tests). */
export const happyDomQuerySelectorAll: QuerySelectorAll = (QuerySelector.querySelectorAll as QuerySelectorAll).bind(QuerySelector);

let installed: boolean | null = null;

/**
 * Replaces happy-dom's sibling getters and `querySelectorAll` with linear-time versions. Idempotent;
 * returns false (and changes nothing) when happy-dom's internals are not where this version expects them.
 */
export function installLinearHappyDom(): boolean {
  if (installed !== null) return installed;
  const proto = HappyNode.prototype as unknown as Record<string, unknown>;
  const hasInternals =
    typeof PropertySymbol.nodeArray === 'symbol' &&
    typeof PropertySymbol.elementArray === 'symbol' &&
    typeof PropertySymbol.parentNode === 'symbol' &&
    typeof SelectorParser === 'function' &&
    typeof QuerySelector.querySelectorAll === 'function' &&
    Object.getOwnPropertyDescriptor(proto, 'nextSibling')?.get !== undefined &&
    Object.getOwnPropertyDescriptor(proto, 'previousSibling')?.get !== undefined;
  if (!hasInternals) {
    process.emitWarning('happy-dom internals have moved: the dom engine keeps its quadratic sibling walks and querySelectorAll');
    installed = false;
    return false;
  }
  Object.defineProperty(proto, 'nextSibling', {
    configurable: true,
    enumerable: true,
    get(this: Internal) {
      return sibling(this, 1);
    },
  });
  Object.defineProperty(proto, 'previousSibling', {
    configurable: true,
    enumerable: true,
    get(this: Internal) {
      return sibling(this, -1);
    },
  });
  (QuerySelector as unknown as { querySelectorAll: QuerySelectorAll }).querySelectorAll = linearQuerySelectorAll;
  installed = true;
  return true;
}

/**
 * Each parent's children by position, built on first use and rebuilt when a lookup finds it stale (a
 * child was inserted or removed before the node): constant time per step of a walk over a parent whose
 * children do not change, which is every walk of the core.
 */
const positions = new WeakMap<Internal[], Map<Internal, number>>();

function sibling(node: Internal, step: 1 | -1): Internal | null {
  const parent = node[PropertySymbol.parentNode];
  if (!parent) return null;
  const kids = parent[PropertySymbol.nodeArray];
  const self = node[PropertySymbol.proxy] ?? node;
  const i = positionOf(kids, self);
  if (i < 0) return null;
  return kids[i + step] ?? null;
}

function positionOf(kids: Internal[], node: Internal): number {
  // The ends first: appending (the parser, a fragment being filled) asks for the last child's neighbours
  // after every insertion, which would otherwise rebuild the map each time.
  const last = kids.length - 1;
  if (kids[last] === node) return last;
  if (kids[0] === node) return 0;
  const cached = positions.get(kids)?.get(node);
  if (cached !== undefined && kids[cached] === node) return cached;
  const map = new Map<Internal, number>();
  for (let i = 0; i < kids.length; i++) map.set(kids[i] as Internal, i);
  positions.set(kids, map);
  return map.get(node) ?? -1;
}

/**
 * `querySelectorAll` for selector lists without combinators (`a[href]`, `td, th`, `[id], [class]` — every
 * selector of the core): one walk over the elements in document order, each tested against the parsed
 * compound selectors. Any other selector, or an invalid one, goes to happy-dom's own, which also throws
 * its errors.
 */
function linearQuerySelectorAll(node: unknown, selector: unknown): unknown {
  const root = node as Internal;
  if (typeof selector !== 'string' || selector.trim() === '') return happyDomQuerySelectorAll(node, selector);
  const type = root[PropertySymbol.nodeType];
  if (type !== ELEMENT_NODE && type !== DOCUMENT_NODE && !(type === DOCUMENT_FRAGMENT_NODE && !root.host))
    return happyDomQuerySelectorAll(node, selector);
  const scope = type === DOCUMENT_NODE ? (root.documentElement ?? null) : root;
  let compounds: SelectorItem[];
  try {
    const parser = new SelectorParser({
      window: root[PropertySymbol.window],
      scope,
      globalMatchFunction: QuerySelector.globalMatchFunction,
    } as unknown as ConstructorParameters<typeof SelectorParser>[0]);
    const groups = parser.getSelectorGroups(selector) as unknown as SelectorItem[][];
    if (groups.length === 0 || groups.some((g) => g.length !== 1)) return happyDomQuerySelectorAll(node, selector);
    compounds = groups.map((g) => g[0] as SelectorItem);
  } catch {
    return happyDomQuerySelectorAll(node, selector);
  }
  const found: Internal[] = [];
  // Iterative pre-order over the element arrays: a hostile page's depth cannot overflow the stack.
  const stack: Internal[] = [];
  const top = root[PropertySymbol.elementArray];
  for (let i = top.length - 1; i >= 0; i--) stack.push(top[i] as Internal);
  while (stack.length > 0) {
    const el = stack.pop() as Internal;
    for (const compound of compounds) {
      if (compound.match(scope, el)) {
        found.push(el);
        break;
      }
    }
    const kids = el[PropertySymbol.elementArray];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as Internal);
  }
  return new NodeList(PropertySymbol.illegalConstructor, found as never[]);
}
