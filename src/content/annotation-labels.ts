/**
 * The annotation panel's words in the browser's UI language (as overlay-labels.ts does for the overlay):
 * each read from _locales, English where a string is missing.
 */
import type en from '../../public/_locales/en/messages.json';
import type { AnnotationLabels } from '../overlay/annotate/labels.ts';
import { ENGLISH_ANNOTATION_LABELS } from '../overlay/annotate/labels.ts';
import { browser } from '../shared/browser.ts';

type MessageKey = keyof typeof en;

/** The message, keeping its `$1` for the panel to fill in. */
function message(key: MessageKey, english: string): string {
  return browser.i18n.getMessage(key, ['$1']) || english;
}

export function annotationLabels(): AnnotationLabels {
  const e = ENGLISH_ANNOTATION_LABELS;
  return {
    heading: message('annotHeading', e.heading),
    close: message('annotClose', e.close),
    moveSide: message('annotMoveSide', e.moveSide),
    pageType: message('annotPageType', e.pageType),
    pageTypes: {
      article: message('annotPageTypesArticle', e.pageTypes.article),
      index: message('annotPageTypesIndex', e.pageTypes.index),
      'not-article': message('annotPageTypesNotArticle', e.pageTypes['not-article']),
    },
    fields: {
      title: message('annotFieldsTitle', e.fields.title),
      author: message('annotFieldsAuthor', e.fields.author),
      source: message('annotFieldsSource', e.fields.source),
      date: message('annotFieldsDate', e.fields.date),
      body: message('annotFieldsBody', e.fields.body),
    },
    progress: message('annotProgress', e.progress),
    saved: message('annotSaved', e.saved),
    notSaved: message('annotNotSaved', e.notSaved),
    extracted: message('annotExtracted', e.extracted),
    none: message('annotNone', e.none),
    rightValue: message('annotRightValue', e.rightValue),
    note: message('annotNote', e.note),
    accept: message('annotAccept', e.accept),
    reject: message('annotReject', e.reject),
    pick: message('annotPick', e.pick),
    noneOnPage: message('annotNoneOnPage', e.noneOnPage),
    reset: message('annotReset', e.reset),
    replaceBody: message('annotReplaceBody', e.replaceBody),
    addBlock: message('annotAddBlock', e.addBlock),
    removeBlock: message('annotRemoveBlock', e.removeBlock),
    added: message('annotAdded', e.added),
    removedBlocks: message('annotRemovedBlocks', e.removedBlocks),
    undo: message('annotUndo', e.undo),
    bodyPreview: message('annotBodyPreview', e.bodyPreview),
    noiseHeading: message('annotNoiseHeading', e.noiseHeading),
    showAllNoise: message('annotShowAllNoise', e.showAllNoise),
    removedFromBody: message('annotRemovedFromBody', e.removedFromBody),
    keptInBody: message('annotKeptInBody', e.keptInBody),
    outsideBody: message('annotOutsideBody', e.outsideBody),
    done: message('annotDone', e.done),
    keys: message('annotKeys', e.keys),
    pickHint: message('annotPickHint', e.pickHint),
    notADate: message('annotNotADate', e.notADate),
    snapshotNotSaved: message('annotSnapshotNotSaved', e.snapshotNotSaved),
  };
}
