/**
 * The annotation panel's words. Like the overlay's (../labels.ts), the content script passes them from
 * _locales (the overlay uses no extension API); the English ones here are the default. `$1` stands for a
 * number or a value.
 */
import type { FieldName, PageType } from '../../shared/annotation/record.ts';

export interface AnnotationLabels {
  readonly heading: string;
  readonly close: string;
  readonly moveSide: string;
  readonly pageType: string;
  readonly pageTypes: Readonly<Record<PageType, string>>;
  readonly fields: Readonly<Record<FieldName | 'body', string>>;
  readonly progress: string;
  readonly saved: string;
  readonly notSaved: string;
  readonly extracted: string;
  readonly none: string;
  readonly rightValue: string;
  readonly note: string;
  readonly accept: string;
  readonly reject: string;
  readonly pick: string;
  readonly noneOnPage: string;
  readonly reset: string;
  readonly replaceBody: string;
  readonly addBlock: string;
  readonly removeBlock: string;
  readonly added: string;
  readonly removedBlocks: string;
  readonly undo: string;
  readonly bodyPreview: string;
  readonly noiseHeading: string;
  readonly showAllNoise: string;
  readonly removedFromBody: string;
  readonly keptInBody: string;
  readonly outsideBody: string;
  readonly done: string;
  readonly keys: string;
  readonly pickHint: string;
  readonly notADate: string;
  readonly snapshotNotSaved: string;
}

export const ENGLISH_ANNOTATION_LABELS: AnnotationLabels = {
  heading: 'Annotating this page',
  close: 'Close',
  moveSide: 'Move the panel to the other side',
  pageType: 'Page type',
  pageTypes: { article: 'Article', index: 'Index page', 'not-article': 'Not an article' },
  fields: { title: 'Title', author: 'Author', source: 'Source', date: 'Publication time', body: 'Body' },
  progress: '$1 judged',
  saved: 'Saved',
  notSaved: 'Not saved: $1',
  extracted: 'Extracted',
  none: '(none)',
  rightValue: 'Right value (Enter to save; empty = none on this page)',
  note: 'Note',
  accept: 'Right',
  reject: 'Wrong',
  pick: 'Pick on page',
  noneOnPage: 'None on this page',
  reset: 'Undo',
  replaceBody: 'Pick the whole body',
  addBlock: 'Add a block',
  removeBlock: 'Remove a block',
  added: 'Added',
  removedBlocks: 'Removed',
  undo: 'Undo',
  bodyPreview: 'Body as corrected: $1 lines',
  noiseHeading: 'Noise blocks',
  showAllNoise: 'Show all $1',
  removedFromBody: 'removed from the body',
  keptInBody: 'kept in the body',
  outsideBody: 'outside the body',
  done: 'Page done',
  keys: 'Keys: J/K next/previous · A right · X wrong · P pick · N none · E edit · +/− add/remove a body block',
  pickHint: 'Click the element, or: ↑ wider · ↓ narrower · ←/→ neighbours · Enter take · Esc cancel',
  notADate: 'Not a date: "$1"',
  snapshotNotSaved: 'The page itself was not saved for the export ($1); the annotation is',
};

/** `template` with `$1` replaced by `value`. */
export function fillIn(template: string, value: string | number): string {
  return template.replaceAll('$1', String(value));
}
