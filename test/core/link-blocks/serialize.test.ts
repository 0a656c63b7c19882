/**
 * §5.1–5.2 the serialiser and its offset map: attributes dropped, ignored and empty elements left out,
 * every element's and text node's offsets recorded, and blocks of the string mapped back to elements —
 * including a logical block that joins the end of one parent and the start of the next (A2 + B1).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { coveredElements, coveredTexts, enclosingElement } from '../../../src/core/link-blocks/offset-map.ts';
import { findLinks } from '../../../src/core/link-blocks/scan.ts';
import { serializeRendered } from '../../../src/core/link-blocks/serialize.ts';
import type { PartialOptions } from '../../../src/core/options.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const LIMITS = { maxElements: 10_000, maxChars: 1_000_000 };

/**
 * The page's body written by the serialiser. The subtrees left out are those the model's walk skipped
 * (ignored tags such as script and style, and unrendered elements: `hidden`, with the static probe).
 */
function serialize(body: string, limits = LIMITS, options: PartialOptions = {}) {
  const model = modelOf('happy-dom', `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`, options);
  return { model, page: serializeRendered(model, model.root, limits) };
}

describe('serializeRendered', () => {
  it('writes lower-case tags without attributes, escaped text and one space per whitespace run', () => {
    const { page } = serialize('<DIV id="main" class="x"><P>a  &lt;b&gt;\n\n c</P><IMG src="x.png" alt="y"><br></DIV>');
    expect(page.html).toBe('<body><div><p>a &lt;b&gt; c</p><img><br></div></body>');
  });

  it('leaves out ignored and unrendered subtrees and empty elements (§5.2)', () => {
    const { model, page } = serialize(
      '<div><script>var a = 1;</script><style>p{}</style><p hidden>secret</p><span></span><div> <i></i> </div><p>kept</p></div>',
    );
    expect(page.html).toBe('<body><div><p>kept</p></div></body>');
    expect([...page.elements].map((e) => model.localName(e))).toEqual(['body', 'div', 'p']);
  });

  it('keeps an image-only link (not empty) and drops an icon link with nothing inside', () => {
    const { page } = serialize('<a href="/x"><img src="i.png"></a><a href="/y" class="icon"></a>');
    expect(page.html).toBe('<body><a><img></a></body>');
  });

  it('records offsets that cut out exactly each element and text node', () => {
    const { model, page } = serialize('<ul><li><a href="/1">One</a></li><li><a href="/2">Two</a></li></ul>');
    page.elements.forEach((el, i) => {
      const written = page.html.slice(page.elementStarts[i], page.elementEnds[i]);
      expect(written.startsWith(`<${model.localName(el)}>`)).toBe(true);
      expect(written.endsWith(`</${model.localName(el)}>`)).toBe(true);
    });
    expect([...page.texts].map((t, i) => page.html.slice(page.textStarts[i], page.textEnds[i]))).toEqual(['One', 'Two']);
    expect([...page.texts].map((t) => model.textData(t))).toEqual(['One', 'Two']);
    expect(page.elementParents[page.elements.findIndex((e) => model.localName(e) === 'a')]).toBe(
      page.elements.findIndex((e) => model.localName(e) === 'li'),
    );
  });

  it('stops at maxElements and says so', () => {
    const { page } = serialize('<p>a</p><p>b</p><p>c</p><p>d</p>', { maxElements: 3, maxChars: 1000 });
    expect(page.truncated).toBe(true);
    expect(page.html).toBe('<body><p>a</p><p>b</p></body>');
  });

  it('walks a very deep page without recursion', () => {
    const depth = 5000;
    // The model's walk skips what is nested deeper than limits.maxDepth (2000 by default): raised here, so that
    // the serialiser gets the whole depth.
    const { page } = serialize(
      `${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`,
      { maxElements: 100_000, maxChars: 1_000_000 },
      { limits: { maxDepth: 10_000 } },
    );
    expect(page.html.length).toBeGreaterThan(depth * 5);
    expect(page.texts).toHaveLength(1);
  });
});

describe('offset map', () => {
  // A is a list whose last two items (A2) are links; B a list whose first item (B1) is a link.
  const BODY =
    '<div id="A"><p>Intro text that is not a link at all, long enough to stand alone.</p><ul><li id="a1"><a href="/1">one</a></li><li id="a2"><a href="/2">two</a></li></ul></div>' +
    '<div id="B"><ul><li id="b1"><a href="/3">three</a></li></ul><p>Closing text of B, also plain, and long enough for a gap.</p></div>';

  it('maps a logical block that joins the end of one parent and the start of the next to the covered children', () => {
    const { model, page } = serialize(BODY);
    const links = findLinks(page.html);
    const start = links[0]!.start;
    const end = links[2]!.end;
    const parts = coveredElements(page, start, end);
    // Not div#A nor div#B (each only partly covered): the links of a1, the whole li#a2 and the link of b1…
    expect(parts.map((el) => model.id(el) || model.localName(el))).toEqual(['a', 'a2', 'a']);
    const enclosing = enclosingElement(page, start, end);
    expect(enclosing !== null && model.localName(enclosing)).toBe('body');
    expect(coveredTexts(page, start, end).map((t) => model.textData(t))).toEqual(['one', 'two', 'three']);
  });

  it('the enclosing element of a block inside one list is that list', () => {
    const { model, page } = serialize('<p>x</p><ul id="list"><li><a href="/1">one</a></li><li><a href="/2">two</a></li></ul>');
    const links = findLinks(page.html);
    const enclosing = enclosingElement(page, links[0]!.start, links[1]!.end);
    expect(enclosing !== null && model.id(enclosing)).toBe('list');
    expect(coveredElements(page, links[0]!.start, links[1]!.end, 1)).toHaveLength(1);
  });
});
