/**
 * The page read from a DOM (core/dom/dom-source.ts) and its elements found again by ordinal
 * (core/dom/element-lookup.ts): one walk in document order with the same rules on both sides — every element
 * from `<html>`, a `<template>`'s content and the extension's own elements left out — on every DOM the core
 * meets, with checkpoints for a sliced run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildModelFromDom, buildModelFromDomSteps } from '../../../src/core/dom/dom-source.ts';
import { findElements, ordinalOf, refOfElement, resolveRef } from '../../../src/core/dom/element-lookup.ts';
import type { RenderProbe } from '../../../src/core/env.ts';
import { CssPaths, nodeRef } from '../../../src/core/model/node-ref.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import { everyTicker } from '../../../src/core/slicing.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const OPTS = resolveOptions({});

/** A list wide enough to take the walker's every path, with nested items, a template and an empty head. */
function widePage(items: number): string {
  const lis = Array.from({ length: items }, (_, i) => `<li id="i${i}"><a id="a${i}"><b id="b${i}">${i}</b></a></li>`).join('');
  return `<html><head></head><body><div id="d"><p id="p1">one</p><p id="p2"><i id="x">two</i></p></div><ul id="u">${lis}</ul><template id="t"><p id="in-template">no</p></template><p id="end">end</p></body></html>`;
}

/** The DOM's elements in document order, `<html>` first, the template's content (not in the tree) out. */
function elementsOf(doc: Document): Element[] {
  return [doc.documentElement, ...doc.documentElement.querySelectorAll('*')].filter(
    (el) => !el.closest('template') || el.localName === 'template',
  );
}

describe.each(DOM_KINDS)('the DOM walk (%s)', (kind) => {
  it('records every element once, in document order, with its tag, parent and id', () => {
    const doc = parseWith(kind, widePage(60));
    const m = buildModelFromDom(doc, staticProbe, OPTS);
    const els = elementsOf(doc);
    expect(m.size).toBe(els.length);
    els.forEach((el, i) => {
      expect(m.localName(i)).toBe(el.localName);
      expect(m.id(i)).toBe(el.id);
      expect(m.parent[i]).toBe(el.parentElement ? els.indexOf(el.parentElement) : -1);
    });
    expect(m.blocks.map((b) => b.text)).toContain('end');
    expect(m.blocks.map((b) => b.text)).not.toContain('no');
  });

  it('yields at the ticker’s checkpoints and builds the same model', () => {
    const doc = parseWith(kind, widePage(60));
    const steps = buildModelFromDomSteps(doc, staticProbe, OPTS, {}, everyTicker(10));
    let pauses = 0;
    let r = steps.next();
    while (!r.done) {
      pauses++;
      r = steps.next();
    }
    expect(pauses).toBeGreaterThan(20);
    const whole = buildModelFromDom(doc, staticProbe, OPTS);
    expect(Array.from(r.value.tagId)).toEqual(Array.from(whole.tagId));
    expect(r.value.text).toBe(whole.text);
    expect(r.value.blocks).toEqual(whole.blocks);
  });

  it('finds elements again by ordinal, and an element’s ordinal, in one walk each', () => {
    const doc = parseWith(kind, widePage(60));
    const els = elementsOf(doc);
    const found = findElements(doc, [0, 5, els.length - 1, els.length + 3]);
    expect(found.get(0)).toBe(doc.documentElement);
    expect(found.get(5)).toBe(els[5]);
    expect(found.get(els.length - 1)).toBe(doc.getElementById('end'));
    expect(found.has(els.length + 3)).toBe(false);
    for (const id of ['d', 'x', 'b42', 'end']) expect(ordinalOf(doc, doc.getElementById(id)!)).toBe(els.indexOf(doc.getElementById(id)!));
  });

  it('leaves out a foreign element (the overlay’s host) with its subtree, on both sides', () => {
    const doc = parseWith(kind, widePage(3));
    const foreign = doc.createElement('article-lens-overlay-x');
    foreign.appendChild(doc.createElement('div')).textContent = 'overlay text';
    doc.getElementById('d')!.insertBefore(foreign, doc.getElementById('p2'));
    const probe: RenderProbe = { ...staticProbe, isForeign: (el) => el.localName.startsWith('article-lens-overlay-') };
    const isForeign = probe.isForeign!;
    const m = buildModelFromDom(doc, probe, OPTS);
    const plain = buildModelFromDom(parseWith(kind, widePage(3)), staticProbe, OPTS);
    expect(Array.from(m.tagId, (t) => m.tagNames[t])).toEqual(Array.from(plain.tagId, (t) => plain.tagNames[t]));
    expect(m.text).toBe(plain.text);
    const end = doc.getElementById('end')!;
    expect(ordinalOf(doc, end, isForeign)).toBe(plain.size - 1);
    expect(findElements(doc, [plain.size - 1], isForeign).get(plain.size - 1)).toBe(end);
    expect(ordinalOf(doc, foreign, isForeign)).toBe(-1);
  });

  it('a reference finds its element by ordinal, checked by its path; on a changed page, by its path', () => {
    const doc = parseWith(kind, widePage(3));
    const m = buildModelFromDom(doc, staticProbe, OPTS);
    const paths = new CssPaths(m);
    const x = ordinalOf(doc, doc.getElementById('x')!);
    const ref = nodeRef(paths, m, x);
    expect(resolveRef(doc, ref, findElements(doc, [x]))).toBe(doc.getElementById('x'));
    // An element inserted before it: the ordinal now names another element, whose path is not the reference's.
    doc.body.insertBefore(doc.createElement('nav'), doc.body.firstChild);
    const moved = findElements(doc, [x]);
    expect(moved.get(x)).not.toBe(doc.getElementById('x'));
    expect(resolveRef(doc, ref, moved)).toBe(doc.getElementById('x'));
    expect(resolveRef(doc, { selector: 'main > nothing', preview: '', ordinal: 10_000 }, findElements(doc, [10_000]))).toBeNull();
  });

  it('an annotator’s pick gets the reference the model would write', () => {
    const doc = parseWith(kind, widePage(3));
    const m = buildModelFromDom(doc, staticProbe, OPTS);
    const b = doc.getElementById('b1')!;
    const o = ordinalOf(doc, b);
    expect(refOfElement(doc, b, ' picked  text ')).toEqual({ selector: new CssPaths(m).path(o), preview: 'picked text', ordinal: o });
  });
});
