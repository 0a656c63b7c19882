/**
 * The one future-date cutoff: a publication time may lie at most `metadata.maxFutureDays` after "now"
 * (a page's clock and ours may disagree by a day); anything later is an event, a deadline or a typo.
 * The §1.7 rule chain and the date SVM's statistics (§3.5 `future`) read it from here.
 */

/** One day, in milliseconds. */
export const DAY_MS = 86_400_000;

/** The latest plausible publication time, in ms since the epoch. */
export function latestPublicationTime(now: Date, maxFutureDays: number): number {
  return now.getTime() + maxFutureDays * DAY_MS;
}

/** True when the day of `iso` (`YYYY-MM-DD…`) is not after `latest` (from `latestPublicationTime`). */
export function isPlausibleDay(iso: string, latest: number): boolean {
  return Date.parse(iso.slice(0, 10)) <= latest;
}
