/**
 * A name as a CSS identifier, escaped where CSS needs it: CSSOM's "serialize an identifier", the rule
 * `CSS.escape` follows, written out because the core has no `CSS` global (it runs in Node too).
 *
 * Why: the HTML parser takes any character but space, `/` and `>` into a tag name, and old CMS pages use it
 * (`<sohu_cms_include:news>`, `<o:p>`): a path step `sohu_cms_include:news` is a type selector followed
 * by a pseudo-class, so `querySelector` throws or finds nothing, and the overlay cannot draw the title,
 * date and body under it. Escaped (`sohu_cms_include\:news`) it names the element.
 */

/** Names that need no escape: nearly every tag name, so they skip the character loop. */
const PLAIN = /^-?[A-Za-z_][\w-]*$/;

export function cssIdentifier(value: string): string {
  if (PLAIN.test(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const ch = value[i] as string;
    if (code === 0) out += '\uFFFD';
    else if ((code >= 0x01 && code <= 0x1f) || code === 0x7f) out += codePointEscape(code);
    else if (i === 0 && code >= 0x30 && code <= 0x39) out += codePointEscape(code);
    else if (i === 1 && code >= 0x30 && code <= 0x39 && value.charCodeAt(0) === 0x2d) out += codePointEscape(code);
    else if (i === 0 && ch === '-' && value.length === 1) out += '\\-';
    else if (code >= 0x80 || ch === '-' || ch === '_' || /[0-9A-Za-z]/.test(ch)) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

/** `\` + the code point in hex + a space (the space ends the escape, whatever follows). */
function codePointEscape(code: number): string {
  return `\\${code.toString(16)} `;
}
