/**
 * Method 4 in a real Chromium (issue 14, part 3): with "Compare with another page of this site" on, the
 * content script fetches the page's best similar URL (same origin, no host permission), renders it hidden
 * and sandboxed, and the core diffs the two pages. On a fake news site whose article pages share a template
 * — header and menu, a "Most read" box, a footer, and a share line and a corrections note inside the
 * article container, which the plain extraction keeps in the body — the template leaves the body, the
 * article stays, the popup names the compared page, and the overlay outlines the template blocks; all
 * under a strict Content-Security-Policy. A page with no similar link and one whose similar link is a 404
 * get their own line.
 */
import type { Page } from 'playwright-core';
import type { SimilarPageReport } from '../../src/core/types.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';
import type { Outline } from './support/overlay-view.ts';
import { hoverOutline, overlayView, withShift } from './support/overlay-view.ts';
import type { Listening } from './support/server.ts';
import { listenLocally } from './support/server.ts';

const fixture = useExtension();

const ARTICLE = '/news/2026-11-20/1001.html';
const SIMILAR = '/news/2026-11-21/1002.html';
const LONELY = '/news/2026-11-22/1003.html';
const BROKEN = '/news/2026-11-23/1004.html';
const MISSING = '/news/2026-11-24/1005.html';

/**
 * A template line inside the article's own container, the last paragraph of every story: the plain
 * extraction keeps it in the body (nothing on the page alone tells it from the story).
 */
const FUND_LINE = 'Reporting on the harbour is supported by the Coastal Journalism Fund, which has no say over what we write or publish.';
/** Template lines after the story in the article element (the plain extraction already leaves these out). */
const SHARE_LINE = 'Share this story with your neighbours, and tell us what you saw on the quay this week.';
const CORRECTIONS = 'The Courier corrects its mistakes in print and online; write to the news desk if you find one in this report.';
/** Template outside the body. */
const FOOTER = 'The Harbour Courier, published in Port Avel since 1911.';

const SITE_CSS = `
body { margin: 0; font: 16px/1.5 Georgia, serif; color: #222; background: #fff; }
.site-header { background: #123; color: #fff; padding: 14px 24px; }
.site-header .logo { color: #fff; font-size: 26px; font-weight: bold; text-decoration: none; }
.menu { margin-top: 6px; }
.menu a { color: #cde; margin-right: 16px; font: 14px sans-serif; }
.wrap { display: flex; gap: 32px; max-width: 980px; margin: 24px auto; padding: 0 16px; }
.story { flex: 1 1 640px; min-width: 0; }
.sidebar { flex: 0 0 260px; border-left: 1px solid #ddd; padding-left: 16px; font: 14px sans-serif; }
.sidebar h2 { font-size: 16px; }
.share, .corrections { font: italic 14px sans-serif; color: #555; border-top: 1px solid #eee; padding-top: 8px; }
footer { background: #eee; padding: 16px 24px; font: 13px sans-serif; }
`;

interface Story {
  readonly title: string;
  readonly author: string;
  readonly day: string;
  readonly paragraphs: readonly string[];
}

const STORIES: Readonly<Record<string, Story>> = {
  [ARTICLE]: {
    title: 'Harbour crane returns to work after a year of repairs',
    author: 'Ines Marlow',
    day: '2026-11-20',
    paragraphs: [
      'The old harbour crane lifted its first container in more than a year on Thursday morning, watched by dock workers who had campaigned to keep it.',
      'Engineers replaced the rusted slewing ring and rewired the cab, which had been flooded during the storms of last winter.',
      'The port authority said the repairs cost less than half the price of a new crane, and that the work was done by local firms.',
      'Dock workers cheered as the first load, a container of timber bound for the sawmill upriver, swung onto a waiting lorry.',
      'The crane will work three shifts a week until the spring, when the new ferry berth opens beside it.',
    ],
  },
  [SIMILAR]: {
    title: 'Winter ferry timetable cuts the late crossing',
    author: 'Tomas Reyes',
    day: '2026-11-21',
    paragraphs: [
      'The ferry operator will drop the last evening crossing from December, leaving commuters who work late with a long drive round the bay.',
      'Passengers said the change was announced without warning, and that the late boat was often full on Fridays.',
      'The operator blamed the cost of fuel and a shortage of crew, and promised to restore the crossing if numbers rise in spring.',
      'Councillors will ask the operator to explain the decision at a public meeting in the town hall next month.',
    ],
  },
  [LONELY]: {
    title: 'Lighthouse keeper’s cottage opens as a museum',
    author: 'Ada Quill',
    day: '2026-11-22',
    paragraphs: [
      'The cottage where three generations of keepers lived beside the lighthouse opened to visitors on Saturday as a small museum.',
      'Volunteers restored the kitchen and the lamp room, and collected photographs from families along the coast.',
      'The museum is open at weekends through the winter, and schools may book visits on weekdays.',
    ],
  },
  [BROKEN]: {
    title: 'Fish market moves indoors for the winter',
    author: 'Ines Marlow',
    day: '2026-11-23',
    paragraphs: [
      'The Saturday fish market will move into the old net loft from next week, after traders complained about the wind on the open quay.',
      'The loft has room for twelve stalls, two more than the quay, and the council has fitted new drains and lighting.',
      'Traders said they hoped the move would bring back customers who had stayed away during the autumn gales.',
    ],
  },
};

/** The "Most read" box: the same on every article page; `withLinkTo` adds a link to that story first. */
function mostRead(withLinkTo: string | null): string {
  const items = [
    ...(withLinkTo ? [`<li><a href="${withLinkTo}">Winter ferry timetable cuts the late crossing</a></li>`] : []),
    '<li><a href="/topics/harbour.html">Everything about the harbour</a></li>',
    '<li><a href="/topics/weather.html">Storm warnings for the coast</a></li>',
    '<li><a href="/topics/schools.html">School places in the district</a></li>',
    '<li><a href="/topics/letters.html">Letters to the editor</a></li>',
  ];
  return `<aside class="sidebar"><h2>Most read</h2><ol>${items.join('')}</ol></aside>`;
}

/** An article page of the site: its story in the site's template. */
function articlePage(story: Story, similarLink: string | null): string {
  const paragraphs = story.paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${story.title} | The Harbour Courier</title>
<link rel="stylesheet" href="/static/site.css"></head>
<body>
<header class="site-header"><a class="logo" href="/">The Harbour Courier</a>
<nav class="menu"><a href="/news/">News</a><a href="/sport/">Sport</a><a href="/business/">Business</a><a href="/culture/">Culture</a><a href="/weather/">Weather</a></nav></header>
<div class="wrap">
<main class="story"><article class="article">
<h1>${story.title}</h1>
<p class="byline">By ${story.author}, <time datetime="${story.day}T09:00:00Z">${story.day}</time></p>
<div class="article-body">
${paragraphs}
<p>${FUND_LINE}</p>
</div>
<p class="share">${SHARE_LINE}</p>
<p class="corrections">${CORRECTIONS}</p>
</article></main>
${mostRead(similarLink)}
</div>
<footer><p>${FOOTER}</p><p><a href="/about.html">About us</a> <a href="/contact.html">Contact</a> <a href="/privacy.html">Privacy</a></p></footer>
</body></html>`;
}

const PAGES: Readonly<Record<string, string>> = {
  [ARTICLE]: articlePage(STORIES[ARTICLE]!, SIMILAR),
  // The similar page links to itself in its "Most read" box: the same template, no other similar page.
  [SIMILAR]: articlePage(STORIES[SIMILAR]!, SIMILAR),
  [LONELY]: articlePage(STORIES[LONELY]!, null),
  [BROKEN]: articlePage(STORIES[BROKEN]!, MISSING),
};

/** As strict as many news sites: no inline script or style, no frames of other origins. */
const CSP = "default-src 'self'; style-src 'self'; img-src 'self'";

let site: Listening | null = null;
const requests: string[] = [];

beforeAll(async () => {
  site = await listenLocally((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    const page = PAGES[path];
    if (page)
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': CSP })
        .end(page);
    else if (path === '/static/site.css') res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8' }).end(SITE_CSS);
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
});
afterAll(async () => {
  await site?.close();
});

function siteUrl(path: string): string {
  if (!site) throw new Error('site not started');
  return `${site.origin}${path}`;
}

async function openArticle(path: string): Promise<{ readonly page: Page; readonly popup: Page; readonly tabId: number }> {
  const { page, tabId } = await fixture.session.openTab(siteUrl(path));
  await page.setViewportSize({ width: 1100, height: 900 });
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  return { page, popup, tabId };
}

/** Extracts `tabId` as the popup does (from an extension page) and returns the Article's method-4 report. */
async function similarReport(extensionPage: Page, tabId: number): Promise<SimilarPageReport> {
  return extensionPage.evaluate(async (id) => {
    const reply = (await chrome.tabs.sendMessage(id, { type: 'page:extract' }, { frameId: 0 })) as {
      value: { article: { similarPage: SimilarPageReport } };
    };
    return reply.value.article.similarPage;
  }, tabId);
}

const bodyText = (popup: Page): Promise<string> => popup.locator('.body').innerText();
const similarSwitch = (popup: Page) => popup.locator('[data-action="similar-page"]');
const similarLine = (popup: Page) => popup.locator('.similar-page-line');

describe('compare with another page of this site', () => {
  test('off by default: the plain extraction keeps the template lines inside the article, and nothing is fetched', async () => {
    const { page, popup } = await openArticle(ARTICLE);
    expect(await similarSwitch(popup).isChecked()).toBe(false);
    expect(await similarLine(popup).count()).toBe(0);
    const body = await bodyText(popup);
    expect(body).toContain('The old harbour crane lifted its first container');
    // What the comparison must take out: the plain extraction keeps it (so the test below can fail).
    expect(body).toContain(FUND_LINE);
    expect(requests).not.toContain(SIMILAR);
    await popup.close();
    await page.close();
  });

  test('on: the similar page is fetched and compared; the template leaves the body, the overlay outlines it', async () => {
    const { page, popup, tabId } = await openArticle(ARTICLE);
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    const styleSheets = requests.filter((p) => p === '/static/site.css').length;
    await similarSwitch(popup).check();
    // Switching extracts again, now with the similar page.
    await expect.poll(() => similarLine(popup).count(), { timeout: 20_000 }).toBe(1);
    expect(await settledState(popup)).toBe('ready');
    expect(await similarSwitch(popup).isChecked()).toBe(true);
    const line = await similarLine(popup).innerText();
    expect(line).toMatch(
      new RegExp(
        `^Compared with ${SIMILAR.replaceAll('.', '\\.')}: \\d+ text blocks are the site’s template, [1-9]\\d* of them left the body\\.$`,
      ),
    );
    expect(await similarLine(popup).getAttribute('title')).toBe(siteUrl(SIMILAR));
    expect(await similarLine(popup).getAttribute('data-status')).toBe('used');
    expect(requests.filter((p) => p === SIMILAR)).toHaveLength(1);
    // Rendered with the site's style sheet (the <base> of the similar page), with real boxes on both sides.
    expect(requests.filter((p) => p === '/static/site.css').length).toBeGreaterThan(styleSheets);
    const report = await similarReport(popup, tabId);
    expect(report).toMatchObject({ status: 'used', url: siteUrl(SIMILAR), layout: true });
    expect(report.nodes?.similar).toBeGreaterThan(30);
    expect(report.candidates[0]?.url).toBe(siteUrl(SIMILAR));
    expect(report.fetchMs).toBeGreaterThan(0);

    const body = await bodyText(popup);
    for (const p of STORIES[ARTICLE]!.paragraphs) expect(body).toContain(p);
    expect(body).not.toContain(FUND_LINE);
    expect(body).not.toContain(SHARE_LINE);
    expect(body).not.toContain(CORRECTIONS);
    expect(body).not.toContain('Most read');
    // The hidden frame is gone, and the page is as it was.
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
    await popup.screenshot({ path: `${RESULTS}similar-page-popup.png` });

    const toggle = popup.locator('[data-action="overlay"]');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const view = await overlayView(page);
    const templates = view.outlines.filter((o) => o.kind === 'template');
    expect(templates.length).toBeGreaterThanOrEqual(2);
    expect(view.legend).toContainEqual(expect.stringMatching(new RegExp(`^Template blocks ${templates.length}\\b`)));
    const texts = await page.evaluate(
      (sels) => sels.map((s) => document.querySelector(s)?.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
      templates.map((o) => o.selector),
    );
    expect(texts).toContain(FUND_LINE);
    // Only template: never the story's own text.
    for (const t of texts) expect(t).not.toContain('harbour crane lifted');
    await page.screenshot({ path: `${RESULTS}similar-page-overlay.png`, fullPage: true });

    const fund = templates[texts.indexOf(FUND_LINE)] as Outline;
    // The reader's words first; the core's reason and numbers behind Shift.
    expect(await hoverOutline(page, fund)).toMatch(/^Template block/);
    expect(await withShift(page)).toMatch(/template: matched the similar page whole; 1 text block\(s\) of the body left with it/);
    await page.mouse.move(1, 1);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await popup.close();
    await page.close();
    expect(fixture.session.blocked).toEqual([]);
  });

  test('a page without a similar link says so', async () => {
    const { page, popup } = await openArticle(LONELY);
    expect(await similarSwitch(popup).isChecked()).toBe(true);
    expect(await similarLine(popup).innerText()).toBe(
      'Not compared: no link of this page leads to another page of this site with the same address pattern.',
    );
    expect(await similarLine(popup).getAttribute('data-status')).toBe('unavailable');
    expect(await bodyText(popup)).toContain('The cottage where three generations of keepers lived');
    // The options page shows the same remembered switch.
    const options = await fixture.session.context.newPage();
    await options.goto(`chrome-extension://${fixture.session.extensionId}/src/options/index.html`);
    await expect.poll(() => options.getByLabel('Compare with another page of this site').isChecked()).toBe(true);
    await options.close();
    await popup.close();
    await page.close();
  });

  test('a similar link that is a 404 says so, and the article is still extracted', async () => {
    const { page, popup } = await openArticle(BROKEN);
    expect(await similarLine(popup).innerText()).toBe(`Not compared: ${MISSING} could not be fetched (HTTP 404).`);
    expect(await similarLine(popup).getAttribute('data-status')).toBe('unavailable');
    expect(requests).toContain(MISSING);
    const body = await bodyText(popup);
    expect(body).toContain('The Saturday fish market will move into the old net loft');
    // Not compared: the template line stays, as without the switch.
    expect(body).toContain(FUND_LINE);
    expect(await page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);

    // Off again: no line, and the next extraction fetches nothing.
    const fetched = requests.length;
    await similarSwitch(popup).uncheck();
    await expect.poll(() => similarLine(popup).count()).toBe(0);
    expect(await settledState(popup)).toBe('ready');
    expect(await similarSwitch(popup).isChecked()).toBe(false);
    expect(requests.slice(fetched)).not.toContain(MISSING);
    await popup.close();
    await page.close();
  });
});
