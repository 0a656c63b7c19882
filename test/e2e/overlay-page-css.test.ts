/**
 * The overlay against the page's own CSS, in a real Chromium: adding its host must not change which
 * elements the page's structural rules (`:root > :last-child`, `body > :first-child`, …) select, so no
 * page element moves or restyles; and the outlines must sit on their elements when the page scales or
 * zooms `<html>` or `<body>` (CSS `transform`, `zoom`).
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { RESULTS, useExtension } from './support/fixture.ts';

const fixture = useExtension();

/** Shows or hides the overlay in `tabId` as the popup's switch does; returns the outlines drawn. */
async function overlay(tabId: number, show: boolean): Promise<number> {
  const reply = await fixture.session.worker.evaluate(
    async ({ id, show }) =>
      (await chrome.tabs.sendMessage(id, { type: 'page:overlay', show })) as { ok: boolean; value?: { drawn: number } },
    { id: tabId, show },
  );
  if (!reply.ok) throw new Error('page:overlay failed');
  return reply.value?.drawn ?? 0;
}

interface ElementState {
  readonly name: string;
  readonly rect: readonly number[];
  readonly style: string;
}

/** Box and a few computed properties of every page element (the overlay's host left out). */
function pageState(page: Page): Promise<ElementState[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((el) => !el.localName.startsWith('article-lens-overlay-'))
      .map((el, i) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        const style = [s.display, s.margin, s.padding, s.borderTopWidth, s.borderBottomWidth, s.letterSpacing, s.position].join(' ');
        return { name: `${i}:${el.localName}${el.id ? `#${el.id}` : ''}`, rect: [r.left, r.top, r.width, r.height], style };
      }),
  );
}

function changed(before: readonly ElementState[], after: readonly ElementState[]): string[] {
  expect(after.map((e) => e.name)).toEqual(before.map((e) => e.name));
  return before
    .filter((b, i) => {
      const a = after[i];
      return !a || a.style !== b.style || b.rect.some((v, k) => Math.abs(v - (a.rect[k] ?? NaN)) > 0.01);
    })
    .map((b) => b.name);
}

/** The largest distance, over every outline and every edge, between an outline and its element's box. */
function outlineError(page: Page): Promise<{ readonly drawn: number; readonly maxPx: number; readonly worst: string }> {
  return page.evaluate(() => {
    const host = [...document.documentElement.children].find((el) => el.localName.startsWith('article-lens-overlay-'));
    const boxes = [...(host?.shadowRoot?.querySelectorAll<HTMLElement>('.box') ?? [])];
    let maxPx = 0;
    let worst = '';
    for (const box of boxes) {
      const target = document.querySelector(box.dataset['selector'] ?? '');
      if (!target) continue;
      const a = box.getBoundingClientRect();
      const b = target.getBoundingClientRect();
      const d = Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top), Math.abs(a.right - b.right), Math.abs(a.bottom - b.bottom));
      if (d > maxPx) [maxPx, worst] = [d, box.dataset['selector'] ?? ''];
    }
    return { drawn: boxes.length, maxPx, worst };
  });
}

test("adding the overlay does not change which elements the page's structural rules select", async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/overlay/structure.html`);
  await page.setViewportSize({ width: 1100, height: 900 });
  const before = await pageState(page);
  // The rules keyed on <html>'s last child apply to <body> on the page as served.
  expect(await page.evaluate(() => getComputedStyle(document.body).borderBottomWidth)).toBe('9px');

  expect(await overlay(tabId, true)).toBeGreaterThan(3);
  const moved = changed(before, await pageState(page));
  console.log(`structural rules: ${moved.length} of ${before.length} page elements moved or restyled with the overlay shown`);
  expect(moved).toEqual([]);
  await page.screenshot({ path: `${RESULTS}overlay-structure.png` });
  await overlay(tabId, false);
  expect(changed(before, await pageState(page))).toEqual([]);
  await page.close();
});

const SCALINGS: readonly (readonly [string, string, string])[] = [
  ['html', 'transform', 'scale(0.8)'],
  ['html', 'transform', 'translate(40px, 25px) scale(1.25)'],
  ['html', 'zoom', '1.5'],
  ['html', 'zoom', '0.75'],
  ['body', 'transform', 'scale(1.3)'],
  ['body', 'zoom', '1.4'],
];

test.each(SCALINGS)('outlines sit on their elements when the page sets %s { %s: %s }', async (element, property, value) => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/overlay/flood-wall.html`);
  await page.setViewportSize({ width: 1100, height: 900 });
  // Through the CSSOM, which the page's CSP (no inline styles) allows, as the page's own script would.
  await page.evaluate(
    ({ element, property, value }) => {
      const el = element === 'html' ? document.documentElement : document.body;
      el.style.setProperty(property, value);
      window.scrollTo(0, 120);
    },
    { element, property, value },
  );
  expect(await overlay(tabId, true)).toBeGreaterThan(3);
  const error = await outlineError(page);
  console.log(
    `${element} { ${property}: ${value} }: ${error.drawn} outlines, largest offset ${error.maxPx.toFixed(2)} px (${error.worst})`,
  );
  await page.screenshot({ path: `${RESULTS}overlay-${element}-${property}-${value.replace(/[^\w.]+/g, '_')}.png` });
  expect(error.maxPx).toBeLessThan(1);

  // Hovering the title's outline explains it, with the tooltip next to the pointer (14 px below right).
  const title = await page.evaluate(() => {
    const h1 = document.querySelector('h1');
    h1?.scrollIntoView({ block: 'center' });
    const r = h1?.getBoundingClientRect();
    return r ? { x: Math.max(r.left, 0) + 30, y: r.top + r.height / 2 } : null;
  });
  if (!title) throw new Error('no title on the page');
  await page.bringToFront();
  await page.mouse.move(title.x, title.y);
  const tip = () =>
    page.evaluate(() => {
      const host = [...document.documentElement.children].find((el) => el.localName.startsWith('article-lens-overlay-'));
      const el = host?.shadowRoot?.querySelector<HTMLElement>('[role="tooltip"]');
      if (!el || el.hidden) return null;
      const r = el.getBoundingClientRect();
      return { heading: el.firstElementChild?.textContent ?? '', left: r.left, top: r.top };
    });
  await expect.poll(async () => (await tip())?.heading).toBe('Title');
  const shown = await tip();
  expect(Math.abs((shown?.left ?? NaN) - (title.x + 14))).toBeLessThan(1);
  expect(Math.abs((shown?.top ?? NaN) - (title.y + 14))).toBeLessThan(1);
  await overlay(tabId, false);
  await page.close();
});
