import { afterAll, describe, expect, it } from 'vitest';
import { findQueryTitles } from '../../../src/core/title-anchor/query-title.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, modelOf } from '../../helpers/model.ts';
import { faithfulOptions } from '../../helpers/options.ts';

const FAITHFUL = faithfulOptions({}).titleAnchor;
const FALLBACKS = faithfulOptions({ titleAnchor: { extensions: { fallbackQueryTitles: true } } }).titleAnchor;

afterAll(closeWindows);

const PAGE =
  '<html><head><title> Home |  Example News </title><meta property="og:title" content="City opens solar-powered library"></head>' +
  '<body><h1>City opens solar-powered library</h1><h1>Second</h1></body></html>';

describe.each(MODEL_KINDS)('findQueryTitles (%s)', (kind) => {
  it('§1.1 the link title when there is one, and nothing else', () => {
    expect(findQueryTitles(modelOf(kind, PAGE), ' Solar  library opens ', FAITHFUL)).toEqual([
      { text: 'Solar library opens', from: 'link-title' },
    ]);
  });

  it('§1.1 else the text of <title>, normalised', () => {
    expect(findQueryTitles(modelOf(kind, PAGE), null, FAITHFUL)).toEqual([{ text: 'Home | Example News', from: 'title-element' }]);
  });

  it('§1.1 ext fallbackQueryTitles: link title, <title>, og:title, first h1 — duplicates once', () => {
    expect(findQueryTitles(modelOf(kind, PAGE), 'Solar library opens', FALLBACKS)).toEqual([
      { text: 'Solar library opens', from: 'link-title' },
      { text: 'Home | Example News', from: 'title-element' },
      { text: 'City opens solar-powered library', from: 'meta' },
    ]);
  });

  it('§1.1 ext: the h1 is used when it differs from og:title', () => {
    const model = modelOf(kind, '<html><head><title>Home</title></head><body><h1>Headline</h1></body></html>');
    expect(findQueryTitles(model, null, FALLBACKS)).toEqual([
      { text: 'Home', from: 'title-element' },
      { text: 'Headline', from: 'h1' },
    ]);
  });

  it('§1.1 gap-filler: a link title of fewer than minLinkTitleUnits units ("Read more", "更多") is not the query', () => {
    expect(findQueryTitles(modelOf(kind, PAGE), 'Read more', FAITHFUL)).toEqual([{ text: 'Home | Example News', from: 'title-element' }]);
    expect(findQueryTitles(modelOf(kind, PAGE), '更多', FAITHFUL)).toEqual([{ text: 'Home | Example News', from: 'title-element' }]);
    expect(findQueryTitles(modelOf(kind, PAGE), '太阳能图书馆', FAITHFUL)).toEqual([{ text: '太阳能图书馆', from: 'link-title' }]);
  });

  it('§1.1 a page without any title gives no query', () => {
    expect(findQueryTitles(modelOf(kind, '<html><head></head><body><p>x</p></body></html>'), null, FAITHFUL)).toEqual([]);
  });
});
