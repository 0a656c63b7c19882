/**
 * An article inside a declarative shadow root in a real Chromium (issue 40, 11c): the parser attaches the
 * `<template shadowrootmode="open">` as <news-story>'s shadow root, and the popup showed "no article". The
 * content script's walk now reads open shadow roots: the popup shows the story, and the overlay finds its
 * title and body again by their ordinals (inside the root) and outlines them where they are drawn.
 */
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';
import { overlayView } from './support/overlay-view.ts';
import { SHADOW_STORY } from './support/server.ts';

const fixture = useExtension();

test('the popup shows the story of a declarative shadow root, and the overlay outlines it', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/shadow/story.html`);
  await page.setViewportSize({ width: 1000, height: 900 });
  // The parser attached the root: the template is no element of the page.
  expect(
    await page.evaluate(() => {
      const host = document.querySelector('news-story');
      return { attached: host?.shadowRoot?.querySelector('h1') != null, templates: document.querySelectorAll('template').length };
    }),
  ).toEqual({ attached: true, templates: 0 });

  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  expect(await popup.locator('h1').first().innerText()).toBe(SHADOW_STORY.title);
  const body = await popup.locator('.body-html').innerText();
  for (const p of SHADOW_STORY.paragraphs) expect(body).toContain(p);
  expect(body).not.toContain('Copyright');
  await popup.screenshot({ path: `${RESULTS}popup-shadow-story.png` });

  const toggle = popup.locator('[data-action="overlay"]');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(async () => (await overlayView(page)).outlines.length).toBeGreaterThan(0);
  const { outlines } = await overlayView(page);
  // Where the root's title and article are drawn.
  const drawn = await page.evaluate(() => {
    const root = document.querySelector('news-story')?.shadowRoot;
    const rect = (el: Element | null | undefined): number[] => {
      const r = el?.getBoundingClientRect();
      return r ? [r.left, r.top, r.width, r.height] : [];
    };
    return { title: rect(root?.querySelector('h1')), article: rect(root?.querySelector('article')) };
  });
  const title = outlines.find((o) => o.kind === 'title');
  const bodies = outlines.filter((o) => o.kind === 'body');
  expect(title, JSON.stringify(outlines)).toBeDefined();
  expect(bodies.length, JSON.stringify(outlines)).toBeGreaterThan(0);
  title?.box.forEach((v, i) => expect(Math.abs(v - (drawn.title[i] ?? NaN)), 'title outline').toBeLessThan(1));
  // Every body outline lies within the article drawn in the root.
  const [left = 0, top = 0, width = 0, height = 0] = drawn.article;
  for (const o of bodies) {
    const [l = NaN, t = NaN, w = NaN, h = NaN] = o.box;
    expect(l).toBeGreaterThanOrEqual(left - 1);
    expect(t).toBeGreaterThanOrEqual(top - 1);
    expect(l + w).toBeLessThanOrEqual(left + width + 1);
    expect(t + h).toBeLessThanOrEqual(top + height + 1);
  }
  await page.screenshot({ path: `${RESULTS}overlay-shadow-story.png` });
  await popup.close();
  await page.close();
});
