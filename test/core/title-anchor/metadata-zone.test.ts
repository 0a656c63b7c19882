import { afterAll, describe, expect, it } from 'vitest';
import { faithfulOptions } from '../../helpers/options.ts';
import { toIso } from '../../../src/core/dates/iso.ts';
import { readZoneMetadata, zoneBlocks } from '../../../src/core/title-anchor/metadata-zone.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const DATES = { minYear: 1990, maxYear: 2030, dayFirst: true };

describe('zoneBlocks and readZoneMetadata', () => {
  const blocks = modelOf(
    'happy-dom',
    '<html><head></head><body><p>作者：前面</p><h1>标题在这里</h1><div>2019年05月13日 10:20 来源：证券时报网</div>' +
      '<div>记者 李四 王五</div><div>分享到</div><p>一，二，三，四。</p><p>作者：后面</p></body></html>',
    faithfulOptions({}),
  ).blocks;
  const title = blocks[1]!;
  const first = blocks[5]!;

  it('§1.7 the zone is the blocks strictly between the title block and the first sentence', () => {
    expect(zoneBlocks(blocks, title, first).map((b) => b.text)).toEqual([
      '2019年05月13日 10:20 来源：证券时报网',
      '记者 李四 王五',
      '分享到',
    ]);
  });

  it('§1.7 no zone without both anchors, or when the sentence comes first', () => {
    expect(zoneBlocks(blocks, null, first)).toEqual([]);
    expect(zoneBlocks(blocks, title, null)).toEqual([]);
    expect(zoneBlocks(blocks, first, title)).toEqual([]);
  });

  it('§1.7 authors, sources and dates of the zone, and the blocks that held them', () => {
    const zone = readZoneMetadata(zoneBlocks(blocks, title, first), 60, DATES);
    expect(zone.authors.map((h) => h.match.value)).toEqual(['李四、王五']);
    expect(zone.sources.map((h) => h.match.value)).toEqual(['证券时报网']);
    expect(zone.dates.map((h) => toIso(h.match))).toEqual(['2019-05-13T10:20:00']);
    expect([...zone.metadataBlocks].map((b) => b.text)).toEqual(['2019年05月13日 10:20 来源：证券时报网', '记者 李四 王五']);
  });
});
