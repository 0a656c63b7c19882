import { afterAll, describe, expect, it } from 'vitest';
import type { Box, RenderProbe } from '../../../src/core/env.ts';
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
import { featureTree } from '../../../src/core/lcs-diff/feature-tree.ts';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import { DEFAULT_OPTIONS } from '../../../src/core/options.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import { MODEL_KINDS, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const LIMITS = { maxNodes: 1000, maxDepth: 100 };

/**
 * A page read into the model with a RenderProbe that has layout, boxes kept (as the content script reads a
 * live page for method 4): boxes come from a probe, which reads a DOM (happy-dom here).
 */
const withLayout = (html: string, probe: RenderProbe): PageModel =>
  buildModelFromDom(parseWith('happy-dom', html), probe, DEFAULT_OPTIONS, { boxes: true, url: null });

const PAGE = `<!doctype html><html><head><title>t</title><script>var x = 1;</script></head><body class="home">
<div id="top" class="  nav   bar "><a href="/">Home</a> <a href="/news">News</a></div>
<div id="main"><p>First <b>bold</b> words.</p><div class="pic"><img src="/a.jpg"></div>
<p hidden>Hidden paragraph</p><script>ignored()</script><section><p>Deep</p></section></div>
</body></html>`;

describe('featureTree (§4.3–4.4)', () => {
  for (const kind of MODEL_KINDS) {
    describe(kind, () => {
      // Read with the static probe (or parse5's static layout): no boxes.
      const tree = featureTree(modelOf(kind, PAGE), LIMITS);
      const at = (tag: string, nth = 0): number => tree.tag.map((t, i) => (t === tag ? i : -1)).filter((i) => i >= 0)[nth]!;

      it('roots the tree at BODY and lists the rendered elements in level order', () => {
        expect(tree.tag).toEqual(['body', 'div', 'div', 'a', 'a', 'p', 'div', 'section', 'b', 'img', 'p']);
        expect(tree.depth).toEqual([0, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3]);
        expect(tree.parent).toEqual([-1, 0, 0, 1, 1, 2, 2, 2, 5, 6, 7]);
        expect(tree.size).toBe(11);
        expect(tree.truncated).toBe(false);
      });

      it('reads id and the whitespace-normalised class', () => {
        expect(tree.id[1]).toBe('top');
        expect(tree.className[1]).toBe('nav bar');
        expect(tree.className[0]).toBe('home');
      });

      it('tells content nodes (text or an image directly, inline children only) from structure nodes', () => {
        const p = at('p');
        expect(tree.content[p]).toBe('First bold words.');
        expect(tree.rawContent[p]).toBe('First bold words.');
        // The picture box holds an image directly: its content is the image source.
        expect(tree.content[at('div', 2)]).toBe('\n/a.jpg');
        expect(tree.content[at('img')]).toBe('\n/a.jpg');
        // The nav holds only inline links and whitespace: a content node of its links' text.
        expect(tree.content[1]).toBe('Home News');
        // #main holds block children: structure.
        expect(tree.content[2]).toBeNull();
        expect(tree.content[at('section')]).toBeNull();
      });

      it('counts own text, link text and markup', () => {
        const a = at('a');
        expect(tree.textChars[a]).toBe(4);
        expect(tree.linkChars[a]).toBe(4);
        expect(tree.linkChars[at('p')]).toBe(0);
        // Own text nodes, each normalised: "First" and "words.".
        expect(tree.textChars[at('p')]).toBe(11);
        // <a href="/"> + </a> = 2 × 1 + 5 + (4 + 1 + 4) = 16, then "Home".
        expect(tree.codeChars[a]).toBe(16 + 4);
      });

      it('has no boxes without layout', () => {
        expect(tree.layout).toBe(false);
        expect(tree.box.every((v) => v === 0)).toBe(true);
        expect(tree.box).toHaveLength(4 * tree.size);
      });
    });
  }

  it('stops at maxNodes and says so', () => {
    const tree = featureTree(modelOf('happy-dom', PAGE), { maxNodes: 4, maxDepth: 100 });
    expect(tree.size).toBe(4);
    expect(tree.truncated).toBe(true);
  });

  it('stops at maxDepth', () => {
    const tree = featureTree(modelOf('happy-dom', PAGE), { maxNodes: 1000, maxDepth: 1 });
    expect(Math.max(...tree.depth)).toBe(1);
  });

  it('takes the boxes from the probe', () => {
    let n = 0;
    const probe: RenderProbe = {
      ...staticProbe,
      hasLayout: true,
      box: (): Box => ({ left: n, top: 2 * n, width: 100 + n, height: 10 + n++ }),
    };
    const tree = featureTree(withLayout(PAGE, probe), LIMITS);
    expect(tree.layout).toBe(true);
    expect(tree.box.slice(0, 8)).toEqual([0, 0, 100, 10, 1, 2, 101, 11]);
  });

  it('is one node for a page without a body element', () => {
    const tree = featureTree(modelOf('linkedom', '<html><head></head></html>'), LIMITS);
    expect(tree.size).toBeLessThanOrEqual(1);
  });
});

describe('featureTree boxes', () => {
  // The model keeps the box of every element the walk reads (the probe is asked once per element, by the
  // model's walk, not by the feature tree); the tree reads only the boxes compare() and the clusters use.
  it('does not read the boxes of the elements inside a content node', () => {
    const probe: RenderProbe = { ...staticProbe, hasLayout: true, box: (): Box => ({ left: 1, top: 1, width: 1, height: 1 }) };
    const tree = featureTree(withLayout('<body><div><p>One <b>two</b> <a href="/x">three</a></p></div></body>', probe), LIMITS);
    expect(tree.tag).toEqual(['body', 'div', 'p', 'b', 'a']);
    // body, div and p: the probe's boxes; b and a, inside the content node p: none.
    expect(tree.box.slice(0, 12)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(tree.box.slice(12)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
