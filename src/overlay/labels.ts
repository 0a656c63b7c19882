/**
 * The overlay's words. The overlay itself uses no extension API, so the content script passes the
 * localised strings (from _locales); the English ones here are the default. `$1` stands for a number.
 */
import type { BodyLead, NoiseKind } from '../core/types.ts';
import type { OverlayKind } from './kinds.ts';

export interface OverlayLabels {
  /** The legend's accessible name and heading. */
  readonly heading: string;
  /** One element of a kind, in the tooltip ("Link block"). */
  readonly kindNames: Readonly<Record<OverlayKind, string>>;
  /** A kind in the legend, before its count ("Link blocks"). */
  readonly legendNames: Readonly<Record<OverlayKind, string>>;
  /** "$1 removed from the body", after a noise kind's count. */
  readonly removedCount: string;
  /** "+$1 more": outlines left out by the cap. */
  readonly more: string;
  /** "$1 not found": elements that no longer resolve on the page. */
  readonly notFound: string;
  /** A noise block's fate, in the tooltip. */
  readonly removed: string;
  readonly kept: string;
  readonly outside: string;
  /**
   * What a noise block is and why it was found, in a reader's words: the tooltip's first line (the core's
   * reason and numbers follow only while Shift is held; issue 40, 17).
   */
  readonly noiseWhy: Readonly<Record<NoiseKind, string>>;
  /** How the body was found, in a reader's words, by the method that led (the core's note behind Shift). */
  readonly leadWhy: Readonly<Record<BodyLead['method'], string>>;
  /** The tooltip's last line when the core's reason and figures are hidden (until Shift is held). */
  readonly rawHint: string;
}

export const ENGLISH_LABELS: OverlayLabels = {
  heading: 'Article Lens overlay',
  kindNames: {
    body: 'Body',
    title: 'Title',
    date: 'Date',
    author: 'Author',
    'link-block': 'Link block',
    template: 'Template block',
    path: 'Path-check block',
    learned: 'Block-model block',
  },
  legendNames: {
    body: 'Body',
    title: 'Title',
    date: 'Date',
    author: 'Author',
    'link-block': 'Link blocks',
    template: 'Template blocks',
    path: 'Path-check blocks',
    learned: 'Block-model blocks',
  },
  removedCount: '$1 removed from the body',
  more: '+$1 more',
  notFound: '$1 not found',
  removed: 'removed from the body',
  kept: 'kept in the body',
  outside: 'outside the body',
  noiseWhy: {
    'link-block': 'Mostly links, close together: a menu, a list of other stories or share links, not the article.',
    template: 'The same text is on another page of this site: part of the site’s layout, not of this article.',
    path: 'Placed in the page unlike the article’s paragraphs, so probably not part of the article.',
    learned: 'Looks like page furniture (a label, an ad, a sign-up or share line), judged by a model trained on many articles.',
  },
  leadWhy: {
    'title-anchor': 'The article’s text, found below its title.',
    'punct-path': 'The article’s text, found where the page’s full sentences are.',
    'short-page': 'A short page: all of its text read as the article.',
    learned: 'The article’s text, picked block by block by a model trained on many articles.',
    'content-region': 'Not a run of sentences (a table, a list, a recipe…): the largest region of content on the page.',
  },
  rawHint: 'Hold Shift for the figures behind this',
};

/** `template` with `$1` replaced by `n`. */
export function fill(template: string, n: number): string {
  return template.replaceAll('$1', String(n));
}
