/**
 * Declarative shadow roots in parse5's tree, as Chromium's parser attaches them: a `<template shadowrootmode=
 * "open|closed">` whose parent may host a shadow root (an HTML custom element or one of the standard's
 * valid hosts) and has none yet is not an element of the page: its content becomes the parent's shadow
 * root. parse5 keeps it as a plain `<template>`; the dom engine's page model (parse5-model.ts) and the
 * happy-dom document built from parse5's tree (parse-html.ts) both read it here, so that they see the tree a
 * browser builds. Only an open root is read into the page model, as the live page's walk can read only those
 * (`element.shadowRoot`).
 */
import type { DefaultTreeAdapterMap } from 'parse5';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];
type P5Template = DefaultTreeAdapterMap['template'];
type P5Text = DefaultTreeAdapterMap['textNode'];

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** The standard's valid shadow hosts besides custom elements ("attachShadow", valid shadow host name). */
const VALID_HOSTS = new Set([
  'article',
  'aside',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'main',
  'nav',
  'p',
  'section',
  'span',
]);

/** The standard's valid custom element name: a lower-case ASCII letter, PCENChars, a hyphen among them. */
const PCEN =
  '-.0-9_a-z\\u00B7\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u203F\\u2040\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const CUSTOM_ELEMENT = new RegExp(`^[a-z][${PCEN}]*-[${PCEN}]*$`, 'u');
/** Names with a hyphen that the standard reserves (SVG and MathML's): not custom elements. */
const RESERVED = new Set([
  'annotation-xml',
  'color-profile',
  'font-face',
  'font-face-src',
  'font-face-uri',
  'font-face-format',
  'font-face-name',
  'missing-glyph',
]);

function isValidHost(name: string): boolean {
  return VALID_HOSTS.has(name) || (CUSTOM_ELEMENT.test(name) && !RESERVED.has(name));
}

export interface DeclarativeShadow {
  /** The `<template>` that declared the root: not an element of the page. */
  readonly template: P5Template;
  readonly mode: 'open' | 'closed';
}

/** The shadow root `el` gets from a declarative `<template>` child, or null. */
export function declarativeShadowOf(el: P5Element): DeclarativeShadow | null {
  if (el.namespaceURI !== HTML_NS || !isValidHost(el.tagName)) return null;
  for (const child of el.childNodes) {
    if (!isTemplate(child)) continue;
    const mode = shadowRootMode(child);
    // The first declarative template attaches the root; a later one stays a plain template.
    if (mode) return { template: child, mode };
  }
  return null;
}

/**
 * The children the page has under `el`: the open shadow root's first, then its own, the declaring template
 * left out. The parser never inserts that template, so the text on its two sides is one text node in a
 * browser (Chromium appends the later text to the earlier node): it is one here too.
 */
export function composedChildren(el: P5Element, shadow: DeclarativeShadow): P5Node[] {
  const own: P5Node[] = [];
  for (const n of el.childNodes) {
    if (n === shadow.template) continue;
    const last = own.at(-1);
    if (last && isText(last) && isText(n)) own[own.length - 1] = { ...last, value: last.value + n.value };
    else own.push(n);
  }
  return shadow.mode === 'open' ? [...shadow.template.content.childNodes, ...own] : own;
}

function isText(n: P5Node): n is P5Text {
  return n.nodeName === '#text';
}

function isTemplate(n: P5Node): n is P5Template {
  return 'tagName' in n && n.tagName === 'template' && n.namespaceURI === HTML_NS && 'content' in n;
}

function shadowRootMode(t: P5Template): 'open' | 'closed' | null {
  const value = t.attrs.find((a) => a.name === 'shadowrootmode' && !a.prefix)?.value.toLowerCase();
  return value === 'open' || value === 'closed' ? value : null;
}
