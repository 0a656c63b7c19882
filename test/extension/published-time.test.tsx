// @vitest-environment happy-dom
/**
 * The popup's publication time and its "why", rendered, for each way the core can choose a time: the date
 * classifier (§3.7), its structured fallback, the §1.7 rule chain, and no date at all. Strings come from
 * the real English catalogue (fake-browser.ts).
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

/** Renders the time, opens the why with the button; returns the lines shown (bullets marked "• "), the hover title, and the time shown. */
function openWhy(time: Time): { lines: string[]; title: string; shown: string } {
  const { container } = render(<PublishedTime time={time} />);
  const button = screen.getByRole('button', { name: 'Why?' });
  fireEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  const lines = [...container.querySelectorAll('.why .why-line')].map((l) =>
    l.classList.contains('why-item') ? `• ${l.textContent ?? ''}` : (l.textContent ?? ''),
  );
  const shown = [...container.querySelectorAll('time, .confidence, .missing')].map((e) => e.textContent).join(' | ');
  return { lines, title: button.getAttribute('title') ?? '', shown };
}

const SVM = makeArticle().publishedTime;

describe('the why of the publication time', () => {
  test('date-svm: the classifier, its decision value among N candidates, where and what it read, three distinct runner-ups', () => {
    const { lines, title, shown } = openWhy(SVM);
    expect(shown).toBe('2019-03-14 08:30 | 86% confidence');
    expect(lines).toEqual([
      'Chosen by the date classifier: decision value 1.83, the highest of 9 date candidates on the page.',
      'Read from a date in the page text (span.date < div.meta).',
      'Text: “14 March 2019, 08:30”',
      'Runner-ups:',
      // The meta tag's 08:30:00Z is the chosen minute, and the comment's 10:05 repeats the update line's: both left out.
      '• 2019-03-15 10:05: decision value −0.42 (p.updated < div.meta)',
      '• 2019-03-13: decision value −1.10 (URL)',
      '• 2019-03-10: decision value −1.50 (span < a < li < ul.related)',
    ]);
    expect(title.split('\n')).toEqual(lines.map((l) => l.replace(/^• /, '  • ')));
  });

  test('date-svm with a single candidate on the page says so, and lists no runner-ups', () => {
    const only = SVM.candidates[0]!;
    const { lines } = openWhy({
      ...SVM,
      decision: 0.4,
      confidence: 0.6,
      found: 1,
      chosen: { ...only, decision: 0.4 },
      candidates: [{ ...only, decision: 0.4 }],
    });
    expect(lines).toEqual([
      'Chosen by the date classifier: decision value 0.40, for the only date candidate on the page.',
      'Read from a date in the page text (span.date < div.meta).',
      'Text: “14 March 2019, 08:30”',
    ]);
  });

  test('structured-fallback: no candidate passed the margin, so the declared date was used; the classifier’s best are listed', () => {
    const declared = {
      iso: '2019-03-14T08:30:00+01:00',
      text: '2019-03-14T08:30:00+01:00',
      from: 'meta',
      detail: 'article:published_time',
    } as const;
    const { lines, shown } = openWhy({
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
      "No date candidate passed the date classifier's margin, so the date the page declares (JSON-LD or a meta tag) was used.",
      'Read from a meta tag (article:published_time).',
      'Text: “2019-03-14T08:30:00+01:00”',
      "The classifier's best candidates:",
      '• 2019-03-14 08:30: decision value −0.31 (time < p.byline)',
      '• 2019-03-20: decision value −0.80 (p.updated)',
    ]);
  });

  test('rules: today’s wording (where, text, other candidates), and no word of a classifier', () => {
    const { lines } = openWhy({
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
    expect(lines).toEqual([
      'Read from the lines between the headline and the first paragraph (zone text).',
      'Text: “14 March 2019, 08:30”',
      'Other candidates: 2019-03-13',
    ]);
  });

  test('no date from the classifier: "not found", how many candidates were seen, that none passed, and the best of them', () => {
    const { lines, shown } = openWhy({
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
    expect(lines).toEqual([
      "6 date candidates were seen on the page; none passed the date classifier's margin, and the page declares no date.",
      "The classifier's best candidates:",
      '• 2019-03-10: decision value −0.20 (a < li < ul.related)',
      '• 2019-03-09: decision value −0.70 (a < li < ul.related)',
    ]);
  });

  test('no date from the rule chain (no decision values): how many candidates were seen and that none was taken', () => {
    const { lines } = openWhy({
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
    expect(lines).toEqual(["The page's one date candidate was not taken as the publication time."]);
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
