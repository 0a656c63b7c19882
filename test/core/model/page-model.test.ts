/**
 * The page model's walk for text (ALGORITHMS.md §0, §1.3), on every host the core reads a page from: a parsed
 * DOM walked (happy-dom, linkedom) and parse5's tree read without a DOM. Elements are named by their id
 * (`byId`) or tag (`firstTag`), so that one test serves every host.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import { F_SKIPPED } from '../../../src/core/model/page-model.ts';
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
import type { PartialOptions } from '../../../src/core/options.ts';
import { faithfulOptions } from '../../helpers/options.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import type { ModelKind } from '../../helpers/model.ts';
import { MODEL_KINDS, byId, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

/** The tags of the elements that start a skipped subtree. */
function skippedTags(m: PageModel): string[] {
  const out: string[] = [];
  for (let el = 0; el < m.size; el++) if (m.has(el, F_SKIPPED)) out.push(m.localName(el));
  return out;
}

const LATIN = { text: { extensions: { latinSentence: true } } } as const;
const LINES = { text: { extensions: { sentenceLines: true } } } as const;
/** One block of four <br>-separated lines: three sentence lines and a short subheading. */
const BR_ARTICLE = '本报讯，记者，张三，报道。<br><br>小标题<br><br>第二段，有，三个，逗号。<br>第三段，也有，三个，逗号！';

describe.each(MODEL_KINDS)('the page model (%s)', (kind: ModelKind) => {
  const model = (body: string, options: PartialOptions = {}): { model: PageModel } => ({
    model: modelOf(kind, `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`, faithfulOptions(options)),
  });
  const texts = (body: string, options: PartialOptions = {}): string[] => model(body, options).model.blocks.map((b) => b.text);

  it('remembers which elements it read are block-level, and knows nothing of those it skipped', () => {
    const { model: m } = model('<div id="d"><span id="s">a</span><p id="p" hidden>h</p><script id="x">1</script></div>');
    expect(m.isBlock(byId(m, 'd'))).toBe(true);
    expect(m.isBlock(byId(m, 's'))).toBe(false);
    expect(m.isBlock(byId(m, 'p'))).toBeUndefined();
    expect(m.isBlock(byId(m, 'x'))).toBeUndefined();
  });

  describe('§0 text blocks', () => {
    it('§0 one block per block-level element, in document order', () => {
      expect(texts('<h1>Title</h1><p>First.</p><div>Second</div><ul><li>Item</li></ul>')).toEqual(['Title', 'First.', 'Second', 'Item']);
    });

    it('§0 <br> breaks a block into lines, and empty lines are dropped', () => {
      const { model: m } = model('<p>Line one<br>Line two<br><br>Line three</p>');
      expect(m.blocks).toHaveLength(1);
      expect(m.blocks[0]?.text).toBe('Line one\nLine two\nLine three');
    });

    it('§0 inline elements join their text into the block', () => {
      expect(texts('<p>a <b>bold</b> and <i>it</i><span>al</span>ic <a href="/x">link</a> <font>f</font><sup>2</sup></p>')).toEqual([
        'a bold and italic link f2',
      ]);
    });

    it('§0 a nested block splits the run of its parent', () => {
      const { model: m } = model('<div id="outer">before<p>inside</p>after</div>');
      expect(m.blocks.map((b) => [m.localName(b.owner), b.text])).toEqual([
        ['div', 'before'],
        ['p', 'inside'],
        ['div', 'after'],
      ]);
    });

    it('§0 white space, nbsp and ideographic spaces are normalised', () => {
      expect(texts('<p>  a \n\t b\u00a0\u00a0c\u3000d  </p>')).toEqual(['a b c d']);
    });

    it('§0 whitespace-only text makes no block', () => {
      expect(texts('<div>   <p>  </p>\n</div>')).toEqual([]);
    });

    it('§0 the block records its text nodes, and blockOf finds the block of each', () => {
      const { model: m } = model('<p id="p">one <b>two</b></p>');
      const block = m.blocks[0]!;
      expect(block.nodes.map((n) => m.textData(n))).toEqual(['one ', 'two']);
      const bold = block.nodes[1]!;
      expect(m.textParent[bold]).toBe(firstTag(m, 'b'));
      expect(m.blockOf(bold)).toBe(block);
      expect(block.owner).toBe(byId(m, 'p'));
    });

    it('§0 headings are marked with their level', () => {
      const { model: m } = model('<h1>One</h1><h3>Three</h3><p>Para</p>');
      expect(m.blocks.map((b) => b.heading)).toEqual([1, 3, 0]);
    });

    it('§0 a block carries its units, sentence and noise verdicts', () => {
      const { model: m } = model('<p>今天，我们，去了，公园。</p><p>更多</p><p>珠穆朗玛8848</p>');
      expect(m.blocks.map((b) => [b.units, b.sentence, b.noise])).toEqual([
        [12, true, false],
        [2, false, true],
        [5, false, false],
      ]);
    });

    it('§0 the sentence verdict follows the latinSentence option', () => {
      const body = '<p>The city council opened a new public library in the old town.</p>';
      expect(model(body).model.blocks[0]?.sentence).toBe(false);
      expect(model(body, LATIN).model.blocks[0]?.sentence).toBe(true);
    });

    it('§0 block links and link units: only a[href] counts as a link', () => {
      const { model: m } = model('<div><a href="/1">链接一</a> <a href="/2">link two</a> <a>no href</a></div>');
      expect(m.blocks.map((b) => [b.text, b.links, b.linkUnits, b.units])).toEqual([['链接一 link two no href', 2, 5, 7]]);
    });

    it('§0 a link around formatted text opens before the run and still counts', () => {
      const { model: m } = model('<p><a href="/x"><b>bold link</b></a> tail</p>');
      expect(m.blocks.map((b) => [b.links, b.linkUnits])).toEqual([[1, 2]]);
    });
  });

  describe('§0 ignored and hidden elements', () => {
    it.each(['script', 'style', 'noscript', 'template', 'textarea', 'select', 'iframe'])('§0 <%s> is skipped', (tag) => {
      const inner = tag === 'select' ? '<option>secret</option>' : 'secret';
      const { model: m } = model(`<p>shown</p><${tag}>${inner}</${tag}>`);
      expect(m.blocks.map((b) => b.text)).toEqual(['shown']);
      expect(skippedTags(m)).toEqual([tag]);
    });

    it('§0 a prefixed tag (<atom:link>, <g:plusone>) is an unknown element, not the ignored tag after the colon', () => {
      // An unclosed <atom:link … /> in the head (a WordPress feed hint) wraps the rest of the page, as browsers parse it.
      const html =
        '<!doctype html><html><head><title>T</title><atom:link rel="hub" href="/hub"/></head>' +
        '<body><div class="post"><p>First paragraph, with commas, and more, ends here.</p><g:plusone size="small"></g:plusone><p>Second.</p></div></body></html>';
      // happy-dom's own parser loses the rest of the page at the unclosed tag: its document is read from parse5's tree.
      const m = modelOf(kind === 'happy-dom' ? 'parse5' : kind, html, faithfulOptions({}));
      expect(m.blocks.map((b) => b.text)).toEqual(['First paragraph, with commas, and more, ends here.', 'Second.']);
      expect(m.sentences[m.root]).toBe(1);
      expect(m.skippedCount).toBe(0);
    });

    it('§0 svg internals are skipped', () => {
      expect(texts('<p>shown</p><svg><text>secret</text><title>also secret</title></svg>')).toEqual(['shown']);
    });

    it('§0 hidden elements are skipped: hidden attribute, aria-hidden, display:none, visibility:hidden', () => {
      const { model: m } = model(
        '<p>visible <span hidden>h1</span><span aria-hidden="true">h2</span><span style="color:red; display: none">h3</span>' +
          '<span style="visibility:hidden">h4</span> end</p><p aria-hidden="false">shown</p>',
      );
      expect(m.blocks.map((b) => b.text)).toEqual(['visible end', 'shown']);
      expect(m.skippedCount).toBe(4);
    });

    it('§0 a hidden block hides its whole subtree and its stats', () => {
      const { model: m } = model('<div id="d"><div hidden><p>一，二，三，四。</p><img src="a.png"></div></div>');
      expect(m.blocks).toEqual([]);
      expect(m.stats(byId(m, 'd'))).toMatchObject({ sentences: 0, images: 0 });
    });

    it.skipIf(kind === 'parse5')('§0 the model never changes the document', () => {
      // With a <head>: linkedom's `document.body` getter inserts a missing one itself.
      const doc = parseWith(
        kind === 'parse5' ? 'happy-dom' : kind,
        '<html><head></head><body><div hidden>x</div><script>y()</script><p>a<br>b</p></body></html>',
      );
      const before = doc.documentElement.outerHTML;
      buildModelFromDom(doc, staticProbe, faithfulOptions({}));
      expect(doc.documentElement.outerHTML).toBe(before);
    });
  });

  describe('§1.3 per-element stats', () => {
    const PAGE =
      '<div id="root"><h1>Title here</h1>' +
      '<div id="a"><p>一，二，三，四。</p><p>五，六，七，八。<img src="x.png"></p></div>' +
      '<div id="b"><a href="/1">链接一</a><a href="/2">link two</a><a>no href</a></div></div>';

    it('§1.3 sentences, links, link units, units and images aggregate up the tree', () => {
      const { model: m } = model(PAGE);
      const stats = (id: string): unknown => ({ ...m.stats(byId(m, id)) });
      expect(stats('a')).toEqual({ sentences: 2, sentenceBlocks: 2, links: 0, linkUnits: 0, units: 16, images: 1, blocks: 2 });
      expect(stats('b')).toEqual({ sentences: 0, sentenceBlocks: 0, links: 2, linkUnits: 5, units: 6, images: 0, blocks: 1 });
      expect(stats('root')).toEqual({ sentences: 2, sentenceBlocks: 2, links: 2, linkUnits: 5, units: 24, images: 1, blocks: 4 });
      expect({ ...m.stats(m.root) }).toEqual({
        sentences: 2,
        sentenceBlocks: 2,
        links: 2,
        linkUnits: 5,
        units: 24,
        images: 1,
        blocks: 4,
      });
    });

    it('§1.3 a block counts in its owner, and the owner passes it up to every ancestor', () => {
      const { model: m } = model('<section id="s"><div id="d"><p id="p">一，二，三，四。</p></div></section>');
      for (const id of ['p', 'd', 's']) expect(m.stats(byId(m, id)).sentences).toBe(1);
    });

    it('§1.3 faithful: a <br>-broken block of three sentence lines counts one sentence', () => {
      const { model: m } = model(`<div id="d">${BR_ARTICLE}</div>`);
      expect(m.blocks).toHaveLength(1);
      expect(m.blocks[0]!.sentenceWeight).toBe(1);
      expect(m.stats(byId(m, 'd'))).toMatchObject({ sentences: 1, sentenceBlocks: 1 });
    });

    it('§1.3 ext sentenceLines: the same block counts one sentence per sentence line, still one sentence block', () => {
      const { model: m } = model(`<div id="d">${BR_ARTICLE}</div><p>一，二，三，四。</p>`, LINES);
      expect(m.blocks.map((b) => b.sentenceWeight)).toEqual([3, 1]);
      expect(m.stats(byId(m, 'd'))).toMatchObject({ sentences: 3, sentenceBlocks: 1 });
      expect(m.stats(m.root)).toMatchObject({ sentences: 4, sentenceBlocks: 2 });
    });

    it('§1.3 an element outside the model (or skipped) has empty stats', () => {
      const { model: m } = model('<p>x</p><script id="s">y</script>');
      expect({ ...m.stats(byId(m, 's')) }).toEqual({
        sentences: 0,
        sentenceBlocks: 0,
        links: 0,
        linkUnits: 0,
        units: 0,
        images: 0,
        blocks: 0,
      });
      expect(m.stats(firstTag(m, 'head')).units).toBe(0);
    });

    it('§1.3 the element count covers the visited elements', () => {
      const { model: m } = model('<div><p>a</p><p>b</p></div><script>x</script>');
      expect(m.elementCount).toBe(4);
      expect(m.localName(m.root)).toBe('body');
    });
  });

  describe('§1.3 limits', () => {
    /** body > div × depth > text (no parser recursion: a DOM built node by node; parse5 parses it as given). */
    const deepModel = (depth: number, options: PartialOptions): PageModel => {
      if (kind === 'parse5')
        return modelOf(kind, `<html><head></head><body>${'<div>'.repeat(depth)}deep text</body></html>`, faithfulOptions(options));
      const doc = parseWith(kind, '<html><head></head><body></body></html>');
      let cur: Element = doc.body;
      for (let i = 0; i < depth; i++) {
        const next = doc.createElement('div');
        cur.appendChild(next);
        cur = next;
      }
      cur.appendChild(doc.createTextNode('deep text'));
      return buildModelFromDom(doc, staticProbe, faithfulOptions(options));
    };

    // parse5 models the page as Chromium's parser nests it: at most 513 deep (node/engines/parse5-model.ts).
    it.skipIf(kind === 'parse5')('§1.3 a 20 000-deep nesting does not overflow the stack (walk is iterative)', () => {
      const m = deepModel(20_000, { limits: { maxDepth: 30_000 } });
      expect(m.warnings).toEqual([]);
      expect(m.blocks.map((b) => b.text)).toEqual(['deep text']);
      expect(m.elementCount).toBe(20_000);
      expect(m.stats(m.root).units).toBe(2);
    });

    it.skipIf(kind === 'parse5')('§1.3 maxDepth: deeper elements are skipped with a warning', () => {
      const m = deepModel(20_000, {});
      expect(m.warnings).toEqual(['elements nested deeper than 2000 levels were skipped']);
      expect(m.blocks).toEqual([]);
    });

    it('§1.3 maxElements: the rest of the page is skipped with a warning', () => {
      const { model: m } = model('<p>one</p><p>two</p><p>three</p>', { limits: { maxElements: 2 } });
      expect(m.warnings).toEqual(['page truncated: only the first 2 elements were read']);
      expect(m.blocks.map((b) => b.text)).toEqual(['one', 'two']);
    });

    it('§1.3 maxDepth skips only the too-deep subtree, not the rest of the page', () => {
      const { model: m } = model('<div><div><div><div><div><div>too deep</div></div></div></div></div></div><p>after the deep part</p>', {
        limits: { maxDepth: 4 },
      });
      expect(m.warnings).toHaveLength(1);
      expect(m.blocks.map((b) => b.text)).toEqual(['after the deep part']);
    });
  });
});
