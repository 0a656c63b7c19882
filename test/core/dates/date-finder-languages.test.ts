import { describe, expect, it } from 'vitest';
import type { Case } from './date-cases.ts';
import { DMY, MDY, check, only } from './date-cases.ts';
import { findDates } from '../../../src/core/dates/date-finder.ts';
import { toIso } from '../../../src/core/dates/iso.ts';
import { MONTH_NAME_CONFLICTS, MONTH_NAMES_BY_LANGUAGE, monthFromName } from '../../../src/core/dates/month-names.ts';

describe('findDates: Chinese', () => {
  it.each<Case>([
    ['发布时间：2019-05-07 10:20', '2019-05-07T10:20:00', 'ymd'],
    ['2019年05月13日 10:20', '2019-05-13T10:20:00', 'cjk'],
    ['2019-5-7', '2019-05-07', 'ymd'],
    ['2019年5月7日 下午3:05', '2019-05-07T15:05:00', 'cjk'],
    ['2019年5月7日 晚上8:30', '2019-05-07T20:30:00', 'cjk'],
    ['2019年5月7日 上午10点', '2019-05-07T10:00:00', 'cjk'],
    ['2019年5月7日 10时20分05秒', '2019-05-07T10:20:05', 'cjk'],
    ['来源：新华网 2019-09-08 11:42:03', '2019-09-08T11:42:03', 'ymd'],
    ['2019/09/26 10:09', '2019-09-26T10:09:00', 'ymd'],
    ['2019年05月13日 星期一 10:20', '2019-05-13T10:20:00', 'cjk'],
    ['2019-05-13 周三 10:20', '2019-05-13T10:20:00', 'ymd'],
    ['时间：2019年5月13日号', '2019-05-13', 'cjk'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('§3.1 "发布时间：2019-05-07 10:20" keeps its offsets', () => {
    const d = only('发布时间：2019-05-07 10:20');
    expect([d.start, d.end, d.text]).toEqual([5, 21, '2019-05-07 10:20']);
  });

  it('§3.1 a weekday in brackets after a date without a time is left out', () => {
    expect(only('2019年5月13日（星期一）').text).toBe('2019年5月13日');
  });
});

describe('findDates: Chinese numerals', () => {
  it.each<Case>([
    ['二〇一九年五月十三日', '2019-05-13', 'chinese-numerals'],
    ['二○○七年八月二十日', '2007-08-20', 'chinese-numerals'],
    ['二零一九年十二月三十一日 10:20', '2019-12-31T10:20:00', 'chinese-numerals'],
    ['发文日期：二〇二〇年二月二十九日', '2020-02-29', 'chinese-numerals'],
    ['二O一九年十月一日', '2019-10-01', 'chinese-numerals'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('§3.1 the date keeps its place in the text', () => {
    const d = only('发文日期：二〇一九年五月十三日。');
    expect([d.start, d.end, d.text]).toEqual([5, 15, '二〇一九年五月十三日']);
  });

  it('§3.1 impossible Chinese-numeral dates are rejected', () => {
    expect(findDates('二〇一九年二月二十九日', DMY)).toEqual([]);
    expect(findDates('二〇一九年五月三十二日', DMY)).toEqual([]);
    expect(findDates('一九八五年五月十三日', DMY)).toEqual([]);
  });
});

describe('findDates: full-width and Arabic-Indic digits', () => {
  it.each<Case>([
    ['２０１９年５月１３日', '2019-05-13', 'cjk'],
    ['２０１９－０５－１３ １０：２０', '2019-05-13T10:20:00', 'ymd'],
    ['２０１９／０５／１３', '2019-05-13', 'ymd'],
    ['١٣/٠٥/٢٠١٩', '2019-05-13', 'dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('§3.1 offsets and text index into the original, full-width text', () => {
    const d = only('日期：２０１９年５月１３日　１０：２０ 来源');
    expect(d.start).toBe(3);
    expect(d.text).toBe('２０１９年５月１３日　１０：２０');
    expect(toIso(d)).toBe('2019-05-13T10:20:00');
  });
});

describe('findDates: Korean', () => {
  it.each<Case>([
    ['2019년 5월 13일 오후 3:05', '2019-05-13T15:05:00', 'cjk'],
    ['2019년 05월 13일 오전 9:30', '2019-05-13T09:30:00', 'cjk'],
    ['2019년 5월 13일 (월) 오후 3시 5분', '2019-05-13T15:05:00', 'cjk'],
    ['2019.05.13. 오후 3:05', '2019-05-13T15:05:00', 'ymd'],
    ['2019. 5. 13. 15:05', '2019-05-13T15:05:00', 'ymd'],
    ['입력 2019-05-13 15:05', '2019-05-13T15:05:00', 'ymd'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Japanese', () => {
  it.each<Case>([
    ['2019年5月13日 午後3時5分', '2019-05-13T15:05:00', 'cjk'],
    ['2019年5月13日(月) 10:20', '2019-05-13T10:20:00', 'cjk'],
    ['2019年5月13日（月曜日）午前9時', '2019-05-13T09:00:00', 'cjk'],
    ['2019年5月13日 午前12時05分', '2019-05-13T00:05:00', 'cjk'],
    ['令和元年5月1日', '2019-05-01', 'cjk'],
    ['平成31年4月30日 10:00', '2019-04-30T10:00:00', 'cjk'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('beyond: a Taiwanese Minguo year (民國108年 = 2019)', () => {
    check(['民國108年5月13日', '2019-05-13', 'cjk']);
  });
});

describe('findDates: English', () => {
  it.each<Case>([
    ['May 13, 2019', '2019-05-13', 'name-mdy'],
    ['October 16th, 2019 at 3:05 pm', '2019-10-16T15:05:00', 'name-mdy'],
    ['Oct. 16, 2019, 3:05 p.m. EDT', '2019-10-16T15:05:00-04:00', 'name-mdy'],
    ['the 16th of October 2019', '2019-10-16', 'name-dmy'],
    ['Wed 16 Oct 2019 10.20 BST', '2019-10-16T10:20:00+01:00', 'name-dmy'],
    ['Updated: Sept. 3, 2019 @ 9:15 am', '2019-09-03T09:15:00', 'name-mdy'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('§3.1 a weekday before the date does not break it: "Wednesday, 16 October 2019"', () => {
    const d = only('Wednesday, 16 October 2019');
    expect([d.start, d.text, d.form]).toEqual([11, '16 October 2019', 'name-dmy']);
  });

  it('§3.1 US numeric order with dayFirst false', () => {
    check(['Posted 03/10/2019 11:00 AM', '2019-03-10T11:00:00', 'mdy'], MDY);
  });
});

describe('findDates: German', () => {
  it.each<Case>([
    ['13. Mai 2019', '2019-05-13', 'name-dmy'],
    ['Mittwoch, 16. Oktober 2019, 10:20 Uhr', '2019-10-16T10:20:00', 'name-dmy'],
    ['16.10.2019 um 10:20 Uhr', '2019-10-16T10:20:00', 'dmy'],
    ['Stand: 16.10.2019, 10.20 Uhr', '2019-10-16T10:20:00', 'dmy'],
    ['3. März 2020', '2020-03-03', 'name-dmy'],
    ['16. Jänner 2019', '2019-01-16', 'name-dmy'],
    ['16. Okt. 2019 18:05 MESZ', '2019-10-16T18:05:00+02:00', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('§3.1 a weekday before the date: "Mittwoch, 16. Oktober 2019"', () => {
    expect(only('Mittwoch, 16. Oktober 2019').start).toBe(10);
  });
});

describe('findDates: French', () => {
  it.each<Case>([
    ['16 octobre 2019 à 10h20', '2019-10-16T10:20:00', 'name-dmy'],
    ['le 1er mars 2019', '2019-03-01', 'name-dmy'],
    ['Publié le 16/10/2019 à 10:20', '2019-10-16T10:20:00', 'dmy'],
    ['mercredi 16 oct. 2019', '2019-10-16', 'name-dmy'],
    ['Mis à jour le 16 décembre 2019 à 14h05', '2019-12-16T14:05:00', 'name-dmy'],
    ['16 fevrier 2019', '2019-02-16', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Spanish', () => {
  it.each<Case>([
    ['16 de octubre de 2019 a las 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 de mayo del 2019', '2019-05-13', 'name-dmy'],
    ['miércoles, 16 de octubre de 2019', '2019-10-16', 'name-dmy'],
    ['1º de julio de 2019', '2019-07-01', 'name-dmy'],
    ['16/10/2019 - 10:20', '2019-10-16T10:20:00', 'dmy'],
    ['16 set. 2019', '2019-09-16', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Italian', () => {
  it.each<Case>([
    ['16 ottobre 2019 alle ore 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 maggio 2019', '2019-05-13', 'name-dmy'],
    ['mercoledì 16 ottobre 2019 alle 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['16/10/2019 ore 10:20', '2019-10-16T10:20:00', 'dmy'],
    ['1 gen 2019', '2019-01-01', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Portuguese', () => {
  it.each<Case>([
    ['16 de outubro de 2019 às 10h20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 de maio de 2019', '2019-05-13', 'name-dmy'],
    ['1º de março de 2019', '2019-03-01', 'name-dmy'],
    ['16/10/2019 às 10:20', '2019-10-16T10:20:00', 'dmy'],
    ['16 out 2019', '2019-10-16', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Dutch', () => {
  it.each<Case>([
    ['16 oktober 2019 om 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 mei 2019', '2019-05-13', 'name-dmy'],
    ['woensdag 16 okt. 2019', '2019-10-16', 'name-dmy'],
    ['1 maart 2019, 08:15', '2019-03-01T08:15:00', 'name-dmy'],
    ['16-10-2019 10:20', '2019-10-16T10:20:00', 'dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Russian (and Ukrainian)', () => {
  it.each<Case>([
    ['16 октября 2019 г., 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 мая 2019 года', '2019-05-13', 'name-dmy'],
    ['16 октября 2019 в 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['1 марта 2019', '2019-03-01', 'name-dmy'],
    ['16.10.2019 10:20 МСК', '2019-10-16T10:20:00+03:00', 'dmy'],
    ['16 жовтня 2019 року о 10:20', '2019-10-16T10:20:00', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Polish', () => {
  it.each<Case>([
    ['16 października 2019 r. godz. 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 maja 2019', '2019-05-13', 'name-dmy'],
    ['1 marca 2019 r.', '2019-03-01', 'name-dmy'],
    ['5 września 2019', '2019-09-05', 'name-dmy'],
    ['16 lipca 2019', '2019-07-16', 'name-dmy'],
    ['16 pazdziernika 2019', '2019-10-16', 'name-dmy'],
    ['3 styczeń 2019', '2019-01-03', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Czech and Slovak', () => {
  it.each<Case>([
    ['16. října 2019 v 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13. května 2019', '2019-05-13', 'name-dmy'],
    ['1. února 2019', '2019-02-01', 'name-dmy'],
    ['5. června 2019', '2019-06-05', 'name-dmy'],
    ['5. července 2019', '2019-07-05', 'name-dmy'],
    ['2. září 2019', '2019-09-02', 'name-dmy'],
    ['24. prosince 2019', '2019-12-24', 'name-dmy'],
    ['16. októbra 2019', '2019-10-16', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Swedish, Danish, Norwegian', () => {
  it.each<Case>([
    ['16 oktober 2019 kl. 10.20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 maj 2019', '2019-05-13', 'name-dmy'],
    ['1 augusti 2019', '2019-08-01', 'name-dmy'],
    ['16. marts 2019', '2019-03-16', 'name-dmy'],
    ['3. december 2019 kl. 10:20', '2019-12-03T10:20:00', 'name-dmy'],
    ['16. mai 2019', '2019-05-16', 'name-dmy'],
    ['24. desember 2019', '2019-12-24', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Turkish', () => {
  it.each<Case>([
    ['16 Ekim 2019 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 Mayıs 2019', '2019-05-13', 'name-dmy'],
    ['13 MAYIS 2019', '2019-05-13', 'name-dmy'],
    ['1 Şubat 2019', '2019-02-01', 'name-dmy'],
    ['30 Ağustos 2019', '2019-08-30', 'name-dmy'],
    ['29 Ekim 2019 Salı', '2019-10-29', 'name-dmy'],
    ['16 Eylul 2019', '2019-09-16', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Greek', () => {
  it.each<Case>([
    ['16 Οκτωβρίου 2019, 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 Μαΐου 2019', '2019-05-13', 'name-dmy'],
    ['13 ΜΑΪΟΥ 2019', '2019-05-13', 'name-dmy'],
    ['1 Μαρτίου 2019', '2019-03-01', 'name-dmy'],
    ['25 Δεκεμβρίου 2019 στις 10:20', '2019-12-25T10:20:00', 'name-dmy'],
    ['16 Οκτ 2019 10:20 μ.μ.', '2019-10-16T22:20:00', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Romanian', () => {
  it.each<Case>([
    ['16 octombrie 2019, ora 10:20', '2019-10-16T10:20:00', 'name-dmy'],
    ['13 mai 2019', '2019-05-13', 'name-dmy'],
    ['1 decembrie 2019', '2019-12-01', 'name-dmy'],
    ['24 ianuarie 2019', '2019-01-24', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('findDates: Hungarian (Y. month D.)', () => {
  it.each<Case>([
    ['2019. május 13.', '2019-05-13', 'name-mdy'],
    ['2019. október 16. 10:20', '2019-10-16T10:20:00', 'name-mdy'],
    ['2019. márc. 15.', '2019-03-15', 'name-mdy'],
    ['2019. október 16-án', '2019-10-16', 'name-mdy'],
  ])('"%s" is %s (%s)', (...c) => check(c));

  it('the whole Hungarian date is the text', () => {
    expect(only('Frissítve: 2019. május 13. hétfő').text).toBe('2019. május 13.');
  });
});

describe('findDates: further languages (Finnish, Catalan, Indonesian)', () => {
  it.each<Case>([
    ['16. lokakuuta 2019 klo 10.20', '2019-10-16T10:20:00', 'name-dmy'],
    ["16 d'octubre de 2019", '2019-10-16', 'name-dmy'],
    ['17 Agustus 2019', '2019-08-17', 'name-dmy'],
  ])('"%s" is %s (%s)', (...c) => check(c));
});

describe('month names', () => {
  it('no name means two different months in two languages', () => {
    expect(MONTH_NAME_CONFLICTS).toEqual([]);
  });

  it('every language table has twelve months', () => {
    for (const months of Object.values(MONTH_NAMES_BY_LANGUAGE)) expect(months).toHaveLength(12);
  });

  it('names are found without diacritics and in upper case', () => {
    expect(monthFromName('PAŹDZIERNIKA')).toBe(10);
    expect(monthFromName('pazdziernika')).toBe(10);
    expect(monthFromName('Şubat')).toBe(2);
    expect(monthFromName('SUBAT')).toBe(2);
    expect(monthFromName('ΜΑΪΟΥ')).toBe(5);
    expect(monthFromName('Sept.')).toBe(9);
    expect(monthFromName('listopadu')).toBe(11);
    expect(monthFromName('lipca')).toBe(7);
    expect(monthFromName('června')).toBe(6);
    expect(monthFromName('tuesday')).toBeNull();
  });

  it('words shared with other languages count only inside a date pattern', () => {
    expect(findDates('les 3 des 2000 dossiers', DMY)).toEqual([]);
    expect(findDates('Sold out 5 times in 2019', DMY)).toEqual([]);
    expect(findDates('a set 10 of 2019', DMY)).toEqual([]);
    expect(findDates('Windows 10 Pro 2019', DMY)).toEqual([]);
  });
});

describe('findDates: Arabic month names', () => {
  it('reads the Egyptian, Levantine and Maghreb names, with or without the hamza', () => {
    const days = (t: string): string[] => findDates(t, DMY).map((d) => toIso(d));
    expect(days('الأربعاء، 07 أكتوبر 2020 - 12:09 م')).toEqual(['2020-10-07T12:09:00']);
    expect(days('24 نيسان 2020')).toEqual(['2020-04-24']);
    expect(days('3 اكتوبر 2019')).toEqual(['2019-10-03']);
    expect(days('5 جوان 2021')).toEqual(['2021-06-05']);
  });
});
