/**
 * Issue 42: the popup on pages that are not articles, in a real Chromium with the built extension — a recipe
 * (schema.org Recipe) and a team roster (two data tables). The page type shows as a small label, and the body
 * shows the content as lists and a table, with the site's furniture left out. Screenshots go to the
 * system's temporary folder (article-lens-page-types/) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { popupFor, useExtension } from './support/fixture.ts';

/** Screenshots for a person to look at: outside the repository. */
const SHOTS = join(tmpdir(), 'article-lens-page-types');
mkdirSync(SHOTS, { recursive: true });

const fixture = useExtension();

describe('popup on pages that are not articles', () => {
  test('a recipe: labelled Recipe, its ingredients and steps shown as lists', async () => {
    const { popup } = await popupFor(fixture, '/kitchen/lemon-barley-soup.html');
    const label = popup.locator('.page-type');
    await expect.poll(() => label.innerText()).toBe('Recipe');
    expect(await label.getAttribute('data-page-type')).toBe('recipe');
    expect(await label.getAttribute('title')).toBe('Page type: JSON-LD @type Recipe');
    const items = await popup.locator('.body-html ul li').allInnerTexts();
    expect(items).toContain('1 cup pearl barley, rinsed');
    expect(items).toHaveLength(7);
    const steps = await popup.locator('.body-html ol li').allInnerTexts();
    expect(steps).toEqual([
      'Warm the oil in a large pot and soften the onion and carrots',
      'Add the barley and stir for two minutes',
      'Pour in the stock and simmer for forty minutes',
      'Stir in the lemon zest and juice and season well',
    ]);
    const body = await popup.locator('.body-html').innerText();
    for (const furniture of ['Newsletter', 'Privacy', 'Soups']) expect(body).not.toContain(furniture);
    await popup.screenshot({ path: join(SHOTS, 'popup-recipe.png'), fullPage: true });
  });

  test('a roster: labelled Table, both tables shown as tables with the linked names', async () => {
    const { popup } = await popupFor(fixture, '/team/roster.html');
    await expect.poll(() => popup.locator('.page-type').innerText()).toBe('Table');
    const tables = popup.locator('.body-html table');
    expect(await tables.count()).toBe(2);
    expect(await tables.first().locator('th').allInnerTexts()).toEqual(['#', 'Name', 'B/T', 'Ht', 'Wt', 'DOB']);
    const names = await popup.locator('.body-html table td a').allInnerTexts();
    expect(names).toContain('Ada Moreno');
    expect(names).toContain('Hal Yamada');
    const body = await popup.locator('.body-html').innerText();
    for (const furniture of ['Tickets', 'Minor leagues', 'All rights reserved']) expect(body).not.toContain(furniture);
    await popup.screenshot({ path: join(SHOTS, 'popup-roster.png'), fullPage: true });
  });
});
