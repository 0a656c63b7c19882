/**
 * Every read of the DOM the core makes, through the DOM's own getters and methods, never through the node.
 *
 * Why: a page can shadow the DOM's properties (DOM clobbering). A `<form>` has a named property for each
 * of its controls and the document one for each named `<img>`, `<form>`, `<embed>` or `<object>`, and both
 * win over the built-in properties ([LegacyOverrideBuiltIns]): with `<input name=parentElement>` in a form,
 * `form.parentElement` is that input, whose parent is the form again, so a walk up never ends; with
 * `<input name=localName>` a tag name is an element and the core throws; with `<img name=body>`,
 * `document.body` is the image. So the core never reads `node.x`: it asks `dom.x(node)`, which calls the
 * getter or method that the node's prototype chain defines, with the node as `this`. Named properties live
 * on the object itself (and `Object.getPrototypeOf` cannot be shadowed), so what this reads is the page's
 * real tree.
 *
 * How: the member is looked up on the prototype chain of each node's prototype once and cached per
 * prototype, so it works for whatever DOM the host gives — Chromium, happy-dom, linkedom, a document of
 * another window or realm (the output stage's new nodes, an iframe) — with no global (`Node.prototype` of
 * this realm would refuse another realm's nodes in some DOMs, and the core has no globals). A member that
 * no prototype defines is read from the node itself: linkedom keeps `parentNode`, `localName`, `nodeType`
 * and `ownerDocument` as fields of each node (it has no named properties). The last four prototypes of
 * each member are kept besides the cache, so a walk over nodes of a few kinds costs a few comparisons per
 * read.
 *
 * Character data (`Text.data`), collections (`length`, index), `Attr`, `TreeWalker` and computed styles have
 * no named properties that win over built-ins; they are read directly. The lint rule
 * `article-lens/no-clobberable-dom-read` keeps every other read in src/core going through here.
 */

/** A getter or method of the DOM, called with the node as `this`. */
type Member = (this: object, ...args: unknown[]) => unknown;
type AnyFunction = (...args: never[]) => unknown;
type MethodName<N> = { [K in keyof N]-?: N[K] extends AnyFunction ? K : never }[keyof N] & string;
type Args<F> = F extends (...args: infer A) => unknown ? A : never;
type Result<F> = F extends (...args: never[]) => infer R ? R : never;

/** Prototype chains of DOM objects are a dozen links long; a longer one is not a DOM object's. */
const MAX_PROTOTYPE_LINKS = 64;

/** The getter (or method) `name` found on the chain from `proto`, else a read of the object's own property. */
function resolveMember(proto: object | null, name: string, kind: 'get' | 'set' | 'call'): Member {
  let p = proto;
  for (let links = 0; p !== null && links < MAX_PROTOTYPE_LINKS; links++) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) {
      if (kind === 'get' && d.get) return d.get as Member;
      if (kind === 'set' && d.set) return d.set as Member;
      if (kind === 'call' && typeof d.value === 'function') return d.value as Member;
      break;
    }
    p = Object.getPrototypeOf(p) as object | null;
  }
  if (kind === 'get')
    return function ownProperty(this: object) {
      return Reflect.get(this, name);
    };
  if (kind === 'set')
    return function setOwnProperty(this: object, value: unknown) {
      return Reflect.set(this, name, value);
    };
  return function ownMethod(this: object, ...args: unknown[]) {
    return (Reflect.get(this, name) as Member).apply(this, args);
  };
}

/**
 * Prototypes a reader remembers besides its WeakMap: a walk alternates between text nodes and a few kinds
 * of element (div, p, a, span), and a comparison is cheaper than a WeakMap lookup.
 */
const RECENT_PROTOTYPES = 4;

/** Every reader's remembered prototypes and members, for `forgetRecentPrototypes`. */
const recentSlots: { readonly prototypes: (object | null | undefined)[]; readonly members: (Member | null)[] }[] = [];

/**
 * Lets go of the prototypes (and their members) every reader remembers besides its WeakMap; the pipeline
 * calls it when a run ends. Those slots are strong references: in Node each page is a happy-dom window of
 * its own, with its own classes, so a reader that last read a node of a page held that page's prototype,
 * whose class holds the whole window, document included, until four other pages had passed through that
 * same reader. A reader used once a page never let go: the dom engine's worker grew by about 8 MB a page
 * (2 GB after big9's 199 pages) and spent most of its time collecting garbage.
 */
export function forgetRecentPrototypes(): void {
  for (const { prototypes, members } of recentSlots) {
    prototypes.fill(undefined);
    members.fill(null);
  }
}

/** A reader of member `name`: per prototype, the member its chain defines. */
function memberReader(name: string, kind: 'get' | 'set' | 'call'): (node: object) => Member {
  const byPrototype = new WeakMap<object, Member>();
  const recentPrototypes: (object | null | undefined)[] = new Array<undefined>(RECENT_PROTOTYPES).fill(undefined);
  const recentMembers: (Member | null)[] = new Array<null>(RECENT_PROTOTYPES).fill(null);
  recentSlots.push({ prototypes: recentPrototypes, members: recentMembers });
  let replace = 0;
  return (node) => {
    const proto = Object.getPrototypeOf(node) as object | null;
    for (let i = 0; i < RECENT_PROTOTYPES; i++) {
      if (recentPrototypes[i] === proto) {
        const recent = recentMembers[i];
        if (recent) return recent;
      }
    }
    let member = proto === null ? undefined : byPrototype.get(proto);
    if (member === undefined) {
      member = resolveMember(proto, name, kind);
      if (proto !== null) byPrototype.set(proto, member);
    }
    recentPrototypes[replace] = proto;
    recentMembers[replace] = member;
    replace = (replace + 1) % RECENT_PROTOTYPES;
    return member;
  };
}

function getter<N extends object, K extends keyof N & string>(name: K): (node: N) => N[K] {
  const memberOf = memberReader(name, 'get');
  return (node) => memberOf(node).call(node) as N[K];
}

function setter<N extends object, K extends keyof N & string>(name: K): (node: N, value: N[K]) => void {
  const memberOf = memberReader(name, 'set');
  return (node, value) => {
    memberOf(node).call(node, value);
  };
}

/**
 * The core calls no DOM method with more than three arguments; passing them one by one (extra ones
 * undefined, which DOM methods read as absent) spares an array per call.
 */
function method<N extends object, K extends MethodName<N>>(name: K): (node: N, ...args: Args<N[K]>) => Result<N[K]> {
  const memberOf = memberReader(name, 'call');
  const call = (node: N, a?: unknown, b?: unknown, c?: unknown): unknown => memberOf(node).call(node, a, b, c);
  // The member is the DOM's own method, so it takes the DOM's arguments and returns its result.
  return call as unknown as (node: N, ...args: Args<N[K]>) => Result<N[K]>;
}

/**
 * The DOM as the core reads it: `dom.parentElement(el)` for `el.parentElement`, `dom.getAttribute(el, 'id')`
 * for `el.getAttribute('id')`, `dom.body(doc)` for `doc.body`.
 */
export const dom = {
  // The tree.
  parentElement: getter<Node, 'parentElement'>('parentElement'),
  parentNode: getter<Node, 'parentNode'>('parentNode'),
  firstChild: getter<Node, 'firstChild'>('firstChild'),
  lastChild: getter<Node, 'lastChild'>('lastChild'),
  nextSibling: getter<Node, 'nextSibling'>('nextSibling'),
  previousSibling: getter<Node, 'previousSibling'>('previousSibling'),
  firstElementChild: getter<ParentNode, 'firstElementChild'>('firstElementChild'),
  lastElementChild: getter<ParentNode, 'lastElementChild'>('lastElementChild'),
  nextElementSibling: getter<Element, 'nextElementSibling'>('nextElementSibling'),
  previousElementSibling: getter<Element, 'previousElementSibling'>('previousElementSibling'),
  children: getter<ParentNode, 'children'>('children'),
  childElementCount: getter<ParentNode, 'childElementCount'>('childElementCount'),
  childNodes: getter<Node, 'childNodes'>('childNodes'),
  /** An element's open shadow root (null for none or a closed one; undefined in a DOM without shadow roots). */
  shadowRoot: getter<Element, 'shadowRoot'>('shadowRoot') as (el: Element) => ShadowRoot | null | undefined,
  ownerDocument: getter<Element, 'ownerDocument'>('ownerDocument'),
  contains: method<Node, 'contains'>('contains'),
  // What a node is.
  nodeType: getter<Node, 'nodeType'>('nodeType'),
  nodeName: getter<Node, 'nodeName'>('nodeName'),
  localName: getter<Element, 'localName'>('localName'),
  tagName: getter<Element, 'tagName'>('tagName'),
  // Attributes and text.
  getAttribute: method<Element, 'getAttribute'>('getAttribute'),
  hasAttribute: method<Element, 'hasAttribute'>('hasAttribute'),
  hasAttributes: method<Element, 'hasAttributes'>('hasAttributes'),
  getAttributeNames: method<Element, 'getAttributeNames'>('getAttributeNames'),
  attributes: getter<Element, 'attributes'>('attributes'),
  id: getter<Element, 'id'>('id'),
  className: getter<Element, 'className'>('className'),
  textContent: getter<Node, 'textContent'>('textContent'),
  // Queries.
  querySelector: method<ParentNode, 'querySelector'>('querySelector'),
  querySelectorAll: method<ParentNode, 'querySelectorAll'>('querySelectorAll'),
  closest: method<Element, 'closest'>('closest'),
  matches: method<Element, 'matches'>('matches'),
  // The document.
  body: getter<Document, 'body'>('body') as (doc: Document) => HTMLElement | null,
  head: getter<Document, 'head'>('head') as (doc: Document) => HTMLHeadElement | null,
  documentElement: getter<Document, 'documentElement'>('documentElement') as (doc: Document) => HTMLElement | null,
  URL: getter<Document, 'URL'>('URL'),
  getElementById: method<Document, 'getElementById'>('getElementById'),
  createTreeWalker: method<Document, 'createTreeWalker'>('createTreeWalker'),
  createElement: method<Document, 'createElement'>('createElement'),
  createTextNode: method<Document, 'createTextNode'>('createTextNode'),
  implementation: getter<Document, 'implementation'>('implementation') as (doc: Document) => DOMImplementation | undefined,
  // Building new nodes (the output stage's clean tree).
  appendChild: method<Node, 'appendChild'>('appendChild'),
  cloneNode: method<Node, 'cloneNode'>('cloneNode'),
  normalize: method<Node, 'normalize'>('normalize'),
  setAttribute: method<Element, 'setAttribute'>('setAttribute'),
  setTextContent: setter<Node, 'textContent'>('textContent'),
  remove: method<Element, 'remove'>('remove'),
  // Layout (the live probe).
  getBoundingClientRect: method<Element, 'getBoundingClientRect'>('getBoundingClientRect'),
} as const;

/** `el?.textContent` for an element that may be missing (`textOf(dom.querySelector(doc, 'title'))`). */
export function textOf(node: Node | null | undefined): string | null {
  return node ? dom.textContent(node) : null;
}

/** `el?.getAttribute(name)` for an element that may be missing. */
export function attributeOf(el: Element | null | undefined, name: string): string | null {
  return el ? dom.getAttribute(el, name) : null;
}

/**
 * Walks up from a node take at most this many steps. Read through `dom`, a parent chain ends at the root;
 * the bound is the second guard (a DOM that ever handed back a shadowed value must not hang the tab). It is
 * far above any nesting that reaches the core: Chromium's parser and the dom engine cap nesting at 512, and
 * the page model reads no element deeper than `limits.maxDepth` (2,000).
 */
export const MAX_ANCESTOR_STEPS = 10_000;

/**
 * Walks along the children of one node visit at most this many (elements, text and comments), for the same
 * reason: above any real page (a 60 000-link list has some 120 000 children) and below a hang.
 */
export const MAX_SIBLING_STEPS = 1_000_000;
