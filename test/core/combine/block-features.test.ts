/**
 * The block model's feature rows (§6 learned combination) on a hand-written page: each method's view of a
 * block lands in its named column, in both parsed-only DOMs, and the rows are read from the rules' body.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import { extractForTraining } from '../../../src/core/index.ts';
import { BLOCK_FEATURES, classTokens, lineCount } from '../../../src/core/combine/learned/block-features.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const PAGE = `<!doctype html><html lang="en"><head><title>Harbour wall is finished after two years</title></head><body>
<nav class="site-menu"><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav>
<div class="articleBody">
<h1>Harbour wall is finished after two years</h1>
<p>The new harbour wall, which took two years to build, was finished on Friday, the council said, and it cost less than planned.</p>
<figure><img src="/wall.jpg" alt=""><figcaption>Photo: Reuters</figcaption></figure>
<p>Fishermen, shop owners and residents, who had waited for it since the storm, gathered on the quay to watch the last stone set.</p>
<p>The council plans a second wall, further along the coast, before the end of the decade, and it will ask residents first.</p>
<p>Share this story</p>
</div>
<aside id="sidebar"><h3>Most read</h3><ul><li><a href="/a">Bridge reopens after the storm</a></li><li><a href="/b">Park plans</a></li><li><a href="/c">Budget approved</a></li></ul>
<p>Share this story</p></aside>
</body></html>`;

describe('blockFeatureRows', () => {
  for (const kind of DOM_KINDS) {
    describe(kind, () => {
      const { bodySamples } = extractForTraining(parseWith(kind, PAGE), ENV, {}, {}, { bodySamples: true });
      if (!bodySamples) throw new Error('no body samples');
      const { width, rows, texts } = bodySamples;
      const value = (text: string, feature: string, nth = 0): number => {
        const at = texts.map((t, i) => (t === text ? i : -1)).filter((i) => i >= 0)[nth];
        const col = BLOCK_FEATURES.indexOf(feature);
        if (at === undefined || col < 0) throw new Error(`no block "${text}" or column ${feature}`);
        return rows[at * width + col] as number;
      };
      const FIRST = texts.find((t) => t.startsWith('The new harbour wall')) as string;

      it('one row of BLOCK_FEATURES.length numbers per text block, all finite', () => {
        expect(width).toBe(BLOCK_FEATURES.length);
        expect(rows).toHaveLength(texts.length * width);
        expect(rows.every(Number.isFinite)).toBe(true);
      });

      it('the block’s own text: sentence, links, commas, its tag', () => {
        expect(value(FIRST, 'sentence')).toBe(1);
        expect(value(FIRST, 'linkShare')).toBe(0);
        expect(value(FIRST, 'commas.log')).toBeCloseTo(Math.log1p(4), 5);
        expect(value(FIRST, 'tag.P')).toBe(1);
        expect(value('Bridge reopens after the storm', 'linkShare')).toBe(1);
        expect(value('Bridge reopens after the storm', 'tag.LI')).toBe(1);
      });

      it('where it sits: ancestor tags and class/id words near and far', () => {
        expect(value(FIRST, 'class.near.article')).toBe(1);
        expect(value('Home News Sport Weather', 'in.NAV')).toBe(1);
        expect(value('Home News Sport Weather', 'class.near.nav')).toBe(1);
        expect(value('Bridge reopens after the storm', 'in.ASIDE')).toBe(1);
        expect(value('Bridge reopens after the storm', 'class.far.sidebar')).toBe(1);
        expect(value('Bridge reopens after the storm', 'class.near.sidebar')).toBe(1); // li → ul → aside#sidebar
        expect(value('Home News Sport Weather', 'class.far.sidebar')).toBe(0);
        expect(value('Photo: Reuters', 'in.FIGURE')).toBe(1);
        expect(value('Photo: Reuters', 'tag.FIGCAPTION')).toBe(1);
      });

      it('its own words: a credit line, furniture phrases, a text repeated on the page, the title', () => {
        expect(value('Photo: Reuters', 'text.creditStart')).toBe(1);
        expect(value('Photo: Reuters', 'text.furniture')).toBeGreaterThanOrEqual(2);
        expect(value(FIRST, 'text.furniture')).toBe(0);
        expect(value('Share this story', 'text.duplicates.log')).toBeCloseTo(Math.log(2), 5);
        expect(value(FIRST, 'text.duplicates.log')).toBe(0);
        expect(value('Harbour wall is finished after two years', 'title.sim')).toBe(1);
        expect(value('Harbour wall is finished after two years', 'm1.isTitle')).toBe(1);
      });

      it('methods 1 and 2 and the rules: root, acceptance, the rules’ decision and the distance to it', () => {
        expect(value(FIRST, 'm1.inRoot')).toBe(1);
        expect(value(FIRST, 'm1.isFirstSentence')).toBe(1);
        expect(value(FIRST, 'm2.accepted')).toBe(1);
        expect(value(FIRST, 'rules.keep')).toBe(1);
        expect(value(FIRST, 'rules.gap.log')).toBe(0);
        expect(value('Bridge reopens after the storm', 'm1.inRoot')).toBe(0);
        expect(value('Bridge reopens after the storm', 'rules.keep')).toBe(0);
        expect(value('Bridge reopens after the storm', 'rules.after')).toBe(1);
        expect(value('Home News Sport Weather', 'rules.before')).toBe(1);
        expect(value('Bridge reopens after the storm', 'rules.gap.log')).toBeGreaterThan(0);
      });

      it('its neighbourhood: the blocks before and after, the parent’s statistics', () => {
        const second = texts.find((t) => t.startsWith('Fishermen')) as string;
        expect(value(second, 'prev.sentence')).toBe(0); // the caption
        expect(value(second, 'next.sentence')).toBe(1);
        expect(value(second, 'parent.sentences.log')).toBeCloseTo(Math.log1p(3), 5);
      });
    });
  }
});

describe('classTokens', () => {
  it('splits at non-letters and camelCase humps, lower case, drops one-letter tokens', () => {
    expect(classTokens('articleBody main-content x_col2 STORY')).toEqual(['article', 'body', 'main', 'content', 'col', 'story']);
  });
});

describe('lineCount', () => {
  it('is the number of lines split at newlines, up to the cap', () => {
    expect(lineCount('', 20)).toBe(1);
    expect(lineCount('a\nb\n', 20)).toBe(3);
    expect(lineCount('\n'.repeat(50), 20)).toBe(20);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '字'), maxLength: 60 }),
        fc.integer({ min: 1, max: 30 }),
        (text, max) => {
          expect(lineCount(text, max)).toBe(Math.min(text.split('\n').length, max));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
