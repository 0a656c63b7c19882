/**
 * §3.1–3.3 Every date on a page as a sample: text candidates with their holding element and fragment,
 * attribute candidates (extension), label words, the page's year for yearless dates, the statistics,
 * and bounded work on pages with hundreds of dates.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { DatePageContext } from '../../../src/core/date-svm/samples/index.ts';
import { findDateSamples } from '../../../src/core/date-svm/samples/index.ts';
import type { SampleSpec } from '../../../src/core/date-svm/samples/spec.ts';
import { DEFAULT_SAMPLE_WINDOWS, sampleSpecOf } from '../../../src/core/date-svm/samples/spec.ts';
import { labelWords } from '../../../src/core/date-svm/samples/text-candidates.ts';
import { defaultDateModel } from '../../../src/core/date-svm/default-model.ts';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import { readJsonLd } from '../../../src/core/metadata/json-ld.ts';
import { DEFAULT_OPTIONS, resolveOptions } from '../../../src/core/options.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, contextOf, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const NOW = new Date('2024-06-01T12:00:00Z');

/** The elements whose class list holds `name` (`.name`), in document order. */
function withClass(model: PageModel, name: string): number[] {
  const out: number[] = [];
  for (let el = 0; el < model.size; el++) if ((model.attr(el, 'class') ?? '').split(/\s+/).includes(name)) out.push(el);
  return out;
}

function context(model: PageModel, url: string | null = null, over: Partial<DatePageContext> = {}): DatePageContext {
  const title = model.blocks.find((b) => b.heading === 1) ?? null;
  const first = model.blocks.find((b) => b.sentence) ?? null;
  const article = firstTag(model, 'article');
  return {
    model,
    ref: contextOf(model, DEFAULT_OPTIONS).ref,
    titleBlock: title,
    firstSentence: first,
    bodyRoot: article >= 0 ? article : null,
    commentSections: withClass(model, 'comments'),
    url,
    now: NOW,
    latestTime: NOW.getTime() + 86_400_000,
    dateOpts: { minYear: 1990, maxYear: 2025, dayFirst: true },
    jsonLd: readJsonLd(model),
    structuredDate: null,
    rulesDay: null,
    maxElements: 300_000,
    ...over,
  };
}

/** The shipped model's spec (every kind, lexicon labels, no label words), with changes. */
const spec = (over: Partial<SampleSpec> = {}): SampleSpec => ({ ...defaultDateModel().spec, ...over });
const BOUNDS = DEFAULT_OPTIONS.dateSvm;

const PAGE = `<!doctype html><html><head><title>Library opens</title>
<meta property="article:published_time" content="2019-05-13T10:20:00+08:00">
<meta property="article:modified_time" content="2019-05-14T08:00:00+08:00">
<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2019-05-13T10:20:00+08:00","dateModified":"2019-05-14"}</script>
</head><body>
<ul class="nav"><li><a href="/a">Archive 2019-04-01</a></li></ul>
<article>
<h1>Library opens</h1>
<div class="info"><span class="time">发布时间：2019年05月13日 10:20</span> <span class="src">来源：本报</span></div>
<p>新图书馆于周一开放，市长表示，该馆完全依靠太阳能供电，造价也低于预期。</p>
<p>The council met on 2 March 2018, and again on 3 April 2018, to decide it.</p>
<time datetime="2019-05-13">13 May</time>
</article>
<div class="comments"><p class="c">5月20日 09:27</p></div>
</body></html>`;

describe.each(MODEL_KINDS)('findDateSamples (%s)', (kind) => {
  const page = (html: string): PageModel => modelOf(kind, html, DEFAULT_OPTIONS);

  it('finds text dates with their holding element, fragment and label words, and the attribute candidates', () => {
    const model = page(PAGE);
    const r = findDateSamples(context(model, 'https://news.example.com/2019/05/13/library.html'), spec({ labelWords: true }), BOUNDS);
    const byKind = (k: string) => r.samples.filter((s) => s.kind === k).map((s) => s.iso);
    expect(byKind('meta')).toEqual(['2019-05-13T10:20:00+08:00', '2019-05-14T08:00:00+08:00']);
    expect(byKind('json-ld')).toEqual(['2019-05-13T10:20:00+08:00', '2019-05-14']);
    expect(byKind('time-attr')).toEqual(['2019-05-13']);
    expect(byKind('url')).toEqual(['2019-05-13']);
    const text = r.samples.filter((s) => s.kind === 'text');
    expect(text.map((s) => s.day)).toEqual(['2019-04-01', '2019-05-13', '2018-03-02', '2018-04-03', '2019-05-13', '2019-05-20']);
    const pub = text[1];
    expect(pub?.iso).toBe('2019-05-13T10:20:00');
    expect(pub?.tags).toEqual(['span', 'div', 'article', 'body']);
    expect(pub?.tokens).toEqual(expect.arrayContaining(['@class', 'time', 'info', 'w:发布', 'w:时间', 'lbl:published']));
    expect(pub?.ref?.selector).toMatch(/span/);
    expect(pub?.stats).toMatchObject({
      inZone: 1,
      inBody: 1,
      inLink: 0,
      hasTime: 1,
      hasCjkMarks: 1,
      'form:cjk': 1,
      'kind:text': 1,
      urlSameDay: 1,
    });
    const archive = text[0];
    expect(archive?.links).toBe(1);
    expect(archive?.stats).toMatchObject({ inLink: 1, inBody: 0, beforeTitle: 1 });
    // The yearless dates take the year closest to the page's latest full date (2019-05-14).
    expect(text[4]).toMatchObject({ text: '13 May', kind: 'text' });
    const comment = text[5];
    expect(comment?.iso).toBe('2019-05-20T09:27:00');
    expect(comment?.stats).toMatchObject({ inComments: 1, 'form:yearless': 1 });
    // Day statistics: 2019-05-13 occurs 6 times (meta, JSON-LD, time, URL and two texts), the most of any day.
    expect(pub?.stats['sameDayCount']).toBe(6);
    expect(pub?.stats['mostFrequentDay']).toBe(1);
  });

  it('a model of text candidates only (the faithful method) reads only text dates', () => {
    const model = page(PAGE);
    const r = findDateSamples(context(model, 'https://news.example.com/2019/05/13/library.html'), spec({ kinds: ['text'] }), BOUNDS);
    expect(new Set(r.samples.map((s) => s.kind))).toEqual(new Set(['text']));
  });

  it('the spec decides the label tokens: none without the lexicon and label words', () => {
    const model = page(PAGE);
    const r = findDateSamples(context(model), spec({ labelLexicon: false, labelWords: false }), BOUNDS);
    expect(r.samples.flatMap((s) => s.tokens).filter((t) => t.startsWith('lbl') || t.startsWith('w:'))).toEqual([]);
    const levels = findDateSamples(context(model), spec({ fragmentLevels: 2 }), BOUNDS);
    expect(Math.max(...levels.samples.map((s) => s.tags.length))).toBe(2);
  });

  it('marks dates after "now" as future', () => {
    const model = page(`<html><body><p>Event on 2024-09-01, posted 2024-05-30.</p></body></html>`);
    const r = findDateSamples(context(model), spec(), BOUNDS);
    expect(r.samples.map((s) => [s.day, s.stats['future']])).toEqual([
      ['2024-09-01', 1],
      ['2024-05-30', 0],
    ]);
  });

  it('a page with no date gives no candidate; a calendar of thousands gives at most maxCandidates', () => {
    const none = findDateSamples(context(page(`<html><body><p>No dates here at all.</p></body></html>`)), spec(), BOUNDS);
    expect(none.samples).toEqual([]);
    const days = Array.from({ length: 2000 }, (_, i) => new Date(Date.UTC(2015, 0, 1 + i)).toISOString().slice(0, 10));
    const cal = page(
      `<html><body><table>${days.map((d) => `<tr><td><a href="/d/${d}">${d}</a></td></tr>`).join('')}</table></body></html>`,
    );
    const r = findDateSamples(context(cal), spec(), { ...BOUNDS, maxCandidates: 300 });
    expect(r.samples).toHaveLength(300);
    expect(r.found).toBeGreaterThanOrEqual(300);
  });

  it('reads a microformat title (abbr.published), not the title of other elements', () => {
    const model = page(
      `<html><body><abbr class="published" title="2013-04-04T18:52:11+00:00">April</abbr><span title="2014-01-01">x</span></body></html>`,
    );
    const r = findDateSamples(context(model), spec(), BOUNDS);
    expect(r.samples.map((s) => [s.kind, s.iso])).toEqual([['attr', '2013-04-04T18:52:11Z']]);
  });

  it('a date that reads both ways takes the reading another date on the page agrees with', () => {
    const html = (other: string) =>
      `<html><head><meta name="date" content="11/01/2023 12:43:42"></head><body><p>Erstellt am ${other}</p></body></html>`;
    const agree = findDateSamples(context(page(html('01.11.2023'))), spec(), BOUNDS);
    expect(agree.samples.find((s) => s.kind === 'meta')?.day).toBe('2023-11-01');
    const none = findDateSamples(context(page(html('05.11.2023'))), spec(), BOUNDS);
    expect(none.samples.find((s) => s.kind === 'meta')?.day).toBe('2023-01-11');
  });

  it('a fragment repeated by a list (teasers, comments) counts its repeats; the article date is alone', () => {
    const items = [1, 2, 3, 4].map((d) => `<li class="teaser"><span class="date">0${d}.03.2020</span></li>`).join('');
    const model = page(`<html><body><div class="meta"><time>10.03.2020</time></div><ul>${items}</ul></body></html>`);
    const r = findDateSamples(context(model), spec(), BOUNDS);
    expect(r.samples.map((s) => [s.day, s.stats['fragmentRepeats']])).toEqual([
      ['2020-03-10', 0],
      ['2020-03-01', 3],
      ['2020-03-02', 3],
      ['2020-03-03', 3],
      ['2020-03-04', 3],
    ]);
  });
});

describe.each(MODEL_KINDS)('loose numeric dates as candidates (%s)', (kind) => {
  const page = (html: string): PageModel => modelOf(kind, html, DEFAULT_OPTIONS);

  it('looseNumeric: a two-digit year and a date between bars are text candidates; off, they are not', () => {
    const html = `<html><body><article><p class="by">Klaus, 8.5.12</p><td>26 | 01 | 2022</td><p>Text.</p></article></body></html>`;
    const on = findDateSamples(context(page(html), null, { looseNumeric: true }), spec(), BOUNDS);
    expect(on.samples.map((s) => [s.day, s.text])).toEqual([
      ['2012-05-08', '8.5.12'],
      ['2022-01-26', '26 | 01 | 2022'],
    ]);
    expect(findDateSamples(context(page(html)), spec(), BOUNDS).samples).toEqual([]);
  });
});

describe('labelWords', () => {
  const o = { labelLatinWords: 3, labelCjkChars: 6 };
  it('reads the words right before a date on its line as w: tokens', () => {
    expect(labelWords('发布时间：2019-05-13', 5, o)).toEqual(['w:发布', 'w:布时', 'w:时间']);
    expect(labelWords('Home\nLast updated on 13 May 2019', 21, o)).toEqual(['w:last', 'w:updated', 'w:on']);
    expect(labelWords('2019-05-13', 0, o)).toEqual([]);
  });
});

describe('sampleSpecOf: a page is read as the model says', () => {
  it('the shipped model: every kind, lexicon labels (its glossary has lbl: tokens), no label words, the default windows', () => {
    expect(defaultDateModel().spec).toEqual({
      fragmentLevels: 4,
      kinds: ['text', 'time-attr', 'meta', 'attr', 'json-ld', 'url'],
      labelWords: false,
      labelLexicon: true,
      windows: DEFAULT_SAMPLE_WINDOWS,
    });
  });

  it('a faithful model reads text only, its own levels and windows', () => {
    expect(sampleSpecOf({ fragmentLevels: 3, kinds: ['text'], tokens: ['date', 'w:发布'], sampling: { lexiconCjkChars: 5 } })).toEqual({
      fragmentLevels: 3,
      kinds: ['text'],
      labelWords: true,
      labelLexicon: false,
      windows: { ...DEFAULT_SAMPLE_WINDOWS, lexiconCjkChars: 5 },
    });
  });
});

describe('options', () => {
  it('the dateSvm bounds are checked; the training settings are no extraction options', () => {
    expect(() => resolveOptions({ dateSvm: { maxCandidates: -1 } })).toThrow(/maxCandidates/);
    expect(() => resolveOptions({ dateSvm: { fragmentLevels: 4 } } as never)).toThrow(/unknown option "fragmentLevels"/);
  });
});

describe.each(MODEL_KINDS)('relative dates: the reader clock and the capture time (%s)', (kind) => {
  const REL = `<!doctype html><html><head><title>t</title></head><body><article><h1>t</h1>
<div class="info"><span class="time">3小时前</span></div>
<p>新图书馆于周一开放，市长表示，该馆完全依靠太阳能供电，造价也低于预期。</p></article></body></html>`;
  const at = new Date('2019-10-15T23:00:00Z'); // 07:00 on the 16th in Beijing
  const read = (over: Partial<DatePageContext>) =>
    findDateSamples(
      context(modelOf(kind, REL, DEFAULT_OPTIONS), null, { now: at, latestTime: at.getTime() + 86_400_000, ...over }),
      spec(),
      BOUNDS,
    )
      .samples.filter((s) => s.text.includes('小时前'))
      .map((s) => s.iso);

  it('readerClock: "3小时前" read at 07:00 in Beijing is 04:00 that day, not 20:00 the day before (UTC)', () => {
    expect(read({ readerOffsetMinutes: 480 })).toEqual(['2019-10-16T04:00:00']);
    expect(read({})).toEqual(['2019-10-15T20:00:00']);
  });

  it('captureTime: a saved page reads it against its capture time', () => {
    expect(read({ captured: { time: new Date('2023-11-08T10:00:00Z'), from: 'SingleFile header' } })).toEqual(['2023-11-08T07:00:00']);
  });
});
