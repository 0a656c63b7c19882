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
