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

/**
 * A decision value of the date classifier with two decimals and a true minus sign ("1.83", "−0.42");
 * a value that rounds to zero is "0.00", never "−0.00".
 */
export function formatDecision(value: number): string {
  const fixed = (Math.round(value * 100) / 100 || 0).toFixed(2);
  return fixed.startsWith('-') ? `−${fixed.slice(1)}` : fixed;
}
