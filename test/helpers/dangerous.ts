/**
 * What counts as "dangerous in an output" for the XSS corpus (issue 16, "What to build" 3): an
 * executable construct in HTML as a browser would parse it. The HTML is parsed with parse5 (the HTML
 * standard's tree construction, as browsers do it, foreign content and template contents included) and
 * every element and attribute is checked:
 * - elements that run or load code or change where the page goes: script, iframe, frame, frameset,
 *   object, embed, applet, portal, base, link, style, meta http-equiv;
 * - attributes: every on* handler, srcdoc, a style with expression() or a script/data URL, and URL
 *   attributes (href, src, action, formaction, xlink:href, data, poster, background, srcset…, and the
 *   to/values/from of SVG animation) whose scheme is javascript:, vbscript: or data:, read as browsers
 *   read them (leading spaces and control characters ignored, tabs and newlines removed).
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

export interface Finding {
  /** What was found: `<script>`, `onerror=`, `href=javascript:`… */
  readonly what: string;
  /** The element, with a little of its context. */
  readonly where: string;
}

const DANGEROUS_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'base',
  'link',
  'style',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'lowsrc',
  'dynsrc',
  'codebase',
  'ping',
  'manifest',
  'icon',
  'to',
  'from',
  'values',
]);

/** A URL's scheme as a browser reads it: leading C0 controls and spaces ignored, tabs and newlines removed. */
export function isDangerousUrl(value: string): boolean {
  const url = value
    .replace(/^[\u0000-\u0020]+/, '')
    .replace(/[\t\n\r]/g, '')
    .toLowerCase();
  return /^(?:javascript|vbscript|data):/.test(url);
}

const DANGEROUS_STYLE = /expression\s*\(|(?:javascript|vbscript|data)\s*:|behavior\s*:|-moz-binding/i;

function isElement(n: P5Node): n is P5Element {
  return 'tagName' in n;
}

function describe(el: P5Element): string {
  const attrs = el.attrs.map((a) => ` ${a.prefix ? `${a.prefix}:` : ''}${a.name}="${a.value.slice(0, 40)}"`).join('');
  return `<${el.tagName}${attrs}>`.slice(0, 160);
}

function check(el: P5Element, out: Finding[]): void {
  const where = describe(el);
  if (DANGEROUS_ELEMENTS.has(el.tagName)) out.push({ what: `<${el.tagName}>`, where });
  if (el.tagName === 'meta' && el.attrs.some((a) => a.name === 'http-equiv')) out.push({ what: '<meta http-equiv>', where });
  for (const attr of el.attrs) {
    const name = (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name).toLowerCase();
    if (name.startsWith('on')) out.push({ what: `${name}=`, where });
    else if (name === 'srcdoc') out.push({ what: 'srcdoc=', where });
    else if (name === 'style' && DANGEROUS_STYLE.test(attr.value)) out.push({ what: 'style=', where });
    else if (name === 'srcset' || name === 'imagesrcset') {
      for (const candidate of attr.value.split(',')) {
        if (isDangerousUrl(candidate.trim().split(/\s+/)[0] ?? '')) out.push({ what: `${name}=${candidate.trim().slice(0, 20)}`, where });
      }
    } else if (URL_ATTRIBUTES.has(name) && isDangerousUrl(attr.value))
      out.push({ what: `${name}=${attr.value.trim().slice(0, 20)}`, where });
  }
}

/** Every executable construct of `html` (a document or a fragment), parsed as a browser parses it. */
export function dangerousConstructs(html: string): Finding[] {
  const out: Finding[] = [];
  const stack: P5Node[] = [parse(html, { scriptingEnabled: true })];
  while (stack.length) {
    const node = stack.pop() as P5Node;
    if (isElement(node)) check(node, out);
    if ('childNodes' in node) stack.push(...node.childNodes);
    // A template's content is inert until a script uses it; checked all the same.
    if (isElement(node) && node.tagName === 'template' && 'content' in node) stack.push(node.content as P5Node);
  }
  return out;
}
