import { afterAll, describe, expect, it } from 'vitest';
import { titleText } from '../../../src/core/title-anchor/title-text.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, modelOf } from '../../helpers/model.ts';
import { faithfulOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

const OPTS = faithfulOptions({}).titleAnchor;

describe.each(MODEL_KINDS)('titleText (%s)', (kind) => {
  const firstBlock = (bodyHtml: string) => {
    const model = modelOf(kind, `<html><head></head><body>${bodyHtml}</body></html>`, faithfulOptions({}));
    const block = model.blocks[0];
    if (!block) throw new Error('no block');
    return block;
  };

  it('a single-line block is its own title', () => {
    expect(titleText(firstBlock('<h1>Solar library opens</h1>'), 'Solar library opens | Gazette', OPTS)).toBe('Solar library opens');
  });

  it('lines of a multi-line block that are not in the query are left out; CJK lines join without a space', () => {
    const block = firstBlock(
      '<h2>全国人民代表大会常务委员会<br>关于批准财政部发行特别国债的决议<br>（2007年6月29日第十届全国人民代表大会常务委员会第二十八次会议通过）</h2>',
    );
    expect(titleText(block, '全国人民代表大会常务委员会关于批准财政部发行特别国债的决议__2007年第23号', OPTS)).toBe(
      '全国人民代表大会常务委员会关于批准财政部发行特别国债的决议',
    );
  });

  it('Latin lines join with one space', () => {
    expect(titleText(firstBlock('<h1>Solar library<br>opens in Riverton</h1>'), 'Solar library opens in Riverton', OPTS)).toBe(
      'Solar library opens in Riverton',
    );
  });

  it('a badge glued to the headline is trimmed when the block contains the whole query title', () => {
    const block = firstBlock('<h1><span>原创</span>最不愁吃肉的国家：顿顿有肉吃，却要靠中国运输蔬菜水果</h1>');
    expect(titleText(block, '最不愁吃肉的国家：顿顿有肉吃，却要靠中国运输蔬菜水果', OPTS)).toBe(
      '最不愁吃肉的国家：顿顿有肉吃，却要靠中国运输蔬菜水果',
    );
  });

  it('no trim when the query covers less than titleTrimMinShare of the block', () => {
    const block = firstBlock('<h1>Opens: the long and winding story of a solar library in the old goods depot</h1>');
    expect(titleText(block, 'Opens', OPTS)).toBe('Opens: the long and winding story of a solar library in the old goods depot');
  });
});
