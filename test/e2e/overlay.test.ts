/**
 * The on-page overlay in a real Chromium: the popup's switch draws outlines in a shadow root on the page
 * (which has a positioned <html> and <body>, a strict CSP and rules that try to hide the overlay), hover
 * explains an outline, a re-opened popup knows the overlay is shown, and switching it off leaves the
 * page's DOM exactly as it was.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';
import type { Fixture } from './support/fixture.ts';

const fixture = useExtension();
const PAGE = '/overlay/flood-wall.html';

interface DrawnOutline {
  readonly kind: string;
  readonly selector: string;
  /** The outline's client box and its element's, as [left, top, width, height]. */
  readonly box: readonly number[];
  readonly target: readonly number[] | null;
}

interface OverlayView {
  readonly hostDisplay: string;
  /** The first outline's computed outline style: 'solid' when the shadow root's style sheet applies. */
  readonly outlineStyle: string;
  readonly legend: readonly string[];
  readonly legendBox: readonly number[];
  readonly outlines: readonly DrawnOutline[];
  readonly tooltip: string | null;
}

/** What the overlay drew on `page`, read through its open shadow root; null when there is no host. */
function readOverlay(page: Page): Promise<OverlayView | null> {
  return page.evaluate(() => {
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height];
    };
    const host = [...document.documentElement.children].find((el) => el.localName.startsWith('article-lens-overlay-'));
    const root = host?.shadowRoot;
    if (!host || !root) return null;
    const legend = root.querySelector('.legend');
    const tooltip = root.querySelector<HTMLElement>('[role="tooltip"]');
    const first = root.querySelector('.box');
    return {
      hostDisplay: getComputedStyle(host).display,
      outlineStyle: first ? getComputedStyle(first).outlineStyle : '',
      legend: [...root.querySelectorAll('.legend li, .legend .notes')].map((li) => li.textContent ?? ''),
      legendBox: legend ? rect(legend) : [],
      outlines: [...root.querySelectorAll<HTMLElement>('.box')].map((box) => {
        const target = document.querySelector(box.dataset['selector'] ?? '');
        return { kind: box.dataset['kind'] ?? '', selector: box.dataset['selector'] ?? '', box: rect(box), target: target && rect(target) };
      }),
      tooltip: tooltip && !tooltip.hidden ? tooltip.innerText : null,
    };
  });
}

async function openPopup(f: Fixture, tabId: number): Promise<Page> {
  const popup = await f.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  return popup;
}

/** Hovers the middle of the first outline of `kind` and returns the tooltip's text. */
async function hoverOutline(page: Page, kind: string): Promise<string | null> {
  const outline = (await readOverlay(page))?.outlines.find((o) => o.kind === kind);
  if (!outline) throw new Error(`no ${kind} outline`);
  const [left = 0, top = 0, width = 0, height = 0] = outline.box;
  await page.bringToFront();
  await page.mouse.move(left + width / 2, top + Math.min(height / 2, 12));
  await expect.poll(async () => (await readOverlay(page))?.tooltip ?? null).not.toBeNull();
  return (await readOverlay(page))?.tooltip ?? null;
}

describe('overlay', () => {
  test('the switch outlines the title and body on the page, hover explains them, and switching off restores the DOM', async () => {
    const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}${PAGE}`);
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 60));
    // The page's CSP is in force: a style element the page adds itself does not apply.
    const inlineStyleApplies = await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 7px solid red }';
      document.head.append(style);
      const applies = getComputedStyle(document.body).outlineWidth === '7px';
      style.remove();
      return applies;
    });
    expect(inlineStyleApplies).toBe(false);
    const before = await page.evaluate(() => document.documentElement.outerHTML);

    const popup = await openPopup(fixture, tabId);
    const toggle = popup.locator('[data-action="overlay"]');
    expect(await toggle.innerText()).toBe('Show overlay');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.focus();
    await popup.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await toggle.innerText()).toBe('Hide overlay');

    const view = await readOverlay(page);
    if (!view) throw new Error('no overlay host on the page');
    // The page's rules aimed at overlays (display:none, opacity 0, a covering ::after) do not reach it.
    expect(view.hostDisplay).toBe('block');
    expect(view.outlineStyle).toBe('solid');
    expect(view.legendBox[2]).toBeGreaterThan(0);
    expect(view.legend).toContain('Title 1');
    expect(view.legend).toContain('Body 1');
    const kinds = view.outlines.map((o) => o.kind);
    expect(kinds.filter((k) => k === 'body')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'title')).toHaveLength(1);
    // Every outline sits on its element, although <html> and <body> are positioned and the page is scrolled.
    for (const o of view.outlines) {
      expect(o.target, o.selector).not.toBeNull();
      o.box.forEach((v, i) => expect(Math.abs(v - (o.target?.[i] ?? NaN)), `${o.kind} ${o.selector}`).toBeLessThan(1));
    }
    const covered = await page.evaluate(() => document.elementFromPoint(200, 300)?.localName ?? '');
    expect(covered).not.toMatch(/^article-lens-overlay-/);

    expect(await hoverOutline(page, 'title')).toContain('Title');
    await page.screenshot({ path: `${RESULTS}overlay-on.png`, fullPage: true });

    // A popup opened again re-extracts; the page redraws and the switch opens in the "shown" state.
    await popup.close();
    const again = await openPopup(fixture, tabId);
    const toggleAgain = again.locator('[data-action="overlay"]');
    expect(await toggleAgain.getAttribute('aria-pressed')).toBe('true');
    expect((await readOverlay(page))?.outlines.length).toBe(view.outlines.length);

    await toggleAgain.click();
    await expect.poll(() => toggleAgain.getAttribute('aria-pressed')).toBe('false');
    expect(await toggleAgain.innerText()).toBe('Show overlay');
    expect(await readOverlay(page)).toBeNull();
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
    await again.close();
    await page.close();
    expect(fixture.session.blocked).toEqual([]);
  });

  test('link blocks (menu, related stories, footer) are outlined, counted in the legend, and explained on hover', async () => {
    const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}${PAGE}`);
    await page.setViewportSize({ width: 1100, height: 900 });
    const popup = await openPopup(fixture, tabId);
    const toggle = popup.locator('[data-action="overlay"]');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

    const view = await readOverlay(page);
    const linkBlocks = view?.outlines.filter((o) => o.kind === 'link-block') ?? [];
    await page.screenshot({ path: `${RESULTS}overlay-link-blocks.png`, fullPage: true });
    expect(linkBlocks.length).toBeGreaterThanOrEqual(1);
    // The outlined parts are the menu, the related stories and the footer links: never the article's paragraphs.
    const outlinedText = await page.evaluate(
      (selectors) => selectors.map((s) => document.querySelector(s)?.textContent ?? '').join(' | '),
      linkBlocks.map((o) => o.selector),
    );
    for (const expected of ['Weather', 'Weir repairs begin', 'Willow planting', 'Accessibility']) expect(outlinedText).toContain(expected);
    expect(outlinedText).not.toContain('The new flood wall along the Wend river');
    expect(view?.legend.some((line) => /^Link blocks [1-9]\d* \(1 removed from the body\)/.test(line))).toBe(true);
    // The popup's body left the related stories out.
    expect(await popup.locator('.body-html').innerText()).not.toContain('Weir repairs begin');
    expect(await hoverOutline(page, 'link-block')).toMatch(/^Link block · /);
    await popup.close();
    await page.close();
  });
});
