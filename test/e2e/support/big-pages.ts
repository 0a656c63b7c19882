/**
 * The probe's big pages (issue "Frozen tabs"), generated: an article above 100 000 other elements (cards of
 * a span, a paragraph and inline formatting), and an article above a list of 60 000 links. Extracting them
 * blocked Chromium's main thread for seconds in one task before the core was time-sliced.
 */

const HEAD = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>`;

export const BIG_PAGE_TITLE = 'The river wall holds after a week of rain';

const ARTICLE = `<article><h1>${BIG_PAGE_TITLE}</h1><p class="byline">By Ann Lee · 12 March 2024</p>
${Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the flood wall along the river held through the storm, engineers said on Tuesday, after a week in which the water rose higher than at any time since records began, and residents returned home.</p>`,
).join('\n')}</article>`;

/** About `count` elements: the article, then cards of five elements each. */
export function elementsPage(count: number): string {
  const cards: string[] = [];
  for (let i = 0; i < Math.ceil(count / 5); i++)
    cards.push(`<div class="c"><span>Card ${i}</span><p>Some text ${i} in a card, <b>bold</b> and <i>more</i>.</p></div>`);
  return `${HEAD(BIG_PAGE_TITLE)}${ARTICLE}<section>${cards.join('')}</section></body></html>`;
}

/** The article, then one list of `count` links. */
export function linksPage(count: number): string {
  const items: string[] = [];
  for (let i = 0; i < count; i++) items.push(`<li><a href="/item/${i}">Item ${i}</a></li>`);
  return `${HEAD(BIG_PAGE_TITLE)}${ARTICLE}<ul>${items.join('')}</ul></body></html>`;
}
