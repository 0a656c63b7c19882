/**
 * §6 The combine stage decides, alone, which text blocks leave the body — each by a named rule recorded in
 * the trace — and each rule follows its switch.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import type { Article, PartialOptions } from '../../../src/core/index.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const PAGE = `<!doctype html><html lang="en"><head><title>Harbour wall is finished after two years</title></head><body>
<article id="story">
<h1>Harbour wall is finished after two years</h1>
<p class="meta">By Ann Lee</p>
<p>The new harbour wall, which took two years to build, was finished on Friday, the council said, and it cost less than planned.</p>
<p>Fishermen, shop owners and residents, who had waited for it since the storm, gathered on the quay to watch the last stone set.</p>
<p>Read <a href="/r1">the report of the engineers</a>, <a href="/r2">the plans</a>, <a href="/r3">the costs of the work</a> and <a href="/r4">the whole timeline</a>, now online.</p>
<p>The council plans a second wall, further along the coast, before the end of the decade, and it will ask residents first.</p>
<ul id="related"><li><a href="/a">Bridge reopens</a></li><li><a href="/b">Park plans</a></li><li><a href="/c">Budget approved</a></li></ul>
<div id="comments"><p>Reader one: Great news, finally, after all this time, the wall is done and the town is safe again.</p>
<p>Reader two: It took far too long, cost too much, and nobody asked us, the people who live by the sea.</p></div>
</article></body></html>`;

function run(kind: (typeof DOM_KINDS)[number], options: PartialOptions = {}): Article {
  return extract(parseWith(kind, PAGE), ENV, {}, { ...options, trace: { enabled: true } });
}

const combineRules = (a: Article): string[] =>
  a.explain.decisions.filter((d) => d.method === 'combine').map((d) => `${d.rule} ${d.verdict}`);

describe.each(DOM_KINDS)('combine (%s)', (kind) => {
  it('the title and its zone line, the comment section and the related list leave the body, each by its rule', () => {
    const a = run(kind);
    // Method 2's full stops lie in method 1's body: it confirms it (§6.2), and the other rules drop.
    expect(combineRules(a)).toEqual(['6.2-path-leads keep', '6.1-title-zone drop', '6.3-comment-section drop', '6.3-link-block drop']);
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(a.body.text).not.toMatch(/Harbour wall is finished|By Ann Lee|Reader one|Bridge reopens/);
    expect(a.body.text).toMatch(/^The new harbour wall/);
    expect(a.body.text).toContain('Read the report of the engineers, the plans');
    const removed = a.noise.filter((n) => n.removed);
    expect(removed.map((n) => n.ref.selector)).toEqual(['#related']);
    const drop = a.explain.decisions.find((d) => d.rule === '6.3-link-block');
    expect(drop?.numbers).toEqual({ textBlocks: 3, minShare: 0.5 });
    expect(drop?.target?.selector).toBe('#related');
  });

  it('each rule follows its switch', () => {
    const kept = run(kind, {
      output: { extensions: { dropTitleAndZone: false } },
      linkBlocks: { removeFromBody: false },
      titleAnchor: { extensions: { skipCommentSections: false } },
    });
    expect(combineRules(kept)).toEqual(['6.2-path-leads keep']);
    expect(kept.noise.every((n) => !n.removed)).toBe(true);
    expect(kept.body.text).toContain('Bridge reopens');
  });

  it('a link-dense paragraph that is a sentence stays with keepSentences, and leaves without it', () => {
    const faithful = run(kind, { linkBlocks: { extensions: { keepSentences: false, linkTextShare: false } } });
    expect(faithful.body.text).not.toContain('Read the report');
    expect(faithful.explain.decisions.filter((d) => d.rule === '6.3-link-block')).toHaveLength(2);
    expect(run(kind, { linkBlocks: { extensions: { linkTextShare: false } } }).body.text).toContain('Read the report');
  });
});

/** An article cut in three sibling containers by a figure and an ad; method 1's descent keeps the largest part. */
const SPLIT_PAGE = `<!doctype html><html lang="en"><head><title>Town opens its new library after a long wait</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<div class="page"><h1>Town opens its new library after a long wait</h1>
<div class="story-part"><p>The new library opened on Monday, after three years of work, and hundreds of readers came in the first hour. It was busy.</p>
<p>The building, which the council paid for with a grant, holds forty thousand books, a café and a room for children.</p>
<p>Its architect, who grew up in the town, said she wanted a place where anyone could sit, read and stay all day.</p>
<p>Librarians, volunteers and pupils from the school carried the last boxes of books across the square on Sunday.</p></div>
<figure class="wide"><img src="a.jpg" alt=""><figcaption>The reading room</figcaption></figure>
<div class="story-part"><p>The mayor, who cut the ribbon, said the library would open every day, including Sundays, from next month.</p>
<p>Some residents, however, asked why the old library, closed since the flood, had not simply been repaired.</p>
<p>Parents loved it. Children too.</p></div>
<div class="ad"><p>Advertisement</p></div>
<div class="story-part"><p>The council said the old building, damaged by water, would have cost more to repair than to replace.</p>
<p>It will be sold. Work starts soon.</p>
<div class="tools"><div class="share"><div class="row"><p>Share this story with your friends.</p></div></div></div></div>
</div></body></html>`;

describe.each(DOM_KINDS)('combine with method 2 (%s)', (kind) => {
  const split = (options: PartialOptions = {}): Article =>
    extract(parseWith(kind, SPLIT_PAGE), ENV, {}, { ...options, trace: { enabled: true } });

  it('method 1 alone keeps the part of the split article with most sentences', () => {
    const a = split({ combine: { bodyMethod: 'title-anchor' } });
    expect(a.body.text).toMatch(/^The new library opened/);
    expect(a.body.text).not.toContain('The mayor, who cut the ribbon');
    expect(a.anchors.pathSample?.preview).toMatch(/^The /);
  });

  it('joinPathSiblings brings the sibling parts back and leaves the ad and the caption out', () => {
    const a = split({ combine: { pathLeads: false, extensions: { joinPathSiblings: true } } });
    expect(a.body.text).toMatch(/^The new library opened/);
    expect(a.body.text).toContain('The mayor, who cut the ribbon');
    expect(a.body.text).toContain('would have cost more to repair');
    expect(a.body.text).not.toMatch(/Advertisement|The reading room|Town opens its new library/);
    const join = a.explain.decisions.find((d) => d.rule === '6.2-path-siblings');
    expect(join?.numbers['siblings']).toBe(2);
  });

  it('removePathRejected takes out the leaves whose path method 2 rejects, as noise of kind path', () => {
    const a = split({
      combine: { pathLeads: false, removePathRejected: true, extensions: { joinPathSiblings: true, keepPathRejectedSentences: false } },
    });
    const path = a.noise.filter((n) => n.kind === 'path');
    expect(path.map((n) => n.text)).toEqual(['Share this story with your friends.']);
    expect(path[0]?.removed).toBe(true);
    expect(path[0]?.reason).toMatch(/^path K [\d.]+ < [\d.]+ to the sample path html > body > div\.page > div\.story-part > p$/);
    expect(a.body.text).not.toContain('Share this story');
  });

  it('method 2 leads when method 1 holds less than pathLeadMaxAgreement of its full stops (widening, §6.2)', () => {
    // Method 1 descends into the first part: 5 of the 12 full stops method 2 accepts, under 0.5: method 2 leads…
    const led = split();
    const lead = led.explain.decisions.find((d) => d.rule === '6.2-path-leads');
    expect(lead?.verdict).toBe('choose');
    expect(lead?.numbers).toMatchObject({ agreement: 0.417, widens: 1, acceptedStops: 12 });
    expect(led.anchors.bodyLead).toMatchObject({ method: 'punct-path' });
    expect(led.anchors.bodyLead.reason).toMatch(/only 42% of its full stops lie in method 1’s body/);
    expect(led.body.text).toContain('The mayor, who cut the ribbon');
    expect(led.body.text).toContain('would have cost more to repair');
    // …and under a bar of 0.4, that is agreement: method 1 keeps its root.
    const kept = split({ combine: { pathLeadMaxAgreement: 0.4 } });
    expect(kept.explain.decisions.find((d) => d.rule === '6.2-path-leads')?.verdict).toBe('keep');
    expect(kept.anchors.bodyLead.method).toBe('title-anchor');
  });
});
