/**
 * HTML parsing for the `dom` engine. parse5 builds the tree (the HTML standard's tree construction, as
 * browsers do it); the nodes are then created in a happy-dom document. happy-dom's own tokenizer loses
 * content on real pages (a comment such as `<!--div …></div-->` swallowed a whole article), and
 * linkedom's (htmlparser2) does not follow the standard's tree construction either. A declarative shadow root
 * (`<template shadowrootmode>`) is attached to its host, as a browser's parser does (declarative-shadow.ts).
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { declarativeShadowOf } from './declarative-shadow.ts';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Parent = DefaultTreeAdapterMap['parentNode'];

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Parses `html` into a new document of `doc`'s implementation (a happy-dom window's document). */
export function parseHtmlInto(html: string, doc: Document): Document {
  const tree = parse(html, { scriptingEnabled: true });
  const target = doc.implementation.createHTMLDocument('');
  while (target.firstChild) target.removeChild(target.firstChild);
  const stack: { from: P5Parent; to: Node }[] = [{ from: tree, to: target }];
  while (stack.length) {
    const { from, to } = stack.pop() as { from: P5Parent; to: Node };
    // A declarative shadow root is attached as a browser's parser attaches it; its template is no element.
    const shadow = 'tagName' in from ? declarativeShadowOf(from) : null;
    if (shadow) stack.push({ from: shadow.template.content, to: (to as Element).attachShadow({ mode: shadow.mode }) });
    for (const child of from.childNodes) {
      if (child === shadow?.template) continue;
      const node = createNode(child, target);
      if (!node) continue;
      to.appendChild(node);
      if ('childNodes' in child && child.nodeName !== '#documentType') {
        const content = child.nodeName === 'template' && 'content' in child ? child.content : child;
        const into = child.nodeName === 'template' ? (node as HTMLTemplateElement).content : node;
        stack.push({ from: content, to: into });
      }
    }
    // The text on the two sides of the template the parser never inserted is one node in a browser.
    if (shadow) to.normalize();
  }
  return target;
}

function createNode(n: P5Node, doc: Document): Node | null {
  switch (n.nodeName) {
    case '#text':
      return 'value' in n ? doc.createTextNode(n.value) : null;
    case '#comment':
      return 'data' in n ? doc.createComment(n.data) : null;
    case '#documentType':
      return doc.implementation.createDocumentType('html', '', '');
    default: {
      if (!('tagName' in n)) return null;
      const el = n.namespaceURI === HTML_NS ? doc.createElement(n.tagName) : doc.createElementNS(n.namespaceURI, n.tagName);
      for (const attr of n.attrs) {
        try {
          el.setAttribute(attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name, attr.value);
        } catch {
          // a name the DOM refuses (quotes, "<" …): the attribute is dropped, as a browser's DOM APIs would
        }
      }
      return el;
    }
  }
}
