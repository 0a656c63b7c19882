/**
 * capNesting (src/node/engines/cap-nesting.ts): the dom engine caps nesting as Chromium's parser does, so
 * a hostile page 20 000 levels deep cannot overflow the stack of happy-dom, linkedom or turndown.
 */
import { Window } from 'happy-dom';
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_NESTING, capNesting } from '../../src/node/engines/cap-nesting.ts';
import { extract, systemClock } from '../../src/core/index.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { buildModelFromDom } from '../../src/core/dom/dom-source.ts';
import { resolveOptions } from '../../src/core/options.ts';
import { parseHtmlInto } from '../../src/node/engines/parse-html.ts';
import { buildModelFromHtml } from '../../src/node/engines/parse5-model.ts';
import { modelContents } from '../helpers/model-contents.ts';

const windows: Window[] = [];
afterEach(async () => {
  for (const w of windows.splice(0)) await w.happyDOM.close();
});

type Parser = 'happy-dom' | 'linkedom';

function parse(parser: Parser, html: string): Document {
  if (parser === 'linkedom') return parseHTML(html).document as unknown as Document;
  const w = new Window({ url: 'http://article-lens.invalid/', settings: { disableJavaScriptEvaluation: true } });
  windows.push(w);
  return new w.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** The deepest element nesting (the root element is depth 1), walked without recursion. */
function maxDepth(doc: Document): number {
  let max = 0;
  const stack: [Element, number][] = [[doc.documentElement, 1]];
  while (stack.length) {
    const [el, d] = stack.pop() as [Element, number];
    max = Math.max(max, d);
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) stack.push([c, d + 1]);
  }
  return max;
}

const ARTICLE =
  '<h1>A deep page, with a headline</h1>' +
  '<p>This paragraph, which is the first one, has commas, several of them, and is a sentence.</p>' +
  '<p>The second paragraph, also a sentence, has commas, too, and closes the article.</p>';
const DEEP = `<html><head><title>A deep page, with a headline</title></head><body>${ARTICLE}${'<div>'.repeat(20_000)}<p>deep text</p>${'</div>'.repeat(20_000)}</body></html>`;

for (const parser of ['happy-dom', 'linkedom'] as const) {
  describe(`capNesting on ${parser}`, () => {
    it('leaves a page within the cap untouched', () => {
      const doc = parse(parser, `<html><head><title>t</title></head><body>${ARTICLE}<div><div><span>x</span></div></div></body></html>`);
      const before = doc.documentElement.outerHTML;
      expect(capNesting(doc)).toBe(0);
      expect(doc.documentElement.outerHTML).toBe(before);
    });

    it('makes the elements below the cap siblings at the cap, in document order, each with its own text', () => {
      const doc = parse(
        parser,
        '<html><head></head><body><div id="a"><div id="b">text b<div id="c">text c<div id="d">text d</div>tail c</div></div><p id="e">after</p></div></body></html>',
      );
      // html 1, body 2, a 3, b 4 = the cap: c and d move out to follow b.
      expect(capNesting(doc, 4)).toBe(2);
      const a = doc.getElementById('a') as Element;
      expect([...a.children].map((c) => c.id)).toEqual(['b', 'c', 'd', 'e']);
      expect(doc.getElementById('b')?.textContent).toBe('text b');
      expect(doc.getElementById('c')?.textContent).toBe('text ctail c');
      // One text node, as in Chromium: only the moved element d kept its two parts apart.
      expect(doc.getElementById('c')?.childNodes).toHaveLength(1);
      expect(doc.getElementById('d')?.textContent).toBe('text d');
      expect(maxDepth(doc)).toBe(4);
    });

    it(`20 000 nested divs: capped at ${MAX_NESTING} levels, nothing lost, no stack overflow`, () => {
      const doc = parse(parser, DEEP);
      expect(capNesting(doc)).toBeGreaterThan(19_000);
      expect(maxDepth(doc)).toBe(MAX_NESTING);
      expect(doc.querySelectorAll('div')).toHaveLength(20_000);
      expect(doc.body.textContent).toContain('deep text');
    });

    it('after the cap the core extracts the article', () => {
      const doc = parse(parser, DEEP);
      capNesting(doc);
      const a = extract(doc, { probe: staticProbe, clock: systemClock }, { url: null }, {});
      expect(a.title).toBe('A deep page, with a headline');
      expect(a.body.text).toContain('This paragraph, which is the first one, has commas, several of them, and is a sentence.');
    });

    // The core holds its own bound on any DOM: subtrees deeper than limits.maxDepth are skipped alone.
    // happy-dom's selector engine recurses per level (querySelector overflows on 20 000 levels), which is
    // why its hosts cap nesting first, as Chromium's parser does; linkedom's does not recurse.
    it.runIf(parser === 'linkedom')('without the cap the core still extracts the article (limits.maxDepth)', () => {
      const doc = parse(parser, DEEP);
      const a = extract(doc, { probe: staticProbe, clock: systemClock }, { url: null }, {});
      expect(a.title).toBe('A deep page, with a headline');
      expect(a.body.text).toContain('This paragraph, which is the first one, has commas, several of them, and is a sentence.');
      expect(a.warnings).toContain('elements nested deeper than 2000 levels were skipped');
    });
  });
}

// The dom engine reads a page two ways, both capped alike: parse5's tree into the model directly
// (parse5-model.ts), and a happy-dom document built from it with capNesting. test/e2e/model-hosts.test.ts
// holds the first to Chromium's own parse of pages like these.
describe('capNesting and the parse5 model cap alike', () => {
  const levels = (n: number, open: (i: number) => string, close: string): string =>
    Array.from({ length: n }, (_, i) => open(i)).join('') + close.repeat(n);
  it.each([
    ['600 divs with text', `<!doctype html><body>${levels(600, () => '<div>x', '</div>')}<p>after</p></body>`],
    [
      'children, tails and comments',
      `<!doctype html><body>${levels(530, (i) => `<div>t${i}<b>b${i}</b>${i % 3 ? '' : '<!--c-->'}tail`, '</div>')}</body>`,
    ],
    ['a comment between texts at the cap', `<!doctype html><body>${levels(511, () => '<div>', '</div>')}<p>a<!--c-->b</p></body>`],
  ])('%s', (_, html) => {
    const window = new Window({ settings: { disableJavaScriptEvaluation: true } });
    windows.push(window);
    const opts = resolveOptions({});
    const doc = parseHtmlInto(html, window.document as unknown as Document);
    capNesting(doc);
    expect(modelContents(buildModelFromDom(doc, staticProbe, opts, { url: null }))).toEqual(
      modelContents(buildModelFromHtml(html, opts, null).model),
    );
  });
});
