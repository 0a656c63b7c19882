// @vitest-environment happy-dom
/**
 * The popup's "Why?" for the author and the source (issue 41), rendered in the article header: how many
 * candidates, where the chosen one was read, what the cleaning changed and what it left out; the
 * annotator's details give each candidate's rank and each refused value's. Strings come from the real
 * English catalogue (fake-browser.ts).
 */
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Article } from '../../src/core/types.ts';
import { ArticleHeader } from '../../src/popup/components/ArticleHeader.tsx';
import { makeArticle } from './article-fixture.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

afterEach(cleanup);

const base = makeArticle();
const chosen = { value: '张迪', from: 'zone', detail: 'page:责任编辑', rank: 0.45 } as const;
const article: Article = {
  ...base,
  author: '张迪',
  source: '参考消息',
  provenance: {
    ...base.provenance,
    author: chosen,
    source: { value: '参考消息', from: 'zone', detail: 'byline:beside-date' },
    choices: {
      author: {
        candidates: [chosen, { value: '李四', from: 'zone', detail: 'page:编辑', rank: 0.45, cleaned: '本报编辑 李四 → 李四' }],
        refused: [{ value: '参考消息', from: 'meta', detail: 'author', why: "the site's own name", rank: 0.7 }],
      },
      source: { candidates: [{ value: '参考消息', from: 'zone', detail: 'byline:beside-date' }], refused: [] },
    },
  },
};

function openRow(field: string): { lines: string[]; details: string[] } {
  const { container } = render(<ArticleHeader article={article} linkTitle={null} />);
  const row = container.querySelector(`[data-field="${field}"]`);
  const button = row?.querySelector('button');
  if (!row || !button) throw new Error(`no why in ${field}`);
  fireEvent.click(button);
  const text = (sel: string): string[] => [...row.querySelectorAll(sel)].map((l) => l.textContent ?? '');
  return { lines: text('.why > .why-line'), details: text('.why-details .why-line') };
}

describe('the why of the author and the source', () => {
  test('author: among how many, where it was read, what was left out and why; ranks in the details', () => {
    const { lines, details } = openRow('author');
    expect(lines).toEqual([
      'Chosen among 2 candidates, by where each was written.',
      'Read from the lines between the headline and the first paragraph (page:责任编辑).',
      "Left out: 参考消息 (the site's own name).",
    ]);
    expect(details).toEqual([
      'Other candidates:',
      '张迪: rank 0.45 (page:责任编辑)',
      '李四: rank 0.45 (page:编辑)',
      "参考消息: rank 0.70 (author) — the site's own name",
    ]);
  });

  test('source: the only candidate, read beside the date', () => {
    const { lines } = openRow('source');
    expect(lines).toEqual([
      'The only candidate on the page.',
      'Read from the lines between the headline and the first paragraph (byline:beside-date).',
    ]);
  });

  test('a choice of the field model says so, with the probability of the chosen one and of each candidate', () => {
    const learned = { value: '张迪', from: 'zone', detail: 'byline:beside-date', rank: 0.8, probability: 0.93 } as const;
    const other = { value: '李四', from: 'zone', detail: 'page:编辑', rank: 0.45, probability: 0.12 } as const;
    const a: Article = {
      ...article,
      provenance: {
        ...article.provenance,
        author: learned,
        choices: { ...article.provenance.choices!, author: { candidates: [learned, other], refused: [] } },
      },
    };
    const { container } = render(<ArticleHeader article={a} linkTitle={null} />);
    const row = container.querySelector('[data-field="author"]');
    fireEvent.click(row?.querySelector('button') as Element);
    const text = (sel: string): string[] => [...(row as Element).querySelectorAll(sel)].map((l) => l.textContent ?? '');
    expect(text('.why > .why-line')[0]).toBe(
      'Chosen among 2 candidates by the author and source model (probability 0.93), which weighs where each was written and what it looks like.',
    );
    expect(text('.why-details .why-line')).toEqual([
      'Other candidates:',
      '张迪: rank 0.80 (byline:beside-date) — model: p = 0.93',
      '李四: rank 0.45 (page:编辑) — model: p = 0.12',
    ]);
  });
});
