/**
 * References to elements (STYLE.md §8.6), written from the page model (model/node-ref.ts): a CSS path from the
 * root with `:nth-of-type` only where siblings share the tag, shortened at an id that names the element, that
 * resolves back to the element in the page's DOM; the element's ordinal; a short preview. The DOM-side writer
 * of annotators' picks (dom/element-lookup.ts `refOfElement`) writes the same paths and ordinals.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
import { refOfElement, resolveCssPath } from '../../../src/core/dom/element-lookup.ts';
import { CssPaths, nodeRef } from '../../../src/core/model/node-ref.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';
import { MODEL_KINDS, byId, domModel, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const PAGE =
  '<html><head></head><body><div><p>a</p></div><div><p>b</p><p class="t">c</p><span>s</span></div>' +
  '<section id="main"><p>in main</p></section><div id="1bad"><p>bad id</p></div></body></html>';

describe.each(MODEL_KINDS)('CssPaths and nodeRef (%s)', (kind) => {
  const model = modelOf(kind, PAGE);
  const paths = new CssPaths(model);
  /** The n-th element with the tag (upper case), in document order. */
  const nth = (tag: string, n: number): number => model.allOfTag(tag)[n] as number;

  it('§8.6 a path from the root with :nth-of-type only where siblings share the tag', () => {
    expect(paths.path(nth('P', 2))).toBe('html > body > div:nth-of-type(2) > p:nth-of-type(2)');
    expect(paths.path(firstTag(model, 'span'))).toBe('html > body > div:nth-of-type(2) > span');
  });

  it('§8.6 the path is shortened at a unique, simple id', () => {
    expect(paths.path(nth('P', 3))).toBe('#main > p');
    expect(paths.path(byId(model, 'main'))).toBe('#main');
  });

  it('§8.6 an id that is not a valid simple selector is not used', () => {
    expect(paths.path(nth('P', 4))).toBe('html > body > div:nth-of-type(3) > p');
  });

  it('§8.6 an id names only the first element that has it', () => {
    const m = modelOf(kind, '<html><head></head><body><p id="x">1</p><div><p id="x">2</p></div></body></html>');
    const p = new CssPaths(m);
    expect(m.allOfTag('P').map((el) => p.path(el))).toEqual(['#x', 'html > body > div > p']);
  });

  it('§8.6 the first of two same-tag siblings is :nth-of-type(1); a tag alone among others gets none', () => {
    const m = modelOf(
      kind,
      '<html><head></head><body><ul><li>a</li><li>b</li><b>x</b><li>c</li></ul><i>y</i><ul><li>d</li></ul></body></html>',
    );
    const p = new CssPaths(m);
    expect(m.allOfTag('LI').map((li) => p.path(li))).toEqual([
      'html > body > ul:nth-of-type(1) > li:nth-of-type(1)',
      'html > body > ul:nth-of-type(1) > li:nth-of-type(2)',
      'html > body > ul:nth-of-type(1) > li:nth-of-type(3)',
      'html > body > ul:nth-of-type(2) > li',
    ]);
    expect(p.path(firstTag(m, 'b'))).toBe('html > body > ul:nth-of-type(1) > b');
  });

  it('§8.6 a reference carries the ordinal, the path and a normalised 60-character preview of the text', () => {
    const m = modelOf(kind, `<html><head></head><body><p>  ${'word '.repeat(30)}<script>no()</script></p></body></html>`);
    const p = firstTag(m, 'p');
    const ref = nodeRef(new CssPaths(m), m, p);
    expect(ref).toEqual({ selector: 'html > body > p', preview: 'word '.repeat(12).slice(0, 60), ordinal: p });
    expect(nodeRef(new CssPaths(m), m, p, '  given \n preview ').preview).toBe('given preview');
  });

  it('§8.6 the paths are the same whatever order the elements are asked in', () => {
    const tags = fc.constantFrom('p', 'div', 'span', 'li', 'b');
    const ids = fc.constantFrom('', 'main', 'x1', '1bad', 'main');
    const html = fc.letrec<{ tree: string }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant('x'),
        fc
          .tuple(tags, ids, fc.array(tie('tree'), { maxLength: 4 }))
          .map(([t, id, kids]) => `<${t}${id ? ` id="${id}"` : ''}>${kids.join('')}</${t}>`),
      ),
    })).tree;
    fc.assert(
      fc.property(fc.array(html, { minLength: 1, maxLength: 5 }), (parts) => {
        const m = modelOf(kind, `<html><head></head><body>${parts.join('')}</body></html>`);
        const forward = new CssPaths(m);
        const backward = new CssPaths(m);
        const all = Array.from({ length: m.size }, (_, i) => i);
        const one = all.map((el) => forward.path(el));
        const other = [...all].reverse().map((el) => backward.path(el));
        expect(other.reverse()).toEqual(one);
      }),
      { numRuns: 60, seed: 27 },
    );
  });
});

describe.each(DOM_KINDS)('paths resolve back to their element in the DOM (%s)', (kind) => {
  it('§8.6 on generated sibling lists, every path resolves back to its own element, and a pick writes the same reference', () => {
    const tags = fc.constantFrom('p', 'div', 'span', 'li', 'b');
    fc.assert(
      fc.property(fc.array(fc.array(tags, { maxLength: 6 }), { minLength: 1, maxLength: 6 }), (groups) => {
        const html = groups.map((g) => `<section>${g.map((t) => `<${t}>x</${t}>`).join('')}</section>`).join('');
        const { doc, model, ord } = domModel(kind, `<html><head></head><body>${html}</body></html>`);
        const paths = new CssPaths(model);
        for (const el of doc.body.querySelectorAll('*')) {
          const path = paths.path(ord(el));
          expect(resolveCssPath(doc, path)).toBe(el);
          expect(refOfElement(doc, el, 'x')).toEqual({ selector: path, preview: 'x', ordinal: ord(el) });
        }
      }),
      { numRuns: 60, seed: 16 },
    );
  });

  it('§8.6 a path that is not a selector resolves to nothing', () => {
    const doc = parseWith(kind, PAGE);
    expect(resolveCssPath(doc, '>>> not a selector')).toBeNull();
  });
});

// Old CMS pages wrap their article in elements such as <sohu_cms_include:news>; an HTML parser keeps the colon
// in the name. happy-dom's selectors refuse the escapes, so the paths are resolved in linkedom; the real-browser
// overlay test (test/e2e/overlay-escaped-tags.test.ts) resolves them in Chromium.
describe('paths of tag names CSS must escape', () => {
  const PAGE_ESCAPED =
    '<html><head></head><body><sohu_cms_include:head><h1>Title</h1></sohu_cms_include:head>' +
    '<sohu_cms_include:news><p>one</p><o:p>two</o:p><o:p>three</o:p></sohu_cms_include:news></body></html>';

  it.each(MODEL_KINDS)('§8.6 escapes the colon (%s)', (kind) => {
    const m = modelOf(kind, PAGE_ESCAPED);
    const paths = new CssPaths(m);
    const ops = Array.from({ length: m.size }, (_, i) => i).filter((el) => m.localName(el) === 'o:p');
    expect(paths.path(ops[1]!)).toBe('html > body > sohu_cms_include\\:news > o\\:p:nth-of-type(2)');
    expect(paths.path(firstTag(m, 'h1'))).toBe('html > body > sohu_cms_include\\:head > h1');
  });

  it('§8.6 the escaped paths resolve in linkedom', () => {
    const doc = parseWith('linkedom', PAGE_ESCAPED);
    const model = buildModelFromDom(doc, staticProbe, resolveOptions({}));
    const paths = new CssPaths(model);
    const els = [...doc.body.querySelectorAll('*')];
    els.forEach((el, i) => expect(resolveCssPath(doc, paths.path(model.root + 1 + i))).toBe(el));
  });
});
