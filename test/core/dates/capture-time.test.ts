/**
 * Extension captureTime: the capture time a saved page writes about itself (SingleFile header, archive
 * record, HTTrack mark, WARC-Date), read from the document's top comments by every host, and the relative
 * dates of such a page read against it.
 */
import { describe, expect, it } from 'vitest';
import { findCaptureTime } from '../../../src/core/dates/capture-time.ts';
import { MODEL_KINDS, modelOf } from '../../helpers/model.ts';

const SINGLEFILE = `
 Page saved with SingleFile 
 url: https://example.com/a 
 saved date: Wed Nov 08 2023 07:00:00 GMT+0800 (China Standard Time)
`;

describe('findCaptureTime', () => {
  it("reads SingleFile's saved date on the saver's own clock (07:00 in Beijing is still the 8th there)", () => {
    const c = findCaptureTime([SINGLEFILE]);
    expect([c?.time.toISOString(), c?.from]).toEqual(['2023-11-08T07:00:00.000Z', 'SingleFile header']);
  });

  it("reads the Wayback Machine's record, HTTrack's mark and a WARC-Date (UTC)", () => {
    const wayback = '\n     FILE ARCHIVED ON 19:32:27 Nov 08, 2023 AND RETRIEVED FROM THE\n     INTERNET ARCHIVE ON 10:00:00 Jan 02, 2024.';
    expect(findCaptureTime([wayback])?.time.toISOString()).toBe('2023-11-08T19:32:27.000Z');
    const httrack = " Mirrored from example.com/a.html by HTTrack Website Copier/3.x [XR&CO'2014], Wed, 08 Nov 2023 10:00:00 GMT ";
    expect(findCaptureTime([httrack])?.from).toBe('HTTrack mark');
    expect(findCaptureTime([httrack])?.time.toISOString()).toBe('2023-11-08T10:00:00.000Z');
    expect(findCaptureTime(['WARC-Date: 2023-11-08T10:00:00Z'])?.time.toISOString()).toBe('2023-11-08T10:00:00.000Z');
  });

  it('a "saved from url" mark names no time, and other comments none', () => {
    expect(findCaptureTime([' saved from url=(0042)https://example.com/news/2023/a.html ', ' [if IE]> <![endif] '])).toBeNull();
  });
});

describe('the page model keeps the document top comments and the script time variables', () => {
  const html =
    `<!DOCTYPE html><!-- saved from url=(0020)https://example.com/ --><html><!--${SINGLEFILE}--><head><!-- head note -->` +
    `<script>var publish_time = 1699420800; var cfg = {"pubDate":"2023-11-08 10:00", "title": "x"};</script>` +
    `<script src="a.js"></script><script type="application/ld+json">{"datePublished":"2023-11-08"}</script>` +
    `</head><body><!-- body comment --><p>Text.</p><script>window.pubtime = '2019-09-07 19:02:26';</script></body></html>`;
  for (const kind of MODEL_KINDS) {
    it(kind, () => {
      const m = modelOf(kind, html);
      expect(m.documentComments.map((c) => c.trim().slice(0, 26))).toEqual([
        'saved from url=(0020)https',
        'Page saved with SingleFile',
        'head note',
      ]);
      expect(m.scriptTimes).toEqual([
        { key: 'publish_time', value: '1699420800' },
        { key: 'pubDate', value: '2023-11-08 10:00' },
        { key: 'pubtime', value: '2019-09-07 19:02:26' },
      ]);
      expect(findCaptureTime(m.documentComments)?.from).toBe('SingleFile header');
    });
  }
});
