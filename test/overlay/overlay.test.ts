// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_MAX_BOXES, hideOverlay, overlayHost, showOverlay } from '../../src/overlay/index.ts';
import { ENGLISH_LABELS } from '../../src/overlay/labels.ts';
import { FRAME_REF_PX } from '../../src/overlay/measure.ts';
import { articleWithNoise, makeNoise, ref } from './noise-fixture.ts';

const PAGE = `
  <nav id="menu"><a href="/a">A</a><a href="/b">B</a></nav>
  <div id="story"><h1 id="title">Flood wall finished</h1><p>Text, with commas, and more.</p>
    <ul id="related"><li><a href="/1">One</a></li><li><a href="/2">Two</a></li></ul></div>
  <footer id="foot"><a href="/about">About</a></footer>`;

/** Client boxes by id; the overlay host sits at (5, 20), as under a positioned, bordered <html>. */
const RECTS: Record<string, readonly [number, number, number, number]> = {
  menu: [5, 30, 800, 30],
  story: [5, 80, 800, 900],
  title: [5, 80, 800, 40],
  related: [25, 800, 400, 40],
  foot: [5, 1000, 800, 40],
};
const HOST_ORIGIN = [5, 20] as const;

function shadow(): ShadowRoot {
  const root = overlayHost(document)?.shadowRoot;
  if (!root) throw new Error('no overlay shadow root');
  return root;
}

const boxes = () => [...shadow().querySelectorAll<HTMLElement>('.box')];
const legendLines = () => [...shadow().querySelectorAll('.legend li, .legend .notes')].map((el) => el.textContent);
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function moveTo(x: number, y: number): void {
  document.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));
}

let before = '';

beforeEach(() => {
  document.body.innerHTML = PAGE;
  before = document.documentElement.outerHTML;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    // The host's reference square, unscaled (a scaled one is measure.test.ts's and the e2e tests' business).
    if (this.classList.contains('frame-ref')) return new DOMRect(HOST_ORIGIN[0], HOST_ORIGIN[1], FRAME_REF_PX, FRAME_REF_PX);
    const r = RECTS[this.id];
    return r ? new DOMRect(...r) : new DOMRect(0, 0, 0, 0);
  });
});

afterEach(() => {
  hideOverlay(document);
  vi.restoreAllMocks();
});

describe('showOverlay', () => {
  test("one host with a random-suffixed tag, <html>'s first child, defended by inline !important, with an open shadow root", () => {
    showOverlay(document, articleWithNoise([]));
    const host = overlayHost(document)!;
    expect(host.parentElement).toBe(document.documentElement);
    // Before <head>, so that rules on <html>'s last child (or <body>'s children) select what they did.
    expect(document.documentElement.firstElementChild).toBe(host);
    expect(document.querySelector(':root > :last-child')).toBe(document.body);
    expect(host.localName).toMatch(/^article-lens-overlay-[a-z0-9]{6}$/);
    const style = host.style;
    for (const [name, value] of [
      ['all', 'initial'],
      ['position', 'absolute'],
      ['width', '0px'],
      ['height', '0px'],
      ['pointer-events', 'none'],
      ['z-index', '2147483647'],
    ] as const) {
      expect(style.getPropertyValue(name).replace(/^0$/, '0px'), name).toBe(value);
      expect(style.getPropertyPriority(name), name).toBe('important');
    }
    expect(host.shadowRoot?.querySelector('style')?.textContent).toContain('.box');
    expect(document.body.outerHTML).toBe(new DOMParser().parseFromString(before, 'text/html').body.outerHTML);
  });

  test('one box per anchor and per noise part, at the element in host coordinates, with kind, fate and legend counts', () => {
    const related = makeNoise({ parts: [ref('#related > li:nth-of-type(1)'), ref('#related > li:nth-of-type(2)')] });
    const menu = makeNoise({ ref: ref('#menu'), parts: [ref('#menu')], inBody: false, removed: false });
    const summary = showOverlay(document, articleWithNoise([related, menu]));
    expect(summary).toEqual({ drawn: 5, missing: 0 });
    // Painted largest first, so that no outline hides one inside it (the menu is larger than either item).
    expect(boxes().map((b) => [b.dataset['kind'], b.dataset['selector'], b.dataset['fate'] ?? null])).toEqual([
      ['body', '#story', null],
      ['title', '#title', null],
      ['link-block', '#menu', 'outside'],
      ['link-block', '#related > li:nth-of-type(1)', 'removed'],
      ['link-block', '#related > li:nth-of-type(2)', 'removed'],
    ]);
    const body = boxes()[0]!;
    expect([body.style.left, body.style.top, body.style.width, body.style.height]).toEqual(['0px', '60px', '800px', '900px']);
    expect(legendLines()).toEqual(['Title 1', 'Body 1', 'Link blocks 2 (1 removed from the body)']);
    expect(shadow().querySelector('.boxes')?.getAttribute('aria-hidden')).toBe('true');
    expect(shadow().querySelector('.legend')?.getAttribute('aria-label')).toBe(ENGLISH_LABELS.heading);
  });

  test('a legend line is a toggle: its kind’s outlines are hidden and shown again, the others stay', () => {
    const related = makeNoise({ parts: [ref('#related > li:nth-of-type(1)'), ref('#related > li:nth-of-type(2)')] });
    showOverlay(document, articleWithNoise([related]));
    const toggle = shadow().querySelector<HTMLButtonElement>('.legend button[data-kind="link-block"]')!;
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    toggle.click();
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(
      boxes()
        .filter((b) => b.dataset['kind'] === 'link-block')
        .every((b) => b.hidden),
    ).toBe(true);
    expect(
      boxes()
        .filter((b) => b.dataset['kind'] !== 'link-block')
        .some((b) => b.hidden),
    ).toBe(false);
    // Drawn again (a resize, a new extraction): the kind stays off.
    showOverlay(document, articleWithNoise([related]));
    const again = shadow().querySelector<HTMLButtonElement>('.legend button[data-kind="link-block"]')!;
    expect(again.getAttribute('aria-pressed')).toBe('false');
    expect(
      boxes()
        .filter((b) => b.dataset['kind'] === 'link-block')
        .every((b) => b.hidden),
    ).toBe(true);
    again.click();
    expect(boxes().some((b) => b.hidden)).toBe(false);
  });

  test('elements that no longer resolve are counted as not found; the cap says "+N more"', () => {
    const noise = [makeNoise({ parts: [ref('#gone'), ref('#foot')] })];
    expect(showOverlay(document, articleWithNoise(noise))).toEqual({ drawn: 3, missing: 1 });
    expect(legendLines()).toContain('1 not found');

    const many = Array.from({ length: 30 }, () => makeNoise({ parts: [ref('#foot')] }));
    expect(showOverlay(document, articleWithNoise(many), { maxBoxes: 10 })).toEqual({ drawn: 10, missing: 0 });
    expect(boxes()).toHaveLength(10);
    expect(legendLines()).toContain('+22 more');
    expect(DEFAULT_MAX_BOXES).toBe(2000);
  });

  test('showing again redraws in the same host; localised labels are used', () => {
    showOverlay(document, articleWithNoise([]));
    const host = overlayHost(document);
    const labels = { ...ENGLISH_LABELS, legendNames: { ...ENGLISH_LABELS.legendNames, title: '标题' } };
    showOverlay(document, articleWithNoise([makeNoise()]), { labels });
    expect(overlayHost(document)).toBe(host);
    expect([...document.documentElement.children].filter((el) => el.localName.startsWith('article-lens-overlay-'))).toHaveLength(1);
    expect(legendLines()[0]).toBe('标题 1');
  });
});

describe('hover', () => {
  test('the tooltip names the smallest outline under the pointer, says what it is, and hides off the boxes', async () => {
    showOverlay(document, articleWithNoise([makeNoise({ parts: [ref('#related', 'Weir repairs begin')] })]));
    const tooltip = shadow().querySelector<HTMLElement>('[role="tooltip"]')!;
    expect(tooltip.hidden).toBe(true);

    moveTo(100, 820);
    await nextFrame();
    expect(tooltip.hidden).toBe(false);
    expect([...tooltip.children].map((c) => c.textContent)).toEqual([
      'Link block · removed from the body',
      'Mostly links, close together: a menu, a list of other stories or share links, not the article.',
      '“Weir repairs begin”',
      'Hold Shift for the figures behind this',
    ]);

    moveTo(100, 90);
    await nextFrame();
    expect(tooltip.firstElementChild?.textContent).toBe('Title');

    moveTo(900, 90);
    await nextFrame();
    expect(tooltip.hidden).toBe(true);
  });
});

describe('hideOverlay', () => {
  test('removes the host and leaves the page DOM exactly as before', () => {
    showOverlay(document, articleWithNoise([makeNoise()]));
    expect(document.documentElement.outerHTML).not.toBe(before);
    expect(hideOverlay(document)).toBe(true);
    expect(document.documentElement.outerHTML).toBe(before);
    expect(overlayHost(document)).toBeNull();
    expect(hideOverlay(document)).toBe(false);
  });

  test('removes every listener it added, with the options it added them with', () => {
    type Call = readonly [EventTarget, string, unknown, boolean];
    const capture = (o?: boolean | EventListenerOptions) => (typeof o === 'object' ? Boolean(o.capture) : Boolean(o));
    const added: Call[] = [];
    const removed: Call[] = [];
    for (const target of [document, window] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
        added.push([target, type, listener, capture(options)]);
        add(type, listener, options);
      });
      vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
        removed.push([target, type, listener, capture(options)]);
        remove(type, listener, options);
      });
    }
    showOverlay(document, articleWithNoise([]));
    expect(added.map((a) => a[1])).toEqual(expect.arrayContaining(['mousemove', 'resize']));
    hideOverlay(document);
    expect(removed).toEqual(expect.arrayContaining(added));
    expect(removed).toHaveLength(added.length);
  });

  test('a mousemove after hiding draws nothing and throws nothing', async () => {
    showOverlay(document, articleWithNoise([]));
    hideOverlay(document);
    moveTo(100, 90);
    await nextFrame();
    expect(document.documentElement.outerHTML).toBe(before);
  });
});
