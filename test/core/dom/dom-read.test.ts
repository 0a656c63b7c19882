/**
 * src/core/dom/dom-read.ts: the DOM read through the prototypes' getters and methods, so that a page's
 * named properties (emulated here: happy-dom and linkedom have none) change nothing; on every DOM the core
 * meets (happy-dom, linkedom with its own-field properties, both in turn, a second document), and with the
 * loop bounds holding on a tree that lies. (happy-dom's windows share their classes; another realm's nodes
 * are read in Chromium: the e2e and CLI tests.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_ANCESTOR_STEPS, attributeOf, dom, textOf } from '../../../src/core/dom/dom-read.ts';
import { isElement, isText, tagOf } from '../../../src/core/dom/node-kind.ts';
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
import { ordinalOf, refOfElement } from '../../../src/core/dom/element-lookup.ts';
import { CssPaths } from '../../../src/core/model/node-ref.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { emulateClobbering } from '../../helpers/clobber.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const PAGE = `<!doctype html><html lang="en"><head><title>The title</title></head><body>
<div id="before">before</div>
<form id="f" class="poll"><input name="parentElement"><input name="nextSibling"><input name="localName"><input name="nodeType">
<input name="children"><input name="getAttribute"><input name="id"><input name="className"><input name="textContent">
<input name="querySelectorAll"><input name="contains"><input name="closest"><input name="ownerDocument"><p>In the form.</p></form>
<div id="after">after</div>
<img name="body"><img name="documentElement"><img name="querySelector"><img name="createTreeWalker"><img name="URL">
</body></html>`;

describe.each(DOM_KINDS)('dom (%s)', (kind) => {
  const doc = parseWith(kind, PAGE);
  const body = doc.body;
  const form = doc.getElementById('f') as HTMLFormElement;
  const p = form.querySelector('p') as Element;
  const before = doc.getElementById('before') as Element;
  emulateClobbering(doc);

  it('reads a clobbered form as it is: its parent, siblings, name, kind, attributes and text', () => {
    expect((form.getAttribute as unknown as Element).localName).toBe('input'); // the emulation holds
    expect(dom.parentElement(form)).toBe(body);
    expect(dom.parentNode(form)).toBe(body);
    expect(dom.localName(form)).toBe('form');
    expect(dom.tagName(form)).toBe('FORM');
    expect(dom.nodeType(form)).toBe(1);
    expect(isElement(form)).toBe(true);
    expect(tagOf(form)).toBe('FORM');
    expect(dom.getAttribute(form, 'class')).toBe('poll');
    expect(attributeOf(form, 'id')).toBe('f');
    expect(dom.id(form)).toBe('f');
    expect(dom.className(form)).toBe('poll');
    expect(dom.hasAttribute(form, 'class')).toBe(true);
    expect(dom.getAttributeNames(form)).toEqual(['id', 'class']);
    expect(dom.children(form)).toHaveLength(14);
    expect(dom.lastElementChild(form)).toBe(p);
    expect(dom.nextElementSibling(form)).toBe(doc.getElementById('after'));
    expect(dom.previousElementSibling(form)).toBe(before);
    expect(dom.textContent(form)?.trim()).toBe('In the form.');
    expect(textOf(p)).toBe('In the form.');
    expect(dom.querySelectorAll(form, 'input')).toHaveLength(13);
    expect(dom.contains(form, p)).toBe(true);
    expect(dom.closest(p, 'form')).toBe(form);
    expect(dom.ownerDocument(form)).toBe(doc);
    expect(dom.parentElement(p)).toBe(form);
  });

  it('walks the siblings of a clobbered form without a cycle', () => {
    const seen: string[] = [];
    for (let n = dom.firstChild(body as Node); n; n = dom.nextSibling(n)) if (isElement(n)) seen.push(dom.localName(n));
    expect(seen).toEqual(['div', 'form', 'div', 'img', 'img', 'img', 'img', 'img']);
    const text = dom.nextSibling(form);
    expect(isText(text)).toBe(true);
  });

  it('reads a clobbered document as it is: body, root, URL, queries, a tree walker', () => {
    expect((doc.body as Element).localName).toBe('img'); // the emulation holds
    expect(dom.body(doc)).toBe(body);
    expect(dom.documentElement(doc)?.localName).toBe('html');
    expect(dom.head(doc)?.localName).toBe('head');
    expect(textOf(dom.querySelector(doc, 'title'))).toBe('The title');
    expect(dom.querySelectorAll(doc, 'div')).toHaveLength(2);
    expect(dom.getElementById(doc, 'after')?.textContent).toBe('after');
    const walker = dom.createTreeWalker(doc, before, 4);
    expect(walker.nextNode()?.nodeValue).toBe('before');
  });

  it('the page model of a clobbered page is the tree: paths, parents and common ancestors', () => {
    const m = buildModelFromDom(doc, staticProbe, resolveOptions({}));
    const at = (el: Element): number => ordinalOf(doc, el);
    expect(m.parent[at(form)]).toBe(at(body));
    expect(m.children(at(form))).toHaveLength(14);
    expect(m.localName(m.root)).toBe('body');
    expect(new CssPaths(m).path(at(p))).toBe('#f > p');
    expect(m.lca(at(p), at(before))).toBe(at(body));
    expect(m.textContent(at(form)).trim()).toBe('In the form.');
    expect(refOfElement(doc, p, 'x').selector).toBe('#f > p');
  });

  it('reads the nodes of a second document, and builds new nodes in it', () => {
    const other = parseWith(kind, '<html><body></body></html>');
    const div = dom.createElement(other, 'div');
    dom.setAttribute(div, 'data-x', '1');
    dom.appendChild(div, dom.createTextNode(other, 'new text'));
    dom.appendChild(dom.body(other) as Node, div);
    expect(dom.localName(div)).toBe('div');
    expect(dom.getAttribute(div, 'data-x')).toBe('1');
    expect(dom.textContent(div)).toBe('new text');
    expect(dom.parentElement(div)).toBe(dom.body(other));
    expect(dom.ownerDocument(div)).toBe(other);
    dom.remove(div);
    expect(dom.parentElement(div)).toBeNull();
  });
});

describe('dom across DOM implementations', () => {
  it('reads nodes of happy-dom and linkedom alternately (other prototypes, other getters for the same name)', () => {
    const html = (i: number): string => `<html><body><section><p class="c${i}">in document ${i}</p></section></body></html>`;
    const ps = DOM_KINDS.map((kind, i) => parseWith(kind, html(i)).querySelector('p') as Element);
    expect(Object.getPrototypeOf(ps[0])).not.toBe(Object.getPrototypeOf(ps[1]));
    for (let round = 0; round < 3; round++) {
      ps.forEach((p, i) => {
        expect(dom.getAttribute(p, 'class')).toBe(`c${i}`);
        expect(dom.localName(dom.parentElement(p) as Element)).toBe('section');
        expect(dom.textContent(p)).toBe(`in document ${i}`);
        expect(dom.nodeType(dom.firstChild(p) as Node)).toBe(3);
      });
    }
  });

  it('linkedom: properties kept as fields of the node itself are read from the node', () => {
    const doc = parseWith('linkedom', '<html><body><div><p>x</p></div></body></html>');
    const p = doc.querySelector('p') as Element;
    expect(Object.getOwnPropertyNames(p)).toContain('localName'); // the case this covers
    expect(dom.localName(p)).toBe('p');
    expect(dom.nodeType(p)).toBe(1);
    expect(dom.parentNode(p)).toBe(doc.querySelector('div'));
    expect(dom.ownerDocument(p)).toBe(doc);
  });
});

describe('the loop bounds', () => {
  /** An element whose parent is itself: no DOM builds one, but a walk over it must still end. */
  class SelfParent {
    get id(): string {
      return '';
    }
    get tagName(): string {
      return 'DIV';
    }
    getAttribute(): null {
      return null;
    }
    get parentElement(): SelfParent {
      return this;
    }
    get firstElementChild(): SelfParent {
      return this;
    }
    get nextElementSibling(): null {
      return null;
    }
  }
  const NO_ROOT = new (class {
    get documentElement(): null {
      return null;
    }
    getElementById(): null {
      return null;
    }
  })();

  it('a path up a tree that never ends stops after MAX_ANCESTOR_STEPS', () => {
    const el = new SelfParent() as unknown as Element;
    const ref = refOfElement(NO_ROOT as unknown as Document, el, '');
    expect(ref.selector.split(' > ')).toHaveLength(MAX_ANCESTOR_STEPS);
    expect(ref.ordinal).toBeUndefined();
  });
});
