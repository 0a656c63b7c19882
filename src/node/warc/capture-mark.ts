/**
 * A WARC record's WARC-Date handed to the core the way the core already reads a saved page's capture time
 * (src/core/dates/capture-time.ts, extension `captureTime`): as a `WARC-Date:` mark in a comment at the top
 * of the document. The core then reads the page's relative dates (昨天 09:27, "2 hours ago") against the
 * capture and reports it in `publishedTime.captured`, in either engine. A comment before the doctype
 * changes neither the parse (no quirks mode), the elements nor the text.
 */

/** The HTML with its capture mark first; unchanged when the WARC-Date is missing or not a date. */
export function withCaptureMark(html: string, warcDate: string | null): string {
  const iso = captureIso(warcDate);
  return iso === null ? html : `<!-- WARC-Date: ${iso} -->\n${html}`;
}

/** A WARC-Date (WARC 1.0 seconds, 1.1 fractions) as an ISO instant in UTC, or null. */
export function captureIso(warcDate: string | null): string | null {
  if (!warcDate || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(warcDate.trim())) return null;
  const ms = Date.parse(warcDate.trim());
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}
