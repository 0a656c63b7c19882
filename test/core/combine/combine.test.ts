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
    expect(combineRules(a)).toEqual(['6.1-title-zone drop', '6.3-comment-section drop', '6.3-link-block drop']);
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
    expect(combineRules(kept)).toEqual([]);
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
