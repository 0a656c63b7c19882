/**
 * What the overlay shows on a page, read from its shadow root: every outline (kind, the element it
 * outlines, its box), the legend's lines, and the tooltip's text when it is shown; and a hover over an
 * outline that waits for the tooltip.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Outline {
  readonly kind: string;
  readonly selector: string;
  readonly box: readonly number[];
}

export interface OverlayView {
  readonly outlines: Outline[];
  readonly legend: string[];
  readonly tooltip: string | null;
}

export async function overlayView(page: Page): Promise<OverlayView> {
  return page.evaluate(() => {
    const host = [...document.documentElement.children].find((el) => el.localName.startsWith('article-lens-overlay-'));
    const root = host?.shadowRoot;
    const tooltip = root?.querySelector<HTMLElement>('[role="tooltip"]');
    return {
      outlines: [...(root?.querySelectorAll<HTMLElement>('.box') ?? [])].map((box) => {
        const r = box.getBoundingClientRect();
        return { kind: box.dataset['kind'] ?? '', selector: box.dataset['selector'] ?? '', box: [r.left, r.top, r.width, r.height] };
      }),
      legend: [...(root?.querySelectorAll('.legend li') ?? [])].map((li) => li.textContent ?? ''),
      tooltip: tooltip && !tooltip.hidden ? tooltip.innerText : null,
    };
  });
}

/** Moves the pointer onto `o` (near its top, inside it) and returns the tooltip's text once it shows. */
export async function hoverOutline(page: Page, o: Outline): Promise<string> {
  const [left = 0, top = 0, width = 0, height = 0] = o.box;
  await page.bringToFront();
  await page.mouse.move(left + width / 2, top + Math.min(height / 2, 8));
  await expect.poll(async () => (await overlayView(page)).tooltip).not.toBeNull();
  return (await overlayView(page)).tooltip ?? '';
}

/**
 * With the pointer on an outline: holds Shift, returns the tooltip's text once it shows the figures behind
 * the reader's words (the core's reason and numbers), and lets Shift go.
 */
export async function withShift(page: Page): Promise<string> {
  const before = (await overlayView(page)).tooltip;
  await page.keyboard.down('Shift');
  try {
    await expect.poll(async () => (await overlayView(page)).tooltip).not.toBe(before);
    return (await overlayView(page)).tooltip ?? '';
  } finally {
    await page.keyboard.up('Shift');
  }
}
