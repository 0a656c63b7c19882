/**
 * JSON-LD (ALGORITHMS.md §1.7 extension): every object of the page's `application/ld+json` blocks, read
 * once per page by the metadata stage and shared with the date SVM's attribute candidates (§3.1).
 * Lenient (HTML comments, a CDATA section around the JSON, control characters, trailing commas) and bounded
 * in size and nodes. The HTML
 * parser leaves a script's text raw, so the character references many CMSs write into JSON-LD strings
 * ("doesn&#039;t") are decoded here, once: every value read from the page is decoded exactly once.
 */
import type { PageModel } from '../model/page-model.ts';
import { decodeEntities } from '../text/entities.ts';

const MAX_JSON_LD_CHARS = 500_000;
const MAX_JSON_LD_NODES = 2_000;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonLdObject = Readonly<Record<string, Json>>;

/** Every object in the page's JSON-LD blocks, @graph and nested values included, bounded. */
export function readJsonLd(model: PageModel): JsonLdObject[] {
  const out: JsonLdObject[] = [];
  for (const script of model.allOfTag('SCRIPT')) {
    if (model.attr(script, 'type')?.toLowerCase() !== 'application/ld+json') continue;
    const text = model.textContent(script);
    if (text.length > MAX_JSON_LD_CHARS) continue;
    const data = parseLenient(text);
    if (data === undefined) continue;
    // A queue read by index, and arrays added item by item: a JSON-LD array of 130 000 items spread into
    // `push(...)` overflowed the call stack, and `shift()` made the walk quadratic.
    const queue: Json[] = [data];
    let seen = 0;
    for (let head = 0; head < queue.length && seen++ < MAX_JSON_LD_NODES; head++) {
      const v = queue[head];
      if (Array.isArray(v)) {
        for (const item of v) {
          if (queue.length - head > MAX_JSON_LD_NODES) break;
          queue.push(item);
        }
      } else if (v && typeof v === 'object') {
        out.push(v);
        for (const key of ['@graph', 'mainEntity', 'mainEntityOfPage', 'itemListElement']) {
          const child = v[key];
          if (child && typeof child === 'object') queue.push(child);
        }
      }
    }
  }
  return out;
}

function parseLenient(text: string): Json | undefined {
  // A block wrapped as XHTML scripts are, in a CDATA section (`<![CDATA[ {…} ]]>`, also behind `//`), or in a comment.
  const cleaned = text
    .replace(/^\s*<!--|-->\s*$/g, '')
    .replace(/^\s*(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>\s*$/g, '')
    .trim();
  for (const candidate of [cleaned, cleaned.replace(/[\u0000-\u001f]+/g, ' ').replace(/,\s*([}\]])/g, '$1')]) {
    try {
      return JSON.parse(candidate, decodeStrings) as Json;
    } catch {
      // try the next, more forgiving reading
    }
  }
  return undefined;
}

/** JSON.parse reviver: string values with their character references decoded (once). */
function decodeStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? decodeEntities(value) : value;
}

/** The names of an object's `@type` (a string or a list of strings). */
export function typeNames(t: Json | undefined): string[] {
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}
