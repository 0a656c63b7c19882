/**
 * The largest files a set may hold, for a folder and a zip alike: a page as the decoder takes it (64 MiB,
 * src/platform/decode-html.ts), and a gold.jsonl far above any real one (the largest dev set's, cleaneval,
 * is 5.6 MB) yet well below what Node can hold as one string (about 512 M characters), so that a huge gold
 * is refused by name rather than failing with "Cannot create a string longer than 0x1fffffe8 characters".
 */
import { MAX_INPUT_BYTES } from '../platform/decode-html.ts';

export const MAX_PAGE_BYTES = MAX_INPUT_BYTES;
export const MAX_GOLD_BYTES = 128 * 1024 ** 2;
