/**
 * §6.3 furniture extensions (src/core/combine/furniture.ts): short boxes with no sentence that hold a form
 * control, a few links or an image leave the body, each by its named rule with its numbers in the trace,
 * and each follows its switch; a box holding a sentence is never taken.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import type { Article, PartialOptions } from '../../../src/core/index.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';
import { rulesOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const PAGE = `<!doctype html><html lang="en"><head><title>Harbour wall is finished after two years</title></head><body>
<article id="story">
<h1>Harbour wall is finished after two years</h1>
<div class="text">
<p>The new harbour wall, which took two years to build, was finished on Friday, the council said, and it cost less than planned.</p>
<div class="share"><button type="button">Share</button> <a href="mailto:?s=wall">Email</a></div>
<p>Fishermen, shop owners and residents, who had waited for it since the storm, gathered on the quay to watch the last stone set.</p>
<figure><span>Image copyright</span> <span>Quay Photos</span><img src="wall.jpg" alt=""><figcaption>Image caption The wall at high tide</figcaption></figure>
<p>The council plans a second wall, further along the coast, before the end of the decade, and it will ask residents first.</p>
<div class="tags">Topics <a href="/t/harbour">Harbour</a> <a href="/t/council">Council</a></div>
<div class="signup"><p>Sign up for the weekly letter, which, every Friday, brings the week's news, pictures and events to your inbox.</p><form><input type="email"><button>Go</button></form></div>
</div>
</article></body></html>`;

const ALL_ON: PartialOptions = { combine: { extensions: { dropControlBoxes: true, dropShortLinkLists: true, dropFigureText: true } } };

function run(kind: (typeof DOM_KINDS)[number], options: PartialOptions = {}): Article {
  return extract(parseWith(kind, PAGE), ENV, {}, rulesOptions({ ...options, trace: { enabled: true } }));
}

const furniture = (a: Article): { rule: string; numbers: Record<string, number> }[] =>
  a.explain.decisions
    .filter((d) => /^6\.3-(control-box|short-link-list|figure-text)$/.test(d.rule))
    .map((d) => ({ rule: d.rule, numbers: d.numbers }));

describe.each(DOM_KINDS)('furniture rules (%s)', (kind) => {
  it('are off by default: the share row, the figure lines and the topics row stay', () => {
    const a = run(kind);
    expect(furniture(a)).toEqual([]);
    expect(a.body.text).toContain('Share Email');
    expect(a.body.text).toContain('Image copyright');
    expect(a.body.text).toContain('Topics Harbour Council');
  });

  it('6.3-control-box, 6.3-figure-text, 6.3-short-link-list: each box leaves with its numbers', () => {
    const a = run(kind, ALL_ON);
    expect(furniture(a)).toEqual([
      { rule: '6.3-control-box', numbers: { blocks: 1, units: 2, maxUnits: 80, sentences: 0, controls: 1 } },
      { rule: '6.3-figure-text', numbers: { blocks: 2, units: 11, maxUnits: 80, sentences: 0, images: 1 } },
      {
        rule: '6.3-short-link-list',
        numbers: { blocks: 1, units: 3, maxUnits: 80, sentences: 0, links: 2, linkShare: 0.667, minLinks: 2, minLinkShare: 0.5 },
      },
      // The sign-up box holds a sentence, so the rule descends into it and takes its form alone.
      { rule: '6.3-control-box', numbers: { blocks: 1, units: 1, maxUnits: 80, sentences: 0, controls: 1 } },
    ]);
    expect(a.body.text).not.toMatch(/Share Email|Image copyright|Quay Photos|Image caption|Topics/);
    expect(a.body.text).toContain('Sign up for the weekly letter');
    expect(a.body.text.split('\n')).toHaveLength(4);
  });

  it('each rule follows its own switch', () => {
    const only = (x: 'dropControlBoxes' | 'dropShortLinkLists' | 'dropFigureText'): string[] =>
      furniture(run(kind, { combine: { extensions: { [x]: true } } })).map((d) => d.rule);
    expect(only('dropControlBoxes')).toEqual(['6.3-control-box', '6.3-control-box']);
    expect(only('dropShortLinkLists')).toEqual(['6.3-short-link-list']);
    expect(only('dropFigureText')).toEqual(['6.3-figure-text']);
  });

  it('a box larger than furnitureMaxUnits stays', () => {
    const a = run(kind, { ...ALL_ON, combine: { ...ALL_ON.combine, furnitureMaxUnits: 2 } });
    expect(furniture(a).map((d) => d.numbers['units'])).toEqual([2, 1]);
  });
});
