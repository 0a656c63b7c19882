/**
 * Issue 42 (src/core/combine/page-type.ts, content-region.ts, thread.ts): the page type decides the
 * strategy. Small hand-written pages: a roster table, a recipe, a film page, a table whose cells are links,
 * a story under a long thread, a photo post. Each is typed, its body is found without sentences where it
 * has none, the links of a data table stay, a row of a data table is one line, and comments are never the
 * body when a story exists; every decision is in the trace with its numbers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv } from '../../../src/core/env.ts';
import type { Article, PartialOptions } from '../../../src/core/index.ts';
import { extract, resolveOptions } from '../../../src/core/index.ts';
import { isDataTable, dataTablesOf } from '../../../src/core/combine/content-region.ts';
import { schemaPageType } from '../../../src/core/combine/page-type.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';
import { MODEL_KINDS, firstTag, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };

/** A golden page of test/fixtures/pipeline (written for the repository). */
const fixture = (slug: string): string => readFileSync(new URL(`../../fixtures/pipeline/${slug}/page.html`, import.meta.url), 'utf8');

function run(kind: (typeof DOM_KINDS)[number], html: string, options: PartialOptions = {}): Article {
  return extract(parseWith(kind, html), ENV, { url: 'https://example.org/page' }, resolveOptions({ ...options, trace: { enabled: true } }));
}

/** A whole document around `body` (linkedom reads a bare fragment otherwise). */
const page = (body: string): string => `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`;

const decision = (a: Article, rule: string) => a.explain.decisions.find((d) => d.rule === rule);

describe('schemaPageType', () => {
  it('reads the type a page states, Recipe and Product before an Article type', () => {
    expect(schemaPageType([{ '@type': 'BlogPosting' }, { '@type': ['Recipe'] }])).toEqual({ type: 'recipe', detail: 'Recipe' });
    expect(schemaPageType([{ '@type': 'https://schema.org/Product' }])).toEqual({ type: 'product', detail: 'Product' });
    expect(schemaPageType([{ '@type': 'NewsArticle' }])).toEqual({ type: 'article', detail: 'NewsArticle' });
    expect(schemaPageType([{ '@type': 'QAPage' }])).toEqual({ type: 'thread', detail: 'QAPage' });
  });

  it('does not take an author (Person) for a profile page', () => {
    expect(schemaPageType([{ '@type': 'Person' }])).toBeNull();
    expect(schemaPageType([{ '@type': 'ProfilePage' }])).toEqual({ type: 'profile', detail: 'ProfilePage' });
  });
});

describe.each(MODEL_KINDS)('isDataTable (%s)', (kind) => {
  const limits = { minRows: 3, minRowShare: 0.7, minPlainCellShare: 0.3 };
  it('a roster with header cells is a data table; its linked names do not make it a link grid', () => {
    const m = modelOf(kind, fixture('en-roster-table'));
    expect(isDataTable(m, firstTag(m, 'TABLE'), limits)).toBe(true);
    expect(dataTablesOf(m, limits).tables.size).toBe(2);
  });

  it('a layout table (one row) and a grid of links without headers are not', () => {
    const layout = modelOf(kind, page('<table><tr><td>Menu</td><td>The whole page, set out in one row.</td></tr></table>'));
    expect(isDataTable(layout, firstTag(layout, 'TABLE'), limits)).toBe(false);
    const cells = (n: number) => `<td><a href="/${n}">Link ${n}</a></td><td><a href="/${n}b">Link ${n}b</a></td>`;
    const grid = modelOf(kind, page(`<table><tr>${cells(1)}</tr><tr>${cells(2)}</tr><tr>${cells(3)}</tr></table>`));
    expect(isDataTable(grid, firstTag(grid, 'TABLE'), limits)).toBe(false);
  });
});

describe.each(DOM_KINDS)('page types and their bodies (%s)', (kind) => {
  it('a roster: typed table by structure; both tables are the body, linked names kept, a row per line', () => {
    const a = run(kind, fixture('en-roster-table'));
    expect(a.pageType).toMatchObject({ type: 'table', from: 'structure' });
    expect(a.anchors.bodyLead.method).toBe('content-region');
    const lines = a.body.text.split('\n');
    expect(lines).toContain('11 | Ada Moreno | R/R | 6\'2" | 205 | 04/12/1994');
    expect(lines).toContain('26 | Hal Yamada | L/R | 6\'1" | 205 | 12/05/1991');
    expect(a.body.text).not.toContain('Tickets');
    expect(a.body.text).not.toContain('Minor leagues');
    const d = decision(a, '6.2-page-type');
    expect(d?.numbers['tableShare']).toBeGreaterThan(0.8);
    expect(d?.numbers['sentenceShare']).toBe(0);
    expect(decision(a, '6.2-content-region')?.verdict).toBe('choose');
  });

  it('a recipe: typed by JSON-LD; the ingredients and the steps are the body', () => {
    const a = run(kind, fixture('en-recipe-schema'));
    expect(a.pageType).toEqual({ type: 'recipe', from: 'json-ld', detail: 'JSON-LD @type Recipe' });
    expect(a.body.text).toContain('1 cup pearl barley, rinsed');
    expect(a.body.text).toContain('Stir in the lemon zest and juice and season well');
    expect(a.body.text).not.toContain('Newsletter');
    expect(a.body.html).toContain('<ol>');
  });

  it('a film page: its facts and its cast are the body, not the trending list or the template', () => {
    const a = run(kind, fixture('en-film-credits'));
    // Twelve cast lines outweigh eleven facts: a list (the facts' definition list is in the same region).
    expect(a.pageType.type).toBe('list');
    expect(a.body.text).toContain('Mira Stone');
    expect(a.body.text).toContain('Liam Cole as Sean Walsh');
    expect(a.body.text).not.toContain('Storm Season');
    expect(a.body.text).not.toContain('Sign in');
  });

  it('a table whose cells are links: the names are content, and each row is one line', () => {
    const a = run(kind, fixture('en-standings-linked-cells'));
    expect(a.pageType.type).toBe('table');
    const lines = a.body.text.split('\n');
    expect(lines).toHaveLength(21);
    expect(lines.slice(0, 3)).toEqual([
      'Pos | Driver | Team | Points',
      '1 | Lucas Ferreira | Aurora Racing | 136',
      '2 | Maja Berg | Vektor | 121',
    ]);
    expect(lines.at(-1)).toBe('20 | Jonas Falk | Northwind | 1');
  });

  it('a joined row is one line only with joinDataTableRows (off: a cell per line)', () => {
    const a = run(kind, fixture('en-standings-linked-cells'), { output: { extensions: { joinDataTableRows: false } } });
    expect(a.body.text.split('\n').slice(0, 3)).toEqual(['Pos', 'Driver', 'Team']);
  });

  it('a story under a long thread: the story is the body, no comment is', () => {
    const a = run(kind, fixture('en-story-long-thread'));
    expect(a.pageType.type).toBe('article');
    expect(a.body.text).toContain('will reopen in April');
    expect(a.body.text).toContain('the plans include all three');
    expect(a.body.text).not.toContain('potholes');
    expect(a.body.text).not.toContain('Marta');
  });

  it('a photo post: its image and its one line are the body, not a comment', () => {
    const a = run(kind, fixture('en-photo-post-comments'));
    expect(a.body.text).toBe('Taken from the end of the pier at six this morning.');
    expect(a.images.map((i) => i.src)).toEqual(['https://example.org/photos/fog-bay.jpg']);
    expect(decision(a, '6.3-thread-story')).toMatchObject({ verdict: 'drop', numbers: { storyImages: 1 } });
  });

  it('a page that is only a thread says so', () => {
    const comments = [1, 2, 3]
      .map(
        (n) =>
          `<div class="comment"><p>Comment ${n} says that, in the end, the new path, the lights and the benches are worth it.</p></div>`,
      )
      .join('');
    const a = run(
      kind,
      `<!doctype html><html lang="en"><head><title>Forum</title></head><body><div id="comments">${comments}</div></body></html>`,
    );
    expect(a.pageType).toMatchObject({ type: 'thread', from: 'comments' });
    expect(a.body.text).toContain('Comment 1 says');
  });

  it('with pageTypes and storyFirst off, every page is an article', () => {
    const a = run(kind, fixture('en-roster-table'), { combine: { extensions: { pageTypes: false, storyFirst: false } } });
    expect(a.pageType.type).toBe('article');
    expect(a.anchors.bodyLead.method).not.toBe('content-region');
  });
});
