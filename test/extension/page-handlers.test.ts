// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Article } from '../../src/core/types.ts';
import type { PageExtractControl, PageSettings } from '../../src/content/extract-page.ts';
import { createOverlayControl } from '../../src/content/overlay-control.ts';
import { pageHandlers } from '../../src/content/page-handlers.ts';
import { ENGLISH_LABELS } from '../../src/overlay/labels.ts';
import { overlayHost } from '../../src/overlay/index.ts';
import type { Handlers, PageRequest } from '../../src/shared/messages.ts';
import { browser } from '../../src/shared/browser.ts';
import { COMPARE_SIMILAR_PAGE_KEY } from '../../src/shared/storage-keys.ts';
import { articleWithNoise, makeNoise, ref } from '../overlay/noise-fixture.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

type Extraction = { article: Article; linkTitle: string | null; ms: number };
const extractPage = vi.fn<(linkTitle: string | null, control: PageExtractControl) => Extraction | Promise<Extraction>>();
/** The reader's settings each extraction was given. */
const settingsSeen: PageSettings[] = [];
// The lazy parts come from the built files' dynamic URLs in the browser; here, straight from the sources.
vi.mock('../../src/content/lazy-modules.ts', () => ({
  loadExtractModule: async () => ({
    extractPage: (linkTitle: string | null, _options: unknown, control: PageExtractControl, settings: PageSettings) => {
      settingsSeen.push(settings);
      return extractPage(linkTitle, control);
    },
  }),
  loadOverlayModule: () => import('../../src/overlay/index.ts'),
}));

const sender = { id: 'ext' };
let handlers: Handlers<PageRequest>;
let overlay: ReturnType<typeof createOverlayControl>;
let before = '';

const hostCount = () => [...document.documentElement.children].filter((el) => el.localName.startsWith('article-lens-overlay-')).length;
const drawnSelectors = () =>
  [...(overlayHost(document)?.shadowRoot?.querySelectorAll<HTMLElement>('.box') ?? [])].map((b) => b.dataset['selector']);

beforeEach(() => {
  document.body.innerHTML = '<div id="story"><h1 id="title">Flood wall</h1><ul id="related"><li>a</li></ul></div><p id="later">x</p>';
  before = document.documentElement.outerHTML;
  extractPage.mockReset();
  extractPage.mockImplementation((linkTitle) => ({ article: articleWithNoise([makeNoise()]), linkTitle, ms: 3 }));
  overlay = createOverlayControl(document, () => ENGLISH_LABELS);
  handlers = pageHandlers(1, overlay);
});

afterEach(() => overlay.hide());

describe('page:overlay', () => {
  test('draws the last extraction, and says how many outlines it drew', async () => {
    const extracted = await handlers['page:extract']({ type: 'page:extract' }, sender);
    expect(extracted.overlayShown).toBe(false);
    await expect(handlers['page:overlay']({ type: 'page:overlay', show: true }, sender)).resolves.toEqual({
      shown: true,
      drawn: 3,
      missing: 0,
    });
    expect(extractPage).toHaveBeenCalledTimes(1);
    expect(drawnSelectors()).toEqual(['#story', '#title', '#related']);
  });

  test('extracts first when there is no extraction yet', async () => {
    await expect(handlers['page:overlay']({ type: 'page:overlay', show: true }, sender)).resolves.toMatchObject({ shown: true, drawn: 3 });
    expect(extractPage).toHaveBeenCalledTimes(1);
  });

  test('hiding removes the host and restores the DOM; hiding twice is harmless', async () => {
    await handlers['page:overlay']({ type: 'page:overlay', show: true }, sender);
    expect(hostCount()).toBe(1);
    await expect(handlers['page:overlay']({ type: 'page:overlay', show: false }, sender)).resolves.toEqual({
      shown: false,
      drawn: 0,
      missing: 0,
    });
    expect(document.documentElement.outerHTML).toBe(before);
    await handlers['page:overlay']({ type: 'page:overlay', show: false }, sender);
    expect(overlay.shown).toBe(false);
  });

  test('a re-extraction while shown redraws from the new result and reports overlayShown', async () => {
    await handlers['page:overlay']({ type: 'page:overlay', show: true }, sender);
    extractPage.mockImplementation((linkTitle) => ({
      article: articleWithNoise([makeNoise({ parts: [ref('#later'), ref('#gone')] })]),
      linkTitle,
      ms: 3,
    }));
    const again = await handlers['page:extract']({ type: 'page:extract' }, sender);
    expect(again.overlayShown).toBe(true);
    expect(hostCount()).toBe(1);
    expect(drawnSelectors()).toEqual(['#story', '#title', '#later']);
    await expect(handlers['page:overlay']({ type: 'page:overlay', show: true }, sender)).resolves.toEqual({
      shown: true,
      drawn: 3,
      missing: 1,
    });
  });

  test("a newer content script's start hides the old overlay synchronously (injection guard's stop)", async () => {
    await handlers['page:overlay']({ type: 'page:overlay', show: true }, sender);
    overlay.hide();
    expect(hostCount()).toBe(0);
    expect(document.documentElement.outerHTML).toBe(before);
  });
});

/** What the core knows before the body: title, author, source, site and time. */
const PREVIEW = {
  title: 'Solar library opens in old depot',
  author: 'Margaret Ellison',
  source: null,
  site: 'The Example Gazette',
  publishedTime: articleWithNoise([]).publishedTime,
};

/** An extraction that reports `stage` and then waits, in slices, until `finish` is called or it is aborted. */
function slowExtraction(stage: string): { finish: () => void } {
  let finish = (): void => undefined;
  extractPage.mockImplementation(
    (linkTitle, control) =>
      new Promise((resolve, reject) => {
        control.onProgress({ stage, done: 1, total: 8 });
        control.onProgress({ stage, done: 1, total: 8 });
        control.onPreview?.(PREVIEW);
        control.signal.addEventListener('abort', () => reject(control.signal.reason as Error));
        finish = () => resolve({ article: articleWithNoise([]), linkTitle, ms: 900 });
      }),
  );
  return { finish: () => finish() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('page:extract', () => {
  test('passes the reader\'s switch "Compare with another page of this site" from storage, off by default', async () => {
    settingsSeen.length = 0;
    await handlers['page:extract']({ type: 'page:extract' }, sender);
    await browser.storage.local.set({ [COMPARE_SIMILAR_PAGE_KEY]: true });
    await handlers['page:extract']({ type: 'page:extract' }, sender);
    await browser.storage.local.remove(COMPARE_SIMILAR_PAGE_KEY);
    expect(settingsSeen.map((s) => s.compareSimilarPage)).toEqual([false, true]);
  });
});

describe('page:progress and page:cancel', () => {
  test('while an extraction runs, progress says where it is and what it knows; afterwards, that none runs', async () => {
    expect(await handlers['page:progress']({ type: 'page:progress' }, sender)).toEqual({
      running: false,
      stage: null,
      done: 0,
      total: 0,
      slices: 0,
      preview: null,
    });
    const slow = slowExtraction('title-anchor');
    const extracting = handlers['page:extract']({ type: 'page:extract' }, sender);
    await flush();
    expect(await handlers['page:progress']({ type: 'page:progress' }, sender)).toEqual({
      running: true,
      stage: 'title-anchor',
      done: 1,
      total: 8,
      slices: 2,
      preview: PREVIEW,
    });
    slow.finish();
    await expect(extracting).resolves.toMatchObject({ ms: 900 });
    expect((await handlers['page:progress']({ type: 'page:progress' }, sender)).running).toBe(false);
  });

  test('cancel stops the running extraction, whose request then fails as cancelled', async () => {
    slowExtraction('preprocess');
    const extracting = handlers['page:extract']({ type: 'page:extract' }, sender);
    await flush();
    expect(await handlers['page:cancel']({ type: 'page:cancel' }, sender)).toEqual({ cancelled: true });
    await expect(extracting).rejects.toThrow('extraction cancelled');
    expect(await handlers['page:cancel']({ type: 'page:cancel' }, sender)).toEqual({ cancelled: false });
    expect((await handlers['page:progress']({ type: 'page:progress' }, sender)).running).toBe(false);
  });

  test('a new extraction cancels the one still running', async () => {
    const first = slowExtraction('date-svm');
    const one = handlers['page:extract']({ type: 'page:extract' }, sender);
    await flush();
    const second = slowExtraction('serialize');
    const two = handlers['page:extract']({ type: 'page:extract' }, sender);
    await expect(one).rejects.toThrow('extraction cancelled');
    await flush();
    expect((await handlers['page:progress']({ type: 'page:progress' }, sender)).stage).toBe('serialize');
    second.finish();
    first.finish();
    await expect(two).resolves.toMatchObject({ ms: 900 });
  });
});
