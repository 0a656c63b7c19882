import { afterAll, describe, expect, it } from 'vitest';
import type { Box, RenderProbe } from '../../../src/core/env.ts';
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
import { F_SKIPPED } from '../../../src/core/model/page-model.ts';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import type { CleanContext } from '../../../src/core/output/clean-html.ts';
import { collectDocuments, collectImages, collectTables } from '../../../src/core/output/media.ts';
import { DEFAULT_OPTIONS } from '../../../src/core/options.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';
import type { ModelKind } from '../../helpers/model.ts';
import { MODEL_KINDS, byId, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const LABEL = DEFAULT_OPTIONS.limits.maxLabelChars;
/** At most `max` images, decorative ones included (extension `dropDecorativeImages` off). */
const all = (max: number) => ({ max, maxLabel: LABEL, decorative: null });
const DECORATIVE = { minSide: DEFAULT_OPTIONS.output.minImageSide, maxAspect: DEFAULT_OPTIONS.output.maxImageAspect };
const BASE = 'https://news.example.com/world/story.html';

/** The page around `body`: an <article>, and an image outside it. */
const page = (body: string): string =>
  `<!doctype html><html><head></head><body><article>${body}</article><p><img src="/outside.png"></p></body></html>`;

/** The <article> of the page model and a clean context for it. */
const setupIn = (model: PageModel): { model: PageModel; root: number; ctx: CleanContext } => ({
  model,
  root: firstTag(model, 'article'),
  ctx: { model, base: BASE, dropText: () => false },
});

describe.each(MODEL_KINDS)('media (%s)', (kind: ModelKind) => {
  const setup = (body: string): { model: PageModel; root: number; ctx: CleanContext } => setupIn(modelOf(kind, page(body)));

  describe('collectImages', () => {
    it('§1.6 images of the body with lazy sources, alt, figcaption and size attributes', () => {
      const { root, ctx } = setup(
        '<figure><img data-src="/lazy.jpg" src="data:image/gif;base64,R0lGOD" alt=" A  photo "><figcaption>The <b>caption</b></figcaption></figure>' +
          '<p><img srcset="s.jpg 320w, l.jpg 1024w" src="small.jpg" width="100" height="auto"></p>' +
          '<picture><source srcset="p1.webp 1x, p2.webp 2x"><img src="fallback.jpg"></picture>' +
          '<p><img data-original="orig.jpg"></p>',
      );
      expect(collectImages(root, ctx, all(10))).toEqual([
        { src: 'https://news.example.com/lazy.jpg', alt: 'A photo', caption: 'The caption', width: null, height: null },
        { src: 'https://news.example.com/world/l.jpg', alt: '', caption: '', width: 100, height: null },
        { src: 'https://news.example.com/world/p2.webp', alt: '', caption: '', width: null, height: null },
        { src: 'https://news.example.com/world/orig.jpg', alt: '', caption: '', width: null, height: null },
      ]);
    });

    it('§1.6 images outside the body root are not collected', () => {
      const { root, ctx } = setup('<p>no image</p>');
      expect(collectImages(root, ctx, all(10))).toEqual([]);
    });

    it('§1.6 placeholders without a real source are skipped and duplicates reported once', () => {
      const { root, ctx } = setup('<img src="data:image/png;base64,AAAA"><img src="/a.png"><img src="/a.png">');
      expect(collectImages(root, ctx, all(10)).map((i) => i.src)).toEqual(['https://news.example.com/a.png']);
    });

    it('§1.6 images inside skipped (hidden) subtrees are not collected', () => {
      // The page model skips a hidden subtree (static layout: the `hidden` attribute).
      const { model, root, ctx } = setup('<div id="h" hidden><img src="/hidden.png"></div><img src="/shown.png">');
      expect(model.has(byId(model, 'h'), F_SKIPPED)).toBe(true);
      expect(collectImages(root, ctx, all(10)).map((i) => i.src)).toEqual(['https://news.example.com/shown.png']);
    });

    it('§1.6 at most `max` images', () => {
      const { root, ctx } = setup('<img src="/1.png"><img src="/2.png"><img src="/3.png">');
      expect(collectImages(root, ctx, all(2))).toHaveLength(2);
    });

    it('extension dropDecorativeImages: icons, dividers, spacers and avatars are left out; pictures of unknown size stay', () => {
      const { root, ctx } = setup(
        '<p><img src="/photo.jpg" width="640" height="360" alt="The flooded square"></p>' +
          '<p><img src="/share/twitter.png" width="24" height="24"></p>' +
          '<hr><img src="/rule.png" width="600" height="4">' +
          '<p><img src="/spacer.gif"></p>' +
          '<div class="byline"><img class="author-avatar" src="/people/jane.jpg" width="120" height="120"></div>' +
          '<p><img src="/icons/print.svg"></p>' +
          '<p><img src="/no-size.jpg" alt="A street"></p>',
      );
      const kept = (decorative: typeof DECORATIVE | null) =>
        collectImages(root, ctx, { max: 10, maxLabel: LABEL, decorative }).map((i) => i.src.replace('https://news.example.com', ''));
      expect(kept(DECORATIVE)).toEqual(['/photo.jpg', '/no-size.jpg']);
      expect(kept(null)).toHaveLength(7);
    });
  });

  describe('collectTables', () => {
    it('§1.6 a data table (2 × 2) with its clean HTML', () => {
      const { root, ctx } = setup('<table class="x" onclick="y()"><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table>');
      const [table, ...rest] = collectTables(root, ctx, 100, LABEL);
      expect(rest).toEqual([]);
      expect(table).toMatchObject({ rows: 2, cols: 2, caption: '' });
      expect(table?.html.replace(/<\/?tbody>/g, '')).toBe('<table><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table>');
    });

    it('§1.6 a one-row table counts when it has a caption or header cells', () => {
      const { root, ctx } = setup('<table><caption> Prices </caption><tr><td>a</td></tr></table><table><tr><th>H</th></tr></table>');
      expect(collectTables(root, ctx, 100, LABEL).map((t) => [t.rows, t.cols, t.caption])).toEqual([
        [1, 1, 'Prices'],
        [1, 1, ''],
      ]);
    });

    it('§1.6 a single-cell layout table is not a data table', () => {
      const { root, ctx } = setup('<table><tr><td>layout</td></tr></table>');
      expect(collectTables(root, ctx, 100, LABEL)).toEqual([]);
    });

    it('§1.6 a table holding another table is a layout table; the inner data table counts', () => {
      const { root, ctx } = setup(
        '<table><tr><td><table><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table></td></tr></table>',
      );
      expect(collectTables(root, ctx, 100, LABEL).map((t) => [t.rows, t.cols])).toEqual([[2, 2]]);
    });

    it('§1.6 a table larger than maxTableCells is left out', () => {
      const { root, ctx } = setup('<table><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table>');
      expect(collectTables(root, ctx, 3, LABEL)).toEqual([]);
    });
  });

  describe('collectDocuments', () => {
    it('§1.6 links to files by extension, resolved, de-duplicated, case-insensitive', () => {
      const { root, ctx } = setup(
        '<p><a href="files/report.PDF"> Annual  report </a> <a href="https://cdn.example.org/a.docx?x=1">Doc</a>' +
          ' <a href="/page.html">page</a> <a href="files/report.PDF">again</a> <a href="javascript:void(0)">js.pdf</a>' +
          ' <a href="/data.csv">csv</a> <a href="/archive.7z">7z</a></p>',
      );
      expect(collectDocuments(root, ctx, DEFAULT_OPTIONS.output.documentExtensions, LABEL)).toEqual([
        { href: 'https://news.example.com/world/files/report.PDF', text: 'Annual report', type: 'pdf' },
        { href: 'https://cdn.example.org/a.docx?x=1', text: 'Doc', type: 'docx' },
        { href: 'https://news.example.com/data.csv', text: 'csv', type: 'csv' },
        { href: 'https://news.example.com/archive.7z', text: '7z', type: '7z' },
      ]);
    });

    it('§1.6 only the configured extensions count', () => {
      const { root, ctx } = setup('<a href="/a.pdf">a</a><a href="/b.zip">b</a>');
      expect(collectDocuments(root, ctx, ['zip'], LABEL).map((d) => d.type)).toEqual(['zip']);
    });

    it('§1.6 a file name in the query or fragment is not a document', () => {
      const { root, ctx } = setup('<a href="/download?file=a.pdf">a</a><a href="/page#a.pdf">b</a>');
      expect(collectDocuments(root, ctx, ['pdf'], LABEL)).toEqual([]);
    });
  });
});

// A rendered page's boxes come from a RenderProbe with layout, which reads a DOM: parse5's model has none.
describe.each(DOM_KINDS)('collectImages with layout (%s)', (kind) => {
  /** The page read with `probe`'s layout and boxes (as the content script reads a live page). */
  const setup = (body: string, probe: RenderProbe) =>
    setupIn(buildModelFromDom(parseWith(kind, page(body)), probe, DEFAULT_OPTIONS, { boxes: true, url: null }));

  it('extension dropDecorativeImages: the rendered box is not read (a lazy placeholder, a broken image)', () => {
    const probe: RenderProbe = { ...staticProbe, hasLayout: true, box: () => ({ left: 0, top: 0, width: 1, height: 1 }) };
    const { model, root, ctx } = setup(
      '<img src="/a.png"><img src="data:image/gif;base64,R0lGOD" data-src="/lazy.jpg"><img data-srcset="/roof-640.jpg 640w">',
      probe,
    );
    // The model holds the 1×1 boxes; the decision does not read them.
    expect(model.box(firstTag(model, 'img'))).toEqual({ left: 0, top: 0, width: 1, height: 1 });
    expect(collectImages(root, ctx, { max: 10, maxLabel: LABEL, decorative: DECORATIVE }).map((i) => i.src)).toEqual([
      'https://news.example.com/a.png',
      'https://news.example.com/lazy.jpg',
      'https://news.example.com/roof-640.jpg',
    ]);
  });

  it('§1.6 in a rendered page the size falls back to the box', () => {
    const box: Box = { left: 0, top: 0, width: 320.4, height: 0 };
    const probe: RenderProbe = { ...staticProbe, hasLayout: true, box: () => box };
    const { root, ctx } = setup('<img src="/a.png">', probe);
    expect(collectImages(root, ctx, all(10))[0]).toMatchObject({ width: 320, height: null });
  });
});
