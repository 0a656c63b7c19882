/**
 * The popup's one line about method 4 (ALGORITHMS.md §4) when "Compare with another page of this site" is
 * on: which page of the site the article was compared with and how many of its text blocks are the site's
 * template (and how many of those left the body), or why it was not compared — no similar link, the fetch
 * failed or timed out, the diff was skipped. Built in the reader's language from the Article's report and
 * the content script's failure; the core's English `message` fills in what has no words of ours (a skip's
 * reason). Pure, tested on its own.
 */
import type { Article } from '../core/types.ts';
import type { SimilarPageFailure, SimilarPageFailureKind } from '../shared/messages.ts';
import type { MessageKey } from './i18n.ts';
import { t } from './i18n.ts';

const FAILURE_TEXT: Readonly<Record<SimilarPageFailureKind, MessageKey>> = {
  'other-origin': 'similarFailOtherOrigin',
  http: 'similarFailHttp',
  network: 'similarFailNetwork',
  timeout: 'similarFailTimeout',
  'not-html': 'similarFailNotHtml',
  'too-large': 'similarFailTooLarge',
  unreadable: 'similarFailUnreadable',
};

export interface SimilarLine {
  readonly text: string;
  /** The compared page's full URL (the line shows it short), or null. */
  readonly url: string | null;
}

/** `url` as the line shows it: its path and query when it is of the article's site, else whole. */
export function shortUrl(url: string, articleUrl: string | null): string {
  try {
    const u = new URL(url);
    return articleUrl && new URL(articleUrl).origin === u.origin ? `${u.pathname}${u.search}` : u.href;
  } catch {
    return url;
  }
}

/** Text blocks of the body that left it as template (the template noise blocks say how many each took). */
export function templateBlocksRemoved(article: Article): number {
  let n = 0;
  for (const b of article.noise) if (b.kind === 'template') n += b.numbers['textBlocks'] ?? 0;
  return n;
}

export function similarLine(article: Article, failure: SimilarPageFailure | null | undefined): SimilarLine {
  const report = article.similarPage;
  const url = report.url;
  const shown = url ? shortUrl(url, article.url) : '';
  switch (report.status) {
    case 'used':
      return { text: t('similarUsed', shown, report.templateBlocks, templateBlocksRemoved(article)), url };
    case 'skipped':
      return { text: t('similarSkipped', shown, report.message), url };
    case 'unavailable':
      if (failure) return { text: t(FAILURE_TEXT[failure.kind], shortUrl(failure.url, article.url), failure.detail), url: failure.url };
      if (!url) return { text: t('similarNone'), url: null };
      return { text: t('similarOther', report.message), url };
    case 'not-requested':
      return { text: t('similarNotCompared'), url: null };
  }
}
