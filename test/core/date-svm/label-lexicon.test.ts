/**
 * Extension `labelLexicon`: the words around a date, in any language, read as one vocabulary of label kinds.
 */
import { describe, expect, it } from 'vitest';
import { lexiconTokens } from '../../../src/core/date-svm/samples/text-candidates.ts';
import { labelTokens } from '../../../src/core/date-svm/samples/label-lexicon.ts';

const WIN = { latinWords: 4, cjkChars: 8 };
const O = { lexiconLatinWords: 4, lexiconCjkChars: 8 };

describe('labelTokens', () => {
  it.each([
    ['发布时间：', ['lbl:dated', 'lbl:published']],
    ['发表于 ', ['lbl:published']],
    ['Veröffentlicht am Samstag, ', ['lbl:published']],
    ['Publié le ', ['lbl:published']],
    ['Posted on ', ['lbl:published']],
    ['Publicado el ', ['lbl:published']],
    ['Updated: ', ['lbl:updated']],
    ['Aktualisiert am ', ['lbl:updated']],
    ['mis à jour le ', ['lbl:updated']],
    ['最后更新：', ['lbl:updated']],
    ['网友评论 ', ['lbl:comment']],
    ['Reply ', ['lbl:comment']],
    ['© ', ['lbl:copyright']],
    ['Copyright ', ['lbl:copyright']],
    ['By Jane Smith | ', ['lbl:byline']],
    ['Gültig bis ', ['lbl:range']],
    ['报名截止：', ['lbl:range']],
    ['Datum: ', ['lbl:dated']],
  ])('"%s" before a date is %j', (before, tokens) => {
    expect(labelTokens(before, '', WIN)).toEqual(tokens);
  });

  it('only the last words count: a label far before the date does not', () => {
    expect(labelTokens('Published a long time ago in a place far away, ', '', WIN)).toEqual([]);
    expect(labelTokens('很久以前发布的文章说到了今天的会议在', '', WIN)).toEqual([]);
  });

  it('a source, byline or clause-final verb right after the date is lbl>: (other kinds after it are not read)', () => {
    expect(labelTokens('', ' 来源：新华网', WIN)).toEqual(['lbl>:source']);
    expect(labelTokens('', ' by Jane Smith', WIN)).toEqual(['lbl>:byline']);
    expect(labelTokens('Dieser Artikel wurde am ', ' um 14:48 veröffentlicht', WIN)).toEqual(['lbl>:published']);
    expect(labelTokens('', ' bis 18 Uhr', WIN)).toEqual([]);
  });

  it('a page-generation or retrieval time is lbl:generated', () => {
    expect(labelTokens('页面生成时间 ', '', WIN)).toEqual(['lbl:dated', 'lbl:generated']);
    expect(labelTokens('Abgerufen am ', '', WIN)).toEqual(['lbl:generated']);
  });

  it('words are whole words: "bystander" is not "by", "updates" is not "updated"', () => {
    expect(labelTokens('bystander updates ', '', WIN)).toEqual([]);
  });
});

describe('lexiconTokens (the words around a date on its line)', () => {
  it('reads before and after the date on its own line only', () => {
    const text = 'Published in print\n发布时间：2019-05-13 10:20 来源：本报\nReply';
    const start = text.indexOf('2019');
    const end = start + '2019-05-13 10:20'.length;
    expect(lexiconTokens(text, start, end, O)).toEqual(['lbl:dated', 'lbl:published', 'lbl>:source']);
  });
});
