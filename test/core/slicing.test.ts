/**
 * Time-sliced extraction (src/core/slicing.ts): `extractSliced` pausing at every checkpoint gives the very
 * Article that `extract` gives, on every golden page and the bundled samples, on both DOMs, also when two
 * sliced runs interleave; its progress follows the pipeline's stage order; an AbortSignal stops it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Article, ArticlePreview, ExtractEnv, ExtractProgress, PartialOptions, SliceControl } from '../../src/core/index.ts';
import { PIPELINE_STAGES, extract, extractSliced, resolveOptions } from '../../src/core/index.ts';
import { findLinks, findLinksSteps } from '../../src/core/link-blocks/scan.ts';
import { NO_CHECKPOINTS, drain, everyTicker } from '../../src/core/slicing.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../helpers/dom.ts';
import { loadCases } from '../golden/cases.ts';

afterAll(closeWindows);

/** A timer that never moves: timings are all 0 in both runs, so the whole Article can be compared. */
const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };
/** A checkpoint at every loop iteration, and a pause at every checkpoint: the most interleaved run there is. */
const EVERY_STEP: PartialOptions = { slicing: { checkEvery: 1 }, trace: { enabled: true } };
const PAUSE_A_TURN: SliceControl = { pause: () => new Promise((resolve) => setImmediate(resolve)), sliceMs: 0 };

interface Page {
  readonly name: string;
  readonly html: string;
  readonly url: string | null;
  readonly linkTitle: string | null;
  readonly options: PartialOptions;
}

const SAMPLES: readonly Page[] = [
  {
    name: 'samples/en-solar-library.html',
    html: readFileSync(new URL('../../samples/en-solar-library.html', import.meta.url), 'utf8'),
    url: 'https://www.example-gazette.com/local/2019/03/riverton-library.html',
    linkTitle: null,
    options: {},
  },
];
const PAGES: readonly Page[] = [
  ...loadCases().map((c) => ({
    name: `${c.kind}/${c.slug}`,
    html: c.html,
    url: c.spec.url,
    linkTitle: c.spec.linkTitle ?? null,
    options: c.spec.options ?? {},
  })),
  ...SAMPLES,
];

function optionsOf(page: Page): PartialOptions {
  return { ...page.options, ...EVERY_STEP } as PartialOptions;
}

function syncArticle(kind: (typeof DOM_KINDS)[number], page: Page): Article {
  return extract(parseWith(kind, page.html), ENV, { url: page.url, linkTitle: page.linkTitle }, optionsOf(page));
}

async function slicedRun(kind: (typeof DOM_KINDS)[number], page: Page, control: SliceControl = PAUSE_A_TURN) {
  return extractSliced(parseWith(kind, page.html), ENV, { url: page.url, linkTitle: page.linkTitle }, optionsOf(page), control);
}

/** A list page big enough that every stage of the pipeline reaches a checkpoint. */
function bigPage(items: number): string {
  const list = Array.from(
    { length: items },
    (_, i) => `<li><a href="/n/${i}">Headline number ${i} of the day</a> 2024-05-${(i % 28) + 1}</li>`,
  );
  return `<html lang="en"><head><title>Council votes to keep the river library open</title></head><body>
<article><h1>Council votes to keep the river library open</h1><p>By Ann Lee, 12 May 2024</p>
<p>The council voted on Tuesday to keep the river library open, after a long debate in which residents, teachers and librarians spoke.</p>
<p>The library, which opened in 1921, lends more books than any other in the county, and its reading room is full every weekend.</p></article>
<ul>${list.join('')}</ul></body></html>`;
}

describe.each(DOM_KINDS)('extractSliced (%s)', (kind) => {
  it.each(PAGES.map((p) => [p.name, p] as const))('%s: the same Article as extract(), pausing at every checkpoint', async (_name, page) => {
    const { article, slices } = await slicedRun(kind, page);
    expect(article).toEqual(syncArticle(kind, page));
    expect(slices.slices).toBeGreaterThan(1);
  });

  it('two sliced runs interleaved give each its own synchronous result (no state shared across pauses)', async () => {
    const [a, b] = [PAGES[0] as Page, SAMPLES[0] as Page];
    const both = await Promise.all([slicedRun(kind, a), slicedRun(kind, b)]);
    expect(both[0].article).toEqual(syncArticle(kind, a));
    expect(both[1].article).toEqual(syncArticle(kind, b));
  });

  it('reports progress in the order of the pipeline, and the trace keeps that order', async () => {
    const page: Page = {
      name: 'big',
      html: bigPage(60),
      url: 'https://news.example.com/2024/05/12/library.html',
      linkTitle: null,
      options: {},
    };
    const seen: ExtractProgress[] = [];
    const { article, slices } = await slicedRun(kind, page, { ...PAUSE_A_TURN, onProgress: (p) => seen.push(p) });
    expect(article).toEqual(syncArticle(kind, page));
    expect(seen).toHaveLength(slices.slices - 1);
    const stages = [...new Set(seen.map((p) => p.stage))];
    expect(stages).toEqual(PIPELINE_STAGES.filter((s) => stages.includes(s)));
    // Every stage with a loop over the page pauses on a page this size.
    expect(stages).toEqual(
      expect.arrayContaining(['preprocess', 'title-anchor', 'metadata', 'date-svm', 'serialize', 'link-blocks', 'output']),
    );
    for (const p of seen)
      expect(p).toEqual({ stage: p.stage, done: PIPELINE_STAGES.indexOf(p.stage as never), total: PIPELINE_STAGES.length });
    expect(article.explain.steps.map((s) => s.name)).toEqual([...PIPELINE_STAGES]);
  });

  it('reports the title, author, source, site and time once, after the date and before the link blocks and the body', async () => {
    const page: Page = {
      name: 'big list page',
      html: bigPage(400),
      url: 'https://news.example.com/2024/05/12/library.html',
      linkTitle: null,
      options: {},
    };
    const events: string[] = [];
    const previews: ArticlePreview[] = [];
    const { article } = await slicedRun(kind, page, {
      ...PAUSE_A_TURN,
      onProgress: (p) => events.push(p.stage),
      onPreview: (p) => {
        previews.push(p);
        events.push('preview');
      },
    });
    expect(previews).toEqual([
      { title: article.title, author: article.author, source: article.source, site: article.site, publishedTime: article.publishedTime },
    ]);
    const at = events.indexOf('preview');
    expect(events.slice(0, at)).not.toContain('link-blocks');
    expect(events.slice(at + 1)).not.toContain('date-svm');
    expect(events.slice(at + 1)).toContain('link-blocks');
  });

  it('does not pause while the slice budget lasts', async () => {
    const page = PAGES[0] as Page;
    let pauses = 0;
    const { slices } = await slicedRun(kind, page, { pause: async () => void pauses++, sliceMs: Number.POSITIVE_INFINITY });
    expect(pauses).toBe(0);
    expect(slices.slices).toBe(1);
  });

  it('stops at the next pause when its signal aborts, with the signal’s reason', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by the reader');
    let stagesAfterAbort = 0;
    const run = slicedRun(kind, SAMPLES[0] as Page, {
      ...PAUSE_A_TURN,
      signal: controller.signal,
      onProgress: (p) => {
        if (controller.signal.aborted) stagesAfterAbort++;
        if (p.stage === 'title-anchor') controller.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    expect(stagesAfterAbort).toBe(0);
  });

  it('an aborted signal stops it before any work', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    let pauses = 0;
    await expect(
      slicedRun(kind, SAMPLES[0] as Page, { ...PAUSE_A_TURN, signal: controller.signal, pause: async () => void pauses++ }),
    ).rejects.toThrow('too late');
    expect(pauses).toBe(0);
  });
});

describe('tickers', () => {
  it('a synchronous run has no checkpoint; a sliced one has one every checkEvery units of work', () => {
    expect(Array.from({ length: 1000 }, () => NO_CHECKPOINTS.tick()).some(Boolean)).toBe(false);
    const t = everyTicker(3);
    expect(Array.from({ length: 7 }, () => t.tick())).toEqual([false, false, true, false, false, true, false]);
    expect(t.tick(Number.POSITIVE_INFINITY)).toBe(true);
  });

  it('two link scans interleaved at every tag find what each finds alone (the shared regex resumes where it was)', () => {
    const a = '<p><a href="/1">one</a> and <a href="/2">two</a> <b>x</b> <a>three</a></p>';
    const b = '<ul><li><a>alpha</a></li><li>no link</li><li><a href="/b">beta</a></li></ul><a>gamma</a>';
    const [ga, gb] = [findLinksSteps(a, everyTicker(1)), findLinksSteps(b, everyTicker(1))];
    let ra = ga.next();
    let rb = gb.next();
    while (!ra.done || !rb.done) {
      if (!ra.done) ra = ga.next();
      if (!rb.done) rb = gb.next();
    }
    expect(ra.value).toEqual(findLinks(a));
    expect(rb.value).toEqual(findLinks(b));
    expect(findLinks(b)).toHaveLength(3);
  });

  it('drain runs a generator to its end', () => {
    function* counted(): Generator<void, number, undefined> {
      let n = 0;
      for (let i = 0; i < 5; i++) {
        n += i;
        yield;
      }
      return n;
    }
    expect(drain(counted())).toBe(10);
  });

  it('slicing.checkEvery is a whole number ≥ 1', () => {
    expect(() => resolveOptions({ slicing: { checkEvery: 0 } })).toThrow(/checkEvery/);
    expect(() => resolveOptions({ slicing: { checkEvery: 2.5 } })).toThrow(/checkEvery/);
    expect(() => resolveOptions({ slicing: { sliceMs: -1 } })).toThrow(/sliceMs/);
  });
});
