// @vitest-environment happy-dom
/**
 * The popup's publication time and its "why", rendered, for each way the core can choose a time: the date
 * classifier (§3.7), its structured fallback, the §1.7 rule chain, and no date at all. The reader's lines
 * speak plainly (no CSS paths, no decision values; the meta tag read is named); the annotator's details are
 * folded below them. Strings come from the real English catalogue (fake-browser.ts).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { PublishedTime as Time } from '../../src/core/types.ts';
import { PublishedTime } from '../../src/popup/components/PublishedTime.tsx';
import { makeArticle } from './article-fixture.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

afterEach(cleanup);

/** The text of each line under `selector` (bullets marked "• "). */
function linesOf(container: Element, selector: string): string[] {
  return [...container.querySelectorAll(selector)].map((l) =>
    l.classList.contains('why-item') ? `• ${l.textContent ?? ''}` : (l.textContent ?? ''),
  );
}

/**
 * Renders the time, opens the why with the button; returns the reader's lines, the annotator's details
 * (folded in a <details>), the hover title, and the time shown.
 */
function openWhy(time: Time): { lines: string[]; details: string[]; title: string; shown: string } {
  const { container } = render(<PublishedTime time={time} />);
  const button = screen.getByRole('button', { name: 'Why?' });
  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  const folded = container.querySelector('.why-details');
  if (folded) expect(folded.querySelector('summary')?.textContent).toBe('Details for annotators');
  const shown = [...container.querySelectorAll('time, .confidence, .missing')].map((e) => e.textContent).join(' | ');
  return {
    lines: linesOf(container, '.why > .why-line'),
    details: linesOf(container, '.why-details .why-line'),
    title: button.getAttribute('title') ?? '',
    shown,
  };
}

/** Nothing an engineer writes: no decision values, no CSS paths. */
function plain(lines: readonly string[]): void {
  for (const l of lines) expect(l).not.toMatch(/decision value|classifier|[<>]|\bspan\.|\bdiv\./);
}

const SVM = makeArticle().publishedTime;

describe('the why of the publication time', () => {
  test('date-svm: picked among N dates, read from the page text, the other dates; the details name the classifier, its decision value and three distinct runner-ups', () => {
    const { lines, details, title, shown } = openWhy(SVM);
    expect(shown).toBe('2019-03-14 08:30 | 86% confidence');
    expect(lines).toEqual([
      'Of the 9 dates on the page, this one is the most likely publication time.',
      'Read from the page: “14 March 2019, 08:30”',
      'Other dates on the page: 2019-03-15 10:05, 2019-03-13, 2019-03-10',
    ]);
    plain(lines);
    expect(title.split('\n')).toEqual(lines);
    expect(details).toEqual([
      'Chosen by the date classifier: decision value 1.83, the highest of 9 date candidates on the page.',
      'Read from a date in the page text (span.date < div.meta).',
      'Text: “14 March 2019, 08:30”',
      'Runner-ups:',
      // The meta tag's 08:30:00Z is the chosen minute, and the comment's 10:05 repeats the update line's: both left out.
      '• 2019-03-15 10:05: decision value −0.42 (p.updated < div.meta)',
      '• 2019-03-13: decision value −1.10 (URL)',
      '• 2019-03-10: decision value −1.50 (span < a < li < ul.related)',
    ]);
  });

  test('date-svm from a meta tag or JSON-LD: the reader is told which property was read', () => {
    const fromMeta = {
      iso: '2019-03-14T08:30:00Z',
      text: '2019-03-14T08:30:00Z',
      from: 'meta',
      detail: 'meta article:published_time @content',
    } as const;
    const meta = openWhy({ ...SVM, from: 'meta', detail: fromMeta.detail, chosen: { ...fromMeta, decision: 1.2 } });
    expect(meta.lines[1]).toBe("Read from the page's meta tag “article:published_time”.");
    cleanup();
    const fromJsonLd = {
      iso: '2019-03-14T08:30:00Z',
      text: '2019-03-14T08:30:00Z',
      from: 'json-ld',
      detail: 'JSON-LD type:newsarticle.datePublished',
    } as const;
    const jsonLd = openWhy({ ...SVM, from: 'json-ld', detail: fromJsonLd.detail, chosen: { ...fromJsonLd, decision: 1.2 } });
    expect(jsonLd.lines[1]).toBe("Read from the page's structured data (“datePublished”).");
    expect(jsonLd.details).toContain('Read from structured data (JSON-LD) (JSON-LD type:newsarticle.datePublished).');
  });

  test('date-svm with a single candidate on the page says so, and lists no runner-ups', () => {
    const only = SVM.candidates[0]!;
    const { lines, details } = openWhy({
      ...SVM,
      decision: 0.4,
      confidence: 0.6,
      found: 1,
      chosen: { ...only, decision: 0.4 },
      candidates: [{ ...only, decision: 0.4 }],
    });
    expect(lines).toEqual([
      'The only date on the page, and it looks like a publication time.',
      'Read from the page: “14 March 2019, 08:30”',
    ]);
    expect(details).toEqual([
      'Chosen by the date classifier: decision value 0.40, for the only date candidate on the page.',
      'Read from a date in the page text (span.date < div.meta).',
      'Text: “14 March 2019, 08:30”',
    ]);
  });

  test('structured-fallback: no date of the text looked right, so the declared one, named by its meta tag; the details list the classifier’s best', () => {
    const declared = {
      iso: '2019-03-14T08:30:00+01:00',
      text: '2019-03-14T08:30:00+01:00',
      from: 'meta',
      detail: 'article:published_time',
    } as const;
    const { lines, details, shown } = openWhy({
      iso: declared.iso,
      confidence: 0.9,
      decision: null,
      method: 'structured-fallback',
      from: 'meta',
      detail: 'article:published_time',
      chosen: declared,
      found: 5,
      candidates: [
        declared,
        { iso: '2019-03-14T08:30', text: '14 March 2019, 08:30', from: 'page-text', detail: 'time < p.byline', decision: -0.3149 },
        { iso: '2019-03-20', text: '20 March 2019', from: 'page-text', detail: 'p.updated', decision: -0.8 },
      ],
    });
    expect(shown).toBe('2019-03-14 08:30 UTC+01:00 | 90% confidence');
    expect(lines).toEqual([
      "None of the dates in the page's text looks like its publication time, so the date the page declares for itself was used.",
      "Read from the page's meta tag “article:published_time”.",
      'Other dates on the page: 2019-03-20',
    ]);
    plain(lines);
    expect(details).toEqual([
      "No date candidate passed the date classifier's margin, so the date the page declares (JSON-LD or a meta tag) was used.",
      'Read from a meta tag (article:published_time).',
      'Text: “2019-03-14T08:30:00+01:00”',
      "The classifier's best candidates:",
      '• 2019-03-14 08:30: decision value −0.31 (time < p.byline)',
      '• 2019-03-20: decision value −0.80 (p.updated)',
    ]);
  });

  test('rules: where and what it read, the other dates, and no word of a classifier', () => {
    const { lines, details } = openWhy({
      iso: '2019-03-14T08:30',
      confidence: 0.8,
      decision: null,
      method: 'rules',
      from: 'zone',
      detail: 'zone text',
      chosen: { iso: '2019-03-14T08:30', text: '14 March 2019, 08:30', from: 'zone', detail: 'zone text' },
      found: 2,
      candidates: [
        { iso: '2019-03-14T08:30', text: '14 March 2019, 08:30', from: 'zone', detail: 'zone text' },
        { iso: '2019-03-13', text: '13/03/2019', from: 'url', detail: 'path' },
      ],
    });
    expect(lines).toEqual(['Read from the page: “14 March 2019, 08:30”', 'Other dates on the page: 2019-03-13']);
    expect(details).toEqual([
      'Read from the lines between the headline and the first paragraph (zone text).',
      'Text: “14 March 2019, 08:30”',
    ]);
  });

  test('no date from the classifier: "not found", how many dates the page shows and that none looks right; the details list the best', () => {
    const { lines, details, shown } = openWhy({
      iso: null,
      confidence: 0,
      decision: -0.2,
      method: null,
      from: null,
      detail: '',
      chosen: null,
      found: 6,
      candidates: [
        { iso: '2019-03-10', text: '10 Mar 2019', from: 'page-text', detail: 'a < li < ul.related', decision: -0.2 },
        { iso: '2019-03-09', text: '9 Mar 2019', from: 'page-text', detail: 'a < li < ul.related', decision: -0.7 },
      ],
    });
    expect(shown).toBe('not found');
    expect(lines).toEqual(['The page shows 6 dates; none of them looks like its publication time.']);
    expect(details).toEqual([
      "6 date candidates were seen on the page; none passed the date classifier's margin, and the page declares no date.",
      "The classifier's best candidates:",
      '• 2019-03-10: decision value −0.20 (a < li < ul.related)',
      '• 2019-03-09: decision value −0.70 (a < li < ul.related)',
    ]);
  });

  test('no date from the rule chain (no decision values): how many dates the page shows, and no details', () => {
    const { lines, details } = openWhy({
      iso: null,
      confidence: 0,
      decision: null,
      method: null,
      from: null,
      detail: '',
      chosen: null,
      found: 1,
      candidates: [{ iso: '2031-01-01', text: '1 January 2031', from: 'zone', detail: 'zone text' }],
    });
    expect(lines).toEqual(['The page shows one date, and it does not look like its publication time.']);
    expect(details).toEqual([]);
  });

  test('a page without any date candidate: "not found" and no why button', () => {
    const { container } = render(
      <PublishedTime
        time={{ iso: null, confidence: 0, decision: null, method: null, from: null, detail: '', chosen: null, found: 0, candidates: [] }}
      />,
    );
    expect(container.textContent).toBe('not found');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
