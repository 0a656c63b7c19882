/**
 * §6 as data: the combine stage's rules, each an id, a phase, the option that switches it and what it does
 * (src/core/combine/rules.ts), run phase by phase; and the block model's columns, each a name and a function
 * (src/core/combine/learned/feature-columns.ts), whose names and order are the shipped model's.
 */
import { describe, expect, it } from 'vitest';
import { COMBINE_RULES, PHASES } from '../../../src/core/combine/rules.ts';
import { BLOCK_FEATURES, FEATURE_COLUMNS } from '../../../src/core/combine/learned/feature-columns.ts';
import shipped from '../../../src/core/combine/learned/body-model.json';
import { extract, extractForTraining } from '../../../src/core/index.ts';
import type { ExtractOptions, PartialOptions } from '../../../src/core/options.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import type { ExtractEnv } from '../../../src/core/env.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { modelOf } from '../../helpers/model.ts';

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

describe('the combine rules', () => {
  it('are declared in their phases, and the phases run root → rules → model → after-model', () => {
    expect(PHASES).toEqual(['root', 'rules', 'model', 'after-model']);
    expect(COMBINE_RULES.map((r) => `${r.phase} ${r.id}`)).toEqual([
      'root 6.2-path-leads',
      'root 6.2-path-siblings',
      'root 6.2-short-page',
      'rules 6.1-title-zone',
      'rules 6.3-noise-text',
      'rules 6.2-short-page-kept',
      'rules 6.3-comment-section',
      'rules 6.3-teaser-list',
      'rules 6.3-link-block',
      'rules 6.3-furniture',
      'rules 6.3-path-rejected',
      'model 6.5-learned',
      'after-model 6.3-thread-story',
      'after-model 6.2-page-type',
      'after-model 6.3-data-table',
      'after-model 6.3-template',
      'after-model 6.3-lcs-information',
      'after-model 4.9-template-regions',
    ]);
    // Listed in phase order: the stage's order is the list's.
    const order = COMBINE_RULES.map((r) => PHASES.indexOf(r.phase));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('each rule with a switch runs exactly when its option says so', () => {
    const on = (path: string, value: boolean): ExtractOptions => {
      const partial: Record<string, unknown> = {};
      let at = partial;
      const keys = path.split('.');
      keys.slice(0, -1).forEach((k) => (at = (at[k] = {}) as Record<string, unknown>));
      at[keys[keys.length - 1] as string] = value;
      return resolveOptions(partial as PartialOptions);
    };
    const switched = COMBINE_RULES.filter((r) => r.option?.includes('extensions') && !r.option.includes('|'));
    expect(switched.length).toBeGreaterThan(5);
    for (const rule of switched) {
      expect(rule.on(on(rule.option as string, true))).toBe(true);
      expect(rule.on(on(rule.option as string, false))).toBe(false);
    }
  });

  it('the trace follows the phases: the rules’ decisions, then the block model’s', () => {
    const html = `<!doctype html><html lang="en"><head><title>Harbour wall is finished after two years</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav>
<article><h1>Harbour wall is finished after two years</h1>
<p>The new harbour wall, which took two years to build, was finished on Friday, the council said, and it cost less than planned.</p>
<p>Fishermen, shop owners and residents, who had waited for it since the storm, gathered on the quay to watch the last stone set.</p>
<ul><li><a href="/a">Bridge reopens after the storm</a></li><li><a href="/b">Park plans</a></li><li><a href="/c">Budget approved</a></li></ul>
</article></body></html>`;
    const a = extract(modelOf('parse5', html), ENV, {}, { trace: { enabled: true } });
    const rules = a.explain.decisions.filter((d) => d.method === 'combine').map((d) => d.rule);
    const at = (rule: string): number => rules.indexOf(rule);
    expect(at('6.1-title-zone')).toBeGreaterThanOrEqual(0);
    expect(at('6.3-link-block')).toBeGreaterThan(at('6.1-title-zone'));
    expect(at('6.5-learned')).toBeGreaterThan(at('6.3-link-block'));
  });
});

describe('the block model’s columns', () => {
  it('are named functions whose names, in order, are the shipped model’s features', () => {
    expect(BLOCK_FEATURES).toEqual(FEATURE_COLUMNS.map((c) => c.name));
    expect(new Set(BLOCK_FEATURES).size).toBe(BLOCK_FEATURES.length);
    expect((shipped as { features: string[] }).features).toEqual(BLOCK_FEATURES);
    expect(BLOCK_FEATURES.slice(0, 4)).toEqual(['units.log', 'chars.log', 'linkShare', 'links.log']);
    expect(BLOCK_FEATURES.at(-1)).toBe('window.linkShare');
  });

  it('each cell of a row is its column’s function of the block', () => {
    const html =
      '<!doctype html><html><head><title>A short page</title></head><body><p>One sentence here, with commas, and more, ends.</p><p><a href="/x">a link</a> and text</p></body></html>';
    const { bodySamples } = extractForTraining(modelOf('parse5', html), ENV, {}, {}, { bodySamples: true });
    const { rows, width, texts } = bodySamples!;
    const col = (name: string): number => BLOCK_FEATURES.indexOf(name);
    const at = texts.indexOf('a link and text');
    expect(rows[at * width + col('units.log')]).toBeCloseTo(Math.log1p(4), 6);
    expect(rows[at * width + col('linkShare')]).toBeCloseTo(0.5, 6);
    expect(rows[at * width + col('tag.P')]).toBe(1);
    expect(rows[at * width + col('prev.sentence')]).toBe(1);
    expect(rows[at * width + col('position')]).toBe(1);
  });
});
