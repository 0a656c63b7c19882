/**
 * HTML character references (`&#039;`, `&#x27;`, `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`)
 * decoded once, for text the HTML parser leaves raw: the serialised page the link-block scan reads (§5),
 * and the strings of JSON-LD blocks, which sit inside `<script>` (§1.7). Attribute values and text nodes
 * are decoded by the parser already and must not pass here again (`&amp;amp;` is the text "&amp;").
 */

const ENTITY = /&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `text` with its character references decoded, once; a reference to no valid code point stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole: string, dec?: string, hex?: string, name?: string) => {
    if (dec) return safeCodePoint(Number.parseInt(dec, 10), whole);
    if (hex) return safeCodePoint(Number.parseInt(hex, 16), whole);
    return NAMED[(name ?? '').toLowerCase()] ?? whole;
  });
}

function safeCodePoint(cp: number, fallback: string): string {
  return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : fallback;
}
