import { afterAll, describe, expect, it } from 'vitest';
import { buildCleanTree, serializeChildren } from '../../../src/core/output/clean-html.ts';
import type { HtmlParser } from '../../../src/core/output/markdown.ts';
import { bodyMarkdown, markdownDestination, toMarkdown } from '../../../src/core/output/markdown.ts';
import type { DomKind } from '../../helpers/dom.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import type { ModelKind } from '../../helpers/model.ts';
import { MODEL_KINDS, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

/** A host's HTML parser (the popup's DOMParser, the CLI's DOM) made of a test DOM: the parsed nodes under <body>. */
const parserOf =
  (kind: DomKind): HtmlParser =>
  (html) =>
    parseWith(kind, `<!doctype html><html><head></head><body>${html}</body></html>`).body;

/**
 * Markdown of `<article>body</article>` as a host makes it: the page read into the model by `kind`, the
 * clean HTML of the article, and `bodyMarkdown` over that HTML parsed by the host's parser (happy-dom's).
 */
const markdownOf = (kind: ModelKind, body: string, parser: DomKind = 'happy-dom'): string => {
  const model = modelOf(kind, `<!doctype html><html><head></head><body><article>${body}</article></body></html>`);
  const tree = buildCleanTree(firstTag(model, 'article'), {
    model,
    base: 'https://news.example.com/story.html',
    dropText: () => false,
  });
  return bodyMarkdown(serializeChildren(tree), parserOf(parser));
};

const TABLE = '<table><tr><th>Name</th><th>Score</th></tr><tr><td>Ann</td><td>9</td></tr><tr><td>Bo</td><td>7</td></tr></table>';

describe.each(MODEL_KINDS)('toMarkdown (%s)', (kind) => {
  it('§1.6 headings are ATX (#)', () => {
    expect(markdownOf(kind, '<h1>Title</h1><h3>Part</h3>')).toBe('# Title\n\n### Part');
  });

  it('§1.6 unordered lists use "-", ordered lists keep their start', () => {
    expect(markdownOf(kind, '<ul><li>one</li><li>two</li></ul>')).toBe('-   one\n-   two');
    expect(markdownOf(kind, '<ol start="3"><li>three</li><li>four</li></ol>')).toBe('3.  three\n4.  four');
  });

  it('§1.6 emphasis, strong text and absolute links', () => {
    expect(markdownOf(kind, '<p><strong>bold</strong>, <em>em</em> and <a href="/a">a link</a></p>')).toBe(
      '**bold**, *em* and [a link](https://news.example.com/a)',
    );
  });

  it('§1.6 blockquote and fenced code', () => {
    expect(markdownOf(kind, '<blockquote><p>quoted</p></blockquote><pre><code>x = 1</code></pre>')).toBe('> quoted\n\n```\nx = 1\n```');
  });

  it('§1.6 images keep their alt text', () => {
    expect(markdownOf(kind, '<p><img src="/a.png" alt="A chart"></p>')).toBe('![A chart](https://news.example.com/a.png)');
  });

  it('§1.6 Chinese paragraphs are kept apart', () => {
    expect(markdownOf(kind, '<p>第一段。</p><p>第二段。</p>')).toBe('第一段。\n\n第二段。');
  });

  it('§1.6 markup characters in text are escaped', () => {
    expect(markdownOf(kind, '<p>1. not a list *nor emphasis*</p>')).toBe('1\\. not a list \\*nor emphasis\\*');
  });
});

describe.each(MODEL_KINDS)('toMarkdown never writes text as live HTML (%s)', (kind) => {
  it('text that showed a tag (written &lt;img…&gt;) is escaped, so no viewer renders it', () => {
    expect(markdownOf(kind, '<p>Look: &lt;img src=x onerror=alert(1)&gt; &amp; &lt;script&gt;x()&lt;/script&gt;</p>')).toBe(
      'Look: \\<img src=x onerror=alert(1)\\> & \\<script\\>x()\\</script\\>',
    );
  });

  it('an entity written as text ("&amp;lt;") shows as written, not as the character', () => {
    expect(markdownOf(kind, '<p>Write &amp;lt; for &lt; and &amp;#60; too</p>')).toBe('Write \\&lt; for \\< and \\&#60; too');
  });

  it('an autolink or a link reference written as text stays text', () => {
    expect(markdownOf(kind, '<p>&lt;javascript:alert(1)&gt; and [x]: javascript:alert(2)</p>')).toBe(
      '\\<javascript:alert(1)\\> and \\[x\\]: javascript:alert(2)',
    );
  });

  it('image alt text and link titles are escaped; a quote or a backslash cannot end the title', () => {
    expect(markdownOf(kind, '<p><img src="/a.png" alt="<img src=x onerror=alert(1)>]("></p>')).toBe(
      '![\\<img src=x onerror=alert(1)\\>\\](](https://news.example.com/a.png)',
    );
    expect(markdownOf(kind, '<p><a href="/a" title=\'say "hi" \\\'>a link</a></p>')).toBe(
      '[a link](https://news.example.com/a "say \\"hi\\" \\\\")',
    );
  });

  it('parentheses and spaces in a URL cannot end the destination and start a javascript: link', () => {
    expect(markdownOf(kind, '<p><a href="/a)[y](javascript:alert(1)">a link</a></p>')).toBe(
      '[a link](https://news.example.com/a%29[y]%28javascript:alert%281%29)',
    );
  });

  it('a bidi override in the body is shown as its code point', () => {
    expect(markdownOf(kind, '<p>Open \u202Efdp.exe now</p>')).toBe('Open \\[U+202E\\]fdp.exe now');
  });

  it('a table caption holding markup is escaped (the GFM plugin writes captions as they are)', () => {
    const md = markdownOf(kind, `<table><caption>&lt;img src=x onerror=alert(1)&gt;</caption>${TABLE.slice('<table>'.length)}`);
    expect(md.startsWith('\\<img src=x onerror=alert(1)\\>\n\n|')).toBe(true);
    expect(md).toContain('| Ann | 9   |');
  });
});

describe('toMarkdown of raw-text elements, parsed as browsers do (parse5)', () => {
  // happy-dom's and linkedom's own parsers read <xmp> and <plaintext> content as elements; browsers and
  // the dom engine (parse5, whose tree the page model is read from) read it as text, which must stay text.
  const specMarkdownOf = (body: string): string => markdownOf('parse5', body);

  it('<xmp> and <plaintext> content is text', () => {
    expect(specMarkdownOf('<p>Before, a paragraph.</p><xmp><img src=x onerror=alert(1)></xmp>')).toBe(
      'Before, a paragraph.\n\n\\<img src=x onerror=alert(1)\\>',
    );
    // <plaintext> runs to the end of the file, end tags and all.
    expect(specMarkdownOf('<p>Before.</p><plaintext><svg onload=alert(1)>')).toBe(
      'Before.\n\n\\<svg onload=alert(1)\\>\\</article\\>\\</body\\>\\</html\\>',
    );
  });
});

describe('toMarkdown rules on a tree the clean HTML never makes', () => {
  // The clean tree keeps only http(s)/mailto/ftp URLs; the Markdown rules check again on their own.
  it('links and images with javascript:, data: or vbscript: targets are dropped, their text kept', () => {
    const doc = parseWith('happy-dom', '<div></div>');
    const root = doc.createElement('div');
    for (const href of ['javascript:alert(1)', 'data:text/html,<script>alert(2)</script>', 'vbscript:msgbox(3)', ' JaVaScRiPt:alert(4)']) {
      const p = root.appendChild(doc.createElement('p'));
      const a = p.appendChild(doc.createElement('a'));
      a.setAttribute('href', href);
      a.textContent = 'click';
      const img = p.appendChild(doc.createElement('img'));
      img.setAttribute('src', href);
      img.setAttribute('alt', 'pic');
    }
    const md = toMarkdown(root);
    expect(md).toBe('click\n\nclick\n\nclick\n\nclick');
  });
});

describe('markdownDestination', () => {
  it('keeps http(s), mailto and ftp URLs, percent-encoding what could end the destination', () => {
    expect(markdownDestination('https://a.example/p(1) q')).toBe('https://a.example/p%281%29%20q');
    expect(markdownDestination('mailto:a@b.example?subject=<x>')).toBe('mailto:a@b.example?subject=%3Cx%3E');
    expect(markdownDestination('ftp://f.example/file.txt')).toBe('ftp://f.example/file.txt');
  });

  it('drops every other scheme and what does not parse', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'vbscript:x', 'file:///etc/passwd', '/relative', '']) {
      expect(markdownDestination(url)).toBeNull();
    }
  });
});

describe('toMarkdown tables', () => {
  it.each(MODEL_KINDS)('§1.6 a table becomes a GFM table with its header row (page read by %s, Markdown by happy-dom)', (kind) => {
    expect(markdownOf(kind, TABLE)).toBe('| Name | Score |\n| --- | --- |\n| Ann | 9   |\n| Bo  | 7   |');
  });

  // BUG: linkedom implements no HTMLTableElement.rows; the GFM plugin then "skips" the table and the cells
  // run together ("NameScoreAnn9Bo7"). The fix needs a table rule that does not read `rows`. (No host parses
  // the Markdown's HTML with linkedom today: the popup uses the browser's DOMParser, the CLI jsdom.)
  it.skip('§1.6 a table becomes a GFM table with its header row (Markdown by linkedom)', () => {
    expect(markdownOf('parse5', TABLE, 'linkedom')).toBe('| Name | Score |\n| --- | --- |\n| Ann | 9   |\n| Bo  | 7   |');
  });
});

describe('bodyMarkdown', () => {
  it('§1.6 an empty body is empty Markdown, without parsing anything', () => {
    expect(
      bodyMarkdown('', () => {
        throw new Error('parsed');
      }),
    ).toBe('');
  });
});
