/**
 * What the popup says after saving the Markdown with "Images in the .md": what happened to the images and
 * why, in a reader's words (issue 40, 17: "0 of 3 images embedded … (and others, if any; hover for all)"
 * spoke the machinery and said nothing of the others). The counts and each image's own reason stay
 * available on hover (`figures`).
 */
import { EMBED_FAILURES } from '../shared/embed-images.ts';
import { t } from './i18n.ts';

export interface EmbedResult {
  /** Images embedded in the file. */
  readonly embedded: number;
  /** The images that stayed links, each with the page's reason (shared/embed-images.ts: EMBED_FAILURES). */
  readonly failed: readonly { readonly url: string; readonly reason: string }[];
}

export interface EmbedSummary {
  /** The status line. */
  readonly text: string;
  /** The counts and every image that stayed a link, with its reason: the line's hover text. */
  readonly figures: string;
}

/** A reason of the page's fetch in the reader's words (the same for one image or several). */
function readerReason(reason: string): string {
  const http = /^HTTP (\d+)$/.exec(reason);
  if (http) return t('embedWhyHttp', http[1] ?? '');
  if (reason === EMBED_FAILURES.refused) return t('embedWhyRefused');
  if (reason === EMBED_FAILURES.tooLarge) return t('embedWhyTooLarge');
  if (reason === EMBED_FAILURES.fileFull) return t('embedWhyFileFull');
  if (reason === EMBED_FAILURES.slow) return t('embedWhySlow');
  if (reason.startsWith(EMBED_FAILURES.notImage) || reason === EMBED_FAILURES.notWeb) return t('embedWhyNotImage');
  return reason;
}

/** The reason most of the failed images share (the first such, in order). */
function commonReason(failed: EmbedResult['failed']): string {
  const counts = new Map<string, number>();
  for (const f of failed) counts.set(f.reason, (counts.get(f.reason) ?? 0) + 1);
  let best = '';
  let most = 0;
  for (const [reason, n] of counts)
    if (n > most) {
      best = reason;
      most = n;
    }
  return readerReason(best);
}

export function embedSummary(result: EmbedResult): EmbedSummary {
  const { embedded, failed } = result;
  const total = embedded + failed.length;
  const figures = [t('embedFigures', embedded, total), ...failed.map((f) => `${f.url}: ${f.reason}`)].join('\n');
  if (total === 0) return { text: t('embedNoImages'), figures };
  if (failed.length === 0) return { text: t('embedAll'), figures };
  const why = commonReason(failed);
  if (embedded === 0) return { text: t('embedNone', why), figures };
  if (failed.length === 1) return { text: t('embedAllButOne', why), figures };
  return { text: t('embedSome', failed.length, why), figures };
}
