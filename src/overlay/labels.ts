/**
 * The overlay's words. The overlay itself uses no extension API, so the content script passes the
 * localised strings (from _locales); the English ones here are the default. `$1` stands for a number.
 */
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
  /** The tooltip's last line when the block has raw offsets and they are hidden. */
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
  rawHint: 'Hold Shift for the offsets in the HTML',
};

/** `template` with `$1` replaced by `n`. */
export function fill(template: string, n: number): string {
  return template.replaceAll('$1', String(n));
}
