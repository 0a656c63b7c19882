/**
 * The id of an annotated page: its snapshot's file name in an export (`pages/<id>.html`) and its gold
 * line's `id`, so it must be a plain file name (`[\w.-]+`, what the dataset loader accepts). Readable
 * (host and last path segment) and unique per URL (a hash of the whole URL, fragment excluded).
 */
import { fnv1a } from '../../core/hash.ts';

const MAX_PART = 40;

const slug = (s: string): string =>
  s
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, MAX_PART);

export function pageId(url: string): string {
  let host = 'page';
  let last = '';
  let key = url;
  try {
    const u = new URL(url);
    u.hash = '';
    key = u.href;
    host = u.hostname || host;
    last = decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? '');
  } catch {
    // Not a URL: the hash alone tells pages apart.
  }
  const hash = fnv1a(key).toString(36).padStart(7, '0');
  return [slug(host), slug(last.replace(/\.[a-z0-9]{2,5}$/i, '')), hash].filter(Boolean).join('-');
}
