/**
 * The synthetic page pairs of `bench --lcs-sizes`: deterministic for a seed, about the size asked (±10%, counted
 * by a parser as the bench counts them in Chromium), one template on both pages, and the differences each
 * variant promises.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { MIN_SYNTHETIC_ELEMENTS, SYNTHETIC_VARIANTS, syntheticPair } from '../../src/bench/synthetic-pair.ts';

const parse = (html: string): Document => parseHTML(html).document as unknown as Document;

/** The texts of the elements matching `selector`. */
const texts = (doc: Document, selector: string): string[] => [...doc.querySelectorAll(selector)].map((e) => e.textContent ?? '');

/** Tag and class of every element in document order: the page's structure without its texts. */
const shape = (doc: Document, selector: string): string[] =>
  [...doc.querySelectorAll(`${selector}, ${selector} *`)].map((e) => `${e.tagName}.${e.className}`);

describe('syntheticPair', () => {
  it.each(SYNTHETIC_VARIANTS.flatMap((v) => [300, 1_000, 10_000, 50_000].map((n) => [v, n] as const)))(
    '%s, %i elements: both pages within a tenth of the size, counted as a parser counts them',
    (variant, n) => {
      const pair = syntheticPair(n, { variant, seed: 7 });
      for (const which of ['page', 'similar'] as const) {
        const doc = parse(pair[which]);
        const counted = doc.querySelectorAll('*').length;
        expect(counted).toBe(pair.elements[which]);
        expect(Math.abs(counted - n)).toBeLessThanOrEqual(n * 0.1);
        // A long read at most: a larger page is larger by its template, lists and comments.
        expect(doc.querySelectorAll('.entry-content > p').length).toBeLessThanOrEqual(120);
      }
    },
  );

  it('is deterministic for a seed, and another seed gives other texts', () => {
    const a = syntheticPair(2_000, { seed: 3 });
    expect(syntheticPair(2_000, { seed: 3 })).toEqual(a);
    expect(syntheticPair(2_000, { seed: 4 }).page).not.toBe(a.page);
    expect(syntheticPair(2_000, { seed: 3, variant: 'all-text' }).page).not.toBe(a.page);
  });

  it('typical: one template (menus, widgets, footer alike), another article and comments, some list items differ', () => {
    const pair = syntheticPair(3_000, { seed: 11 });
    const page = parse(pair.page);
    const similar = parse(pair.similar);
    for (const region of ['.main-nav', '.top-bar', '.site-footer', '.widget:nth-child(2)', '.widget:nth-child(7)']) {
      expect(shape(page, region)).toEqual(shape(similar, region));
      expect(texts(page, `${region} a`)).toEqual(texts(similar, `${region} a`));
    }
    expect(page.querySelector('h1')?.textContent).not.toBe(similar.querySelector('h1')?.textContent);
    const pageParagraphs = texts(page, '.entry-content p');
    const similarParagraphs = texts(similar, '.entry-content p');
    expect(pageParagraphs.length).toBeGreaterThan(similarParagraphs.length);
    expect(pageParagraphs.filter((p) => similarParagraphs.includes(p))).toEqual([]);
    const comments = texts(page, '.comment p');
    const commentsSimilar = texts(similar, '.comment p');
    expect(commentsSimilar.length).toBeGreaterThan(0);
    expect(commentsSimilar.length).toBeLessThan(comments.length);
    expect(comments.filter((c) => commentsSimilar.includes(c))).toEqual([]);
    // The "latest" widgets list other stories; the related list is two shorter, a share of it other stories.
    const latest = texts(page, '.widget:nth-child(5) li a');
    expect(latest).toHaveLength(8);
    expect(latest.filter((t, i) => t === texts(similar, '.widget:nth-child(5) li a')[i])).toEqual([]);
    const related = texts(page, '.related-item a');
    const relatedSimilar = texts(similar, '.related-item a');
    expect(related.length - relatedSimilar.length).toBe(2);
    const same = relatedSimilar.filter((t, i) => t === related[i]).length;
    expect(same).toBeGreaterThan(relatedSimilar.length / 2);
    expect(same).toBeLessThan(relatedSimilar.length);
  });

  it('all-text: the same structure outside the article, and no link text in common', () => {
    const pair = syntheticPair(3_000, { seed: 11, variant: 'all-text' });
    const page = parse(pair.page);
    const similar = parse(pair.similar);
    for (const region of ['.main-nav', '.col-side', '.site-footer']) expect(shape(page, region)).toEqual(shape(similar, region));
    const similarLinks = new Set(texts(similar, '.main-nav a, .col-side a, .site-footer a'));
    expect(texts(page, '.main-nav a, .col-side a, .site-footer a').filter((t) => similarLinks.has(t))).toEqual([]);
  });

  it('refuses a size below the template', () => {
    expect(() => syntheticPair(MIN_SYNTHETIC_ELEMENTS - 1)).toThrow(RangeError);
    expect(() => syntheticPair(1_000.5)).toThrow(RangeError);
  });
});
