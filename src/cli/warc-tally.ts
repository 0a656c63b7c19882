/** The one-line summary of a WARC run (`extract --warc`, a `queue work` job): records, pages, errors, skips. */
import type { WarcTally } from '../node/warc/extract-records.ts';

export function formatTally(t: WarcTally, ms: number): string {
  const skipped = Object.entries(t.skipped)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${reason} ${n}`);
  const rate = ms > 0 ? ((t.ok + t.errors) / (ms / 1000)).toFixed(1) : '0';
  return (
    `${t.records} records: ${t.pages} pages (${t.ok} ok, ${t.errors} errors), ` +
    `skipped ${skipped.length ? skipped.join(', ') : 'none'}, ${t.other} other records` +
    `${t.fileErrors.length ? `, ${t.fileErrors.length} unreadable WARC files` : ''}; ${rate} pages/s`
  );
}
