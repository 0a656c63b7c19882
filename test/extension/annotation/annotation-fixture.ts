/** A record as annotating a small page starts it, for the annotation model's tests. */
import type { AnnotationRecord, ExtractedValues } from '../../../src/shared/annotation/record.ts';
import { newRecord } from '../../../src/shared/annotation/record.ts';

export const EXTRACTED: ExtractedValues = {
  url: 'https://news.example.org/2024/05/river-library.html',
  lang: 'en',
  title: 'The river library opens',
  author: null,
  source: 'Example News',
  time: '2024-05-02T09:30:00+01:00',
  bodyText: 'The library by the river opened on Thursday.\nIt holds forty thousand books.\nShare this story',
  noise: [{ kind: 'link-block', ref: { selector: 'html > body > nav', preview: 'Home News Sport' }, inBody: false, removed: false }],
};

export const START = '2026-11-28T10:00:00.000Z';

export function freshRecord(): AnnotationRecord {
  return newRecord('news.example.org-river-library-0abc123', EXTRACTED, START);
}
