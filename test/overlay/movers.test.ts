// @vitest-environment happy-dom
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { MotionMemo, clipToPanes, moves } from '../../src/overlay/movers.ts';

const STYLES: Record<string, { position?: string; overflow?: string }> = {
  header: { position: 'fixed' },
  pane: { overflow: 'auto' },
  inner: { overflow: 'hidden' },
};

function styleOf(el: Element) {
  const s = STYLES[el.id] ?? {};
  return { position: s.position ?? 'static', overflowX: s.overflow ?? 'visible', overflowY: s.overflow ?? 'visible' };
}

beforeEach(() => {
  document.body.innerHTML = `
    <div id="header"><nav id="menu"><a id="home">Home</a></nav></div>
    <main><p id="text">Text</p>
      <section id="pane"><ul id="list"><li id="item">One</li></ul>
        <div id="inner"><span id="deep">Deep</span></div></section></main>`;
  // Every element has more content than room: whether it is a pane is up to its overflow style.
  for (const el of document.querySelectorAll('*')) {
    Object.defineProperty(el, 'scrollHeight', { value: 500, configurable: true });
    Object.defineProperty(el, 'clientHeight', { value: 100, configurable: true });
  }
});

describe('MotionMemo', () => {
  test('fixed through an ancestor, panes innermost last, still elsewhere', () => {
    const memo = new MotionMemo(document, styleOf);
    const $ = (id: string) => document.getElementById(id) as Element;
    expect(memo.of($('home'))).toEqual({ pinned: true, panes: [] });
    expect(moves(memo.of($('text')))).toBe(false);
    expect(memo.of($('item')).panes).toEqual([$('pane')]);
    expect(memo.of($('deep')).panes).toEqual([$('pane'), $('inner')]);
    expect(memo.of($('pane'))).toEqual({ pinned: false, panes: [] });
  });

  test('each ancestor is styled once, however many outlines sit under it', () => {
    const spy = vi.fn(styleOf);
    const memo = new MotionMemo(document, spy);
    memo.of(document.getElementById('deep') as Element);
    const calls = spy.mock.calls.length;
    memo.of(document.getElementById('item') as Element);
    memo.of(document.getElementById('deep') as Element);
    expect(spy.mock.calls.length - calls).toBeLessThanOrEqual(3);
  });
});

describe('clipToPanes', () => {
  const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });
  test('cut to every pane; null when nothing shows', () => {
    const panes = [document.body, document.documentElement];
    const rects = new Map<Element, ReturnType<typeof rect>>([
      [document.body, rect(0, 100, 300, 150)],
      [document.documentElement, rect(50, 0, 1000, 1000)],
    ]);
    const of = (el: Element) => rects.get(el) ?? rect(0, 0, 0, 0);
    expect(clipToPanes(rect(10, 200, 100, 100), panes, of)).toEqual(rect(50, 200, 60, 50));
    expect(clipToPanes(rect(10, 300, 100, 100), panes, of)).toBeNull();
  });
});
