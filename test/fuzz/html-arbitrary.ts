/**
 * Generated HTML for the fuzz tests (fast-check): random tags (common, obsolete, custom, foreign), random
 * and meaningful attributes, nesting, text with dates, sentences, CJK and entities (valid, invalid, numeric
 * out of range), huge unbroken words, broken markup (stray end tags, unclosed comments and attributes,
 * CDATA, processing instructions), and forms with named controls.
 */
import fc from 'fast-check';

const TAGS = [
  'div', 'p', 'span', 'a', 'ul', 'ol', 'li', 'table', 'tbody', 'tr', 'td', 'th', 'caption', 'h1', 'h2', 'h3',
  'article', 'section', 'main', 'header', 'footer', 'nav', 'aside', 'img', 'picture', 'source', 'figure',
  'figcaption', 'time', 'meta', 'link', 'script', 'style', 'noscript', 'template', 'iframe', 'svg', 'math',
  'title', 'br', 'hr', 'pre', 'code', 'blockquote', 'b', 'i', 'em', 'strong', 'xmp', 'plaintext', 'select',
  'option', 'textarea', 'button', 'label', 'object', 'embed', 'video', 'dl', 'dt', 'dd', 'font', 'center',
  'marquee', 'custom-el', 'x-y', 'html', 'head', 'body', 'frameset',
] as const; // prettier-ignore

const ATTR_NAMES = [
  'href', 'src', 'srcset', 'data-src', 'data-original', 'class', 'id', 'name', 'style', 'hidden', 'aria-hidden',
  'lang', 'datetime', 'content', 'property', 'itemprop', 'itemtype', 'rel', 'type', 'form', 'title', 'alt',
  'width', 'height', 'colspan', 'rowspan', 'onerror', 'onclick', 'role', 'dir', 'charset', 'http-equiv', 'start',
] as const; // prettier-ignore

/** Names a form's controls can take that shadow DOM properties of the form (DOM clobbering). */
export const CLOBBERING_NAMES = [
  'parentElement', 'parentNode', 'nextSibling', 'previousSibling', 'nextElementSibling', 'previousElementSibling',
  'firstChild', 'lastChild', 'firstElementChild', 'lastElementChild', 'childNodes', 'children', 'localName',
  'tagName', 'nodeName', 'nodeType', 'getAttribute', 'hasAttribute', 'attributes', 'id', 'className', 'textContent',
  'querySelector', 'querySelectorAll', 'contains', 'ownerDocument', 'style', 'hidden', 'lang', 'action',
] as const; // prettier-ignore

const BENIGN_NAMES = ['q', 'email', 'search', 'comment', 'user_name', '搜索', ''] as const;

const attrValue = fc.oneof(
  fc.constantFrom(
    '', 'x', '/a/b.html', 'https://example.com/p?a=1&b=2', 'javascript:alert(1)', 'data:text/html,<b>x</b>',
    '2021-03-12T10:00:00Z', '12/03/2021', 'display:none', 'visibility:hidden', 'a.jpg 1x, b.jpg 2x, c.jpg 320w',
    ', , ,', '"quoted"', "it's", '&amp;&lt;&#0;&#x110000;', 'author nofollow', 'og:title', 'zh-CN', 'rtl',
    'application/ld+json', 'main content article', '-1', '99999999999',
  ),
  fc.string({ maxLength: 30 }),
); // prettier-ignore

const attribute = fc.tuple(fc.oneof(fc.constantFrom(...ATTR_NAMES), fc.stringMatching(/^[a-z][a-z0-9:_-]{0,10}$/)), attrValue);

const text = fc.oneof(
  fc.constantFrom(
    'This paragraph, which is long enough, has commas, several of them, and is a sentence.',
    'Published on 12 March 2021, 10:30, by Jane Doe.',
    '2021年3月12日 10:30 来源：新华社 作者：张三',
    '这是一段中文正文，内容比较长，有很多逗号，也有句号。',
    'Posted: 2021-03-12 | Updated 3 hours ago',
    '&amp; &lt;b&gt; &#x1F600; &#0; &#xD800; &nbsp; &unknown; &#99999999; &',
    '\u202Egnp.exe\u202C \u200B\u200F \uFEFF \u0000 \uFFFD',
    '   \n\t  ',
    'Menu',
    '{"@context":"https://schema.org","@type":"NewsArticle","headline":"H","datePublished":"2021-03-12","author":{"name":"A"}}',
  ),
  fc.string({ maxLength: 80 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'a'.repeat(n)),
); // prettier-ignore

const brokenMarkup = fc.constantFrom(
  '<', '>', '</div>', '</p></p></p>', '<!--', '-->', '<!-- unclosed', '<![CDATA[ x ]]>', '<?xml version="1.0"?>',
  '<a href="x', '<p <p>', '<div class=">', '<!DOCTYPE html>', '<table><td>cell', '</body></html><p>after the end</p>',
  '<select><option>never closed', '<svg><foreignObject><p>in svg</p>', '<math><mi>x', '<template><p>t</template>',
  '<noscript><p>ns</p></noscript>', '<title>unclosed title <b>', '<script>var x = "</scr" + "ipt>";</script>',
  '<style>p { color: red }</style>', '<frameset><frame src=x>', '<isindex>', '<image src=x>', '<body onload=x>',
  '<html lang="en-US">', '<meta charset="utf-8">', '<base href="http://[bad">', '<base href="/sub/">',
); // prettier-ignore

export interface GenNode {
  readonly tag: (typeof TAGS)[number];
  readonly attrs: readonly (readonly [string, string])[];
  readonly parts: readonly (string | GenNode)[];
}

/** An element tree up to `depth` levels, with text and broken markup between its children. */
export function nodeOf(depth: number): fc.Arbitrary<GenNode> {
  const part: fc.Arbitrary<string | GenNode> =
    depth > 0
      ? fc.oneof({ weight: 3, arbitrary: nodeOf(depth - 1) }, { weight: 3, arbitrary: text }, { weight: 1, arbitrary: brokenMarkup })
      : text;
  return fc.record({
    tag: fc.constantFrom(...TAGS),
    attrs: fc.array(attribute, { maxLength: 3 }),
    parts: fc.array(part, { maxLength: 4 }),
  });
}

/** A form with named controls; `names` picks their names. */
export function formOf(names: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const control = fc.tuple(
    fc.constantFrom('input', 'select', 'textarea', 'button', 'fieldset', 'img', 'object', 'output'),
    names,
    fc.boolean(),
  );
  return fc.tuple(fc.array(control, { minLength: 1, maxLength: 4 }), fc.boolean(), text).map(([controls, outside, t]) => {
    const items = controls.map(
      ([tag, name, byForm]) =>
        `<${tag} name="${name}" id="${name}"${byForm ? ' form="f"' : ''}>${tag === 'input' || tag === 'img' ? '' : `</${tag}>`}`,
    );
    // Controls can also join the form from outside it, by `form="f"`.
    return outside ? `<form id="f"><p>${t}</p></form>${items.join('')}` : `<form id="f">${items.join('')}<p>${t}</p></form>`;
  });
}

export function serialize(n: GenNode | string): string {
  if (typeof n === 'string') return n;
  const attrs = n.attrs.map(([k, v]) => ` ${k}="${v.replace(/"/g, '&quot;')}"`).join('');
  return `<${n.tag}${attrs}>${n.parts.map(serialize).join('')}</${n.tag}>`;
}

/** A whole page: a head with a title (sometimes), a body of generated trees, forms and broken markup. */
export function pageOf(names: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.option(text, { nil: null }),
      fc.array(
        fc.oneof(
          { weight: 4, arbitrary: nodeOf(3).map(serialize) },
          { weight: 1, arbitrary: formOf(names) },
          { weight: 1, arbitrary: brokenMarkup },
        ),
        {
          maxLength: 6,
        },
      ),
      fc.boolean(),
    )
    .map(
      ([title, body, doctype]) =>
        `${doctype ? '<!DOCTYPE html>' : ''}<html><head>${title === null ? '' : `<title>${title}</title>`}</head><body>${body.join('')}</body></html>`,
    );
}

export const benignNames: fc.Arbitrary<string> = fc.constantFrom(...BENIGN_NAMES);
export const clobberingNames: fc.Arbitrary<string> = fc.constantFrom(...CLOBBERING_NAMES);
