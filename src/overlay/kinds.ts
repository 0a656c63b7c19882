/**
 * What the overlay outlines: the anchors the body was found from (DESIGN.md "Overlay": title, date, author,
 * body) and the noise blocks by kind. The order is the drawing order: the body first, so that the smaller
 * outlines inside it are drawn on top.
 */
import type { NoiseKind } from '../core/types.ts';

export type AnchorKind = 'body' | 'title' | 'date' | 'author';
export type OverlayKind = AnchorKind | NoiseKind;

/** Kinds the legend names even when the page has none, because "none found" is news for them. */
export const ALWAYS_LISTED: ReadonlySet<OverlayKind> = new Set(['title', 'body', 'link-block']);

/**
 * One colour per kind, from the Okabe–Ito palette (told apart with the common colour-vision deficiencies);
 * every outline also gets a light and a dark halo (styles.ts), so each reads on light and dark pages.
 */
export const KIND_COLOURS: Readonly<Record<OverlayKind, string>> = {
  body: '#009e73',
  title: '#cc79a7',
  date: '#0072b2',
  author: '#56b4e9',
  'link-block': '#d55e00',
  template: '#e69f00',
  path: '#f0e442',
  learned: '#999999',
};
