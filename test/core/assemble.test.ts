/**
 * The Article records each fact once, where it was decided (issue "One house": the popup and the overlay
 * read the chosen date candidate and the anchors; they never re-derive them).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../src/core/env.ts';
import { extract } from '../../src/core/index.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../helpers/dom.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

const PARAS = `<p>The new library, which opened on Monday, runs entirely on solar power, the mayor said, and it cost less than expected.</p>
<p>Residents queued for hours to see the building, and many of them, young and old, brought books to donate to it.</p>`;

const page = (
  head: string,
  byline: string,
): string => `<!doctype html><html lang="en"><head><title>City opens solar-powered library</title>${head}</head>
<body><article><h1>City opens solar-powered library</h1><p class="byline">${byline}</p>${PARAS}</article></body></html>`;

describe.each(DOM_KINDS)('the Article records the chosen date and the anchors once (%s)', (kind) => {
  it('the date SVM: `chosen` is the candidate the time was read from, and the date anchor is its element', () => {
    const a = extract(parseWith(kind, page('', 'By <span id="who">Jane Doe</span> · <span id="when">13 May 2019, 10:20</span>')), ENV, {});
    expect(a.publishedTime.method).toBe('date-svm');
    expect(a.publishedTime.chosen).toMatchObject({ iso: a.publishedTime.iso, text: '13 May 2019, 10:20', from: 'page-text' });
    expect(a.publishedTime.chosen?.decision).toBeCloseTo(a.publishedTime.decision ?? NaN, 3);
    expect(a.anchors.date).toEqual(a.publishedTime.chosen?.ref);
    expect(a.anchors.date?.selector).toBe('#when');
    expect(a.anchors.author).toEqual(a.provenance.author?.ref ?? null);
  });

  it('a time read where no element shows it (JSON-LD) is outlined at the element that states the same time', () => {
    const jsonLd = `<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2019-05-13T10:20:00+02:00"}</script>`;
    const html = page(jsonLd, 'By Jane Doe · <time id="t" datetime="2019-05-13T10:20:00+02:00">13 May</time>');
    const a = extract(parseWith(kind, html), ENV, {}, { dateSvm: { enabled: false } });
    expect(a.publishedTime).toMatchObject({ method: 'rules', from: 'json-ld', iso: '2019-05-13T10:20:00+02:00' });
    expect(a.publishedTime.chosen?.from).toBe('json-ld');
    expect(a.publishedTime.chosen?.ref).toBeUndefined();
    expect(a.anchors.date?.selector).toBe('#t');
  });

  it('no date: no chosen candidate and no date anchor', () => {
    const a = extract(parseWith(kind, page('', 'By Jane Doe')), ENV, {});
    expect(a.publishedTime.iso).toBeNull();
    expect(a.publishedTime.chosen).toBeNull();
    expect(a.anchors.date).toBeNull();
  });
});
