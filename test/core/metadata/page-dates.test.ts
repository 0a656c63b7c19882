import { afterAll, describe, expect, it } from 'vitest';
import { findDateLine, findLabelledDate } from '../../../src/core/metadata/page-dates.ts';
import type { DateFinderOptions } from '../../../src/core/dates/date-finder.ts';
import { toIso } from '../../../src/core/dates/iso.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, modelOf } from '../../helpers/model.ts';
import { faithfulOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

const DATES: DateFinderOptions = { minYear: 1990, maxYear: 2030, dayFirst: true };

describe.each(MODEL_KINDS)('page dates (%s)', (kind) => {
  const blocks = (body: string) => modelOf(kind, `<html><head></head><body>${body}</body></html>`, faithfulOptions({})).blocks;

  it('a labelled date anywhere: "发布日期：" after the body', () => {
    const found = findLabelledDate(
      blocks('<p>正文第一段，内容很多，写了很多字，讲了很多事。</p><div>发布日期： 2019-03-06 责任编辑： 龙慧</div>'),
      DATES,
    );
    expect(found && toIso(found.date)).toBe('2019-03-06');
    expect(found?.kind).toBe('labelled');
  });

  it('a two-digit year is read only after a publication label', () => {
    expect(findLabelledDate(blocks('<div>发布时间：18-03-08 23:16</div>'), DATES)?.date).toMatchObject({
      year: 2018,
      month: 3,
      day: 8,
      hour: 23,
      minute: 16,
    });
    expect(findLabelledDate(blocks('<div>版本 18-03-08</div>'), DATES)).toBeNull();
  });

  it('English labels: "Published on 13 May 2019"', () => {
    const found = findLabelledDate(blocks('<p>Published on 13 May 2019 by the desk</p>'), DATES);
    expect(found && toIso(found.date)).toBe('2019-05-13');
  });

  it('a date line is a short non-sentence block with a date; dates inside sentences are not', () => {
    const body = '<p>他于2009年5月14日在南京逝世，享年77岁，女儿是南艺老师，也是长笛演奏家。</p><div>2019-09-08 11:42:03</div>';
    const found = findDateLine(blocks(body), 40, DATES);
    expect(found && toIso(found.date)).toBe('2019-09-08T11:42:03');
  });

  it('a date line longer than maxUnits is passed over', () => {
    const long = `<div>${'栏目 '.repeat(30)} 2019-09-08</div>`;
    expect(findDateLine(blocks(long), 10, DATES)).toBeNull();
  });
});
