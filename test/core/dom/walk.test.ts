import { afterAll, describe, expect, it } from 'vitest';
import { forEachElement } from '../../../src/core/dom/walk.ts';
import { drain, everyTicker, NO_CHECKPOINTS } from '../../../src/core/slicing.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

function names(root: Element, max = Infinity, stopAt?: string): string[] {
  const seen: string[] = [];
  drain(
    forEachElement(root, max, NO_CHECKPOINTS, (el) => {
      seen.push(el.id || el.localName);
      return el.id !== stopAt;
    }),
  );
  return seen;
}

/** A list wider than the walk's sibling-link limit, with nested items: both ways of walking in one page. */
function widePage(items: number): string {
  const lis = Array.from({ length: items }, (_, i) => `<li id="i${i}"><a id="a${i}"><b id="b${i}"></b></a></li>`).join('');
  return `<html><head></head><body><div id="d"><p id="p1"></p><p id="p2"><i id="x"></i></p></div><ul id="u">${lis}</ul><p id="end"></p></body></html>`;
}

describe.each(DOM_KINDS)('forEachElement (%s)', (kind) => {
  it('visits every element once, in document order, narrow parents and a wide list alike', () => {
    const doc = parseWith(kind, widePage(40));
    const expected = [...doc.querySelectorAll('*')].map((el) => el.id || el.localName);
    expect(names(doc.documentElement)).toEqual(expected);
    expect(expected).toHaveLength(3 + 4 + 1 + 40 * 3 + 1);
  });

  it('stops after `max` elements and when the visitor says so', () => {
    const doc = parseWith(kind, widePage(40));
    expect(names(doc.documentElement, 7)).toEqual(['html', 'head', 'body', 'd', 'p1', 'p2', 'x']);
    expect(names(doc.documentElement, Infinity, 'a3').at(-1)).toBe('a3');
    expect(names(doc.getElementById('p1')!)).toEqual(['p1']);
  });

  it('yields at the ticker’s checkpoints and visits the same elements', () => {
    const doc = parseWith(kind, widePage(40));
    const seen: string[] = [];
    const steps = forEachElement(doc.documentElement, Infinity, everyTicker(10), (el) => {
      seen.push(el.id || el.localName);
      return true;
    });
    let pauses = 0;
    while (!steps.next().done) pauses++;
    expect(pauses).toBeGreaterThan(10);
    expect(seen).toEqual(names(doc.documentElement));
  });
});
