/** Shared by the date-finder tests: fixed options, and checks that a text holds exactly one date. */
import { expect } from 'vitest';
import type { DateFinderOptions, DateForm, FoundDate } from '../../../src/core/dates/date-finder.ts';
import { findDates } from '../../../src/core/dates/date-finder.ts';
import { toIso } from '../../../src/core/dates/iso.ts';

/** Explicit year bounds: nothing here depends on today's date. */
export const DMY: DateFinderOptions = { minYear: 1990, maxYear: 2030, dayFirst: true };
export const MDY: DateFinderOptions = { ...DMY, dayFirst: false };

export const only = (text: string, opts: DateFinderOptions = DMY): FoundDate => {
  const found = findDates(text, opts);
  expect(found, text).toHaveLength(1);
  return found[0] as FoundDate;
};

/** [text, ISO value, form]: the text holds exactly that one date. */
export type Case = readonly [string, string, DateForm];

export const check = ([text, iso, form]: Case, opts: DateFinderOptions = DMY): void => {
  const d = only(text, opts);
  expect(toIso(d)).toBe(iso);
  expect(d.form).toBe(form);
  expect(text.slice(d.start, d.end)).toBe(d.text);
};
