/**
 * The dom engine's `extractVariants` (the report's ablations): one parse of the page, then the core under
 * each options object, must give for each exactly what `extract` gives under the same options — the core
 * only reads the document, so a variant cannot see what an earlier one did. And `extractEach` asks an
 * engine without it once per options object, in order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Article, PartialOptions } from '../../src/core/index.ts';
import { createDomEngine } from '../../src/node/engines/dom-engine.ts';
import type { Engine, EngineResult, PageInput } from '../../src/node/engines/engine.ts';
import { extractEach } from '../../src/node/engines/engine.ts';
import { ROOT, assertBuilt } from '../cli/run-cli.ts';

assertBuilt();
const engine = createDomEngine();
afterAll(() => engine.close());

const page = (file: string, url: string): PageInput => ({
  html: readFileSync(join(ROOT, file), 'utf8'),
  url,
  linkTitle: null,
  now: '2026-11-23T00:00:00Z',
});

const VARIANTS: PartialOptions[] = [
  {},
  { combine: { bodyMethod: 'punct-path' } },
  { linkBlocks: { removeFromBody: false }, combine: { extensions: { learnedBlocks: false } } },
  { titleAnchor: { extensions: { paragraphRun: false } } },
];

/** The article without what differs from run to run (the stages' times). */
function stable(r: EngineResult): unknown {
  if (!r.ok) return r.error;
  const a: Article = r.article;
  return { ...a, timings: null, explain: a.explain.steps.map((s) => ({ ...s, ms: null })) };
}

describe('dom engine: several options from one parse', () => {
  for (const [file, url] of [
    ['samples/en-solar-library.html', 'https://news.example.com/2021/03/library.html'],
    ['test/fixtures/cli/zh-index.html', 'https://news.example.cn/'],
  ] as const) {
    it(`${file}: each variant's article is extract()'s under the same options`, async () => {
      const p = page(file, url);
      const together = await engine.extractVariants!(p, VARIANTS);
      expect(together).toHaveLength(VARIANTS.length);
      for (const [i, options] of VARIANTS.entries()) {
        const alone = await engine.extract(p, options);
        expect(stable(together[i] as EngineResult), `variant ${i}`).toEqual(stable(alone));
      }
    }, 60_000);
  }

  it('the options reach the core: method 2 alone and the kept link blocks each give another body', async () => {
    const results = await engine.extractVariants!(
      page('samples/en-solar-library.html', 'https://news.example.com/a.html'),
      VARIANTS.slice(0, 3),
    );
    const bodies = results.map((r) => (r.ok ? r.article.body.text : ''));
    expect(bodies.every((b) => b.length > 1000)).toBe(true);
    expect(new Set(bodies).size).toBe(3);
  }, 60_000);

  it('extractEach asks an engine without extractVariants once per options object, in order', async () => {
    const seen: PartialOptions[] = [];
    const fake: Engine = {
      name: 'dom',
      extract: async (_p, options) => {
        seen.push(options);
        return { ok: false, kind: 'extraction', error: `call ${seen.length}`, ms: 0 };
      },
      close: async () => undefined,
    };
    const results = await extractEach(fake, page('samples/en-solar-library.html', 'https://a.example/'), VARIANTS);
    expect(seen).toEqual(VARIANTS);
    expect(results.map((r) => (r.ok ? '' : r.error))).toEqual(['call 1', 'call 2', 'call 3', 'call 4']);
  });
});
