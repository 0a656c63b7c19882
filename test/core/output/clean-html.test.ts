import { afterAll, describe, expect, it } from 'vitest';
import type { CleanContext } from '../../../src/core/output/clean-html.ts';
import { buildCleanTree, inertDocument, serializeChildren } from '../../../src/core/output/clean-html.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const BASE = 'https://news.example.com/world/story.html';

const contextFor = (doc: Document, overrides: Partial<CleanContext> = {}): CleanContext => ({
  doc,
  base: BASE,
  skipped: new Set<Element>(),
  dropText: () => false,
  ...overrides,
});

describe.each(DOM_KINDS)('buildCleanTree (%s)', (kind) => {
  /** The clean tree of the first <article> of `body`. */
  const clean = (body: string, overrides: Partial<CleanContext> = {}): Element => {
    const doc = parseWith(kind, `<!doctype html><html><head></head><body><article>${body}</article></body></html>`);
    return buildCleanTree(doc.querySelector('article')!, contextFor(doc, overrides));
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
    // happy-dom adds the implied <tbody>, linkedom does not.
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
    const doc = parseWith(kind, '<html><body><table><tr id="row"><td>cell <b>x</b></td><td>two</td></tr></table></body></html>');
    const row = doc.getElementById('row')!;
    expect(serializeChildren(buildCleanTree(row, contextFor(doc)))).toBe('<div>cell <b>x</b></div><div>two</div>');
    expect(serializeChildren(buildCleanTree(row, contextFor(doc), { includeRoot: true }))).toBe(
      '<div><div>cell <b>x</b></div><div>two</div></div>',
    );
  });

  it('§1.6 images: lazy source resolved, size attributes only when numeric', () => {
    const img = clean(
      '<p><img data-src="/big.jpg" src="data:image/gif;base64,R0lGOD" width="640" height="auto" onerror="x()"></p>',
    ).querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://news.example.com/big.jpg');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.hasAttribute('height')).toBe(false);
    expect(img.hasAttribute('onerror')).toBe(false);
  });

  it('§1.6 an image without a usable source is dropped', () => {
    expect(html('<p>text<img src="data:image/png;base64,AAAA"></p>')).toBe('<p>text</p>');
  });

  it('§1.6 removes elements left empty, but keeps images, rules and table cells', () => {
    expect(html('<div><div></div></div><p>   </p><p><span></span></p><hr><p>kept</p>')).toBe('<hr><p>kept</p>');
  });

  it('§1.6 skips the subtrees the page model skipped (hidden elements)', () => {
    const doc = parseWith(kind, '<html><body><article><p>shown</p><p id="h">hidden</p></article></body></html>');
    const ctx = contextFor(doc, { skipped: new Set([doc.getElementById('h')!]) });
    expect(serializeChildren(buildCleanTree(doc.querySelector('article')!, ctx))).toBe('<p>shown</p>');
  });

  it('§1.6 drops the text nodes the pipeline leaves out (title, zone)', () => {
    const out = html('<h1>Title</h1><p>Body</p>', { dropText: (node) => node.data === 'Title' });
    expect(out).toBe('<p>Body</p>');
  });

  it('§1.6 the clean tree is detached, and the input document is never changed', () => {
    const source =
      '<!doctype html><html><head><base href="/b/"></head><body><article class="a" onclick="x()">' +
      '<h2 style="color:red">H <span>s</span></h2><p><a href="rel.html">l</a><img data-src="lazy.jpg" src="data:,"></p>' +
      '<script>evil()</script><table><tr><td>1</td></tr></table><div><div></div></div></article></body></html>';
    const doc = parseWith(kind, source);
    const before = doc.documentElement.outerHTML;
    const tree = buildCleanTree(doc.querySelector('article')!, contextFor(doc));
    serializeChildren(tree);
    expect(doc.documentElement.outerHTML).toBe(before);
    expect(tree.parentNode).toBeNull();
    expect(doc.querySelector('article')!.contains(tree)).toBe(false);
  });
});

describe.each(DOM_KINDS)('serializeChildren (%s)', (kind) => {
  it('§1.6 escapes &, < and > in text', () => {
    const doc = parseWith(kind, '<html><body></body></html>');
    const root = doc.createElement('div');
    const p = doc.createElement('p');
    p.appendChild(doc.createTextNode('1 < 2 & 3 > 2 "q"'));
    root.appendChild(p);
    expect(serializeChildren(root)).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2 "q"</p>');
  });

  it('§1.6 escapes quotes, & and < in attribute values', () => {
    const doc = parseWith(kind, '<html><body></body></html>');
    const root = doc.createElement('div');
    const a = doc.createElement('a');
    a.setAttribute('href', 'https://x.example/?a=1&b="2"<');
    a.appendChild(doc.createTextNode('x'));
    root.appendChild(a);
    expect(serializeChildren(root)).toBe('<a href="https://x.example/?a=1&amp;b=&quot;2&quot;&lt;">x</a>');
  });

  it('§1.6 attributes are written in the allow-list order whatever order the DOM keeps them in', () => {
    const doc = parseWith(kind, '<html><body></body></html>');
    const root = doc.createElement('div');
    const img = doc.createElement('img');
    for (const [name, value] of [
      ['height', '2'],
      ['alt', 'A'],
      ['src', 'https://x.example/a.png'],
      ['width', '1'],
    ] as const)
      img.setAttribute(name, value);
    root.appendChild(img);
    expect(serializeChildren(root)).toBe('<img src="https://x.example/a.png" alt="A" width="1" height="2">');
  });

  it('§1.6 void elements have no closing tag; the root itself is not written', () => {
    const doc = parseWith(kind, '<html><body></body></html>');
    const root = doc.createElement('div');
    root.appendChild(doc.createElement('br'));
    root.appendChild(doc.createElement('hr'));
    expect(serializeChildren(root)).toBe('<br><hr>');
  });

  it('§1.6 a deep clean tree is serialised without recursion', () => {
    const doc = parseWith(kind, '<html><body></body></html>');
    const root = doc.createElement('div');
    let cur: Element = root;
    for (let i = 0; i < 5000; i++) {
      const next = doc.createElement('blockquote');
      cur.appendChild(next);
      cur = next;
    }
    cur.appendChild(doc.createTextNode('deep'));
    const out = serializeChildren(root);
    expect(out.startsWith('<blockquote><blockquote>')).toBe(true);
    expect(out).toContain('>deep<');
    expect(out.match(/<blockquote>/g)).toHaveLength(5000);
  });
});

describe.each(DOM_KINDS)('inertDocument (%s)', (kind) => {
  it('gives a document without a window where the DOM can make one, so that new <img>s fetch nothing', () => {
    const doc = parseWith(kind, '<p>x</p>');
    const inert = inertDocument(doc);
    if (inert === doc) {
      // linkedom has no createHTMLDocument (and loads nothing).
      expect(typeof (doc.implementation as DOMImplementation | undefined)?.createHTMLDocument).not.toBe('function');
      return;
    }
    expect(inert.defaultView).toBeNull();
    const img = inert.createElement('img');
    img.setAttribute('src', 'https://cdn.example/lazy.jpg');
    expect(img.outerHTML).toBe('<img src="https://cdn.example/lazy.jpg">');
  });
});
