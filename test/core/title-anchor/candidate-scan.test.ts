import { afterAll, describe, expect, it } from 'vitest';
import type { PageModel, TextBlock } from '../../../src/core/model/page-model.ts';
import type { PartialOptions, TitleAnchorOptions } from '../../../src/core/options.ts';
import { faithfulOptions } from '../../helpers/options.ts';
import { scanTitleCandidates } from '../../../src/core/title-anchor/candidate-scan.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const QUERY = 'City opens solar-powered library | Example News';
/** English sentences by the faithful rule: more than two commas and a terminator. */
const S = (n: number): string => `<p>Sentence ${n}, with commas, and more commas, ends here.</p>`;
const FAITHFUL = faithfulOptions({}).titleAnchor;
const BOUNDED = faithfulOptions({ titleAnchor: { extensions: { boundedCandidateScan: true } } }).titleAnchor;

const bodyModel = (body: string, options: PartialOptions = {}): PageModel =>
  modelOf('happy-dom', `<html><head></head><body>${body}</body></html>`, faithfulOptions(options));
const textOf = (b: TextBlock | null): string | null => b?.text ?? null;
const scan = (body: string, query: string = QUERY, opts: TitleAnchorOptions = FAITHFUL) =>
  scanTitleCandidates(bodyModel(body).blocks, query, opts);

describe('scanTitleCandidates (faithful §1.4)', () => {
  it('§1.4 a better candidate before the first sentence replaces the earlier one', () => {
    const r = scan(`<p>Solar library news</p><h1>City opens solar-powered library</h1><p>Library news</p>${S(1)}`);
    expect(textOf(r.titleBlock)).toBe('City opens solar-powered library');
    // {solar library news} ∩ query = 3 of 7; the headline shares 5 of 7; "Library news" (2 of 7) is not better.
    expect(r.replaced.map((c) => [c.block.text, c.sim])).toEqual([
      ['Solar library news', (3 / 7) * 100],
      ['City opens solar-powered library', (5 / 7) * 100],
    ]);
    expect(r.sim).toBeCloseTo((5 / 7) * 100, 10);
    expect(textOf(r.firstSentence)).toBe('Sentence 1, with commas, and more commas, ends here.');
    expect(r.via).toBe('similarity');
  });

  it('§1.4 a Chinese headline replaces the site name that also matches the <title>', () => {
    const r = scan(
      '<div>新闻中心</div><h1>我市首座太阳能图书馆开放</h1><p>新图书馆于周一开放，市长表示，该馆完全依靠太阳能供电，造价也低于预期。</p>',
      '我市首座太阳能图书馆开放_新闻中心',
    );
    // 16 distinct characters in the query: 新闻中心 shares 4 (25), the headline 12 (75).
    expect(r.replaced.map((c) => [c.block.text, c.sim])).toEqual([
      ['新闻中心', 25],
      ['我市首座太阳能图书馆开放', 75],
    ]);
    expect(textOf(r.firstSentence)).toMatch(/^新图书馆于周一开放/);
  });

  it('§1.4 a candidate must exceed the threshold: exactly 20 is not enough', () => {
    // {alpha delta epsilon} vs {alpha beta gamma}: 1 of 5 = 20.
    expect(scan(`<h1>alpha delta epsilon</h1>${S(1)}`, 'alpha beta gamma').titleBlock).toBeNull();
    expect(textOf(scan(`<h1>alpha beta epsilon</h1>${S(1)}`, 'alpha beta gamma').titleBlock)).toBe('alpha beta epsilon');
  });

  it('§1.4 the threshold is read from the options', () => {
    const loose = faithfulOptions({ titleAnchor: { simThresholdPct: 10 } }).titleAnchor;
    expect(textOf(scan(`<h1>alpha delta epsilon</h1>${S(1)}`, 'alpha beta gamma', loose).titleBlock)).toBe('alpha delta epsilon');
  });

  it('§1.4 noise is skipped even when it matches the title (English)', () => {
    const m = bodyModel(`<div>Opens</div>${S(1)}${S(2)}`);
    expect(m.blocks[0]?.noise).toBe(true);
    const r = scanTitleCandidates(m.blocks, 'Library opens', FAITHFUL);
    expect(r.titleBlock).toBeNull();
    expect(r.replaced).toEqual([]);
  });

  it('§1.4 noise is skipped even when it matches the title (Chinese)', () => {
    const m = bodyModel('<div>开放</div><p>一，二，三，四。</p>');
    expect(m.blocks[0]?.noise).toBe(true);
    expect(scanTitleCandidates(m.blocks, '图书馆开放', FAITHFUL).titleBlock).toBeNull();
  });

  it('§1.4 the first sentence after a candidate stops the scan: a better block later is not seen', () => {
    const r = scan(`<h2>Solar library news</h2>${S(1)}<h1>City opens solar-powered library</h1>${S(2)}`);
    expect(textOf(r.titleBlock)).toBe('Solar library news');
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 1/);
    expect(r.replaced).toHaveLength(1);
  });

  it('§1.4 faithful: sentences before any candidate are passed over and the scan goes on', () => {
    const r = scan(`${S(0)}<h1>City opens solar-powered library</h1>${S(1)}`);
    expect(textOf(r.titleBlock)).toBe('City opens solar-powered library');
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 1/);
  });

  it('§1.4 a candidate with no sentence after it has no first sentence', () => {
    const r = scan(`${S(0)}<h1>City opens solar-powered library</h1><p>The end</p>`);
    expect(textOf(r.titleBlock)).toBe('City opens solar-powered library');
    expect(r.firstSentence).toBeNull();
  });

  it('§1.4 blocks longer than maxTitleUnits are not compared', () => {
    const short = faithfulOptions({ titleAnchor: { maxTitleUnits: 4 } }).titleAnchor;
    expect(scan(`<h1>City opens solar-powered library</h1>${S(1)}`, QUERY, short).titleBlock).toBeNull();
  });

  it('§1.4 no matching block: no title, no first sentence, via none', () => {
    const r = scan(`<h1>Unrelated masthead words</h1>${S(1)}`);
    expect(r).toMatchObject({ titleBlock: null, firstSentence: null, via: 'none', replaced: [] });
  });
});

describe('scanTitleCandidates (boundedCandidateScan extension)', () => {
  const PAGE =
    `<h1>Unrelated masthead words</h1>${S(1)}${S(2)}<div>Other short link text</div>` + `<h2>City opens solar-powered library</h2>${S(3)}`;

  it('§1.4 faithful reference: the scan goes past the first sentence run to the real title', () => {
    const r = scan(PAGE);
    expect(textOf(r.titleBlock)).toBe('City opens solar-powered library');
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 3/);
  });

  it('§1.4 ext: after the first sentence run, fall back to the h1 nearest above the first sentence', () => {
    const r = scan(PAGE, QUERY, BOUNDED);
    expect(r.via).toBe('h1-fallback');
    expect(textOf(r.titleBlock)).toBe('Unrelated masthead words');
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 1/);
    expect(r.sim).toBe(0);
  });

  it('§1.4 ext: the block that ends the sentence run is still compared', () => {
    const r = scan(`<h1>Unrelated masthead words</h1>${S(1)}<h2>City opens solar-powered library</h2>${S(2)}`, QUERY, BOUNDED);
    expect(r.via).toBe('similarity');
    expect(textOf(r.titleBlock)).toBe('City opens solar-powered library');
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 2/);
  });

  it('§1.4 ext: noise inside the run does not end it', () => {
    const r = scan(
      `<h1>Unrelated masthead words</h1>${S(1)}<div>More</div><h2>City opens solar-powered library</h2>${S(2)}`,
      QUERY,
      BOUNDED,
    );
    expect(textOf(r.titleBlock)).toBe('City opens solar-powered library');
  });

  it('§1.4 ext: with no h1 above the first sentence the scan goes on as the faithful rule does', () => {
    const r = scan(
      `<h2>Masthead words</h2>${S(1)}<div>Other short link text</div><h2>City opens solar-powered library</h2>${S(2)}`,
      QUERY,
      BOUNDED,
    );
    expect(r.via).toBe('similarity');
    expect(textOf(r.titleBlock)).toBe('City opens solar-powered library');
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 2/);
  });

  it('§1.4 ext: an h1 below the first sentence is not a fallback', () => {
    const r = scan(`${S(1)}<div>Other short link text</div><h1>Unrelated masthead words</h1>${S(2)}`, QUERY, BOUNDED);
    expect(r).toMatchObject({ titleBlock: null, via: 'none' });
  });
});

describe('scanTitleCandidates (laterStrongerTitle extension)', () => {
  const LATER = faithfulOptions({ titleAnchor: { extensions: { laterStrongerTitle: true } } }).titleAnchor;
  // A blog: its name in the banner matches the " | Example News" part of <title> (2 of 7 units, 28.6),
  // its tagline is a sentence, and the article's headline comes after it.
  const BLOG =
    `<div id="banner"><h1>Example News</h1><p>Example News, a blog of city life, libraries, parks, and more.</p></div>` +
    `<h2>City opens solar-powered library</h2>${S(1)}${S(2)}`;

  it('§1.4 faithful reference: the banner name and its tagline end the scan', () => {
    const r = scan(BLOG);
    expect(textOf(r.titleBlock)).toBe('Example News');
    expect(textOf(r.firstSentence)).toMatch(/^Example News, a blog/);
  });

  it('§1.4 ext: a later heading that matches much better replaces the weak candidate', () => {
    const r = scan(BLOG, QUERY, LATER);
    expect(r.via).toBe('later-title');
    expect(textOf(r.titleBlock)).toBe('City opens solar-powered library');
    expect(r.sim).toBeCloseTo((5 / 7) * 100, 10);
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 1/);
    expect(r.replaced.map((c) => c.block.text)).toEqual(['Example News', 'City opens solar-powered library']);
  });

  it('§1.4 ext: a later list item repeating the headline (a "recent posts" list) is not a title', () => {
    const page =
      `<div id="banner"><h1>Example News</h1><p>Example News, a blog of city life, libraries, parks, and more.</p></div>` +
      `<ul><li>City opens solar-powered library</li></ul>${S(1)}`;
    expect(textOf(scan(page, QUERY, LATER).titleBlock)).toBe('Example News');
  });

  it('§1.4 ext: the later heading must gain laterTitleMinGain over the candidate and reach laterTitleMinSim', () => {
    const strict = faithfulOptions({ titleAnchor: { laterTitleMinGain: 50, extensions: { laterStrongerTitle: true } } }).titleAnchor;
    // 71.4 − 28.6 = 42.9 < 50: no replacement.
    expect(scan(BLOG, QUERY, strict).via).toBe('similarity');
    const high = faithfulOptions({ titleAnchor: { laterTitleMinSim: 80, extensions: { laterStrongerTitle: true } } }).titleAnchor;
    expect(scan(BLOG, QUERY, high).via).toBe('similarity');
  });

  it('§1.4 ext: a later heading with no sentence after it does not replace the candidate', () => {
    const page =
      `<div id="banner"><h1>Example News</h1><p>Example News, a blog of city life, libraries, parks, and more.</p></div>` +
      `<h2>City opens solar-powered library</h2><div>Comments are closed</div>`;
    expect(textOf(scan(page, QUERY, LATER).titleBlock)).toBe('Example News');
  });
});

describe('scanTitleCandidates (headingBeforeSentence extension)', () => {
  const QUESTION = 'What is the real value of the drugs that come across the southern border each year?';
  const QUERY_Q = `${QUESTION} | Example News`;
  // With the latinSentence extension the question headline (16 words ending in "?") passes the sentence
  // test; a sidebar heading further down shares a few of its words.
  const PAGE = `<h1>${QUESTION}</h1>${S(1)}${S(2)}<aside><h3>Drugs at the border: the value</h3>${S(3)}</aside>`;
  const LATIN = { text: { extensions: { latinSentence: true } } } as const;
  const OFF = faithfulOptions({ ...LATIN, titleAnchor: { extensions: { headingBeforeSentence: false } } }).titleAnchor;
  const ON = faithfulOptions({ ...LATIN, titleAnchor: { extensions: { headingBeforeSentence: true } } }).titleAnchor;
  const scanLatin = (body: string, opts: TitleAnchorOptions) => scanTitleCandidates(bodyModel(body, LATIN).blocks, QUERY_Q, opts);

  it('§0 reference: the question headline is a sentence by the latinSentence extension', () => {
    const headline = bodyModel(PAGE, LATIN).blocks.find((b) => b.heading === 1);
    expect(headline?.sentence).toBe(true);
    expect(bodyModel(PAGE).blocks.find((b) => b.heading === 1)?.sentence).toBe(false);
  });

  it('§1.4 without it, the scan passes over the headline and anchors on the sidebar heading', () => {
    const r = scanLatin(PAGE, OFF);
    expect(textOf(r.titleBlock)).toBe('Drugs at the border: the value');
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 3/);
  });

  it('§1.4 ext: a heading that is a title candidate is the title, not a sentence', () => {
    const r = scanLatin(PAGE, ON);
    expect(textOf(r.titleBlock)).toBe(QUESTION);
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 1/);
    expect(r.via).toBe('similarity');
  });

  it('§1.4 ext: a heading sentence below the threshold stays a sentence', () => {
    const other = '<h2>Why would anyone, anywhere, on any day of the week, want to read a sentence like this one?</h2>';
    const r = scanLatin(`${other}<h1>${QUESTION}</h1>${S(1)}`, ON);
    // The h2 shares too little with the query to be a candidate: it is the first sentence before any title,
    // and the headline after it becomes the candidate, with "Sentence 1" as its first sentence.
    expect(textOf(r.titleBlock)).toBe(QUESTION);
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 1/);
  });

  it('§1.4 ext: with laterStrongerTitle, a later heading sentence that matches much better replaces a banner name', () => {
    const both = faithfulOptions({
      ...LATIN,
      titleAnchor: { extensions: { headingBeforeSentence: true, laterStrongerTitle: true } },
    }).titleAnchor;
    const withoutIt = faithfulOptions({
      ...LATIN,
      titleAnchor: { extensions: { headingBeforeSentence: false, laterStrongerTitle: true } },
    }).titleAnchor;
    const blog =
      `<div id="banner"><h2>Example News: the drugs that come across the border</h2><p>Example News, a blog of city life, libraries, parks, and more.</p></div>` +
      `<h1>${QUESTION}</h1>${S(1)}`;
    const r = scanLatin(blog, both);
    expect(r.via).toBe('later-title');
    expect(textOf(r.titleBlock)).toBe(QUESTION);
    expect(textOf(r.firstSentence)).toMatch(/^Sentence 1/);
    expect(textOf(scanLatin(blog, withoutIt).titleBlock)).toBe('Example News: the drugs that come across the border');
  });
});
