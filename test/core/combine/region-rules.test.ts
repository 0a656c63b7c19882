/**
 * Issue 42, the content region's second-round rules (src/core/combine/page-type.ts): a page of links whose
 * links are its content (`6.2-link-list`), and a body found in template furniture (`furnitureRootRegion`).
 * Small hand-written pages; each rule's decision is in the trace with its numbers, and each is switchable.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import type { Article, PartialOptions } from '../../../src/core/index.ts';
import { extract, resolveOptions } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

function run(kind: (typeof DOM_KINDS)[number], html: string, options: PartialOptions = {}): Article {
  return extract(parseWith(kind, html), ENV, { url: 'https://example.org/page' }, resolveOptions({ ...options, trace: { enabled: true } }));
}

const decision = (a: Article, rule: string) => a.explain.decisions.find((d) => d.rule === rule);

const doc = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;

const MENU = '<nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/teams">Teams</a></li></ul></nav>';
const FOOTER = '<footer><p>Copyright 2024 Example Sports, all rights reserved, every page, every word, every picture.</p></footer>';

/** A club's page: its headlines and its squad, every one a link; no sentence but the footer's. */
function clubPage(): string {
  const words = ['keeper', 'signs', 'new', 'deal', 'after', 'long', 'talks', 'with', 'the', 'club'];
  const headlines = Array.from(
    { length: 14 },
    (_, i) => `<li><a href="/news/${i}">Headline ${i + 1}: ${words.slice(0, 4 + (i % 6)).join(' ')}</a></li>`,
  ).join('');
  const squad = ['Ada Moreno', 'Ben Ortiz', 'Carl Hahn', 'Dan Price', 'Eli Stone', 'Finn Wood', 'Gus Lane', 'Hal Reed']
    .map((n, i) => `<li><a href="/player/${i}">${n}</a> Age ${20 + i}</li>`)
    .join('');
  return doc(
    'Harbour FC News',
    `<header>${MENU}</header><div id="page"><h1>Harbour FC News</h1><ul class="headlines">${headlines}</ul>` +
      `<h2>Squad</h2><ul class="squad">${squad}</ul></div>${FOOTER}`,
  );
}

/** A short post (a video and its credits, no sentence) beside a blog's sidebar of links. */
function shortPostPage(): string {
  const links = Array.from({ length: 30 }, (_, i) => `<li><a href="/archive/${i}">Archive post number ${i + 1} of the year</a></li>`).join(
    '',
  );
  const credits = [
    'Filmed from the north pier at dawn by Ann and Tom',
    'Music by the harbour brass band of our town',
    'Edited in one long night with two cups of tea',
    'Boats from the sailing club and the rowing club',
    'Thanks to the harbour master for the early pass',
    'Next week the race from the other side of the bay',
  ];
  return doc(
    'Video of the week',
    `<div id="wrap"><div id="post"><h2>Video of the week</h2>${credits.map((c) => `<p>${c}</p>`).join('')}` +
      `<p>Posted by Ann in Videos</p></div><div id="side"><ul>${links}</ul></div></div>`,
  );
}

describe.each(DOM_KINDS)('6.2-link-list (%s)', (kind) => {
  it('a page whose content is its links: the headline list and the squad are the body, not the menu or footer', () => {
    const a = run(kind, clubPage());
    expect(decision(a, '6.2-link-list')?.verdict).toBe('choose');
    expect(decision(a, '6.2-link-list')?.numbers['pageShare']).toBeGreaterThanOrEqual(0.8);
    expect(a.pageType).toMatchObject({ type: 'list', from: 'structure' });
    expect(a.anchors.bodyLead.method).toBe('content-region');
    expect(a.body.text).toContain('Headline 1: keeper signs new deal');
    expect(a.body.text).toContain('Headline 14:');
    expect(a.body.text).toContain('Ada Moreno');
    expect(a.body.text).not.toContain('Teams');
    expect(a.body.text).not.toContain('Copyright');
  });

  it('off: the links stay out, as the link-block rules take them', () => {
    const a = run(kind, clubPage(), { combine: { extensions: { linkListPages: false } } });
    expect(decision(a, '6.2-link-list')).toBeUndefined();
    expect(a.body.text).not.toContain('Headline 14:');
  });

  it('a short post beside a sidebar of links is no list: the sidebar holds too small a share of the page', () => {
    const a = run(kind, shortPostPage());
    const d = decision(a, '6.2-link-list');
    expect(d?.verdict).toBe('skip');
    expect(d?.numbers['pageShare']).toBeLessThan(0.8);
    expect(d?.note).toContain('too small a share');
    expect(a.body.text).not.toContain('Archive post number 12');
  });
});

/** A story whose headline also sits in the site's sticky header, whose mega-menu holds teaser sentences. */
function headerAnchoredPage(): string {
  const teaser = (t: string) => `<li><p>${t}, the story of the week, read it, share it, and tell us what you think.</p></li>`;
  const para = (n: number) =>
    `<p>Paragraph ${n} of the reef story tells how divers, biologists and chemists, working together, found a compound in a soft coral that slows a tumour.</p>`;
  return doc(
    'Medicines from the reef',
    `<header><div class="sticky">Medicines from the reef</div><ul class="mega">` +
      `${teaser('A pianist who learned alone')}${teaser('A choir in the mountains')}${teaser('A garden of hummingbirds')}</ul></header>` +
      `<div class="page"><div class="story">${[1, 2, 3, 4, 5, 6, 7, 8].map(para).join('')}</div></div>`,
  );
}

describe.each(DOM_KINDS)('furnitureRootRegion (%s)', (kind) => {
  // The block model off: the rule's own effect on the rules' body (a body anchored in the header).
  const rulesOnly = (extra: Record<string, boolean> = {}): PartialOptions => ({
    combine: { extensions: { learnedBlocks: false, ...extra } },
  });

  it('a body found in the site header gives way to the content region', () => {
    const a = run(kind, headerAnchoredPage(), rulesOnly());
    const d = decision(a, '6.2-content-region');
    expect(d?.verdict).toBe('choose');
    expect(d?.note).toContain('template furniture');
    expect(a.body.text).toContain('Paragraph 1 of the reef story');
    expect(a.body.text).toContain('Paragraph 8 of the reef story');
    expect(a.body.text).not.toContain('pianist');
  });

  it("off: the header's teasers are the body", () => {
    const a = run(kind, headerAnchoredPage(), rulesOnly({ furnitureRootRegion: false }));
    expect(a.body.text).toContain('pianist');
    expect(a.body.text).not.toContain('Paragraph 8 of the reef story');
  });
});

/** A school's page: its name and one line in the head table, a menu, its programme in the main table. */
function weakBodyPage(): string {
  const para = (n: number) =>
    `<p>In week ${n}, the children plant beans, peas and carrots, water them, and measure how fast each one grows.</p>`;
  return doc(
    'Harbour Garden School programmes and news',
    `<table><tr><td class="side"><h3>Garden School</h3><p>The school uses its grounds, its beds and its pond, to help kids learn.</p></td></tr></table>` +
      `<div class="menu">${Array.from({ length: 20 }, (_, i) => `<p><a href="/bed/${i}">Bed ${i + 1}</a></p>`).join('')}</div>` +
      `<table><tr><td class="main">${[1, 2, 3, 4, 5, 6].map(para).join('')}</td></tr></table>`,
  );
}

describe.each(DOM_KINDS)('weakArticleRegion (%s)', (kind) => {
  // Method 2 and the block model off: the rule's own effect on method 1's one-line body.
  const rulesOnly = (extra: Record<string, boolean> = {}): PartialOptions => ({
    combine: { pathLeads: false, extensions: { learnedBlocks: false, ...extra } },
  });

  it('a body of one sentence gives way to a region of text several times larger', () => {
    const a = run(kind, weakBodyPage(), rulesOnly());
    const d = decision(a, '6.2-content-region');
    expect(d?.verdict).toBe('choose');
    expect(d?.note).toContain('weak body');
    expect(d?.numbers['bodySentences']).toBeLessThan(3);
    expect(a.body.text).toContain('In week 1, the children plant beans');
    expect(a.body.text).toContain('In week 6, the children plant beans');
  });

  it('off: the one line stands', () => {
    const a = run(kind, weakBodyPage(), rulesOnly({ weakArticleRegion: false }));
    expect(a.body.text).not.toContain('In week 6');
  });

  it('a region that is mostly a list (a thread of comments, teasers) is no reason to leave a weak body', () => {
    const items = [1, 2, 3, 4, 5, 6]
      .map((n) => `<li>Reader ${n} says: the beans, the peas and the carrots grew well, thank you.</li>`)
      .join('');
    const html = weakBodyPage().replace(/<td class="main">.*?<\/td>/, `<td class="main"><ul>${items}</ul></td>`);
    const a = run(kind, html, rulesOnly());
    expect(a.body.text).not.toContain('Reader 6 says');
  });
});

/** A news item with the list of recalled products as a table whose names are links. */
function recallPage(): string {
  const row = (n: number) =>
    `<tr><td><a href="/p/${n}">Spice mix number ${n}</a></td><td><a href="/b/${n}">Brand ${n}</a></td><td>${n * 100} g</td><td>2025-0${n}-0${n}</td></tr>`;
  const para = (n: number) =>
    `<p>Paragraph ${n}: the agency, after tests by two laboratories, added three products to the list of foods with the dye.</p>`;
  return doc(
    'Dye in spices: the latest recalls',
    `<div id="content"><h1>Dye in spices: the latest recalls</h1>${[1, 2, 3, 4].map(para).join('')}` +
      `<table><thead><tr><th>Product</th><th>Brand</th><th>Size</th><th>Best before</th></tr></thead><tbody>` +
      `${[1, 2, 3, 4, 5, 6, 7, 8].map(row).join('')}</tbody></table></div>`,
  );
}

describe.each(DOM_KINDS)('6.3-data-table (%s)', (kind) => {
  // An extension, off by default (cwce's encyclopaedia page and daniel's headline boxes lose with it).
  const on: PartialOptions = { combine: { extensions: { keepDataTables: true } } };

  it('a data table inside the body stays in it, its linked names too', () => {
    const a = run(kind, recallPage(), on);
    expect(a.body.text).toContain('Paragraph 4: the agency');
    expect(a.body.text).toContain('Spice mix number 8');
    expect(a.body.text).toContain('Brand 8');
  });

  it('rejoins the cells another rule took out, and says so in the trace', () => {
    const off = run(kind, recallPage());
    expect(off.body.text).not.toContain('Brand 8');
    expect(decision(off, '6.3-data-table')).toBeUndefined();
    const d = decision(run(kind, recallPage(), on), '6.3-data-table');
    expect(d?.verdict).toBe('keep');
    expect(d?.numbers['rejoined']).toBeGreaterThan(0);
  });
});

/** A blog's calendar widget: a data table by its form (a caption, weekday headers, rows of day numbers). */
function calendarPage(): string {
  const week = (w: number) => `<tr>${[1, 2, 3, 4, 5, 6, 7].map((d) => `<td>${(w - 1) * 7 + d}</td>`).join('')}</tr>`;
  const para = (n: number) =>
    `<p>Paragraph ${n}: on the walk, past the mill, the bridge and the old church, we counted forty kinds of birds.</p>`;
  return doc(
    'A walk by the river',
    `<div id="post"><h1>A walk by the river</h1>${[1, 2, 3].map(para).join('')}` +
      `<table id="calendar"><caption>May 2024</caption><thead><tr>${['M', 'T', 'W', 'T', 'F', 'S', 'S'].map((d) => `<th>${d}</th>`).join('')}</tr></thead>` +
      `<tbody>${[1, 2, 3, 4].map(week).join('')}</tbody></table>${[4, 5].map(para).join('')}</div>`,
  );
}

describe.each(DOM_KINDS)('6.3-data-table guards (%s)', (kind) => {
  it('a calendar widget (fewer than dataTableKeepMinUnits) never rejoins the body', () => {
    const a = run(kind, calendarPage(), { combine: { extensions: { keepDataTables: true } } });
    expect(decision(a, '6.3-data-table')).toBeUndefined();
    expect(a.body.text).toContain('Paragraph 5: on the walk');
  });
});
