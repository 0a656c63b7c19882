/**
 * §5.3–5.8 on hand-made HTML strings: link recognition, both distances, Ct and dt, the patent's restart
 * rule and ours, the link-text share, LCR and CCR.
 */
import { describe, expect, it } from 'vitest';
import type { ScanOptions } from '../../../src/core/link-blocks/scan.ts';
import { codeDistance, findLinks, fragmentText, scanLinkBlocks, textDistance } from '../../../src/core/link-blocks/scan.ts';

/** The patent's rules: Ct 3, code dt 80, restart after C, tags counted by their characters, no text share. */
const PATENT: ScanOptions = {
  minLinks: 3,
  distance: 'code',
  maxDistance: 80,
  restartAtNextLink: false,
  attributesStripped: false,
  tagAsOneChar: false,
  minLinkTextShare: 0,
};
const OURS: ScanOptions = { ...PATENT, restartAtNextLink: true };

const links = (n: number, sep = ' ', word = 'link'): string =>
  Array.from({ length: n }, (_, i) => `<a href="/${i}">${word} ${i}</a>`).join(sep);
const filler = (chars: number): string => 'x'.repeat(chars);

describe('§5.3 link recognition', () => {
  it('finds <a…>…</a> pairs and nothing else', () => {
    const html = '<p><abbr>x</abbr><a href="/a" class="k">one</a><area><A HREF="/b">two</A ></p>';
    expect(findLinks(html).map((l) => html.slice(l.start, l.end))).toEqual(['<a href="/a" class="k">one</a>', '<A HREF="/b">two</A >']);
  });

  it('ignores an end tag with a "/" between "</" and ">", and ends without starts', () => {
    // `</a x/y>` is no link end: "one" stays open until the next start restarts the link.
    const html = '</a><a>one</a x/y><a>two</a>';
    expect(findLinks(html).map((l) => html.slice(l.start, l.end))).toEqual(['<a>two</a>']);
  });

  it('a start inside an open link restarts the link (links do not nest)', () => {
    const html = '<a>one<a>two</a>';
    expect(findLinks(html).map((l) => html.slice(l.start, l.end))).toEqual(['<a>two</a>']);
  });
});

describe('§5.4 distances', () => {
  it('code distance counts characters with attributes removed', () => {
    const html = '<a>x</a><div id="main" class="a b">ABC</div><a>y</a>';
    const [a, b] = findLinks(html);
    // `<div>ABC</div>` is 14 characters once its attributes are gone.
    expect(codeDistance(html, a!.end, b!.start, false)).toBe(14);
    expect(codeDistance(html, a!.end, b!.start, false, true)).toBe(5); // each tag one character: <div> A B C </div>
  });

  it('text distance counts text units: words, CJK characters, numbers, dates, punctuation runs', () => {
    const html = '<a>x</a> 珠穆朗玛8848 <b>今天是2014年3月28日</b> hello world!!! <a>y</a>';
    const [a, b] = findLinks(html);
    // 珠 穆 朗 玛 8848 = 5; 今 天 是 2014年3月28日 = 4; hello world !!! = 3
    expect(textDistance(html, a!.end, b!.start, Infinity)).toBe(12);
    expect(textDistance(html, a!.end, b!.start, 4)).toBe(4);
  });

  it('decodes entities and keeps words on both sides of a tag apart', () => {
    expect(fragmentText('a&amp;b<br>c&#x4e2d;&nbsp;d&bogus;')).toBe('a&b c中 d&bogus;');
  });
});

describe('§5.5–5.7 the scan', () => {
  it('adjacent links form a block when there are at least Ct of them', () => {
    expect(scanLinkBlocks(`<ul>${links(3)}</ul>`, PATENT).blocks).toHaveLength(1);
    expect(scanLinkBlocks(`<ul>${links(2)}</ul>`, PATENT).blocks).toHaveLength(0);
    expect(scanLinkBlocks(`<ul>${links(2)}</ul>`, { ...PATENT, minLinks: 2 }).blocks).toHaveLength(1);
  });

  it('joins links across parents (the end of one list and the start of the next)', () => {
    const html = `<div><p>${links(2)}</p></div><div><p>${links(2)}</p></div>`;
    const [block] = scanLinkBlocks(html, PATENT).blocks;
    expect(block?.links).toBe(4);
    expect(html.slice(block!.start, block!.end)).toMatch(/^<a href="\/0">.*<\/div><div><p>.*link 1<\/a>$/);
  });

  it('isolated links in text are farther apart than dt and form no block', () => {
    const para = (i: number) => `<p>${filler(100)} <a href="/${i}">in text</a> ${filler(100)}</p>`;
    const result = scanLinkBlocks(para(1) + para(2) + para(3) + para(4), PATENT);
    expect(result.blocks).toEqual([]);
    expect(result.lcr).toBe(0);
  });

  it('a gap of exactly dt ends the block; dt − 1 joins', () => {
    const at = (gap: number) => `<a>a</a><a>b</a><a>c</a>${filler(gap)}<a>d</a>`;
    expect(scanLinkBlocks(at(79), PATENT).blocks[0]?.links).toBe(4);
    expect(scanLinkBlocks(at(80), PATENT).blocks[0]?.links).toBe(3);
    expect(scanLinkBlocks(at(79), PATENT).blocks[0]?.maxGap).toBe(79);
  });

  it('the patent restarts after the end of B (B is lost); ours lets B open the next block', () => {
    // One isolated link, then a list of three: B is the list's first link.
    const html = `<a>alone</a>${filler(200)}${links(3)}`;
    expect(scanLinkBlocks(html, PATENT).blocks).toHaveLength(0);
    const ours = scanLinkBlocks(html, OURS);
    expect(ours.blocks).toHaveLength(1);
    expect(ours.blocks[0]?.links).toBe(3);
  });

  it('text distance: repeated punctuation counts once, dates and numbers count one unit each', () => {
    const text: ScanOptions = { ...OURS, distance: 'text', maxDistance: 4 };
    // Between links: "2014-03-28 ..... 12,345" = 3 units: joins. "one two three four" = 4 units: does not.
    expect(scanLinkBlocks(`<a>a</a> 2014-03-28 ..... 12,345 <a>b</a> | <a>c</a>`, text).blocks[0]?.links).toBe(3);
    expect(scanLinkBlocks(`<a>a</a> one two three four <a>b</a> | <a>c</a>`, text).blocks).toHaveLength(0);
  });

  it('with a link-text share, prose dense with links is not a link block; a menu is', () => {
    const prose = '<p><a>Paris</a> is the capital of <a>France</a> and, with its river the <a>Seine</a>, the seat of government.</p>';
    const menu = `<ul>${links(4, ' | ')}</ul>`;
    const share: ScanOptions = { ...OURS, minLinkTextShare: 0.5 };
    expect(scanLinkBlocks(prose, OURS).blocks).toHaveLength(1);
    expect(scanLinkBlocks(prose, share).blocks).toHaveLength(0);
    // 8 units of link text, 3 separators.
    expect(scanLinkBlocks(menu, share).blocks[0]?.linkTextShare).toBeCloseTo(8 / 11);
  });
});

describe('§5.8 LCR and CCR', () => {
  it('reports link coverage and code coverage of the page', () => {
    const nav = `<nav>${links(5)}</nav>`;
    const article = `<p>${filler(300)} <a>isolated</a> ${filler(300)}</p>`;
    const html = nav + article;
    const r = scanLinkBlocks(html, OURS);
    expect(r.links).toHaveLength(6);
    expect(r.lcr).toBeCloseTo(5 / 6);
    const block = r.blocks[0]!;
    expect(r.ccr).toBeCloseTo((block.end - block.start) / html.length);
  });

  it('an index page written as lists of headlines is covered ≥ 90% with the default code distance', () => {
    const section = (name: string) =>
      `<div><h2><a href="/${name}">${name}</a></h2><ul>${Array.from({ length: 8 }, (_, i) => `<li><a href="/${name}/${i}">Headline number ${i} of ${name}</a><span>05-13</span></li>`).join('\n')}</ul></div>`;
    const html = `<div>${links(10)}</div>${['news', 'sport', 'money', 'tech'].map(section).join('')}<footer>${links(5)}</footer>`;
    expect(scanLinkBlocks(html, PATENT).lcr).toBeGreaterThanOrEqual(0.9);
    expect(scanLinkBlocks(html, OURS).lcr).toBe(1);
  });

  it('is 0 for an empty string or a page without links', () => {
    expect(scanLinkBlocks('', OURS)).toMatchObject({ lcr: 0, ccr: 0, blocks: [] });
    expect(scanLinkBlocks('<p>text</p>', OURS)).toMatchObject({ lcr: 0, ccr: 0 });
  });
});
