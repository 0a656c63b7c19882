/**
 * The XSS corpus (test/fixtures/xss) in the real extension's popup (issue 16 "What to build" 3): each
 * hostile page is opened in one tab, the popup extracts it, and nothing of it may run there.
 *
 * `__JS__` in the pages becomes `pwn('<page>')`. The popup defines `pwn` before its own code runs: a call
 * counts an execution and asks the page server for /pwned (logged). Also counted as executions: a
 * dialog, an uncaught error naming `pwn` in any page, and any /pwned request. The popup's Content
 * Security Policy would block inline code even if the sanitiser let it through, so its violations are
 * counted too (as "blocked"), beyond the two that DOMPurify's own start-up check causes on every load
 * (it parses a sample with an inline handler: measured on a harmless page first), and the popup's
 * article area is checked for dangerous constructs (test/helpers/dangerous.ts) — the sanitiser, not the
 * CSP, must keep them out.
 *
 * The pages are served with `script-src 'none'`, so that their own scripts do not run in the tab (where
 * running is their right, not our leak); the content script is not bound by the page's CSP.
 * One browser, one tab and one popup page for the whole corpus.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dangerousConstructs } from '../helpers/dangerous.ts';
import { useExtension } from './support/fixture.ts';

const CORPUS = fileURLToPath(new URL('../fixtures/xss/', import.meta.url));
const NAMES = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.html'))
  .map((f) => f.replace(/\.html$/, ''))
  .sort();

const fixture = useExtension();

const HARMLESS = readFileSync(`${CORPUS}script-inline.html`, 'utf8').replace(/<script>.*?<\/script>/g, '');

/** Requests to /pwned: the marker the hostile code sends home. */
const pwnedHits: string[] = [];
let origin = '';
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const name = /^\/xss\/([\w-]+)\.html$/.exec(url.pathname)?.[1];
  if (url.pathname === '/pwned') {
    pwnedHits.push(url.search);
    res.writeHead(204).end();
  } else if (url.pathname === '/harmless.html') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(HARMLESS);
  } else if (name && NAMES.includes(name)) {
    const html = readFileSync(`${CORPUS}${name}.html`, 'utf8').replaceAll('__JS__', `pwn('${name}')`);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "script-src 'none'; object-src 'none'",
      'Cache-Control': 'no-store',
    });
    res.end(html);
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface PopupMarks {
  readonly calls: string[];
  readonly violations: string[];
}

test('the XSS corpus in the popup: 0 executions, 0 dangerous constructs, 0 blocked by the CSP', async () => {
  const { session } = fixture;
  expect(NAMES.length).toBeGreaterThanOrEqual(40);
  const dialogs: string[] = [];
  const errors: string[] = [];
  session.context.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  session.context.on('weberror', (e) => {
    if (/\bpwn\b/.test(String(e.error()))) errors.push(String(e.error()));
  });

  const { page, tabId } = await session.openTab(`${origin}/xss/${NAMES[0] ?? ''}.html`);
  const popup = await session.context.newPage();
  await popup.setViewportSize({ width: 420, height: 600 });
  await popup.addInitScript((home) => {
    const marks: PopupMarks = { calls: [], violations: [] };
    Object.assign(window, {
      __marks: marks,
      pwn: (name: string) => {
        marks.calls.push(name);
        void fetch(`${home}/pwned?from=popup&page=${name}`);
      },
    });
    document.addEventListener('securitypolicyviolation', (e) =>
      marks.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`),
    );
  }, origin);
  const popupPath = await session.worker.evaluate(() => chrome.runtime.getManifest().action?.default_popup ?? '');

  const open = async (path: string): Promise<{ state: string; marks: PopupMarks }> => {
    await page.goto(`${origin}${path}`);
    // The content script runs at document_idle, which may come after `load`: wait until it answers, as
    // a reader's click would (without the click's activeTab grant the popup could not inject it).
    await session.worker.evaluate(async (id) => {
      for (let i = 0; i < 100; i++) {
        try {
          await chrome.tabs.sendMessage(id, { type: 'page:ping' }, { frameId: 0 });
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }, tabId);
    await popup.goto(`chrome-extension://${session.extensionId}/${popupPath}?tab=${tabId}`);
    const root = popup.locator('.popup:not([data-state="loading"])');
    await root.waitFor({ timeout: 20_000 });
    // the body's images and links have had their chance to fire
    await popup.waitForTimeout(50);
    const marks = await popup.evaluate(() => (window as unknown as { __marks: PopupMarks }).__marks);
    return { state: (await root.getAttribute('data-state')) ?? '', marks };
  };
  const baseline = (await open('/harmless.html')).marks.violations.length;

  const rows: { name: string; state: string; executed: number; blocked: string[]; dangerous: string[] }[] = [];
  const started = performance.now();
  for (const name of NAMES) {
    const { state, marks } = await open(`/xss/${name}.html`);
    const content = await popup.locator('main.content').innerHTML();
    rows.push({
      name,
      state,
      executed: marks.calls.length,
      blocked: marks.violations.slice(baseline),
      dangerous: dangerousConstructs(content).map((f) => `${f.what} in ${f.where}`),
    });
  }
  const seconds = (performance.now() - started) / 1000;

  const executed = rows.reduce((n, r) => n + r.executed, 0) + pwnedHits.length + dialogs.length + errors.length;
  const withArticle = rows.filter((r) => r.state === 'ready').length;
  console.log(
    [
      `XSS corpus in the popup (${seconds.toFixed(1)} s): tried ${rows.length}, article shown ${withArticle}, ` +
        `executed ${executed}, blocked by the CSP ${rows.filter((r) => r.blocked.length).length}, ` +
        `dangerous in the popup DOM ${rows.filter((r) => r.dangerous.length).length}`,
      ...rows.filter((r) => r.state !== 'ready').map((r) => `  ${r.name}: popup state ${r.state}`),
    ].join('\n'),
  );
  expect({ pwnedHits, dialogs, errors, calls: rows.filter((r) => r.executed > 0).map((r) => r.name) }).toEqual({
    pwnedHits: [],
    dialogs: [],
    errors: [],
    calls: [],
  });
  expect(rows.filter((r) => r.blocked.length > 0 || r.dangerous.length > 0)).toEqual([]);
  // the test means something only if the popup showed the articles
  expect(withArticle).toBeGreaterThanOrEqual(rows.length - 2);
  // the markup a title showed is text in the popup
  await open('/xss/title-markup.html');
  expect(await popup.locator('.article-title').innerText()).toContain("<img src=x onerror=pwn('title-markup')>");
  // 72–115 s measured on two cores with a load average of 14–18 (other builds running): a generous limit.
}, 300_000);
