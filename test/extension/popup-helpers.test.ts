import { describe, expect, test } from 'vitest';
import en from '../../public/_locales/en/messages.json' with { type: 'json' };
import zh from '../../public/_locales/zh_CN/messages.json' with { type: 'json' };
import { formatDecision, formatIsoTime } from '../../src/popup/format.ts';
import { readingMinutes } from '../../src/popup/reading-time.ts';

describe('_locales', () => {
  test('zh_CN has exactly the keys of en, with the same $n substitutions', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const subs = (m: string) => [...m.matchAll(/\$\d/g)].map((x) => x[0]).sort();
    for (const [key, value] of Object.entries(en)) expect(subs(zh[key as keyof typeof zh].message), key).toEqual(subs(value.message));
  });
});

describe('formatIsoTime', () => {
  test.each([
    ['2019-05-13', '2019-05-13'],
    ['2019-05-13T10:20', '2019-05-13 10:20'],
    ['2019-03-14T08:30:00Z', '2019-03-14 08:30 UTC'],
    ['2019-03-14T08:30:00.000+08:00', '2019-03-14 08:30 UTC+08:00'],
    ['yesterday', 'yesterday'],
  ])('%s → %s', (iso, shown) => {
    expect(formatIsoTime(iso)).toBe(shown);
  });
});

describe('formatDecision', () => {
  test.each([
    [1.834, '1.83'],
    [-0.4249, '−0.42'],
    [2, '2.00'],
    [-0.001, '0.00'],
    [0, '0.00'],
  ])('%s → %s', (value, shown) => {
    expect(formatDecision(value)).toBe(shown);
  });
});

describe('readingMinutes', () => {
  test('counts Latin words at 230 a minute and CJK characters at 400, at least one minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(460))).toBe(2);
    expect(readingMinutes('字'.repeat(1200))).toBe(3);
    expect(readingMinutes(`${'字'.repeat(400)} ${'word '.repeat(230)}`)).toBe(2);
  });
});
