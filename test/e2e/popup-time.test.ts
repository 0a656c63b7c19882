/**
 * What a reader waits for: the popup's time from opening to its article's title, on ten dev pages (the
 * first five of gne and of scrapinghub, read from ../shared/datasets, served on 127.0.0.1 as their sites
 * would serve them, under a Content-Security-Policy that runs none of their scripts; outside requests are
 * blocked). Each page is opened in a
 * fresh tab and the popup opened once on it, so every figure is a first extraction in that tab.
 *
 * Asserted is behaviour only: the popup shows the page as an article with a title, and where the set
 * annotates titles (gne), one that shares most of its words with the gold title. The times are printed and written to
 * test-results/popup-time.md, never asserted (speed is a benchmark's business, and these 2 cores are
 * shared). `BEFORE_DIST=<dir of an earlier build>` loads that build beside this one and measures its popup
 * on the same pages in the same browser, page by page alternating with this build, for a before/after
 * table in one run.
 */
import { isUtf8 } from 'node:buffer';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';

const DATASETS = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));
const SETS = ['gne', 'scrapinghub'] as const;
const PAGES_PER_SET = 5;
const BEFORE_DIST = process.env['BEFORE_DIST'];
const POPUP_TIMEOUT_MS = 60_000;

interface DevPage {
  readonly set: string;
  readonly id: string;
  /** The gold title; null where the set does not annotate titles. */
  readonly title: string | null;
  readonly html: Buffer;
  /** The page's bytes are valid UTF-8 (some gne pages declare gb2312 but were saved as UTF-8). */
  readonly utf8: boolean;
}

function devPages(): DevPage[] {
  const pages: DevPage[] = [];
  for (const set of SETS) {
    const dir = join(DATASETS, set);
    if (!existsSync(join(dir, 'gold.jsonl'))) continue;
    const gold = readFileSync(join(dir, 'gold.jsonl'), 'utf8').split('\n').filter(Boolean).slice(0, PAGES_PER_SET);
    for (const line of gold) {
      const { id, title } = JSON.parse(line) as { id: string; title: string | null };
      const html = readFileSync(join(dir, 'pages', `${id}.html`));
      pages.push({ set, id, title, html, utf8: isUtf8(html) });
    }
  }
  return pages;
}

const PAGES = devPages();
const fixture = useExtension(BEFORE_DIST ? { alsoLoad: [BEFORE_DIST] } : {});
let origin = '';
const server = createServer((req, res) => {
  const page = PAGES.find((p) => req.url === `/${p.set}/${p.id}.html`);
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  // As a server that knows its files: UTF-8 bytes are said to be UTF-8, others left to the page's declaration.
  // The pages' own scripts are kept from running (their requests are blocked here, and half-run they race
  // the extraction: a page hidden until its scripts load would be read in some runs and not in others).
  res
    .writeHead(200, {
      'content-type': page.utf8 ? 'text/html; charset=utf-8' : 'text/html',
      'content-security-policy': "script-src 'none'",
    })
    .end(page.html);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Words of a title, for a loose comparison (sites decorate titles; Chinese titles are compared by characters). */
const words = (title: string): Set<string> =>
  new Set(
    title
      .toLowerCase()
      .split(/[\s\p{P}]+|(?<=\p{Script=Han})|(?=\p{Script=Han})/u)
      .filter(Boolean),
  );

interface Timing {
  readonly page: string;
  readonly build: string;
  readonly ms: number;
  readonly title: string;
}
const timings: Timing[] = [];

/** Opens `page` in a fresh tab, then the popup of build `extensionId` on it; the ms until its title shows. */
async function timeToTitle(page: DevPage, build: string, extensionId?: string): Promise<Timing> {
  const { page: tab, tabId } = await fixture.session.openTab(`${origin}/${page.set}/${page.id}.html`, POPUP_TIMEOUT_MS);
  await tab.waitForLoadState('load');
  const started = Date.now();
  const popup: Page = await fixture.session.openPopup(tabId, extensionId);
  await popup.locator('.article-title').waitFor({ state: 'visible', timeout: POPUP_TIMEOUT_MS });
  const ms = Date.now() - started;
  expect(await settledState(popup, POPUP_TIMEOUT_MS)).toBe('ready');
  const title = await popup.locator('.article-title').innerText();
  await popup.close();
  await tab.close();
  const timing = { page: `${page.set}/${page.id}`, build, ms, title };
  timings.push(timing);
  return timing;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

describe.runIf(PAGES.length > 0)('the popup on ten dev pages', () => {
  test.each(PAGES.map((p) => [`${p.set}/${p.id}`, p] as const))('%s: the popup shows its article and title', async (_label, page) => {
    const builds: [string, string | undefined][] = [['this build', undefined]];
    const before = fixture.session.alsoLoaded[0];
    if (BEFORE_DIST && before) builds.push(['BEFORE_DIST build', before]);
    // Alternate which build goes first from page to page, so that neither always meets a warmer browser.
    if (PAGES.indexOf(page) % 2) builds.reverse();
    for (const [build, id] of builds) {
      const { title } = await timeToTitle(page, build, id);
      expect(title.trim(), `${build}: a title`).not.toBe('');
      if (page.title === null) continue;
      const gold = words(page.title);
      const shared = [...words(title)].filter((w) => gold.has(w)).length;
      expect(shared / Math.max(1, gold.size), `${build}: "${title}" against the gold "${page.title}"`).toBeGreaterThan(0.5);
    }
  });

  afterAll(() => {
    const builds = [...new Set(timings.map((t) => t.build))];
    const rows = PAGES.map((p) => {
      const label = `${p.set}/${p.id}`;
      return `| ${label} | ${builds.map((b) => timings.find((t) => t.page === label && t.build === b)?.ms ?? '–').join(' | ')} |`;
    });
    const medians = builds.map((b) => median(timings.filter((t) => t.build === b).map((t) => t.ms)));
    const table = [
      `Popup: ms from opening to the title shown (first extraction in a fresh tab), ${new Date().toISOString()}`,
      '',
      `| page | ${builds.join(' | ')} |`,
      `|---|${builds.map(() => '---').join('|')}|`,
      ...rows,
      `| **median** | ${medians.map((m) => `**${m}**`).join(' | ')} |`,
      '',
    ].join('\n');
    writeFileSync(join(RESULTS, 'popup-time.md'), table);
    console.log(table);
  });
});
