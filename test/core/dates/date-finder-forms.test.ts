import { describe, expect, it } from 'vitest';
import type { Case } from './date-cases.ts';
import { DMY, MDY, check, only } from './date-cases.ts';
import type { DateFinderOptions, DateForm } from '../../../src/core/dates/date-finder.ts';
import { findDates } from '../../../src/core/dates/date-finder.ts';
import { findUrlDate, parseDateValue } from '../../../src/core/dates/date-values.ts';
import { toIso } from '../../../src/core/dates/iso.ts';

/** A fixed "now" for relative dates: Wednesday 2019-10-16 12:00 (UTC fields). */
const NOW: DateFinderOptions = { ...DMY, now: new Date(Date.UTC(2019, 9, 16, 12, 0)) };
/** A fixed reference day for dates without a year. */
const REF: DateFinderOptions = { ...DMY, yearlessReference: { year: 2019, month: 10, day: 16 } };

/** The [ISO, form] of every date found. */
const read = (text: string, opts: DateFinderOptions = DMY): [string, DateForm][] => findDates(text, opts).map((d) => [toIso(d), d.form]);

describe('findDates: numeric orders and separators', () => {
  it.each<Case>([
    ['2019-10-16', '2019-10-16', 'ymd'],
    ['2019/10/16', '2019-10-16', 'ymd'],
    ['2019.10.16', '2019-10-16', 'ymd'],
    ['2019\\10\\16', '2019-10-16', 'ymd'],
    ['2019 - 10 - 16', '2019-10-16', 'ymd'],
    ['2019-10-16T10:20', '2019-10-16T10:20:00', 'iso'],
    ['2019-10-16 10:20', '2019-10-16T10:20:00', 'ymd'],
    ['16.10.2019', '2019-10-16', 'dmy'],
    ['16/10/2019', '2019-10-16', 'dmy'],
    ['16-10-2019', '2019-10-16', 'dmy'],
    ['10/16/2019', '2019-10-16', 'mdy'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('§3.1 the form says which numeric order was read', () => {
    expect(read('05/06/2019', DMY)).toEqual([['2019-06-05', 'dmy']]);
    expect(read('05/06/2019', MDY)).toEqual([['2019-05-06', 'mdy']]);
    expect(read('05.06.2019', MDY)).toEqual([['2019-06-05', 'dmy']]);
  });

  it('§3.1 every found date has a form, findUrlDate included', () => {
    const forms = findDates('2019年5月13日, 13 May 2019, May 13, 2019, 13/05/2019, 2019-05-13T10:20', DMY).map((d) => d.form);
    expect(forms).toEqual(['cjk', 'name-dmy', 'name-mdy', 'dmy', 'iso']);
    expect(findUrlDate('https://example.com/2019/10/16/x', DMY)?.form).toBe('ymd');
    expect(findUrlDate('https://example.com/a/20191016/x', DMY)?.form).toBe('compact');
  });
});

describe('findDates: times of day and zones', () => {
  it.each<Case>([
    ['2019-05-13 3:05 PM', '2019-05-13T15:05:00', 'ymd'],
    ['2019-05-13 12:30 am', '2019-05-13T00:30:00', 'ymd'],
    ['May 13, 2019 3 pm', '2019-05-13T15:00:00', 'name-mdy'],
    ['2019年5月13日 上午9:05', '2019-05-13T09:05:00', 'cjk'],
    ['2019年5月13日 下午3:05', '2019-05-13T15:05:00', 'cjk'],
    ['2019年5月13日 中午12:30', '2019-05-13T12:30:00', 'cjk'],
    ['2019年5月13日 凌晨12:05', '2019-05-13T00:05:00', 'cjk'],
    ['2019年5月13日 午後3時', '2019-05-13T15:00:00', 'cjk'],
    ['2019년 5월 13일 오후 3:05', '2019-05-13T15:05:00', 'cjk'],
    ['2019-05-13T10:20:05Z', '2019-05-13T10:20:05Z', 'iso'],
    ['2019-05-13T10:20:05+08:00', '2019-05-13T10:20:05+08:00', 'iso'],
    ['2019-05-13T10:20:05.123-0500', '2019-05-13T10:20:05-05:00', 'iso'],
    ['2019-05-13T10:20:05+02', '2019-05-13T10:20:05+02:00', 'iso'],
    ['2019-05-13 10:20 GMT+8', '2019-05-13T10:20:00+08:00', 'ymd'],
    ['2019-05-13 10:20 (UTC+08:00)', '2019-05-13T10:20:00+08:00', 'ymd'],
    ['13.05.2019 10:20 CEST', '2019-05-13T10:20:00+02:00', 'dmy'],
    ['13 May 2019 10:20 PDT', '2019-05-13T10:20:00-07:00', 'name-dmy'],
    ['2019年5月13日 10:20 JST', '2019-05-13T10:20:00+09:00', 'cjk'],
    ['16 November 2017 • 2:15pm', '2017-11-16T14:15:00', 'name-dmy'],
    ['February 1, 2016: 12:41 PM ET', '2016-02-01T12:41:00', 'name-mdy'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('§3.1 a number after a date is not a time unless it has minutes, am/pm or an hour mark', () => {
    const d = only('2019-05-13 12 comments');
    expect([d.text, d.hour]).toEqual(['2019-05-13', null]);
  });

  it('§3.1 "10:00-12:00" is a range of times, not 10:00 at UTC-12', () => {
    const d = only('2019-05-13 10:00-12:00');
    expect([d.text, toIso(d)]).toEqual(['2019-05-13 10:00', '2019-05-13T10:00:00']);
  });

  it('§3.1 a bare number after a date does not swallow the next date', () => {
    expect(read('2019-05-13 2019-05-14')).toEqual([
      ['2019-05-13', 'ymd'],
      ['2019-05-14', 'ymd'],
    ]);
  });
});

describe('findDates: two-digit years', () => {
  it.each<Case>([
    ['18-03-08 23:16', '2018-03-08T23:16:00', 'two-digit-year'],
    ['18/03/08 23:16', '2018-03-08T23:16:00', 'two-digit-year'],
    ['发布时间：18-03-08  23:16', '2018-03-08T23:16:00', 'two-digit-year'],
    ['95-03-08 10:00', '1995-03-08T10:00:00', 'two-digit-year'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('the year is 20YY when that is at most maxYear, else 19YY', () => {
    expect(read('29-03-08 10:00', { ...DMY, maxYear: 2030 })).toEqual([['2029-03-08T10:00:00', 'two-digit-year']]);
    expect(read('29-03-08 10:00', { ...DMY, maxYear: 2028, minYear: 1900 })).toEqual([['1929-03-08T10:00:00', 'two-digit-year']]);
  });

  it('the offsets of "发布时间：18-03-08  23:16"', () => {
    const d = only('发布时间：18-03-08  23:16');
    expect([d.start, d.end]).toEqual([5, 20]);
  });

  it('a date whose time is required is passed over without one, and the next one with a time is found', () => {
    // The time of day is read where the date ends (execRule): one without it is skipped, not the text after it.
    expect(read('18-03-07 and 18-03-08 23:16')).toEqual([['2018-03-08T23:16:00', 'two-digit-year']]);
    expect(read('at 10-08 and at 10/09 12:00', REF)).toEqual([['2019-10-09T12:00:00', 'yearless']]);
    // The time's groups and text join the date's match: the hit ends after the time, offset and all.
    const d = only('Posted 2019-10-16 at 10:20 pm UTC+2, then');
    expect([toIso(d), d.text]).toEqual(['2019-10-16T22:20:00+02:00', '2019-10-16 at 10:20 pm UTC+2']);
  });

  it('only with a time of day after it, and never D.M.YY', () => {
    expect(findDates('18-03-08', DMY)).toEqual([]);
    expect(findDates('08.03.18 23:16', DMY)).toEqual([]);
    expect(findDates('v1.18-03-08 23:16', DMY)).toEqual([]);
  });

  it('impossible two-digit-year dates and times are rejected', () => {
    expect(findDates('18-02-30 10:00', DMY)).toEqual([]);
    expect(findDates('18-03-08 25:00', DMY)).toEqual([]);
  });

  it('a four-digit year wins: "2018-03-08 23:16" is not read as 18-03-08', () => {
    expect(read('2018-03-08 23:16')).toEqual([['2018-03-08T23:16:00', 'ymd']]);
  });
});

describe('findDates: relative dates (with a fixed now: 2019-10-16 12:00)', () => {
  it('none are found without `now`', () => {
    expect(findDates('3小时前 5 minutes ago 昨天 09:27', DMY)).toEqual([]);
  });

  it.each<Case>([
    ['刚刚', '2019-10-16T12:00:00', 'relative'],
    ['5分钟前', '2019-10-16T11:55:00', 'relative'],
    ['3小时前', '2019-10-16T09:00:00', 'relative'],
    ['半小时前', '2019-10-16T11:30:00', 'relative'],
    ['2天前', '2019-10-14', 'relative'],
    ['两天前', '2019-10-14', 'relative'],
    ['昨天 09:27', '2019-10-15T09:27:00', 'relative'],
    ['昨天', '2019-10-15', 'relative'],
    ['前天 下午3:05', '2019-10-14T15:05:00', 'relative'],
    ['今天 08:00', '2019-10-16T08:00:00', 'relative'],
    ['刚刚 来源：新华网', '2019-10-16T12:00:00', 'relative'],
    ['评论 | 昨天', '2019-10-15', 'relative'],
  ])('Chinese "%s" is %s', (...c) => check(c, NOW));

  it.each(['恋情也许就像刚刚开始', '昨天的比赛很精彩', '我们今天去了公园', '他刚刚到'])(
    'a bare relative word inside a sentence is not a date: "%s"',
    (text) => expect(findDates(text, NOW)).toEqual([]),
  );

  it.each<Case>([
    ['5 minutes ago', '2019-10-16T11:55:00', 'relative'],
    ['an hour ago', '2019-10-16T11:00:00', 'relative'],
    ['3 days ago', '2019-10-13', 'relative'],
    ['2 weeks ago', '2019-10-02', 'relative'],
    ['Yesterday at 10:20 AM', '2019-10-15T10:20:00', 'relative'],
    ['today 09:27', '2019-10-16T09:27:00', 'relative'],
  ])('English "%s" is %s', (...c) => check(c, NOW));

  it.each<Case>([
    ['vor 5 Minuten', '2019-10-16T11:55:00', 'relative'],
    ['vor einer Stunde', '2019-10-16T11:00:00', 'relative'],
    ['vor 3 Tagen', '2019-10-13', 'relative'],
    ['gestern, 10:20 Uhr', '2019-10-15T10:20:00', 'relative'],
    ['heute um 9:05', '2019-10-16T09:05:00', 'relative'],
  ])('German "%s" is %s', (...c) => check(c, NOW));

  it.each<Case>([
    ['il y a 5 minutes', '2019-10-16T11:55:00', 'relative'],
    ['il y a 2 heures', '2019-10-16T10:00:00', 'relative'],
    ['il y a 3 jours', '2019-10-13', 'relative'],
    ['hier à 10h20', '2019-10-15T10:20:00', 'relative'],
    ["aujourd'hui à 9h05", '2019-10-16T09:05:00', 'relative'],
  ])('French "%s" is %s', (...c) => check(c, NOW));

  it.each<Case>([
    ['hace 5 minutos', '2019-10-16T11:55:00', 'relative'],
    ['hace una hora', '2019-10-16T11:00:00', 'relative'],
    ['hace 3 días', '2019-10-13', 'relative'],
    ['ayer a las 10:20', '2019-10-15T10:20:00', 'relative'],
    ['hoy a las 9:05', '2019-10-16T09:05:00', 'relative'],
  ])('Spanish "%s" is %s', (...c) => check(c, NOW));

  it.each<Case>([
    ['5 minuti fa', '2019-10-16T11:55:00', 'relative'],
    ["un'ora fa", '2019-10-16T11:00:00', 'relative'],
    ['3 giorni fa', '2019-10-13', 'relative'],
    ['ieri alle 10:20', '2019-10-15T10:20:00', 'relative'],
    ['oggi alle 9:05', '2019-10-16T09:05:00', 'relative'],
  ])('Italian "%s" is %s', (...c) => check(c, NOW));

  it.each<Case>([
    ['há 5 minutos', '2019-10-16T11:55:00', 'relative'],
    ['há 2 horas', '2019-10-16T10:00:00', 'relative'],
    ['há 3 dias', '2019-10-13', 'relative'],
    ['ontem às 10:20', '2019-10-15T10:20:00', 'relative'],
    ['hoje às 9h05', '2019-10-16T09:05:00', 'relative'],
  ])('Portuguese "%s" is %s', (...c) => check(c, NOW));

  it.each<Case>([
    ['5 minuten geleden', '2019-10-16T11:55:00', 'relative'],
    ['1 uur geleden', '2019-10-16T11:00:00', 'relative'],
    ['3 dagen geleden', '2019-10-13', 'relative'],
    ['gisteren om 10:20', '2019-10-15T10:20:00', 'relative'],
    ['vandaag om 9:05', '2019-10-16T09:05:00', 'relative'],
  ])('Dutch "%s" is %s', (...c) => check(c, NOW));

  it.each<Case>([
    ['1 минуту назад', '2019-10-16T11:59:00', 'relative'],
    ['2 минуты назад', '2019-10-16T11:58:00', 'relative'],
    ['5 минут назад', '2019-10-16T11:55:00', 'relative'],
    ['час назад', '2019-10-16T11:00:00', 'relative'],
    ['3 часа назад', '2019-10-16T09:00:00', 'relative'],
    ['5 часов назад', '2019-10-16T07:00:00', 'relative'],
    ['1 день назад', '2019-10-15', 'relative'],
    ['2 дня назад', '2019-10-14', 'relative'],
    ['5 дней назад', '2019-10-11', 'relative'],
    ['вчера в 10:20', '2019-10-15T10:20:00', 'relative'],
    ['сегодня, 09:27', '2019-10-16T09:27:00', 'relative'],
  ])('Russian "%s" is %s', (...c) => check(c, NOW));

  it.each<Case>([
    ['3時間前', '2019-10-16T09:00:00', 'relative'],
    ['昨日 10:20', '2019-10-15T10:20:00', 'relative'],
    ['3시간 전', '2019-10-16T09:00:00', 'relative'],
    ['어제 오후 3:05', '2019-10-15T15:05:00', 'relative'],
    ['5 minut temu', '2019-10-16T11:55:00', 'relative'],
    ['před 2 hodinami', '2019-10-16T10:00:00', 'relative'],
    ['3 gün önce', '2019-10-13', 'relative'],
    ['för 5 minuter sedan', '2019-10-16T11:55:00', 'relative'],
  ])('beyond: "%s" is %s', (...c) => check(c, NOW));

  it('"yesterday", "today", "heute", "hoy" alone are not dates', () => {
    expect(findDates('Yesterday it rained; today the sun; heute; hoy; ayer; hier', NOW)).toEqual([]);
  });

  it('German "hier um 10 Uhr" means "here", not yesterday', () => {
    expect(findDates('hier um 10 Uhr', NOW)).toEqual([]);
  });

  it('several relative dates keep their offsets', () => {
    const found = findDates('发布于 3小时前，更新于 昨天 09:27', NOW);
    expect(found.map((d) => [d.start, d.end, d.text])).toEqual([
      [4, 8, '3小时前'],
      [13, 21, '昨天 09:27'],
    ]);
  });

  it('a relative date crosses month and year boundaries', () => {
    const newYear: DateFinderOptions = { ...DMY, now: new Date(Date.UTC(2020, 0, 1, 0, 30)) };
    expect(read('1小时前', newYear)).toEqual([['2019-12-31T23:30:00', 'relative']]);
    expect(read('昨天 10:00', newYear)).toEqual([['2019-12-31T10:00:00', 'relative']]);
  });

  it('an impossible time after "yesterday" is no date', () => {
    expect(findDates('yesterday at 25:10', NOW)).toEqual([]);
  });

  it('a full date is found beside relative ones', () => {
    expect(read('2019-10-01 10:00 (3 days ago)', NOW)).toEqual([
      ['2019-10-01T10:00:00', 'ymd'],
      ['2019-10-13', 'relative'],
    ]);
  });
});

describe('findDates: dates without a year (reference day 2019-10-16)', () => {
  it('none are found without a reference', () => {
    expect(findDates('5月20日 10:20, May 20, 10-08 12:00', DMY)).toEqual([]);
  });

  it.each<Case>([
    ['5月20日', '2019-05-20', 'yearless'],
    ['5月20日 10:20', '2019-05-20T10:20:00', 'yearless'],
    ['12月20日', '2018-12-20', 'yearless'],
    ['10月16日', '2019-10-16', 'yearless'],
    ['10月17日', '2018-10-17', 'yearless'],
    ['5월 20일 오후 3:05', '2019-05-20T15:05:00', 'yearless'],
    ['10-08 12:00', '2019-10-08T12:00:00', 'yearless'],
    ['10/08 12:00', '2019-10-08T12:00:00', 'yearless'],
    ['12-25 08:00', '2018-12-25T08:00:00', 'yearless'],
    ['May 20', '2019-05-20', 'yearless'],
    ['May 20 at 10:20 am', '2019-05-20T10:20:00', 'yearless'],
    ['20 May', '2019-05-20', 'yearless'],
    ['20. Mai', '2019-05-20', 'yearless'],
    ['20 de mayo', '2019-05-20', 'yearless'],
    ['20 мая в 10:20', '2019-05-20T10:20:00', 'yearless'],
    ['20 maja', '2019-05-20', 'yearless'],
    ['20 décembre', '2018-12-20', 'yearless'],
  ])('"%s" is %s (%s)', (...c) => check(c, REF));

  it('a month-day without a time of day is too ambiguous', () => {
    expect(findDates('10-08 and 10/08', REF)).toEqual([]);
  });

  it('a full date always wins over a yearless reading of part of it', () => {
    expect(read('May 20, 2019', REF)).toEqual([['2019-05-20', 'name-mdy']]);
    expect(read('20 May 2019', REF)).toEqual([['2019-05-20', 'name-dmy']]);
    expect(read('2019年5月20日 10:20', REF)).toEqual([['2019-05-20T10:20:00', 'cjk']]);
    expect(read('2019-10-08 12:00', REF)).toEqual([['2019-10-08T12:00:00', 'ymd']]);
    expect(read('18-03-08 23:16', REF)).toEqual([['2018-03-08T23:16:00', 'two-digit-year']]);
  });

  it('a date whose year is out of bounds is not read without its year', () => {
    expect(findDates('May 20, 1985', REF)).toEqual([]);
    expect(findDates('1985年5月20日', REF)).toEqual([]);
  });

  it('29 February only in a leap reference year', () => {
    expect(findDates('2月29日', REF)).toEqual([]);
    expect(read('2月29日', { ...DMY, yearlessReference: { year: 2020, month: 10, day: 16 } })).toEqual([['2020-02-29', 'yearless']]);
  });

  it('"may" the verb and "20 mai." at a sentence end', () => {
    expect(findDates('the top 20 may be changed', REF)).toEqual([]);
    const d = only('Le concert aura lieu le 20 mai.', REF);
    expect(d.text).toBe('20 mai');
  });

  it('several yearless dates in a list, with their offsets', () => {
    const found = findDates('May 20, 20 May, 5月20日', REF);
    expect(found.map((d) => [d.start, d.text])).toEqual([
      [0, 'May 20'],
      [8, '20 May'],
      [16, '5月20日'],
    ]);
  });
});

describe('parseDateValue', () => {
  it.each<Case>([
    ['2019-10-16', '2019-10-16', 'ymd'],
    ['2019-10-16T10:20', '2019-10-16T10:20:00', 'iso'],
    ['2019-10-16T10:20:05.123+02:00', '2019-10-16T10:20:05+02:00', 'iso'],
    ['2019-10-16 10:20:05', '2019-10-16T10:20:05', 'ymd'],
    ['20191016T102005Z', '2019-10-16T10:20:05Z', 'iso'],
    ['20191016T1020+0800', '2019-10-16T10:20:00+08:00', 'iso'],
    ['20191016', '2019-10-16', 'compact'],
    ['Wed, 16 Oct 2019 10:20:05 +0200', '2019-10-16T10:20:05+02:00', 'name-dmy'],
    ['Wed, 16 Oct 2019 10:20:05 GMT', '2019-10-16T10:20:05Z', 'name-dmy'],
    ['1571221205', '2019-10-16T10:20:05Z', 'iso'],
    ['1571221205123', '2019-10-16T10:20:05Z', 'iso'],
    ['2019年10月16日 10:20', '2019-10-16T10:20:00', 'cjk'],
    ['October 16, 2019', '2019-10-16', 'name-mdy'],
  ])('"%s" is %s (%s)', (value, iso, form) => {
    const d = parseDateValue(value, DMY);
    expect(d).not.toBeNull();
    expect(toIso(d!)).toBe(iso);
    expect(d!.form).toBe(form);
  });

  it('offsets index into the value, surrounding spaces excluded', () => {
    const d = parseDateValue('  2019-10-16T10:20:05+08:00 ', DMY)!;
    expect([d.start, d.end, d.text]).toEqual([2, 27, '2019-10-16T10:20:05+08:00']);
  });

  it('rejects what is not a date', () => {
    expect(parseDateValue('', DMY)).toBeNull();
    expect(parseDateValue('hello', DMY)).toBeNull();
    expect(parseDateValue('20191399', DMY)).toBeNull();
    expect(parseDateValue('2019-10-16T25:00:00', DMY)).toBeNull();
    expect(parseDateValue('20191016T2561', DMY)).toBeNull();
    expect(parseDateValue('123456789', DMY)).toBeNull();
  });

  it('timestamps and compact dates only as the whole value, within the year bounds', () => {
    expect(parseDateValue('9999999999', DMY)).toBeNull();
    expect(parseDateValue('0000000001', DMY)).toBeNull();
    expect(parseDateValue('id 1571221205', DMY)).toBeNull();
    expect(parseDateValue('19851016', DMY)).toBeNull();
  });

  it('relative and yearless values follow the options', () => {
    expect(parseDateValue('3小时前', DMY)).toBeNull();
    expect(toIso(parseDateValue('3小时前', NOW)!)).toBe('2019-10-16T09:00:00');
    expect(parseDateValue('10-08 12:00', REF)?.form).toBe('yearless');
  });
});

describe('findDates: rejections', () => {
  it.each([
    ['2019-02-30', 'the 30th of February'],
    ['2019-13-01', 'month 13'],
    ['2019年13月1日', 'month 13 in CJK'],
    ['31/04/2019', 'the 31st of April'],
    ['30 February 2019', 'the 30th of February by name'],
    ['1989-05-13', 'a year below minYear'],
    ['2031-05-13', 'a year above maxYear'],
    ['Tel 2019-05-1388', 'digits glued to the date'],
  ])('"%s" (%s) is no date', (text) => {
    expect(findDates(text, REF)).toEqual([]);
  });

  it('an impossible hour or minute is dropped, the date kept', () => {
    for (const text of ['2019-05-13 25:10', '2019-05-13 10:61', '2019-05-13 10:20:61']) {
      const d = only(text);
      expect([d.text, d.hour]).toEqual(['2019-05-13', null]);
    }
  });

  it('an impossible time makes a yearless month-day no date', () => {
    expect(findDates('10-08 24:30', REF)).toEqual([]);
  });
});

describe('findDates: a large text', () => {
  it('finds every date of a 1 MB text with thousands of dates, in one pass', () => {
    const chunk =
      '发布时间：2019-05-07 10:20 来源：新华社。Posted on May 13, 2019 at 3:05 pm by Jane Doe. ' +
      'Der Artikel vom 13. Mai 2019 um 10:20 Uhr wurde gelesen. Lorem ipsum dolor sit amet, 12 34 5678. ' +
      '3小时前 昨天 09:27 5 minutes ago 这是一段很长的中文文本，没有日期，但是有很多汉字和标点符号。   ';
    const copies = Math.ceil(1_000_000 / chunk.length);
    const text = chunk.repeat(copies);
    expect(text.length).toBeGreaterThanOrEqual(1_000_000);
    expect(findDates(text, DMY)).toHaveLength(3 * copies);
    const all = findDates(text, { ...NOW, yearlessReference: { year: 2019, month: 10, day: 16 } });
    expect(all).toHaveLength(6 * copies);
    expect(all.slice(0, 6).map(toIso)).toEqual([
      '2019-05-07T10:20:00',
      '2019-05-13T15:05:00',
      '2019-05-13T10:20:00',
      '2019-10-16T09:00:00',
      '2019-10-15T09:27:00',
      '2019-10-16T11:55:00',
    ]);
  });

  it('a long run of spaces after a date costs linear time', () => {
    const text = `2019-05-13${' '.repeat(200_000)}x 13 May 2019${' '.repeat(200_000)}昨天${' '.repeat(200_000)}`;
    expect(findDates(text, { ...NOW, yearlessReference: { year: 2019, month: 10, day: 16 } })).toHaveLength(3);
  });
});

describe('findUrlDate', () => {
  it.each([
    ['https://example.com/2023/11/08/story', '2023-11-08', 'ymd'],
    ['https://example.com/2017/7/12/story', '2017-07-12', 'ymd'],
    ['https://example.com/news/20231108/story.html', '2023-11-08', 'compact'],
    ['https://weisser-ring.de/media-news/meldungen/29-10-2021', '2021-10-29', 'dmy'],
    ['https://example.com/archiv/29.10.2021/a', '2021-10-29', 'dmy'],
  ])('%s is %s (%s)', (url, iso, form) => {
    const d = findUrlDate(url, DMY);
    expect([d && toIso(d), d?.form]).toEqual([iso, form]);
  });

  it('a day-first URL date is read only when the day cannot be the month, and never inside a version', () => {
    expect(findUrlDate('https://example.com/a/10-11-2021', DMY)).toBeNull();
    expect(findUrlDate('https://example.com/v1.29.10.2021', DMY)).toBeNull();
  });
});

describe("findDates: looseNumeric (the date SVM's candidates)", () => {
  const LOOSE: DateFinderOptions = { ...DMY, looseNumeric: true };
  it('reads D.M.YY and D/M/YY (with or without a time) and dates between bars, only when asked', () => {
    expect(read('Klaus-Peter, 8.5.12', LOOSE)).toEqual([['2012-05-08', 'two-digit-year']]);
    expect(read('Anmeldedatum 26.10.13', LOOSE)).toEqual([['2013-10-26', 'two-digit-year']]);
    expect(read('am 26/10/13, 03:48 pm', LOOSE)).toEqual([['2013-10-26T15:48:00', 'two-digit-year']]);
    expect(read('11/8/23', { ...MDY, looseNumeric: true })).toEqual([['2023-11-08', 'two-digit-year']]);
    expect(read('26 | 01 | 2022', LOOSE)).toEqual([['2022-01-26', 'dmy']]);
    expect(read('Klaus-Peter, 8.5.12')).toEqual([]);
    expect(read('26 | 01 | 2022')).toEqual([]);
  });
  it('a year-first two-digit date with dashes stays year-first; versions and longer runs are no dates', () => {
    expect(read('18-03-08 23:16', LOOSE)).toEqual([['2018-03-08T23:16:00', 'two-digit-year']]);
    expect(read('v2.4.10 and 1.2.10.4 and 12.50.20', LOOSE)).toEqual([]);
    expect(read('am 26/10/13, 03:48 pm')).toEqual([['2026-10-13T15:48:00', 'two-digit-year']]);
  });
});
