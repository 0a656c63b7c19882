/**
 * The capture time a saved page writes about itself (§3.7 extension `captureTime`): relative dates
 * ("昨天 09:27", "2 days ago") on a saved page were written against the day it was saved, not the day it is
 * read. Read from the document's top comments (PageModel.documentComments):
 * - SingleFile's header: `<!-- Page saved with SingleFile  url: …  saved date: Wed Nov 08 2023 10:00:00 GMT+0100 (…) -->`;
 * - the Wayback Machine's record: `FILE ARCHIVED ON 19:32:27 Nov 08, 2023 AND RETRIEVED FROM THE …` (UTC);
 * - HTTrack's mark: `<!-- Mirrored from example.com/a by HTTrack Website Copier/3.x [XR&CO'2014], Wed, 08 Nov 2023 10:00:00 GMT -->`;
 * - a WARC record's `WARC-Date: 2023-11-08T10:00:00Z`.
 * A browser's "saved from url=(0042)…" mark names no time, so it gives none.
 */

export interface CaptureTime {
  /**
   * The capture's wall-clock time where the mark gives the saver's offset (SingleFile's `GMT+0800`), else
   * its UTC time, as a Date whose UTC fields are that clock: the date finder reads "now" by its UTC fields,
   * so "昨天" on a page saved at 07:00 in Beijing is the day before the saver's day, not before UTC's.
   */
  readonly time: Date;
  /** Which mark gave it, for the Explain trace and `eval`'s warning. */
  readonly from: string;
}

const MARKS: readonly { readonly re: RegExp; readonly from: string; readonly read: (m: RegExpExecArray) => string }[] = [
  { re: /Page saved with SingleFile[\s\S]*?saved date:\s*([^\n(]+)/i, from: 'SingleFile header', read: (m) => m[1] as string },
  {
    re: /FILE ARCHIVED ON (\d{1,2}:\d{2}:\d{2}) ([A-Z][a-z]{2}) (\d{1,2}), (\d{4})/,
    from: 'archive record',
    read: (m) => `${m[2]} ${m[3]}, ${m[4]} ${m[1]} UTC`,
  },
  {
    re: /Mirrored from \S+ by HTTrack Website Copier\/[^\]]*\],\s*([^\n>]+?)\s*(?:-->|$)/i,
    from: 'HTTrack mark',
    read: (m) => m[1] as string,
  },
  { re: /WARC-Date:\s*(\d{4}-\d{2}-\d{2}T[\d:.]+Z)/i, from: 'WARC record', read: (m) => m[1] as string },
];

const GMT_OFFSET = /GMT([+-])(\d{2}):?(\d{2})/;

/** The capture time the page's comments state, or null. */
export function findCaptureTime(comments: readonly string[]): CaptureTime | null {
  for (const c of comments) {
    for (const mark of MARKS) {
      const m = mark.re.exec(c);
      if (!m) continue;
      const text = mark.read(m).trim();
      const ms = Date.parse(text);
      if (!Number.isFinite(ms)) continue;
      const zone = GMT_OFFSET.exec(text);
      const offsetMs = zone ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) * 60_000 : 0;
      return { time: new Date(ms + offsetMs), from: mark.from };
    }
  }
  return null;
}
