/**
 * Images embedded in an exported Markdown file, for reading offline (issue 15, the reader's export): each
 * `![alt](https://…)` of the Markdown whose image could be fetched becomes `![alt](data:image/…;base64,…)`;
 * the others stay links. Pure text work here; the fetching is the content script's (fetch-images.ts), and
 * the limits below keep a page of huge images from making a file no editor opens.
 */

export interface EmbedLimits {
  /** Largest image embedded, in bytes. */
  readonly perImageBytes: number;
  /** Most bytes embedded in one file, in all. */
  readonly totalBytes: number;
  /** Most images fetched for one file. */
  readonly maxImages: number;
  /** How long one image may take. */
  readonly timeoutMs: number;
}

/**
 * Why an image stayed a link, as the page's fetch (content/fetch-images.ts) reports it; the popup says it
 * in the reader's words from these (popup/embed-summary.ts). Another failure is reported by its message,
 * and an HTTP error as "HTTP <status>".
 */
export const EMBED_FAILURES = {
  refused: 'the site does not let the page fetch it',
  tooLarge: 'too large',
  fileFull: 'over the size limit of one file',
  notImage: 'not an image',
  notWeb: 'not an http(s) image',
  slow: 'no answer in time',
} as const;

export const EMBED_LIMITS: EmbedLimits = { perImageBytes: 5 * 2 ** 20, totalBytes: 25 * 2 ** 20, maxImages: 100, timeoutMs: 10_000 };

/** An image destination as our Markdown writes it: an http(s) URL, percent-encoded, no space or parenthesis. */
const IMAGE = /!\[((?:\\.|[^\]\\])*)\]\((https?:\/\/[^\s)]+)/g;

/** The distinct http(s) image URLs of the Markdown, in order, at most `max`. */
export function imageUrls(markdown: string, max = EMBED_LIMITS.maxImages): string[] {
  const urls = new Set<string>();
  for (const m of markdown.matchAll(IMAGE)) {
    if (urls.size >= max) break;
    urls.add(m[2] as string);
  }
  return [...urls];
}

/** The Markdown with each image whose URL `dataUris` maps embedded. */
export function embedImages(markdown: string, dataUris: ReadonlyMap<string, string>): string {
  return markdown.replace(IMAGE, (whole, alt: string, url: string) => {
    const data = dataUris.get(url);
    return data ? `![${alt}](${data}` : whole;
  });
}
