/**
 * The publication time chosen by the date classifier (method 3, §3.7), in a real Chromium with the built
 * extension, on news pages full of other dates: a related-stories list with dates in its links, comment
 * times, a "Last updated" line, a date in the body, a footer year. The popup must show the byline's time
 * with a confidence; its "why" must say in plain words that it was picked among the page's dates and
 * where it was read, and its folded details must name the classifier with its decision value and list
 * runner-ups that scored lower. An English page in the English UI, a Chinese page (发布时间 under the headline,
 * 昨天 09:27 comments) in the Chinese UI.
 *
 * The pages are served by a server of this file (the shared one in support/server.ts serves the samples).
 * Needs the trained model in src/core/date-svm/default-model.json: a placeholder that answers no
 * candidate positive gives the structured fallback (English) or no date (Chinese), and these tests fail.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useFileServer } from './support/file-server.ts';
import type { Fixture } from './support/fixture.ts';
import { RESULTS, metaValue, settledState, useExtension, whyButton } from './support/fixture.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));

/** Path on the server → fixture file. No dates in the paths: the URL must not give the answer away. */
const PAGES: Readonly<Record<string, string>> = {
  '/culture/river-festival-returns.html': 'published-time-en.html',
  '/news/qingshi-dragon-boats.htm': 'published-time-zh.html',
};

const server = useFileServer((path) => {
  const file = PAGES[path];
  return file ? `${FIXTURES}${file}` : null;
});

/** Opens `path` of this file's server in a tab and the popup for it; waits for the article. */
async function popupAt(fixture: Fixture, path: string): Promise<Page> {
  const { tabId } = await fixture.session.openTab(`${server.origin}${path}`);
  const popup = await fixture.session.openPopup(tabId);
  const state = await settledState(popup);
  if (state !== 'ready') throw new Error(`popup state ${state}: ${await popup.locator('.popup').innerText()}`);
  return popup;
}

/**
 * Opens the why with the keyboard (focus, Enter), then its folded details (focus the summary, Enter);
 * returns the reader's lines, the details' lines and their bulleted runner-up lines.
 */
async function openWhy(popup: Page, name: string): Promise<{ reader: string[]; lines: string[]; items: string[] }> {
  const why = whyButton(popup, 'published', name);
  expect(await why.getAttribute('aria-expanded')).toBe('false');
  await why.focus();
  await popup.keyboard.press('Enter');
  expect(await why.getAttribute('aria-expanded')).toBe('true');
  const reader = await popup.locator('.why > .why-line').allInnerTexts();
  const summary = popup.locator('.why-details > summary');
  await summary.focus();
  await popup.keyboard.press('Enter');
  await expect.poll(() => popup.locator('.why-details').getAttribute('open')).not.toBeNull();
  return {
    reader,
    lines: await popup.locator('.why-details .why-line').allInnerTexts(),
    items: await popup.locator('.why-details .why-item').allInnerTexts(),
  };
}

/** A decision value as the popup writes it ("1.83", "−0.42"). */
const decisionOf = (text: string): number => Number(text.replace('−', '-'));

describe('English page in the English UI', () => {
  const fixture = useExtension();

  test('the byline time, with its confidence, chosen by the classifier over the related, comment, updated and footer dates', async () => {
    const popup = await popupAt(fixture, '/culture/river-festival-returns.html');
    expect(await popup.locator('.article-title').innerText()).toBe('River festival returns to Altstadt after five years');

    expect(await metaValue(popup, 'published')).toContain('2019-05-13 10:20');
    expect(await popup.locator('.published time').getAttribute('datetime')).toMatch(/^2019-05-13T10:20/);
    const confidence = await popup.locator('.published .confidence').innerText();
    expect(confidence).toMatch(/^\d+% confidence$/);
    // A positive decision value: the logistic confidence is above one half.
    expect(Number.parseInt(confidence, 10)).toBeGreaterThan(50);

    const { reader, lines, items } = await openWhy(popup, 'Why?');
    // The reader's words: how many dates, where it was read, the text; no decision values, no element paths.
    expect(reader[0]).toMatch(/^Of the \d+ dates on the page, this one is the most likely publication time\.$/);
    expect(
      reader.some((l) => /^Read from the page: “[^”]*10:20[^”]*”$/.test(l) || /^Read from the page's (meta tag|structured data)/.test(l)),
      reader.join('\n'),
    ).toBe(true);
    for (const l of reader) expect(l).not.toMatch(/decision value|[<>]/);
    const chosen = /^Chosen by the date classifier: decision value (\d+\.\d\d), the highest of (\d+) date candidates on the page\.$/.exec(
      lines[0] ?? '',
    );
    expect(chosen, lines.join('\n')).not.toBeNull();
    const decision = decisionOf(chosen?.[1] ?? '');
    expect(decision).toBeGreaterThan(0);
    // The byline, the update line, three comments, four related stories, the body's 19 May at least.
    expect(Number(chosen?.[2])).toBeGreaterThanOrEqual(10);
    expect(lines[1]).toMatch(/^Read from .+ \(.+\)\.$/);
    expect(lines).toContain('Runner-ups:');

    expect(items.length).toBeGreaterThanOrEqual(1);
    expect(items.length).toBeLessThanOrEqual(3);
    const runnerUps = items.map((item) => /^(.+?): decision value (−?\d+\.\d\d) \((.+)\)$/.exec(item));
    for (const [i, r] of runnerUps.entries()) {
      expect(r, items[i]).not.toBeNull();
      expect(r?.[1]).not.toMatch(/^2019-05-13 10:20/);
      expect(decisionOf(r?.[2] ?? '')).toBeLessThanOrEqual(decision);
    }
    expect(new Set(runnerUps.map((r) => r?.[1])).size).toBe(items.length);

    await popup.screenshot({ path: `${DOCS}popup-date-why.png` });
    expect(fixture.session.blocked).toEqual([]);
  });
});

describe('Chinese page in the Chinese UI', () => {
  const fixture = useExtension({ locale: 'zh-CN' });

  test('发布时间 under the headline, chosen by the classifier over the related list and the 昨天 comment times', async () => {
    const popup = await popupAt(fixture, '/news/qingshi-dragon-boats.htm');
    expect(await popup.locator('.article-title').innerText()).toBe('青石镇举办首届龙舟节 两千村民齐聚河畔');

    expect(await metaValue(popup, 'published')).toContain('2019-05-07 10:20');
    const confidence = await popup.locator('.published .confidence').innerText();
    expect(confidence).toMatch(/^置信度 \d+%$/);
    expect(Number(/\d+/.exec(confidence)?.[0])).toBeGreaterThan(50);

    const { reader, lines, items } = await openWhy(popup, '依据');
    expect(reader[0]).toMatch(/^页面上有 \d+ 个日期，这一个最可能是发布时间。$/);
    for (const l of reader) expect(l).not.toMatch(/决策值|[<>]/);
    const chosen = /^由日期分类器选出：决策值 (\d+\.\d\d)，是页面上 (\d+) 个日期候选中最高的。$/.exec(lines[0] ?? '');
    expect(chosen, lines.join('\n')).not.toBeNull();
    const decision = decisionOf(chosen?.[1] ?? '');
    expect(decision).toBeGreaterThan(0);
    expect(lines.filter((l) => /^原文：“[^”]*2019-05-07 10:20[^”]*”$/.test(l))).toHaveLength(1);
    expect(lines).toContain('其余候选：');
    expect(items.length).toBeGreaterThanOrEqual(1);
    for (const item of items) {
      const r = /^(.+?)：决策值 (−?\d+\.\d\d)（(.+)）$/.exec(item);
      expect(r, item).not.toBeNull();
      expect(r?.[1]).not.toMatch(/^2019-05-07 10:20/);
      expect(decisionOf(r?.[2] ?? '')).toBeLessThanOrEqual(decision);
    }

    await popup.screenshot({ path: `${RESULTS}popup-date-why-zh.png` });
  });
});
