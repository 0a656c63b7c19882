import { describe, expect, it } from 'vitest';
import type { DateFinderOptions, FoundDate } from '../../../src/core/dates/date-finder.ts';
import { findDates } from '../../../src/core/dates/date-finder.ts';
import { isValidDate } from '../../../src/core/dates/date-time.ts';
import { findUrlDate } from '../../../src/core/dates/date-values.ts';
import { toIso, toIsoDay } from '../../../src/core/dates/iso.ts';

/** Explicit year bounds: nothing here depends on today's date. */
const DMY: DateFinderOptions = { minYear: 1990, maxYear: 2030, dayFirst: true };
const MDY: DateFinderOptions = { ...DMY, dayFirst: false };

/** The ISO strings of every date found. */
const isos = (text: string, opts: DateFinderOptions = DMY): string[] => findDates(text, opts).map(toIso);
const only = (text: string, opts: DateFinderOptions = DMY): FoundDate => {
  const found = findDates(text, opts);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('findDates: Chinese forms', () => {
  it('§3.1 2019年05月13日 10:20 is one date with its time', () => {
    const d = only('2019年05月13日 10:20');
    expect(toIso(d)).toBe('2019-05-13T10:20:00');
    expect(d.text).toBe('2019年05月13日 10:20');
  });

  it('§3.1 下午 (afternoon) moves the hour by 12: 下午3:05 → 15:05', () => {
    expect(isos('2019年5月7日 下午3:05')).toEqual(['2019-05-07T15:05:00']);
  });

  it('§3.1 凌晨12:05 is just after midnight', () => {
    expect(isos('2019年5月7日 凌晨12:05')).toEqual(['2019-05-07T00:05:00']);
  });

  it('§3.1 a date without a time and without leading zeros', () => {
    expect(isos('2019年5月7日')).toEqual(['2019-05-07']);
    expect(isos('2019-5-7')).toEqual(['2019-05-07']);
  });

  it('§3.1 a date inside a byline line keeps its position', () => {
    const d = only('发布时间：2019-05-13 10:20 来源：新华社');
    expect(d.start).toBe(5);
    expect(d.text).toBe('2019-05-13 10:20');
    expect(d.end).toBe(5 + d.text.length);
  });
});

describe('findDates: numeric forms', () => {
  it.each([
    ['2019-05-13', '-'],
    ['2019/05/13', '/'],
    ['2019.05.13', '.'],
    ['2019\\05\\13', '\\'],
  ])('§3.1 Y-M-D with the separator of %s', (text) => {
    expect(isos(text)).toEqual(['2019-05-13']);
  });

  it('§3.1 mixed separators are not one date', () => {
    expect(isos('2019-05/13')).toEqual([]);
  });

  it('§3.1 ISO 8601 with T, seconds and zone keeps the offset', () => {
    const d = only('2019-05-13T10:20:05+08:00');
    expect([d.hour, d.minute, d.second, d.offsetMinutes]).toEqual([10, 20, 5, 480]);
    expect(toIso(d)).toBe('2019-05-13T10:20:05+08:00');
  });

  it('§3.1 ISO 8601 with Z is UTC', () => {
    expect(only('2019-05-13T10:20:05Z').offsetMinutes).toBe(0);
    expect(isos('2019-05-13T10:20:05Z')).toEqual(['2019-05-13T10:20:05Z']);
  });

  it('§3.1 fractional seconds and a zone without a colon', () => {
    expect(isos('2019-05-13T10:20:05.123-0500')).toEqual(['2019-05-13T10:20:05-05:00']);
  });

  it('§3.1 named and GMT± zones', () => {
    expect(isos('2019-05-13 10:20 UTC+8')).toEqual(['2019-05-13T10:20:00+08:00']);
    expect(isos('13 May 2019 10:20:33 GMT+2')).toEqual(['2019-05-13T10:20:33+02:00']);
    expect(isos('May 13, 2019 3:05 p.m. EDT')).toEqual(['2019-05-13T15:05:00-04:00']);
  });

  it('§3.1 D.M.Y is read day first', () => {
    expect(isos('13.05.2019')).toEqual(['2019-05-13']);
    expect(isos('05.06.2019', MDY)).toEqual(['2019-06-05']);
  });

  it('§3.1 D/M/Y vs M/D/Y: a first number above 12 can only be the day', () => {
    expect(isos('13/05/2019', MDY)).toEqual(['2019-05-13']);
    expect(isos('13/05/2019', DMY)).toEqual(['2019-05-13']);
  });

  it('§3.1 D/M/Y vs M/D/Y: a second number above 12 can only be the day', () => {
    expect(isos('05/13/2019', DMY)).toEqual(['2019-05-13']);
    expect(isos('05/13/2019', MDY)).toEqual(['2019-05-13']);
  });

  it('§3.1 D/M/Y vs M/D/Y: when both fit, dayFirst decides', () => {
    expect(isos('05/06/2019', DMY)).toEqual(['2019-06-05']);
    expect(isos('05/06/2019', MDY)).toEqual(['2019-05-06']);
  });

  it('§3.1 a time after a numeric date, with am/pm', () => {
    expect(isos('05/13/2019 3:05 PM', MDY)).toEqual(['2019-05-13T15:05:00']);
    expect(isos('13.05.2019 10:20')).toEqual(['2019-05-13T10:20:00']);
    expect(isos('2019-05-13 12:30 am')).toEqual(['2019-05-13T00:30:00']);
  });

  it('§3.1 an impossible time is dropped and the date kept without it', () => {
    const d = only('2019-05-13 25:10');
    expect(d.text).toBe('2019-05-13');
    expect(d.hour).toBeNull();
  });

  it('§3.1 digits glued to the date are not a date', () => {
    expect(isos('Tel 2019-05-1388')).toEqual([]);
    expect(isos('id 12019-05-13')).toEqual([]);
  });
});

describe('findDates: month names', () => {
  it.each([
    ['May 13, 2019', 'English, month first'],
    ['13 May 2019', 'English, day first'],
    ['13th May 2019', 'English ordinal'],
    ['13. Mai 2019', 'German'],
    ['13 mai 2019', 'French'],
    ['13 de mayo de 2019', 'Spanish'],
    ['13 maggio 2019', 'Italian'],
    ['13 de maio de 2019', 'Portuguese'],
    ['13 mei 2019', 'Dutch'],
    ['13 мая 2019 г.', 'Russian'],
  ])('§3.1 "%s" (%s) is 2019-05-13', (text) => {
    const d = only(text);
    expect(toIso(d)).toBe('2019-05-13');
    expect(d.text).toBe(text);
  });

  it('§3.1 an abbreviation with a dot: "Sept. 3, 2019"', () => {
    expect(isos('Sept. 3, 2019')).toEqual(['2019-09-03']);
  });

  it('§3.1 German umlaut month: "3. März 2020"', () => {
    expect(isos('3. März 2020')).toEqual(['2020-03-03']);
  });

  it('§3.1 French "1er": "1er mars 2019"', () => {
    expect(isos('1er mars 2019')).toEqual(['2019-03-01']);
  });

  it('§3.1 a weekday before the date is not part of it', () => {
    const d = only('Monday, May 13, 2019');
    expect(d.text).toBe('May 13, 2019');
    expect(d.start).toBe(8);
  });

  it('§3.1 a month and a year without a day is not a date', () => {
    expect(isos('March 2019')).toEqual([]);
  });

  it('§3.1 a month name inside a word is not a month', () => {
    expect(isos('13 mayor 2019')).toEqual([]);
  });

  it('§3.1 English time with "at" and am/pm', () => {
    expect(isos('May 13, 2019 at 3:05 pm')).toEqual(['2019-05-13T15:05:00']);
    expect(isos('May 13, 2019, at 3:05 pm')).toEqual(['2019-05-13T15:05:00']);
  });

  it('§3.1 German time: "um 10:20 Uhr" and "um 10.20 Uhr"', () => {
    expect(isos('13. Mai 2019 um 10:20 Uhr')).toEqual(['2019-05-13T10:20:00']);
    expect(isos('13. Mai 2019, um 10.20 Uhr')).toEqual(['2019-05-13T10:20:00']);
  });

  it('§3.1 a dot between hour and minute without "Uhr" is not a time (it may be a price)', () => {
    const d = only('2019-05-13 12.50 Euro');
    expect(d.hour).toBeNull();
  });

  it('§3.1 French time with "à" and "h": "3 avril 2019 à 14h30"', () => {
    expect(isos('Le 3 avril 2019 à 14h30')).toEqual(['2019-04-03T14:30:00']);
  });
});

describe('findDates: validity and bounds', () => {
  it('§3.1 rejects the 30th of February', () => {
    expect(isos('2019-02-30')).toEqual([]);
  });

  it('§3.1 rejects month 13', () => {
    expect(isos('2019-13-01')).toEqual([]);
    expect(isos('2019年13月1日')).toEqual([]);
  });

  it('§3.1 accepts 29 February only in a leap year', () => {
    expect(isos('2020-02-29')).toEqual(['2020-02-29']);
    expect(isos('2019-02-29')).toEqual([]);
  });

  it('§3.1 rejects years outside [minYear, maxYear], bounds included', () => {
    expect(isos('1989-05-13')).toEqual([]);
    expect(isos('1990-05-13')).toEqual(['1990-05-13']);
    expect(isos('2030-05-13')).toEqual(['2030-05-13']);
    expect(isos('2031-05-13')).toEqual([]);
    expect(isos('2031-05-13', { ...DMY, maxYear: 2031 })).toEqual(['2031-05-13']);
  });
});

describe('findDates: several dates and overlaps', () => {
  it('§3.1 every date in the text, in text order', () => {
    const found = findDates('Posted 2019-05-13, updated 2019-06-01', DMY);
    expect(found.map(toIso)).toEqual(['2019-05-13', '2019-06-01']);
    expect(found.map((d) => d.start)).toEqual([7, 27]);
  });

  it('§3.1 overlapping matches: the earliest wins and the overlapping one is dropped', () => {
    // "1.2.2019" (D.M.Y) and "2019.3.4" (Y.M.D) share the year.
    expect(isos('1.2.2019.3.4')).toEqual(['2019-02-01']);
  });

  it('§3.1 a date with its time is one match, not a date and a separate time', () => {
    expect(findDates('2019年05月13日 10:20 2019年05月14日', DMY)).toHaveLength(2);
  });

  it('§3.1 the finder is stateless: the same text gives the same result twice', () => {
    const text = '2019-05-13 and 13 May 2019';
    expect(isos(text)).toEqual(isos(text));
    expect(isos(text)).toEqual(['2019-05-13', '2019-05-13']);
  });
});

describe('isValidDate', () => {
  const bounds = { minYear: 1990, maxYear: 2030 };
  it('§3.1 checks the day against the month length', () => {
    expect(isValidDate(2019, 4, 30, bounds)).toBe(true);
    expect(isValidDate(2019, 4, 31, bounds)).toBe(false);
    expect(isValidDate(2019, 1, 0, bounds)).toBe(false);
  });

  it('§3.1 rejects non-integers and out-of-range years', () => {
    expect(isValidDate(Number.NaN, 1, 1, bounds)).toBe(false);
    expect(isValidDate(2019.5, 1, 1, bounds)).toBe(false);
    expect(isValidDate(1900, 1, 1, bounds)).toBe(false);
  });
});

describe('toIso and toIsoDay', () => {
  const base: FoundDate = {
    start: 0,
    end: 0,
    text: '',
    year: 2019,
    month: 5,
    day: 7,
    hour: null,
    minute: null,
    second: null,
    offsetMinutes: null,
    form: 'ymd',
  };

  it('§3.1 a day alone is YYYY-MM-DD with zero padding', () => {
    expect(toIso(base)).toBe('2019-05-07');
    expect(toIsoDay({ year: 2019, month: 5, day: 7 })).toBe('2019-05-07');
  });

  it('§3.1 a time without seconds and zone', () => {
    expect(toIso({ ...base, hour: 9, minute: 5 })).toBe('2019-05-07T09:05:00');
  });

  it('§3.1 seconds and a negative zone with minutes', () => {
    expect(toIso({ ...base, hour: 9, minute: 5, second: 3, offsetMinutes: -570 })).toBe('2019-05-07T09:05:03-09:30');
  });

  it('§3.1 a zero offset is Z', () => {
    expect(toIso({ ...base, hour: 9, minute: 5, offsetMinutes: 0 })).toBe('2019-05-07T09:05:00Z');
  });

  it('§3.1 a zone without a time is not written', () => {
    expect(toIso({ ...base, offsetMinutes: 60 })).toBe('2019-05-07');
  });
});

describe('findUrlDate', () => {
  const bounds = { minYear: 1990, maxYear: 2030 };
  const urlIso = (url: string): string | null => {
    const d = findUrlDate(url, bounds);
    return d ? toIso(d) : null;
  };

  it('§3.1 gap-filler: /2019/10/16/ in the path', () => {
    expect(urlIso('https://news.example.com/2019/10/16/solar-library.html')).toBe('2019-10-16');
  });

  it('§3.1 gap-filler: /2019-10-16-slug', () => {
    expect(urlIso('https://news.example.com/news/2019-10-16-solar-library')).toBe('2019-10-16');
  });

  it('§3.1 gap-filler: 20191016 as one number', () => {
    expect(urlIso('https://news.example.com/a/20191016/123.html')).toBe('2019-10-16');
  });

  it('§3.1 gap-filler: no false match on long numeric ids', () => {
    expect(urlIso('https://news.example.com/a/1234567890123/x')).toBeNull();
    expect(urlIso('https://news.example.com/a/120191016/x')).toBeNull();
    expect(urlIso('https://news.example.com/a/id-2019101612/x')).toBeNull();
  });

  it('§3.1 gap-filler: an impossible eight-digit date is not a date', () => {
    expect(urlIso('https://news.example.com/a/20191399/x')).toBeNull();
  });

  it('§3.1 gap-filler: only the path is read, not the query', () => {
    expect(urlIso('https://news.example.com/story?date=2019/10/16')).toBeNull();
  });

  it('§3.1 gap-filler: an unparsable URL gives no date', () => {
    expect(urlIso('not a url')).toBeNull();
  });

  it('§3.1 gap-filler: the year bounds apply', () => {
    expect(urlIso('https://news.example.com/1985/10/16/x')).toBeNull();
  });
});
