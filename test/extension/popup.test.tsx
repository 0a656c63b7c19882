// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { browser } from '../../src/shared/browser.ts';
import { DEFAULT_OPTIONS } from '../../src/core/options.ts';
import { App } from '../../src/popup/App.tsx';
import { makeArticle } from './article-fixture.ts';
import type { FakeBrowser } from './fake-browser.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

const fake = browser as unknown as FakeBrowser;
const NO_RECEIVER = new Error('Could not establish connection. Receiving end does not exist.');

type Reply = { ok: true; value: unknown } | { ok: false; error: string };

/** Makes tab 7 answer page requests with `answer` (or throw it). */
function tabAnswers(answer: (message: { type: string }) => Reply | Error): void {
  fake.tabs.sendMessage.mockImplementation(async (_tabId: number, message: unknown) => {
    const reply = answer(message as { type: string });
    if (reply instanceof Error) throw reply;
    return reply;
  });
}

/** An extraction reply; by default the page has loaded every image of the article. */
function extracted(
  article = makeArticle(),
  linkTitle: string | null = null,
  overlayShown = false,
  loadedImages = article.images.map((img) => img.src),
): Reply {
  return { ok: true, value: { article, linkTitle, ms: 12.4, overlayShown, loadedImages } };
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.tabs.get.mockImplementation(async (id: number) => ({ id, url: 'https://news.example/local/solar-library.html' }));
});
afterEach(cleanup);

describe('popup', () => {
  test('shows a loading state, then the article: title, metadata, why, body text, images, documents', async () => {
    tabAnswers(() => extracted(makeArticle(), 'Library runs on sunshine'));
    render(<App search="?tab=7" />);
    expect(screen.getByRole('status').textContent).toContain('Reading the article…');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Solar library opens in old depot');
    expect(fake.tabs.sendMessage).toHaveBeenCalledWith(7, { type: 'page:extract' }, { frameId: 0 });
    const text = document.body.textContent ?? '';
    expect(text).toContain('Margaret Ellison');
    expect(text).toContain('The Example Gazette');
    expect(text).toContain('2019-03-14 08:30');
    expect(text).toContain('86% confidence');
    expect(text).toContain('1 min read');
    expect(text).toContain('Link you followed: “Library runs on sunshine”');
    expect(text).toContain('Extracted in 12 ms');

    const why = screen.getByRole('button', { name: 'Why?' });
    expect(why.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('.why')).toBeNull();
    expect(why.getAttribute('title')).toContain('Of the 9 dates on the page, this one is the most likely publication time.');
    expect(why.getAttribute('title')).not.toContain('decision value');
    fireEvent.click(why);
    expect(why.getAttribute('aria-expanded')).toBe('true');
    const panel = document.querySelector('.why')!;
    expect(why.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toContain('Read from the page: “14 March 2019, 08:30”');
    // The annotator's details, folded under the reader's lines.
    const details = panel.querySelector('details.why-details')!;
    expect(details.textContent).toContain('Read from a date in the page text (span.date < div.meta).');
    expect(details.textContent).toContain('2019-03-15 10:05: decision value −0.42 (p.updated < div.meta)');
    fireEvent.click(why);
    expect(why.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('.why')).toBeNull();

    expect(document.querySelector('.body-text p')?.textContent).toContain('six hundred people queued outside');
    const img = document.querySelector('.gallery img')!;
    expect(img.getAttribute('src')).toBe('https://news.example/img/room.jpg');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(document.querySelector('.documents a')?.getAttribute('href')).toBe('https://news.example/docs/energy.pdf');
  });

  test('images the page has not loaded are not fetched until the reader asks: one by one, or all', async () => {
    const images = [
      { src: 'https://news.example/img/room.jpg', alt: 'Reading room', caption: '', width: null, height: null },
      { src: 'https://cdn.example/lazy/roof.jpg', alt: 'Solar roof', caption: 'The roof', width: null, height: null },
      { src: 'https://cdn.example/lazy/stacks-1280.jpg', alt: 'Stacks', caption: '', width: null, height: null },
    ];
    tabAnswers(() => extracted(makeArticle({ images }), null, false, ['https://news.example/img/room.jpg']));
    render(<App search="?tab=7" />);
    await screen.findByText('Images (3)');
    const shownSources = () => [...document.querySelectorAll('.gallery img')].map((img) => img.getAttribute('src'));
    expect(shownSources()).toEqual(['https://news.example/img/room.jpg']);
    const loadOne = [...document.querySelectorAll<HTMLButtonElement>('button[data-action="load-image"]')];
    expect(loadOne.map((b) => b.textContent)).toEqual(['Load imageSolar roof', 'Load imageStacks']);
    expect(document.querySelector('.images-withheld')?.textContent).toBe(
      'Images not loaded: 2, as the page has not loaded them itself. Load images',
    );

    fireEvent.click(loadOne[0]!);
    expect(shownSources()).toEqual(['https://news.example/img/room.jpg', 'https://cdn.example/lazy/roof.jpg']);
    expect(document.querySelector('.images-withheld')?.textContent).toContain('Images not loaded: 1,');

    fireEvent.click(screen.getByRole('button', { name: 'Load images' }));
    expect(shownSources()).toEqual(images.map((img) => img.src));
    expect(document.querySelector('.images-withheld, .image-withheld')).toBeNull();
  });

  test('an extraction that says nothing about loaded images withholds every web image', async () => {
    tabAnswers(() => ({ ok: true, value: { article: makeArticle(), linkTitle: null, ms: 1, overlayShown: false } }));
    render(<App search="?tab=7" />);
    await screen.findByText('Images (1)');
    expect(document.querySelector('.gallery img')).toBeNull();
    expect(document.querySelectorAll('button[data-action="load-image"]')).toHaveLength(1);
  });

  // DOMPurify does not work under happy-dom (cure53/DOMPurify#1457); the popup notices and offers only the
  // text view. (DOMPurify itself is tested in Chromium: test/e2e/sanitize.test.ts.)
  test('never renders unsanitised HTML: without a working DOMPurify it falls back to the text view', async () => {
    const html = '<p>Safe text</p><img src="https://x.example/a.jpg" onerror="alert(1)"><script>alert(2)</script>';
    tabAnswers(() => extracted(makeArticle({ body: { html, text: 'Safe text', markdown: 'Safe text' } })));
    render(<App search="?tab=7" />);
    await screen.findByText('Safe text');
    expect(document.querySelector('.body-html')).toBeNull();
    expect(document.querySelector('script, img[onerror]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Formatted' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Plain text' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('never renders more of a title, author, source, link title, alt, caption or document text than its limit', async () => {
    const { maxTitleChars, maxAuthorChars, maxSourceChars, maxLabelChars } = DEFAULT_OPTIONS.limits;
    const huge = 'x'.repeat(1024 * 1024);
    const base = makeArticle();
    const article = makeArticle({
      title: huge,
      author: huge,
      source: huge,
      images: base.images.map((img) => ({ ...img, alt: huge, caption: huge })),
      documents: base.documents.map((d) => ({ ...d, text: huge })),
    });
    tabAnswers(() => extracted(article, huge));
    render(<App search="?tab=7" />);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toHaveLength(maxTitleChars);
    expect(title.textContent?.endsWith('…')).toBe(true);
    expect(document.querySelector('[data-field="author"] dd')?.textContent).toHaveLength(maxAuthorChars);
    expect(document.querySelector('[data-field="source"] dd')?.textContent).toHaveLength(maxSourceChars);
    expect(document.querySelector('.link-title')?.textContent?.length).toBeLessThan(maxLabelChars + 200);
    expect(document.querySelector('.gallery img')?.getAttribute('alt')).toHaveLength(maxLabelChars);
    expect(document.querySelector('.gallery figcaption')?.textContent).toHaveLength(maxLabelChars);
    expect(document.querySelector('.documents a')?.textContent).toHaveLength(maxLabelChars);
    expect(document.body.textContent?.length).toBeLessThan(20_000);
  });

  test('shows the plain-text body one paragraph per line', async () => {
    const body = { html: '<p>First para.</p><p>Second para.</p>', text: 'First para.\nSecond para.', markdown: '' };
    tabAnswers(() => extracted(makeArticle({ body })));
    render(<App search="?tab=7" />);
    await screen.findByText('First para.');
    expect([...document.querySelectorAll('.body-text p')].map((p) => p.textContent)).toEqual(['First para.', 'Second para.']);
  });

  test('refuses restricted pages by URL without messaging the tab', async () => {
    fake.tabs.get.mockImplementation(async (id: number) => ({ id, url: 'https://chromewebstore.google.com/detail/abc' }));
    render(<App search="?tab=7" />);
    expect((await screen.findByRole('alert')).textContent).toContain('The browser does not let extensions run on its extension store.');
    expect(fake.tabs.sendMessage).not.toHaveBeenCalled();
  });

  test('uses the active tab of the window without ?tab=', async () => {
    fake.tabs.query.mockResolvedValue([{ id: 3, url: 'chrome://settings/' }]);
    render(<App search="" />);
    expect((await screen.findByRole('alert')).getAttribute('data-reason')).toBe('browser-page');
    expect(fake.tabs.query).toHaveBeenCalledWith({ active: true, currentWindow: true });
  });

  test('injects the content script when no one answers (tab opened before install), then asks again', async () => {
    let injected = false;
    fake.scripting.executeScript.mockImplementation(async () => {
      injected = true;
      return [{ frameId: 0, documentId: 'd1' }];
    });
    tabAnswers((m) => (!injected ? NO_RECEIVER : m.type === 'page:ping' ? { ok: true, value: { generation: 1 } } : extracted()));
    render(<App search="?tab=7" />);
    await screen.findByRole('heading', { level: 1 });
    expect(fake.scripting.executeScript).toHaveBeenCalledWith({ target: { tabId: 7, frameIds: [0] }, files: ['assets/content-loader.js'] });
    expect(fake.tabs.sendMessage.mock.calls.map((c) => (c[1] as { type: string }).type)).toEqual([
      'page:extract',
      'page:ping',
      'page:extract',
    ]);
  });

  test('a refused injection on a tab of unknown URL becomes the restricted message', async () => {
    fake.tabs.get.mockImplementation(async (id: number) => ({ id }));
    fake.scripting.executeScript.mockRejectedValue(new Error('Cannot access a chrome:// URL'));
    tabAnswers(() => NO_RECEIVER);
    render(<App search="?tab=7" />);
    expect((await screen.findByRole('alert')).getAttribute('data-reason')).toBe('browser-page');
  });

  test('an injection the browser accepts but does not carry out (Firefox, about:addons) is no access, not an error', async () => {
    fake.tabs.get.mockImplementation(async (id: number) => ({ id }));
    fake.scripting.executeScript.mockResolvedValue([null]);
    tabAnswers(() => NO_RECEIVER);
    render(<App search="?tab=7" />);
    expect((await screen.findByRole('alert')).getAttribute('data-reason')).toBe('no-access');
    expect(fake.tabs.sendMessage.mock.calls.map((c) => (c[1] as { type: string }).type)).toEqual(['page:extract']);
  });

  test('shows an error with a working retry button when the extraction fails', async () => {
    let calls = 0;
    tabAnswers(() => (++calls === 1 ? { ok: false, error: 'core exploded' } : extracted()));
    render(<App search="?tab=7" />);
    expect((await screen.findByRole('alert')).textContent).toContain('core exploded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Solar library opens in old depot');
  });

  test('Copy Markdown and Copy text write the exports to the clipboard and say "Copied"', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    tabAnswers(() => extracted());
    render(<App search="?tab=7" />);
    const copyMarkdown = await screen.findByRole('button', { name: 'Copy Markdown' });
    fireEvent.click(copyMarkdown);
    await waitFor(() => expect(copyMarkdown.textContent).toBe('Copied'));
    expect(writeText.mock.calls[0]?.[0]).toMatch(
      /^# Solar library opens in old depot\n\n\*Margaret Ellison · The Example Gazette · 2019-03-14T08:30\*/,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Copy text' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(writeText.mock.calls[1]?.[0]).toMatch(/^Solar library opens in old depot\nMargaret Ellison/);
  });

  test('the overlay switch shows and hides the overlay in the page, with aria-pressed, and says when the page refuses', async () => {
    const overlayCalls: boolean[] = [];
    tabAnswers((m) => {
      if (m.type !== 'page:overlay') return extracted();
      const { show } = m as { type: string; show: boolean };
      overlayCalls.push(show);
      return overlayCalls.length === 3
        ? { ok: false, error: 'page went away' }
        : { ok: true, value: { shown: show, drawn: 4, missing: 0 } };
    });
    render(<App search="?tab=7" />);
    const toggle = await screen.findByRole('button', { name: 'Show overlay' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(toggle.textContent).toBe('Hide overlay');
    expect(fake.tabs.sendMessage).toHaveBeenLastCalledWith(7, { type: 'page:overlay', show: true }, { frameId: 0 });

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
    expect(toggle.textContent).toBe('Show overlay');

    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe('The page did not switch the overlay: page went away');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(overlayCalls).toEqual([true, false, true]);
  });

  test('a long extraction shows the page’s progress, and Cancel stops it in the page', async () => {
    let finish: ((r: Reply) => void) | null = null;
    const status = { running: true, stage: 'link-blocks', done: 5, total: 8, slices: 12, preview: null };
    fake.tabs.sendMessage.mockImplementation(async (_tabId: number, message: unknown) => {
      const type = (message as { type: string }).type;
      if (type === 'page:progress') return { ok: true, value: { ...status, slices: status.slices++ } };
      if (type === 'page:cancel') return { ok: true, value: { cancelled: true } };
      return new Promise<Reply>((resolve) => (finish = resolve));
    });
    render(<App search="?tab=7" />);
    await waitFor(() => expect(document.querySelector('.progress')?.textContent).toBe('Step 6 of 8: finding menus and link lists'));
    expect(document.querySelector('progress')?.getAttribute('value')).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Extraction cancelled');
    expect(fake.tabs.sendMessage).toHaveBeenCalledWith(7, { type: 'page:cancel' }, { frameId: 0 });
    // The page's late answer changes nothing; Try again starts over.
    (finish as ((r: Reply) => void) | null)?.(extracted());
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(document.querySelector('.progress')).not.toBeNull());
    (finish as ((r: Reply) => void) | null)?.(extracted());
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Solar library opens in old depot');
  });

  test('while the body is still being found, the title, author, source and time already show', async () => {
    const article = makeArticle();
    const preview = {
      title: article.title,
      author: article.author,
      source: null,
      site: 'The Example Gazette',
      publishedTime: article.publishedTime,
    };
    let finish: ((r: Reply) => void) | null = null;
    const status = { running: true, stage: 'combine', done: 6, total: 8, slices: 3, preview };
    fake.tabs.sendMessage.mockImplementation(async (_tabId: number, message: unknown) => {
      const type = (message as { type: string }).type;
      if (type === 'page:progress') return { ok: true, value: { ...status, slices: status.slices++ } };
      return new Promise<Reply>((resolve) => (finish = resolve));
    });
    render(<App search="?tab=7" />);
    await waitFor(() => expect(document.querySelector('.article-preview h1')?.textContent).toBe('Solar library opens in old depot'));
    const preview_ = document.querySelector('.article-preview')!;
    expect(preview_.textContent).toContain('Margaret Ellison');
    expect(preview_.textContent).toContain('The Example Gazette');
    expect(preview_.querySelector('time')?.getAttribute('datetime')).toBe(article.publishedTime.iso);
    expect(document.querySelector('.status-loading')).not.toBeNull();
    expect(document.querySelector('.body-text, .body-html')).toBeNull();
    (finish as ((r: Reply) => void) | null)?.(extracted(article));
    await waitFor(() => expect(document.querySelector('.article-preview')).toBeNull());
    expect(document.querySelector('.body-text p')?.textContent).toContain('six hundred people queued outside');
  });

  test('the overlay switch opens pressed when the page says the overlay is shown', async () => {
    tabAnswers(() => extracted(makeArticle(), null, true));
    render(<App search="?tab=7" />);
    const toggle = await screen.findByRole('button', { name: 'Hide overlay' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});
