/**
 * How the popup writes an extracted time: the page's own wall-clock time as stated (no conversion to the
 * reader's time zone, which could move the date), e.g. "2019-05-13 10:20" or "2019-03-14".
 */
export function formatIsoTime(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?/.exec(iso);
  if (!m) return iso;
  const [, date, time, zone] = m;
  if (!time) return date ?? iso;
  const suffix = zone === undefined ? '' : zone === 'Z' ? ' UTC' : ` UTC${zone}`;
  return `${date} ${time}${suffix}`;
}
