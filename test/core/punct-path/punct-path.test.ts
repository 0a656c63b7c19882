/**
 * Method 2, the punctuation and DOM-path body (ALGORITHMS.md §2), rule by rule on hand-written pages:
 * full stops (§2.2), the sample path (§2.3) and its check (§2.4), the heritable similarity (§2.5) and the
 * threshold (§2.6), faithful and with the extensions.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PartialOptions } from '../../../src/core/index.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import { countFullStops, isCjkText } from '../../../src/core/punct-path/full-stops.ts';
import { findPathBody } from '../../../src/core/punct-path/index.ts';
import type { PunctPathResult } from '../../../src/core/punct-path/index.ts';
import { pathSimilarity, pathThreshold } from '../../../src/core/punct-path/path-similarity.ts';
import type { Trace } from '../../../src/core/trace.ts';
import { closeWindows } from '../../helpers/dom.ts';
import type { ModelKind } from '../../helpers/model.ts';
import { MODEL_KINDS, contextOf, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

function run(kind: ModelKind, html: string, partial: PartialOptions = {}): { result: PunctPathResult; trace: Trace } {
  const opts = resolveOptions({ ...partial, trace: { enabled: true } });
  const ctx = contextOf(modelOf(kind, html, opts), opts);
  return { result: findPathBody(ctx, opts.punctPath), trace: ctx.trace };
}

const texts = (r: PunctPathResult): string[] => [...r.accepted].map((b) => b.text);

describe('§2.2 full stops', () => {
  it('counts 。 always', () => {
    expect(countFullStops('今天下雨。明天晴。', false)).toBe(2);
    expect(countFullStops('今天下雨。明天晴。', true)).toBe(2);
  });

  it('counts . ! ? that end a sentence only with the extension', () => {
    const text = 'It rained. Did it stop? Yes! Prices rose 3.5 percent at www.example.com today.';
    expect(countFullStops(text, false)).toBe(0);
    expect(countFullStops(text, true)).toBe(4);
  });

  it('counts a run such as "?!" once, and a stop before a closing quote', () => {
    expect(countFullStops('Really?! He said "no." Then left.', true)).toBe(3);
  });

  it('decides a page is CJK by the share of its letters', () => {
    expect(isCjkText(['今天下雨，明天晴。', 'OK'], 0.3)).toBe(true);
    expect(isCjkText(['An English page that quotes 中文 once.'], 0.3)).toBe(false);
  });
});

describe('§2.5–2.6 heritable similarity and threshold', () => {
  it('is 2N/(Li+Lj) with N the equal nodes before the first difference', () => {
    expect(pathSimilarity([0, 1, 2, 3], [0, 1, 2, 3])).toBe(1);
    expect(pathSimilarity([0, 1, 2, 3], [0, 1, 9, 3])).toBe((2 * 2) / 8);
    expect(pathSimilarity([5, 1, 2], [0, 1, 2])).toBe(0);
    expect(pathSimilarity([0, 1, 2], [0, 1, 2, 3, 4])).toBe((2 * 3) / 8);
  });

  it('lets through exactly the worst case the article allows: one fewer matched node, two more length', () => {
    const sample = [0, 1, 2, 3, 4];
    const worst = [0, 1, 2, 3, 7, 8, 9];
    expect(pathSimilarity(sample, worst)).toBeCloseTo(pathThreshold(sample.length, 1), 12);
    expect(pathThreshold(5, 1)).toBeCloseTo(4 / 6, 12);
  });
});

const ZH_PAGE = `<!doctype html><html><head><title>新闻</title></head><body>
<div class="nav"><a href="/">首页</a> <a href="/n">新闻</a></div>
<div class="main"><div class="article">
<p>昨天下午，市政府召开新闻发布会，介绍了今年的工作。会议由市长主持。</p>
<p>据介绍，今年全市经济平稳增长，居民收入继续提高。就业形势稳定。</p>
<p>市长表示，明年将继续推进城市更新，改善交通，加强环境保护。</p>
</div>
<div class="side"><ul><li><a href="/1">相关新闻一</a></li><li><a href="/2">相关新闻二</a></li></ul></div></div>
<div class="copyright"><p>版权所有，未经许可不得转载</p></div>
</body></html>`;

describe.each(MODEL_KINDS)('method 2 on a Chinese page (%s)', (kind) => {
  it('takes the path of the leaf with most 。 as the sample and keeps the leaves that share it', () => {
    const { result, trace } = run(kind, ZH_PAGE);
    expect(result.cjk).toBe(true);
    expect(result.sample?.text).toMatch(/^昨天下午/);
    expect(result.samplePath).toBe('html > body > div.main > div.article > p');
    expect(texts(result)).toEqual([
      '昨天下午，市政府召开新闻发布会，介绍了今年的工作。会议由市长主持。',
      '据介绍，今年全市经济平稳增长，居民收入继续提高。就业形势稳定。',
      '市长表示，明年将继续推进城市更新，改善交通，加强环境保护。',
    ]);
    expect(result.acceptedStops).toBe(5);
    expect(trace.decisions.map((d) => d.rule)).toEqual(['2.3-sample', '2.4-check', '2.6-threshold']);
  });

  it('faithfully (tag names only) the copyright paragraph shares a near path and passes; the class list tells it apart', () => {
    const faithful = run(kind, ZH_PAGE, { punctPath: { extensions: { classIdentity: false } } });
    expect(texts(faithful.result)).toContain('版权所有，未经许可不得转载');
    const extended = run(kind, ZH_PAGE);
    expect(texts(extended.result)).not.toContain('版权所有，未经许可不得转载');
  });
});

const EN_PAGE = `<!doctype html><html lang="en"><head><title>Storm</title></head><body>
<main><div class="story">
<p>The storm reached the coast on Tuesday night. Thousands lost power.</p>
<p>Crews worked through the night to clear the roads. Schools stayed closed!</p>
<p>Officials said the damage was less than feared. Will it return? Forecasters doubt it.</p>
</div>
<aside class="promo"><div class="box"><div class="inner"><p>Sign up for our newsletter. It is free.</p></div></div></aside>
</main></body></html>`;

describe.each(MODEL_KINDS)('method 2 on an English page (%s)', (kind) => {
  it('finds no sample without the latinStops extension (。 only)', () => {
    const { result, trace } = run(kind, EN_PAGE, { punctPath: { extensions: { latinStops: false } } });
    expect(result.sample).toBeNull();
    expect(result.accepted.size).toBe(0);
    expect(trace.decisions[0]?.verdict).toBe('skip');
  });

  it('with latinStops, counts sentence ends and keeps the story, not the nested promo box', () => {
    const { result } = run(kind, EN_PAGE);
    expect(result.cjk).toBe(false);
    expect(result.sample?.text).toMatch(/^Officials said/);
    expect(texts(result)).toHaveLength(3);
    expect(texts(result).join(' ')).not.toMatch(/newsletter/);
  });
});

describe.each(MODEL_KINDS)('§2.4 the check of the sample (%s)', (kind) => {
  it('replaces a lone leaf with most full stops by the path most of the top leaves agree with', () => {
    const html = `<!doctype html><html><body>
<div class="ad"><div class="x"><div class="y"><p>广告。广告。广告。广告。广告。广告。</p></div></div></div>
<div class="text"><p>第一段。第一段。</p><p>第二段。第二段。</p><p>第三段。第三段。</p><p>第四段。</p></div>
</body></html>`;
    const { result, trace } = run(kind, html);
    expect(result.switched).toBe(true);
    expect(result.samplePath).toBe('html > body > div.text > p');
    expect(texts(result)).not.toContain('广告。广告。广告。广告。广告。广告。');
    expect(trace.decisions.find((d) => d.rule === '2.4-check')?.verdict).toBe('fallback');
  });
});
