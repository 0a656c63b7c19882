// @vitest-environment happy-dom
/**
 * The popup's switch "Compare with another page of this site" (method 4): off by default and silent; on, it
 * is remembered, the page is extracted again, and one line says which page was compared and what that
 * found, or why there was none — in the reader's words, built from the Article's report (similar-line.ts).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Article, SimilarPageReport } from '../../src/core/types.ts';
import { App } from '../../src/popup/App.tsx';
import { similarLine } from '../../src/popup/similar-line.ts';
import { browser } from '../../src/shared/browser.ts';
import type { SimilarPageFailure } from '../../src/shared/messages.ts';
import { COMPARE_SIMILAR_PAGE_KEY } from '../../src/shared/storage-keys.ts';
import { makeArticle } from './article-fixture.ts';
import type { FakeBrowser } from './fake-browser.ts';
import { makeNoise } from '../overlay/noise-fixture.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

const fake = browser as unknown as FakeBrowser;
const SIMILAR = 'https://news.example/local/other-library.html';

function withReport(report: Partial<SimilarPageReport>, overrides: Partial<Article> = {}): Article {
  const base = makeArticle();
  return makeArticle({ ...overrides, similarPage: { ...base.similarPage, ...report } });
}

const USED = withReport(
  { status: 'used', url: SIMILAR, why: 'same host', message: 'compared', layout: true, templateBlocks: 9 },
  {
    noise: [
      makeNoise({ kind: 'template', removed: true, numbers: { textBlocks: 2 } }),
      makeNoise({ kind: 'template', removed: false, numbers: { textBlocks: 0 } }),
      makeNoise({ kind: 'link-block', numbers: { textBlocks: 5 } }),
    ],
  },
);

describe('similarLine', () => {
  test('used: the compared page by its path, the template blocks and those that left the body', () => {
    expect(similarLine(USED, undefined)).toEqual({
      text: 'Compared with /local/other-library.html: 9 text blocks are the site’s template, 2 of them left the body.',
      url: SIMILAR,
    });
  });

  test('no similar link, a failed fetch, a time-out, a skipped diff', () => {
    const none = withReport({ status: 'unavailable', message: 'no link of this page leads to another page of the same site and shape' });
    expect(similarLine(none, undefined).text).toBe(
      'Not compared: no link of this page leads to another page of this site with the same address pattern.',
    );
    const failed = withReport({ status: 'unavailable', url: SIMILAR, message: 'the similar page … could not be fetched: HTTP 404' });
    const http: SimilarPageFailure = { kind: 'http', url: SIMILAR, detail: '404' };
    expect(similarLine(failed, http)).toEqual({
      text: 'Not compared: /local/other-library.html could not be fetched (HTTP 404).',
      url: SIMILAR,
    });
    const timeout: SimilarPageFailure = { kind: 'timeout', url: SIMILAR, detail: '8' };
    expect(similarLine(failed, timeout).text).toBe('Not compared: /local/other-library.html did not load within 8 s.');
    // Without the content script's failure (an older build, the CLI's JSON): the core's line.
    expect(similarLine(failed, undefined).text).toBe('Not compared: the similar page … could not be fetched: HTTP 404');
    const skipped = withReport({
      status: 'skipped',
      url: SIMILAR,
      message: 'skipped: budget (the diff passed lcsDiff.budgetMs = 1000 ms)',
    });
    expect(similarLine(skipped, undefined).text).toBe(
      'Compared with /local/other-library.html, but the comparison stopped: skipped: budget (the diff passed lcsDiff.budgetMs = 1000 ms)',
    );
  });
});

type Reply = { ok: true; value: unknown };

beforeEach(async () => {
  vi.clearAllMocks();
  await fake.storage.local.remove(COMPARE_SIMILAR_PAGE_KEY);
  fake.tabs.get.mockImplementation(async (id: number) => ({ id, url: 'https://news.example/local/solar-library.html' }));
});
afterEach(cleanup);

/** Tab 7 answers each `page:extract` with the next article of `articles` (the last one again after them). */
function tabExtracts(articles: readonly Article[]): void {
  let n = 0;
  fake.tabs.sendMessage.mockImplementation(async (_tabId: number, message: unknown): Promise<Reply> => {
    if ((message as { type: string }).type !== 'page:extract') return { ok: true, value: { running: false } };
    const article = articles[Math.min(n++, articles.length - 1)]!;
    return { ok: true, value: { article, linkTitle: null, ms: 5, overlayShown: false, loadedImages: [] } };
  });
}

const extractCalls = () => fake.tabs.sendMessage.mock.calls.filter(([, m]) => (m as { type: string }).type === 'page:extract').length;

describe('the switch in the popup', () => {
  test('off by default, with no line; switching it on remembers it and extracts again', async () => {
    tabExtracts([makeArticle(), USED]);
    render(<App search="?tab=7" />);
    const box = await screen.findByRole('checkbox', { name: 'Compare with another page of this site' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(document.querySelector('.similar-page-line')).toBeNull();
    expect(extractCalls()).toBe(1);

    fireEvent.click(box);
    await waitFor(() =>
      expect(document.querySelector('.similar-page-line')?.textContent).toContain('Compared with /local/other-library.html'),
    );
    expect((await fake.storage.local.get(COMPARE_SIMILAR_PAGE_KEY))[COMPARE_SIMILAR_PAGE_KEY]).toBe(true);
    expect(extractCalls()).toBe(2);
    const line = document.querySelector('.similar-page-line')!;
    expect(line.getAttribute('title')).toBe(SIMILAR);
    expect(line.getAttribute('data-status')).toBe('used');

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Compare with another page of this site' }));
    await waitFor(() => expect(extractCalls()).toBe(3));
    expect(await fake.storage.local.get(COMPARE_SIMILAR_PAGE_KEY)).toEqual({});
  });

  test('on from storage: the line shows the failure the content script reported', async () => {
    await fake.storage.local.set({ [COMPARE_SIMILAR_PAGE_KEY]: true });
    const article = withReport({ status: 'unavailable', url: SIMILAR, message: 'fetch failed' });
    fake.tabs.sendMessage.mockImplementation(async () => ({
      ok: true,
      value: {
        article,
        linkTitle: null,
        ms: 5,
        overlayShown: false,
        loadedImages: [],
        similarPageFailure: { kind: 'http', url: SIMILAR, detail: '404' },
      },
    }));
    render(<App search="?tab=7" />);
    await waitFor(() =>
      expect(document.querySelector('.similar-page-line')?.textContent).toBe(
        'Not compared: /local/other-library.html could not be fetched (HTTP 404).',
      ),
    );
    expect((screen.getByRole('checkbox', { name: 'Compare with another page of this site' }) as HTMLInputElement).checked).toBe(true);
  });
});
