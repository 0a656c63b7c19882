// @vitest-environment happy-dom
/**
 * `showOverlaySliced` (what the content script uses): the same outlines, legend and summary as `showOverlay`,
 * built across pauses and swapped in at once; a newer drawing or hiding the overlay stops a drawing under way.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { hideOverlay, overlayHost, showOverlay, showOverlaySliced } from '../../src/overlay/index.ts';
import type { OverlaySlicing } from '../../src/overlay/index.ts';
import { articleWithNoise, makeNoise, ref } from './noise-fixture.ts';

const ITEMS = 40;
const PAGE = `<div id="story"><h1 id="title">Flood wall finished</h1><p>Text, with commas, and more.</p>
  <ul id="related">${Array.from({ length: ITEMS }, (_, i) => `<li id="i${i}"><a href="/${i}">Item ${i}</a></li>`).join('')}</ul></div>
  <footer id="foot"><a href="/about">About</a></footer>`;

const shadow = (): ShadowRoot => {
  const root = overlayHost(document)?.shadowRoot;
  if (!root) throw new Error('no overlay shadow root');
  return root;
};
const drawn = () =>
  [...shadow().querySelectorAll<HTMLElement>('.box')].map((b) => [b.dataset['kind'], b.dataset['selector'], b.style.top, b.style.height]);
const legend = () => [...shadow().querySelectorAll('.legend li, .legend .notes')].map((el) => el.textContent);

const related = (n: number) => makeNoise({ parts: Array.from({ length: n }, (_, i) => ref(`#related > li:nth-of-type(${i + 1})`)) });
const ARTICLE = articleWithNoise([related(ITEMS), makeNoise({ ref: ref('#gone'), parts: [ref('#gone')] })]);

/** Pauses at every step, counting them; `onPause` sees the page between two slices. */
function everyStep(onPause: () => void = () => undefined): OverlaySlicing & { readonly pauses: () => number } {
  let pauses = 0;
  return {
    sliceMs: 0,
    now: () => 0,
    pause: async () => {
      pauses++;
      onPause();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    pauses: () => pauses,
  };
}

beforeEach(() => {
  document.body.innerHTML = PAGE;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this === overlayHost(document)) return new DOMRect(0, 20, 0, 0);
    const i = /^i(\d+)$/.exec(this.id)?.[1];
    if (i !== undefined) return new DOMRect(10, 400 + 20 * Number(i), 300, 18);
    return this.id === 'story'
      ? new DOMRect(0, 80, 800, 1400)
      : this.id === 'title'
        ? new DOMRect(0, 80, 800, 40)
        : new DOMRect(0, 0, 0, 0);
  });
});

afterEach(() => {
  hideOverlay(document);
  vi.restoreAllMocks();
});

describe('resize', () => {
  test('the ResizeObserver’s first report (the size just drawn at) redraws nothing; a change of size redraws once', async () => {
    let report: (entries: { target: Element; contentRect: { width: number; height: number } }[]) => void = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(): void {}
        disconnect(): void {}
      },
    );
    const rects = vi.mocked(Element.prototype.getBoundingClientRect);
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    showOverlay(document, ARTICLE);
    const measured = rects.mock.calls.length;
    report([
      { target: document.documentElement, contentRect: { width: 1000, height: 5000 } },
      { target: document.body, contentRect: { width: 1000, height: 5000 } },
    ]);
    await nextFrame();
    await nextFrame();
    expect(rects.mock.calls.length).toBe(measured);
    report([{ target: document.body, contentRect: { width: 1000, height: 5600 } }]);
    await nextFrame();
    await nextFrame();
    expect(rects.mock.calls.length).toBe(2 * measured);
    vi.unstubAllGlobals();
  });
});

describe('showOverlaySliced', () => {
  test('draws what showOverlay draws, pausing between steps, and never shows half the outlines', async () => {
    const once = showOverlay(document, ARTICLE);
    const expected = { boxes: drawn(), legend: legend() };
    hideOverlay(document);

    const seen = new Set<number>();
    const slicing = everyStep(() => seen.add(shadow().querySelectorAll('.box').length));
    const summary = await showOverlaySliced(document, ARTICLE, {}, slicing);
    expect(summary).toEqual(once);
    expect(summary).toEqual({ drawn: ITEMS + 2, missing: 1 });
    expect({ boxes: drawn(), legend: legend() }).toEqual(expected);
    // One step per target and per outline.
    expect(slicing.pauses()).toBeGreaterThanOrEqual(2 * (ITEMS + 2));
    expect([...seen]).toEqual([0]);
  });

  test('a second drawing under way supersedes the first, which answers with the second’s result', async () => {
    const first = showOverlaySliced(document, ARTICLE, {}, everyStep());
    await new Promise((resolve) => setTimeout(resolve, 0));
    const small = articleWithNoise([related(3)]);
    const second = showOverlaySliced(document, small, {}, everyStep());
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual({ drawn: 5, missing: 0 });
    expect(a).toEqual(b);
    expect(drawn()).toHaveLength(5);
  });

  test('hiding the overlay stops a drawing under way and leaves the page as it was', async () => {
    const before = document.documentElement.outerHTML;
    const drawing = showOverlaySliced(
      document,
      ARTICLE,
      {},
      everyStep(() => hideOverlay(document)),
    );
    await expect(drawing).resolves.toEqual({ drawn: 0, missing: 0 });
    expect(overlayHost(document)).toBeNull();
    expect(document.documentElement.outerHTML).toBe(before);
  });
});
