/**
 * The dom engine's pooled workers have a bounded heap (`heapLimitMb`): a page that needs more is not lost but
 * extracted again in a worker of its own without the bound, and its result says so; the pool goes on with
 * bounded workers for the next page.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createDomEngine } from '../../src/node/engines/dom-engine.ts';
import type { PageInput } from '../../src/node/engines/engine.ts';
import { assertBuilt } from '../cli/run-cli.ts';

assertBuilt();
// A bound far below what a large page needs (V8 takes at least a few MB for its own start).
const engine = createDomEngine({ timeLimitMs: 60_000, heapLimitMb: 12 });
afterAll(() => engine.close());

const article = (paragraphs: number): PageInput => ({
  html:
    '<!doctype html><html><head><title>Harbour works finish early</title></head><body><article><h1>Harbour works finish early</h1>' +
    Array.from(
      { length: paragraphs },
      (_, i) => `<p class="p${i % 7}">Paragraph ${i}: the harbour works, begun last spring, finished a month early, the council said.</p>`,
    ).join('') +
    '</article></body></html>',
  url: 'https://news.example.com/2024/05/harbour.html',
  linkTitle: null,
  now: '2026-11-23T00:00:00Z',
});

describe('dom engine heap bound', () => {
  it('extracts a page too big for a pooled worker in a worker of its own, and says so', async () => {
    const result = await engine.extract(article(60_000), {});
    expect(result.ok, result.ok ? '' : result.error).toBe(true);
    if (!result.ok) return;
    expect(result.article.title).toBe('Harbour works finish early');
    expect(result.article.body.text.length).toBeGreaterThan(1_000_000);
    expect(result.issues?.map((i) => i.kind)).toContain('memory');
  });

  it('extracts a small page in a pooled worker, with nothing to say about memory', async () => {
    const result = await engine.extract(article(20), {});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.article.title).toBe('Harbour works finish early');
    expect(result.issues?.map((i) => i.kind) ?? []).not.toContain('memory');
  });
});
