/**
 * The overlay's words in the browser's UI language: each label of the overlay read from _locales through
 * the content script's i18n API (the overlay itself uses no extension API), English where a string is
 * missing.
 */
import type en from '../../public/_locales/en/messages.json';
import type { OverlayKind } from '../overlay/kinds.ts';
import type { OverlayLabels } from '../overlay/labels.ts';
import { ENGLISH_LABELS } from '../overlay/labels.ts';
import { browser } from '../shared/browser.ts';

type MessageKey = keyof typeof en;
type KindKeys = Readonly<Record<OverlayKind, MessageKey>>;

const KIND_NAMES: KindKeys = {
  body: 'overlayBody',
  title: 'overlayTitle',
  date: 'overlayDate',
  author: 'overlayAuthor',
  'link-block': 'overlayLinkBlock',
  template: 'overlayTemplate',
  path: 'overlayPath',
  learned: 'overlayLearned',
};

const LEGEND_NAMES: KindKeys = {
  ...KIND_NAMES,
  'link-block': 'overlayLinkBlocks',
  template: 'overlayTemplates',
  path: 'overlayPaths',
  learned: 'overlayLearneds',
};

function kinds(keys: KindKeys, english: Readonly<Record<OverlayKind, string>>): Record<OverlayKind, string> {
  const out = { ...english };
  for (const kind of Object.keys(keys) as OverlayKind[]) out[kind] = message(keys[kind], english[kind]);
  return out;
}

/** The message, keeping its `$1` for the overlay to fill in (getMessage would replace it with ''). */
function message(key: MessageKey, english: string): string {
  return browser.i18n.getMessage(key, ['$1']) || english;
}

export function overlayLabels(): OverlayLabels {
  const e = ENGLISH_LABELS;
  return {
    heading: message('overlayHeading', e.heading),
    kindNames: kinds(KIND_NAMES, e.kindNames),
    legendNames: kinds(LEGEND_NAMES, e.legendNames),
    removedCount: message('overlayRemovedCount', e.removedCount),
    more: message('overlayMore', e.more),
    notFound: message('overlayNotFound', e.notFound),
    removed: message('overlayRemoved', e.removed),
    kept: message('overlayKept', e.kept),
    outside: message('overlayOutside', e.outside),
    noiseWhy: {
      'link-block': message('overlayWhyLinkBlock', e.noiseWhy['link-block']),
      template: message('overlayWhyTemplate', e.noiseWhy.template),
      path: message('overlayWhyPath', e.noiseWhy.path),
      learned: message('overlayWhyLearned', e.noiseWhy.learned),
    },
    leadWhy: {
      'title-anchor': message('overlayLeadTitle', e.leadWhy['title-anchor']),
      'punct-path': message('overlayLeadPath', e.leadWhy['punct-path']),
      'short-page': message('overlayLeadShortPage', e.leadWhy['short-page']),
      learned: message('overlayLeadLearned', e.leadWhy.learned),
      'content-region': message('overlayLeadContentRegion', e.leadWhy['content-region']),
    },
    rawHint: message('overlayRawHint', e.rawHint),
  };
}
