// @vitest-environment happy-dom
/**
 * The content script's similar page (method 4, ALGORITHMS.md §4.1–4.2): the fetched page made inert before
 * it is rendered, and every way the fetch fails becoming a similar page without a tree whose failure says
 * why — only a cancelled extraction rejects. The rendering itself (real layout) is checked in Chromium
 * (test/e2e/similar-page.test.ts).
 */
import { describe, expect, test, vi } from 'vitest';
import { inertSrcdoc, renderHidden } from '../../src/content/similar-page-frame.ts';
import { failureLine, readSimilarPage } from '../../src/content/similar-page.ts';
import { resolveOptions } from '../../src/core/options.ts';

const PAGE = 'https://news.example/news/2026-11-20/1001.html';
const SIMILAR = 'https://news.example/news/2026-11-21/1002.html';
const LIMITS = resolveOptions({ lcsDiff: { maxNodes: 1000 }, limits: { maxDepth: 100 } });
const candidate = { url: SIMILAR, reason: 'same host, 3 path segments' };

function pageDoc(): Document {
  const doc = new DOMParser().parseFromString('<!doctype html><html><head></head><body><p>page</p></body></html>', 'text/html');
  Object.defineProperty(doc, 'URL', { value: PAGE });
  return doc;
}

const fetchAnswering = (response: Response) => vi.fn<typeof fetch>(async () => response);

describe('inertSrcdoc', () => {
  test('removes what could run or navigate, keeps style sheets and frames’ boxes, and adds a base', () => {
    const html = `<!DOCTYPE html><html><head>
      <meta http-equiv="refresh" content="0; url=https://elsewhere.example/">
      <link rel="stylesheet" href="/site.css"><link rel="preload" href="/big.js" as="script">
      <script>alert(1)</script></head>
      <body onload="alert(2)"><noscript><p>Enable scripts</p></noscript>
      <a id="js" href=" JaVa&#x09;Script:alert(3)">x</a><a id="ok" href="/news/">News</a>
      <iframe id="ad" src="https://ads.example/" width="300" height="250"></iframe>
      <object data="x.swf"></object><embed src="y.swf">
      <input id="q" autofocus onfocus="alert(4)"><video id="v" autoplay src="/clip.mp4"></video>
      <svg><a id="svg" href="javascript:alert(6)"><text>t</text></a></svg>
      <svg><script>alert(5)</script></svg>
      </body></html>`;
    const out = inertSrcdoc(new DOMParser().parseFromString(html, 'text/html'), SIMILAR);
    expect(out.startsWith('<!DOCTYPE html>')).toBe(true);
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect(doc.querySelectorAll('script, noscript, object, embed, meta[http-equiv]')).toHaveLength(0);
    expect(doc.head.firstElementChild?.outerHTML).toBe(`<base href="${SIMILAR}">`);
    expect([...doc.querySelectorAll('link')].map((l) => l.getAttribute('rel'))).toEqual(['stylesheet']);
    expect(doc.body.hasAttribute('onload')).toBe(false);
    expect(doc.getElementById('js')?.hasAttribute('href')).toBe(false);
    expect(doc.getElementById('ok')?.getAttribute('href')).toBe('/news/');
    expect(doc.getElementById('svg')?.hasAttribute('href')).toBe(false);
    const frame = doc.getElementById('ad');
    expect(frame?.hasAttribute('src')).toBe(false);
    expect(frame?.getAttribute('sandbox')).toBe('');
    expect(frame?.getAttribute('width')).toBe('300');
    const input = doc.getElementById('q');
    expect(input?.hasAttribute('autofocus')).toBe(false);
    expect(input?.hasAttribute('onfocus')).toBe(false);
    expect(doc.getElementById('v')?.hasAttribute('autoplay')).toBe(false);
  });

  test('keeps the page’s own base (resolved), and a legacy doctype (quirks mode)', () => {
    const html =
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><html><head><base href="/static/"></head><body></body></html>';
    const out = inertSrcdoc(new DOMParser().parseFromString(html, 'text/html'), SIMILAR);
    expect(out.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">')).toBe(true);
    const doc = new DOMParser().parseFromString(out, 'text/html');
    expect([...doc.querySelectorAll('base')].map((b) => b.getAttribute('href'))).toEqual(['https://news.example/static/']);
  });
});

describe('readSimilarPage', () => {
  test('refuses a page of another origin without fetching it', async () => {
    const fetchPage = vi.fn<typeof fetch>();
    const read = await readSimilarPage({ url: 'https://other.example/news/1.html', reason: '' }, LIMITS, new AbortController().signal, {
      doc: pageDoc(),
      fetchPage,
    });
    expect(fetchPage).not.toHaveBeenCalled();
    expect(read.failure).toEqual({ kind: 'other-origin', url: 'https://other.example/news/1.html', detail: 'https://other.example' });
    expect(read.page).toMatchObject({ url: 'https://other.example/news/1.html', tree: null });
    expect(read.page.failure).toMatch(/on another site \(https:\/\/other\.example\): only pages of this site are fetched/);
  });

  test('an HTTP error, a page that is not HTML, a redirect to another site: each says why', async () => {
    const cases: [Response, string, string][] = [
      [new Response('gone', { status: 404 }), 'http', '404'],
      [new Response('{}', { headers: { 'content-type': 'application/json' } }), 'not-html', 'application/json'],
    ];
    for (const [response, kind, detail] of cases) {
      const fetchPage = fetchAnswering(response);
      const read = await readSimilarPage(candidate, LIMITS, new AbortController().signal, { doc: pageDoc(), fetchPage });
      expect(read.failure).toEqual({ kind, url: SIMILAR, detail });
      expect(read.page.tree).toBeNull();
      expect(read.page.why).toBe(candidate.reason);
      expect(fetchPage).toHaveBeenCalledWith(SIMILAR, expect.objectContaining({ credentials: 'same-origin' }));
    }
    const redirected = new Response('<p>x</p>', { headers: { 'content-type': 'text/html' } });
    Object.defineProperty(redirected, 'url', { value: 'https://login.example/' });
    const read = await readSimilarPage(candidate, LIMITS, new AbortController().signal, {
      doc: pageDoc(),
      fetchPage: fetchAnswering(redirected),
    });
    expect(read.failure?.kind).toBe('other-origin');
    expect(failureLine({ kind: 'http', url: SIMILAR, detail: '404' })).toBe(`the similar page ${SIMILAR} could not be fetched: HTTP 404`);
  });

  test('a network error, and a fetch that outlasts the timeout', async () => {
    const refused = await readSimilarPage(candidate, LIMITS, new AbortController().signal, {
      doc: pageDoc(),
      fetchPage: vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    expect(refused.failure).toEqual({ kind: 'network', url: SIMILAR, detail: 'Failed to fetch' });
    const hanging = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
    );
    const slow = await readSimilarPage(candidate, LIMITS, new AbortController().signal, {
      doc: pageDoc(),
      fetchPage: hanging,
      timeoutMs: 20,
    });
    expect(slow.failure).toEqual({ kind: 'timeout', url: SIMILAR, detail: '0.02' });
    expect(slow.page.failure).toBe(`the similar page ${SIMILAR} did not load within 0.02 s`);
  });

  test('a cancelled extraction rejects with its reason instead of reporting a failure', async () => {
    const controller = new AbortController();
    const hanging = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
    );
    const read = readSimilarPage(candidate, LIMITS, controller.signal, { doc: pageDoc(), fetchPage: hanging });
    const reason = new Error('extraction cancelled');
    controller.abort(reason);
    await expect(read).rejects.toBe(reason);
  });
});

describe('renderHidden', () => {
  test('the frame is removed when the extraction is cancelled while it loads', async () => {
    const controller = new AbortController();
    const rendering = renderHidden(document, '<p>similar</p>', 60_000, controller.signal, () => 'read');
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame?.parentElement).toBe(document.documentElement);
    const reason = new Error('extraction cancelled');
    controller.abort(reason);
    // Gone at once, before the cancelled extraction's promise settles.
    expect(document.querySelector('iframe')).toBeNull();
    await expect(rendering).rejects.toBe(reason);
  });
});
