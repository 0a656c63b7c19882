import { afterAll, describe, expect, it } from 'vitest';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import { F_SKIPPED } from '../../../src/core/model/page-model.ts';
import type { CleanContext, CleanElement, CleanNode } from '../../../src/core/output/clean-html.ts';
import { buildCleanTree, serializeChildren } from '../../../src/core/output/clean-html.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, byId, domModel, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const BASE = 'https://news.example.com/world/story.html';

const contextFor = (model: PageModel, overrides: Partial<CleanContext> = {}): CleanContext => ({
  model,
  base: BASE,
  dropText: () => false,
  ...overrides,
});

/** The first element of the clean tree with the tag, depth first. */
function findClean(root: CleanElement, tag: string): CleanElement | undefined {
  for (const c of root.children) {
    if (typeof c === 'string') continue;
    if (c.tag === tag) return c;
    const found = findClean(c, tag);
    if (found) return found;
  }
  return undefined;
}

/** A clean element's attribute, or null. */
const attrOf = (el: CleanElement, name: string): string | null => el.attrs.find(([n]) => n === name)?.[1] ?? null;

describe.each(MODEL_KINDS)('buildCleanTree (%s)', (kind) => {
  /** The page model of `body` inside an <article>. */
  const page = (body: string): PageModel =>
    modelOf(kind, `<!doctype html><html><head></head><body><article>${body}</article></body></html>`);
  /** The clean tree of the first <article> of `body`. */
  const clean = (body: string, overrides: Partial<CleanContext> = {}): CleanElement => {
    const model = page(body);
    return buildCleanTree(firstTag(model, 'article'), contextFor(model, overrides));
  };
  const html = (body: string, overrides: Partial<CleanContext> = {}): string => serializeChildren(clean(body, overrides));

  it('§1.6 keeps the formatting tags: b, strong, em, i, u, headings', () => {
    expect(html('<h2>Head</h2><p><b>b</b> <strong>s</strong> <em>e</em> <i>i</i> <u>u</u></p>')).toBe(
      '<h2>Head</h2><p><b>b</b> <strong>s</strong> <em>e</em> <i>i</i> <u>u</u></p>',
    );
  });

  it('§1.6 keeps lists with their start, blockquote, pre and code', () => {
    expect(html('<ol start="3"><li>three</li></ol><ul><li>a</li></ul><blockquote>q</blockquote><pre><code>x = 1</code></pre>')).toBe(
      '<ol start="3"><li>three</li></ol><ul><li>a</li></ul><blockquote>q</blockquote><pre><code>x = 1</code></pre>',
    );
  });

  it('§1.6 keeps the white space inside <pre> and collapses it elsewhere', () => {
    expect(html('<pre>  a\n    b</pre><p>c   \n  d</p>')).toBe('<pre>  a\n    b</pre><p>c d</p>');
  });

  it('§1.6 keeps tables with their cells and spans', () => {
    const out = html('<table><caption>Cap</caption><tr><th colspan="2">H</th></tr><tr><td rowspan="x">1</td><td>2</td></tr></table>');
    // happy-dom and parse5 add the implied <tbody>, linkedom does not.
    expect(out.replace(/<\/?tbody>/g, '')).toBe(
      '<table><caption>Cap</caption><tr><th colspan="2">H</th></tr><tr><td>1</td><td>2</td></tr></table>',
    );
  });

  it('§1.6 keeps a figure with its image and caption', () => {
    expect(html('<figure><img alt="A" src="a.jpg"><figcaption>Cap</figcaption></figure>')).toBe(
      '<figure><img src="https://news.example.com/world/a.jpg" alt="A"><figcaption>Cap</figcaption></figure>',
    );
  });

  it('§1.6 keeps <font> with a valid size and unwraps it otherwise', () => {
    expect(html('<p><font size="5">big</font> <font color="red">red</font> <font size="99">bad</font></p>')).toBe(
      '<p><font size="5">big</font> red bad</p>',
    );
  });

  it('§1.6 drops script, style, iframe, noscript and their content', () => {
    expect(html('<p>a</p><script>evil()</script><style>.x{}</style><iframe src="x"></iframe><noscript>ns</noscript><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
  });

  it('§1.6 drops on* handlers, style, class and id attributes', () => {
    expect(html('<p id="p1" class="lead" style="color:red" onclick="evil()" onmouseover="x()">text</p>')).toBe('<p>text</p>');
    expect(html('<h2 onclick="evil()" data-x="1">h</h2>')).toBe('<h2>h</h2>');
  });

  it('§1.6 rewrites relative hrefs to absolute ones and keeps the title', () => {
    expect(html('<p><a href="../a.html" title="T" target="_blank" onclick="x()">rel</a></p>')).toBe(
      '<p><a href="https://news.example.com/a.html" title="T">rel</a></p>',
    );
  });

  it('§1.6 unwraps links with an unsafe or empty target, keeping their text', () => {
    expect(html('<p><a href="javascript:alert(1)">js</a> <a href="data:text/html,x">data</a> <a href="#top">top</a> <a>none</a></p>')).toBe(
      '<p>js data top none</p>',
    );
  });

  it('§1.6 unwraps unknown inline tags, keeping their text', () => {
    expect(html('<p>a <span class="x">span</span> <custom-tag>custom</custom-tag> <label>l</label></p>')).toBe('<p>a span custom l</p>');
  });

  it('§1.6 renames strike/tt/kbd/var to their kept equivalents', () => {
    expect(html('<p><strike>s</strike><tt>t</tt><kbd>k</kbd><var>v</var></p>')).toBe('<p><s>s</s><code>t</code><code>k</code><i>v</i></p>');
  });

  it('§1.6 rebuilds block containers as <div>', () => {
    expect(html('<section><p>a</p></section><aside><p>b</p></aside>')).toBe('<div><p>a</p></div><div><p>b</p></div>');
  });

  it('§1.6 turns table rows and cells outside a table into containers', () => {
    const model = modelOf(kind, '<html><body><table><tr id="row"><td>cell <b>x</b></td><td>two</td></tr></table></body></html>');
    const row = byId(model, 'row');
    expect(serializeChildren(buildCleanTree(row, contextFor(model)))).toBe('<div>cell <b>x</b></div><div>two</div>');
    expect(serializeChildren(buildCleanTree(row, contextFor(model), { includeRoot: true }))).toBe(
      '<div><div>cell <b>x</b></div><div>two</div></div>',
    );
  });

  it('§1.6 images: lazy source resolved, size attributes only when numeric', () => {
    const img = findClean(
      clean('<p><img data-src="/big.jpg" src="data:image/gif;base64,R0lGOD" width="640" height="auto" onerror="x()"></p>'),
      'img',
    )!;
    expect(attrOf(img, 'src')).toBe('https://news.example.com/big.jpg');
    expect(attrOf(img, 'width')).toBe('640');
    expect(attrOf(img, 'height')).toBeNull();
    expect(attrOf(img, 'onerror')).toBeNull();
  });

  it('§1.6 an image without a usable source is dropped', () => {
    expect(html('<p>text<img src="data:image/png;base64,AAAA"></p>')).toBe('<p>text</p>');
  });

  it('§1.6 removes elements left empty, but keeps images, rules and table cells', () => {
    expect(html('<div><div></div></div><p>   </p><p><span></span></p><hr><p>kept</p>')).toBe('<hr><p>kept</p>');
  });

  it('§1.6 skips the subtrees the page model skipped (hidden elements)', () => {
    // The page model skips a hidden subtree (static layout: the `hidden` attribute).
    const model = modelOf(kind, '<html><body><article><p>shown</p><p id="h" hidden>hidden</p></article></body></html>');
    expect(model.has(byId(model, 'h'), F_SKIPPED)).toBe(true);
    expect(serializeChildren(buildCleanTree(firstTag(model, 'article'), contextFor(model)))).toBe('<p>shown</p>');
  });

  it('§1.6 drops the text nodes the pipeline leaves out (title, zone)', () => {
    const model = page('<h1>Title</h1><p>Body</p>');
    const out = serializeChildren(
      buildCleanTree(firstTag(model, 'article'), contextFor(model, { dropText: (t) => model.textData(t) === 'Title' })),
    );
    expect(out).toBe('<p>Body</p>');
  });

  it('§1.6 the clean tree is plain data apart from the page, and the input page is never changed', () => {
    const source =
      '<!doctype html><html><head><base href="/b/"></head><body><article class="a" onclick="x()">' +
      '<h2 style="color:red">H <span>s</span></h2><p><a href="rel.html">l</a><img data-src="lazy.jpg" src="data:,"></p>' +
      '<script>evil()</script><table><tr><td>1</td></tr></table><div><div></div></div></article></body></html>';
    // A DOM's document is read once into the model and never changed; parse5's model has no DOM to change.
    const dom = kind === 'parse5' ? null : domModel(kind, source);
    const model = dom ? dom.model : modelOf(kind, source);
    const before = dom?.doc.documentElement.outerHTML;
    const snapshot = JSON.stringify([model.text, model.attrValues, Array.from(model.flags), model.blocks]);
    const tree = buildCleanTree(firstTag(model, 'article'), contextFor(model));
    serializeChildren(tree);
    if (dom) expect(dom.doc.documentElement.outerHTML).toBe(before);
    expect(JSON.stringify([model.text, model.attrValues, Array.from(model.flags), model.blocks])).toBe(snapshot);
    // No DOM node in the copy: plain objects and strings only, a fresh copy of every attribute.
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
    const objects: CleanElement[] = [tree];
    for (let i = 0; i < objects.length; i++) {
      const el = objects[i]!;
      expect(Object.getPrototypeOf(el)).toBe(Object.prototype);
      for (const c of el.children) if (typeof c !== 'string') objects.push(c);
    }
    expect(objects.map((el) => el.tag)).toContain('img');
  });
});

/** A clean element (`CleanElement`) for the serialiser. */
const el = (tag: string, attrs: [string, string][] = [], ...children: CleanNode[]): CleanElement => ({ tag, attrs, children });

describe('serializeChildren', () => {
  it('§1.6 escapes &, < and > in text', () => {
    const root = el('div', [], el('p', [], '1 < 2 & 3 > 2 "q"'));
    expect(serializeChildren(root)).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2 "q"</p>');
  });

  it('§1.6 escapes quotes, & and < in attribute values', () => {
    const root = el('div', [], el('a', [['href', 'https://x.example/?a=1&b="2"<']], 'x'));
    expect(serializeChildren(root)).toBe('<a href="https://x.example/?a=1&amp;b=&quot;2&quot;&lt;">x</a>');
  });

  it('§1.6 attributes are written in the allow-list order whatever order the tree holds them in', () => {
    const img = el('img', [
      ['height', '2'],
      ['alt', 'A'],
      ['src', 'https://x.example/a.png'],
      ['width', '1'],
    ]);
    expect(serializeChildren(el('div', [], img))).toBe('<img src="https://x.example/a.png" alt="A" width="1" height="2">');
  });

  it('§1.6 void elements have no closing tag; the root itself is not written', () => {
    expect(serializeChildren(el('div', [], el('br'), el('hr')))).toBe('<br><hr>');
  });

  it('§1.6 a deep clean tree is serialised without recursion', () => {
    const root = el('div');
    let cur: CleanElement = root;
    for (let i = 0; i < 5000; i++) {
      const next = el('blockquote');
      cur.children.push(next);
      cur = next;
    }
    cur.children.push('deep');
    const out = serializeChildren(root);
    expect(out.startsWith('<blockquote><blockquote>')).toBe(true);
    expect(out).toContain('>deep<');
    expect(out.match(/<blockquote>/g)).toHaveLength(5000);
  });
});

describe.each(MODEL_KINDS)('the clean copy makes no DOM node (%s)', (kind) => {
  it('an image of the copy is a plain object: no <img> is made, so nothing is fetched', () => {
    const model = modelOf(
      kind,
      '<html><body><article><p><img data-src="https://cdn.example/lazy.jpg" src="data:,"></p></article></body></html>',
    );
    const tree = buildCleanTree(firstTag(model, 'article'), contextFor(model));
    const img = findClean(tree, 'img')!;
    expect(Object.getPrototypeOf(img)).toBe(Object.prototype);
    expect(img).toEqual({ tag: 'img', attrs: [['src', 'https://cdn.example/lazy.jpg']], children: [] });
    expect(serializeChildren(tree)).toBe('<p><img src="https://cdn.example/lazy.jpg"></p>');
  });
});
