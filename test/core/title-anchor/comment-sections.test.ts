import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock, ExtractEnv } from '../../../src/core/env.ts';
import { DEFAULT_OPTIONS, extract, resolveOptions } from '../../../src/core/index.ts';
import { findCommentSections, isCommentToken, sentencesOutside } from '../../../src/core/title-anchor/comment-sections.ts';
import { descend } from '../../../src/core/title-anchor/descend.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { pageSource } from '../../helpers/extract-model.ts';
import { MODEL_KINDS, byId, contextOf, modelOf } from '../../helpers/model.ts';
import { faithfulOptions } from '../../helpers/options.ts';
import { RULES_BASE, rulesOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

const WORDS = DEFAULT_OPTIONS.titleAnchor.commentSectionWords;
const S = '<p>一，二，三，四。</p>';
const EN = (n: number): string =>
  `<p>Sentence number ${n}, which is long enough, has commas, and ends in a full stop as every sentence does.</p>`;
const ENV: ExtractEnv = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') } satisfies Clock, timer: () => 0 };

describe('isCommentToken', () => {
  it('matches a whole token or one of its words split at - _ : .', () => {
    const words = new Set(WORDS);
    for (const t of ['comments', 'Comments', 'commentlist', 'comment-4632', 'disqus_thread', 'respond', 'article-comments', 'pinglun'])
      expect(isCommentToken(t, words), t).toBe(true);
    for (const t of ['commentmetadata', 'content', 'entry', 'recommend', 'responsive', 'article-body'])
      expect(isCommentToken(t, words), t).toBe(false);
  });

  it('answers as splitting every token would (the substring test only skips tokens that hold no word)', () => {
    const words: ReadonlySet<string> = new Set<string>(WORDS);
    const bySplit = (token: string): boolean => {
      const lower = token.toLowerCase();
      return words.has(lower) || lower.split(/[-_:.]+/).some((part) => part !== '' && words.has(part));
    };
    const piece = fc.oneof(
      fc.constantFrom<string>(...WORDS, 'Comment', 'REPLIES', 'x', 'list', 'body', '-', '_', ':', '.', '4632'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (parts) => {
        const token = parts.join('');
        expect(isCommentToken(token, words)).toBe(bySplit(token));
      }),
      { numRuns: 2000 },
    );
  });
});

describe.each(MODEL_KINDS)('comment sections (%s)', (kind) => {
  const setup = (body: string) => {
    const model = modelOf(kind, `<html><head></head><body>${body}</body></html>`, faithfulOptions({}));
    const id = (x: string): number => {
      const el = byId(model, x);
      if (el < 0) throw new Error(`no #${x}`);
      return el;
    };
    return { model, id };
  };

  it('finds the outermost comment section with sentences, not the ones holding the title or anchors', () => {
    const { model, id } = setup(
      `<div id="post" class="post has-comments"><h1 id="t">T</h1><div id="entry">${S}</div>` +
        `<div id="comments"><ol class="commentlist"><li id="comment-1">${S}</li><li id="comment-2">${S}</li></ol></div>` +
        `<div id="respond"><form><p>Leave a reply</p></form></div></div>`,
    );
    // #post holds the title: kept. #respond has no sentence: not a section worth leaving out.
    expect(findCommentSections(id('post'), [id('t'), id('entry')], WORDS, model)).toEqual([id('comments')]);
    expect(findCommentSections(id('post'), [id('t')], [], model)).toEqual([]);
  });

  it('a section holding the title or an anchor sentence is not left out', () => {
    const { model, id } = setup(`<div id="a"><div class="comment-body" id="c"><h1 id="t">T</h1>${S}</div></div>`);
    expect(findCommentSections(id('a'), [id('t')], WORDS, model)).toEqual([]);
  });

  it('sentencesOutside subtracts the sections inside an element', () => {
    const { model, id } = setup(`<div id="a"><div id="entry">${S}${S}</div><div id="comments">${S}${S}${S}</div></div>`);
    expect(sentencesOutside(id('a'), [id('comments')], model)).toBe(2);
    expect(sentencesOutside(id('comments'), [id('comments')], model)).toBe(0);
    expect(sentencesOutside(id('entry'), [id('comments')], model)).toBe(2);
  });

  it('§1.5 with comments left out, the descent reaches the article instead of the thread', () => {
    const { model, id } = setup(`<div id="post"><div id="entry">${S}${S}</div><div id="comments">${S}${S}${S}</div></div>`);
    const ctx = contextOf(model, faithfulOptions({}));
    // Faithful: #comments keeps 3 of 5 (> half): the descent walks into the thread.
    expect(descend(ctx, id('post'), 0.5).root).toBe(id('comments'));
    expect(descend(ctx, id('post'), 0.5, { without: [id('comments')] }).root).toBe(id('entry'));
  });

  it('extract: a blog post whose comment thread outweighs it keeps the post and drops the thread (switchable)', () => {
    const page =
      `<html><head><title>Why we moved the library</title></head><body><div id="wrap"><h1>Why we moved the library</h1>` +
      `<div class="entry">${EN(1)}${EN(2)}</div>` +
      `<div id="comments"><h3>3 Responses</h3><ol class="commentlist">` +
      `<li class="comment">${EN(101)}</li><li class="comment">${EN(102)}</li><li class="comment">${EN(103)}</li></ol></div></div></body></html>`;
    const on = extract(pageSource(kind, page, RULES_BASE), ENV, {}, RULES_BASE);
    expect(on.body.text).toContain('Sentence number 1,');
    expect(on.body.text).toContain('Sentence number 2,');
    expect(on.body.text).not.toContain('Sentence number 101');
    // descentKeepsAnchor alone would also keep the post here (the thread does not hold the first sentence).
    const offOptions = rulesOptions({ titleAnchor: { extensions: { skipCommentSections: false, descentKeepsAnchor: false } } });
    const off = extract(pageSource(kind, page, offOptions), ENV, {}, offOptions);
    expect(off.body.text).toContain('Sentence number 101');
    expect(off.body.text).not.toContain('Sentence number 1,');
  });

  it('the Explain trace names the section and its sentences', () => {
    const page =
      `<html><head><title>Why we moved the library</title></head><body><div id="wrap"><h1>Why we moved the library</h1>` +
      `<div class="entry">${EN(1)}${EN(2)}</div><div id="comments">${EN(101)}</div></div></body></html>`;
    const options = resolveOptions({ trace: { enabled: true } });
    const a = extract(pageSource(kind, page, options), ENV, {}, options);
    const d = a.explain?.decisions.find((x) => x.rule === '1.5-comment-section');
    expect(d?.verdict).toBe('reject');
    expect(d?.numbers['sentences']).toBe(1);
    expect(d?.target?.selector).toBe('#comments');
  });
});
