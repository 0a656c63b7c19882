import { afterAll, describe, expect, it } from 'vitest';
import type { Box, RenderProbe } from '../../../src/core/env.ts';
import { featureTree } from '../../../src/core/lcs-diff/feature-tree.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const LIMITS = { maxNodes: 1000, maxDepth: 100 };

const PAGE = `<!doctype html><html><head><title>t</title><script>var x = 1;</script></head><body class="home">
<div id="top" class="  nav   bar "><a href="/">Home</a> <a href="/news">News</a></div>
<div id="main"><p>First <b>bold</b> words.</p><div class="pic"><img src="/a.jpg"></div>
<p hidden>Hidden paragraph</p><script>ignored()</script><section><p>Deep</p></section></div>
</body></html>`;

describe('featureTree (§4.3–4.4)', () => {
  for (const kind of DOM_KINDS) {
    describe(kind, () => {
      const tree = featureTree(parseWith(kind, PAGE), staticProbe, LIMITS);
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
    const tree = featureTree(parseWith('happy-dom', PAGE), staticProbe, { maxNodes: 4, maxDepth: 100 });
    expect(tree.size).toBe(4);
    expect(tree.truncated).toBe(true);
  });

  it('stops at maxDepth', () => {
    const tree = featureTree(parseWith('happy-dom', PAGE), staticProbe, { maxNodes: 1000, maxDepth: 1 });
    expect(Math.max(...tree.depth)).toBe(1);
  });

  it('takes the boxes from the probe', () => {
    let n = 0;
    const probe: RenderProbe = {
      ...staticProbe,
      hasLayout: true,
      box: (): Box => ({ left: n, top: 2 * n, width: 100 + n, height: 10 + n++ }),
    };
    const tree = featureTree(parseWith('happy-dom', PAGE), probe, LIMITS);
    expect(tree.layout).toBe(true);
    expect(tree.box.slice(0, 8)).toEqual([0, 0, 100, 10, 1, 2, 101, 11]);
  });

  it('is one node for a page without a body element', () => {
    const doc = parseWith('linkedom', '<html><head></head></html>');
    const tree = featureTree(doc, staticProbe, LIMITS);
    expect(tree.size).toBeLessThanOrEqual(1);
  });
});

describe('featureTree boxes', () => {
  it('does not measure the elements inside a content node', () => {
    const measured: string[] = [];
    const probe: RenderProbe = {
      ...staticProbe,
      hasLayout: true,
      box: (el: Element): Box => {
        measured.push(el.tagName.toLowerCase());
        return { left: 1, top: 1, width: 1, height: 1 };
      },
    };
    const tree = featureTree(parseWith('happy-dom', '<body><div><p>One <b>two</b> <a href="/x">three</a></p></div></body>'), probe, LIMITS);
    expect(tree.tag).toEqual(['body', 'div', 'p', 'b', 'a']);
    expect(measured).toEqual(['body', 'div', 'p']);
    expect(tree.box.slice(12)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
