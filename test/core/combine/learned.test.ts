/**
 * §6 learned combination (rule `6.5-learned`): the body becomes the blocks the block model keeps, under
 * their lowest common ancestor; what it removes from the rules' body is `learned` noise; the title and its
 * zone stay out; a model that keeps nothing leaves the rules' body; the switch turns it off. The models here
 * are built by hand (one tree on one feature), so each test knows what the model says about every block.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BodyModel } from '../../../src/core/combine/learned/body-model.ts';
import { BODY_MODEL_FORMAT, BODY_MODEL_VERSION } from '../../../src/core/combine/learned/body-model.ts';
import { BLOCK_FEATURES } from '../../../src/core/combine/learned/block-features.ts';
import type { ExtractEnv } from '../../../src/core/env.ts';
import type { Article, PartialOptions } from '../../../src/core/index.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';
import { faithfulOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

const PAGE = `<!doctype html><html lang="en"><head><title>Harbour wall is finished after two years</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<article id="story">
<h1>Harbour wall is finished after two years</h1>
<p class="byline">By Ann Lee</p>
<div id="text">
<p>The new harbour wall, which took two years to build, was finished on Friday, the council said, and it cost less than planned.</p>
<p class="credit">Photo: Harbour Camera Club</p>
<p>Fishermen, shop owners and residents, who had waited for it since the storm, gathered on the quay to watch the last stone set.</p>
</div>
</article>
<aside id="more"><p>The council plans a second wall, further along the coast, before the end of the decade, and it will ask residents first.</p></aside>
</body></html>`;

/** A model of one tree: `value` on blocks that pass the sentence test, `otherwise` on the rest. */
function sentenceModel(value: number, otherwise: number): BodyModel {
  return {
    format: BODY_MODEL_FORMAT,
    version: BODY_MODEL_VERSION,
    features: [...BLOCK_FEATURES],
    base: 0,
    trees: [
      {
        feature: [BLOCK_FEATURES.indexOf('sentence'), -1, -1],
        threshold: [0.5, 0, 0],
        left: [1, -1, -1],
        right: [2, -1, -1],
        value: [0, otherwise, value],
      },
    ],
    training: { note: 'hand-built for a test' },
  };
}

function run(kind: (typeof DOM_KINDS)[number], model: BodyModel, options: PartialOptions = {}): Article {
  const env: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0, bodyModel: model };
  return extract(parseWith(kind, PAGE), env, {}, { ...options, trace: { enabled: true } });
}

const decision = (a: Article, rule: string) => a.explain.decisions.filter((d) => d.rule === rule);

describe.each(DOM_KINDS)('6.5-learned (%s)', (kind) => {
  const sentencesOnly = sentenceModel(5, -5);

  it('the body is the blocks the model keeps: every sentence, the aside’s too; the credit line leaves', () => {
    const a = run(kind, sentencesOnly);
    expect(a.body.text.split('\n')).toEqual([
      expect.stringMatching(/^The new harbour wall/),
      expect.stringMatching(/^Fishermen/),
      expect.stringMatching(/^The council plans a second wall/),
    ]);
    expect(a.anchors.bodyLead.method).toBe('learned');
    expect(a.anchors.bodyRoot?.selector).toBe('html > body');
    const [d] = decision(a, '6.5-learned');
    expect(d?.verdict).toBe('choose');
    expect(d?.numbers).toMatchObject({ kept: 3, added: 1, removed: 1, threshold: 0.5 });
  });

  it('each changed block is in the trace with its probability and the features a person checks first', () => {
    const a = run(kind, sentencesOnly);
    const blocks = decision(a, '6.5-learned-block');
    const added = blocks.find((d) => d.verdict === 'keep');
    const removed = blocks.find((d) => d.verdict === 'drop');
    expect(added?.target?.preview).toMatch(/^The council plans/);
    expect(added?.numbers['p']).toBeCloseTo(1 / (1 + Math.exp(-5)), 3);
    expect(added?.numbers['rules.keep']).toBe(0);
    expect(removed?.target?.preview).toBe('Photo: Harbour Camera Club');
    expect(removed?.numbers['rules.keep']).toBe(1);
  });

  it('what it removes from the rules’ body is a `learned` noise block with its reason', () => {
    const noise = run(kind, sentencesOnly).noise.filter((n) => n.kind === 'learned');
    expect(noise).toHaveLength(1);
    expect(noise[0]).toMatchObject({ inBody: true, removed: true, text: 'Photo: Harbour Camera Club' });
    expect(noise[0]?.ref.selector).toMatch(/p\.credit$|p:nth-of-type\(2\)$/);
    expect(noise[0]?.reason).toMatch(/^block model: p 0\.007 < 0\.5/);
  });

  it('the title and the byline of its zone stay out even when the model keeps every block', () => {
    const a = run(kind, sentenceModel(5, 5));
    expect(a.body.text).not.toMatch(/Harbour wall is finished|By Ann Lee/);
    expect(a.body.text).toMatch(/^Home/);
    expect(a.body.text).toContain('Photo: Harbour Camera Club');
  });

  it('a model that keeps no block leaves the rules’ body, and says so', () => {
    const a = run(kind, sentenceModel(-5, -5));
    const rules = run(kind, sentencesOnly, { combine: { extensions: { learnedBlocks: false } } });
    expect(a.body.text).toBe(rules.body.text);
    expect(a.anchors.bodyLead.method).toBe('title-anchor');
    expect(decision(a, '6.5-learned')[0]).toMatchObject({
      verdict: 'skip',
      note: 'the block model keeps no block: the rules’ body stands',
    });
  });

  it('learnedMinProbability is the threshold, and the switch turns the step off', () => {
    // Every block at p = sigmoid(1) ≈ 0.73: kept at 0.5, none kept at 0.8.
    expect(run(kind, sentenceModel(1, 1)).anchors.bodyLead.method).toBe('learned');
    expect(run(kind, sentenceModel(1, 1), { combine: { learnedMinProbability: 0.8 } }).anchors.bodyLead.method).toBe('title-anchor');
    const off = run(kind, sentencesOnly, { combine: { extensions: { learnedBlocks: false } } });
    expect(decision(off, '6.5-learned')).toHaveLength(0);
    expect(off.body.text).toContain('Photo: Harbour Camera Club');
    expect(off.noise.some((n) => n.kind === 'learned')).toBe(false);
  });

  it('the faithful preset has no learned step (it is an extension)', () => {
    const env: ExtractEnv = {
      probe: staticProbe,
      clock: { now: () => new Date('2024-06-01T00:00:00Z') },
      timer: () => 0,
      bodyModel: sentencesOnly,
    };
    const a = extract(parseWith(kind, PAGE), env, {}, faithfulOptions({ trace: { enabled: true } }));
    expect(decision(a, '6.5-learned')).toHaveLength(0);
    expect(a.anchors.bodyLead.method).not.toBe('learned');
  });
});

describe('6.5-learned with a link title', () => {
  const TWO_STORIES = `<!doctype html><html lang="en"><head><title>Example News</title></head><body>
<div class="main">
<section class="story"><h2>Harbour bridge to close for repairs in spring</h2>
<p>The bridge, which carries twenty thousand cars a day, will close in March, April, and May, the city said.</p></section>
<section class="story"><h2>Solar library opens its doors to readers</h2>
<p>The library, built in two years, cost four million pounds, and runs on solar power, officials said.</p>
<p class="credit">Photo: Harbour Camera Club</p></section>
</div></body></html>`;
  const env: ExtractEnv = {
    probe: staticProbe,
    clock: { now: () => new Date('2024-06-01T00:00:00Z') },
    timer: () => 0,
    bodyModel: sentenceModel(5, -5),
  };

  it.each(DOM_KINDS)('the model adds nothing from outside the rules’ body, but still leaves blocks out of it (%s)', (kind) => {
    const a = extract(
      parseWith(kind, TWO_STORIES),
      env,
      { linkTitle: 'Solar library opens its doors to readers' },
      { trace: { enabled: true } },
    );
    expect(a.body.text).toBe('The library, built in two years, cost four million pounds, and runs on solar power, officials said.');
    expect(a.explain.decisions.find((d) => d.rule === '6.5-learned')?.note).toMatch(/came from the link title/);
    // Without the link title the same model takes both stories' sentences.
    const plain = extract(parseWith(kind, TWO_STORIES), env, {}, {});
    expect(plain.body.text).toContain('The bridge, which carries');
  });
});
