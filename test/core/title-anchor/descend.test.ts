import { afterAll, describe, expect, it } from 'vitest';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import type { ExtractOptions } from '../../../src/core/options.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import type { PageContext } from '../../../src/core/stage.ts';
import { faithfulOptions } from '../../helpers/options.ts';
import { descend } from '../../../src/core/title-anchor/descend.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { MODEL_KINDS, byId, contextOf, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const S = '<p>一，二，三，四。</p>';

const FAITHFUL = faithfulOptions({});

describe.each(MODEL_KINDS)('the LCA (PageModel.lca) and descend (%s)', (kind) => {
  interface Setup {
    readonly model: PageModel;
    /** The ordinal of the element with the id. */
    readonly id: (id: string) => number;
    /** A run's context on the page: the trace off, as the descent's callers see it when tracing is off. */
    readonly ctx: PageContext;
    /** A context whose trace records the decisions. */
    readonly traced: () => PageContext;
  }
  const setup = (body: string, opts: ExtractOptions = FAITHFUL): Setup => {
    const model = modelOf(kind, `<html><head></head><body>${body}</body></html>`, opts);
    const id = (x: string): number => {
      const el = byId(model, x);
      if (el < 0) throw new Error(`no #${x}`);
      return el;
    };
    return { model, id, ctx: contextOf(model, opts), traced: () => contextOf(model, resolveOptions({ trace: { enabled: true } }, opts)) };
  };

  it('§1.5 the LCA of two elements in different branches', () => {
    const { model, id } = setup('<div id="lca"><h1 id="t">T</h1><div><div><p id="s">x</p></div></div></div>');
    expect(model.lca(id('t'), id('s'))).toBe(id('lca'));
    expect(model.lca(id('s'), id('t'))).toBe(id('lca'));
  });

  it('§1.5 the LCA of an element and its descendant is the element itself', () => {
    const { model, id } = setup('<div id="a"><p id="s">x</p></div>');
    expect(model.lca(id('a'), id('s'))).toBe(id('a'));
    expect(model.lca(id('s'), id('s'))).toBe(id('s'));
  });

  it('§1.5 descends while the child keeps more than half the sentences and stops at the element holding most', () => {
    const { ctx, id } = setup(
      `<div id="lca"><h1>Title</h1><div id="body"><div id="main">${S}${S}${S}</div><div id="side">${S}</div></div></div>`,
    );
    // lca 4 → body 4 (> 2) → main 3 (> 2) → each <p> 1 (not > 1.5): stop at main.
    expect(descend(ctx, id('lca'), 0.5).root).toBe(id('main'));
  });

  it('§1.5 a child with exactly half the sentences does not keep enough: stop at the parent', () => {
    const { ctx, id } = setup(
      `<div id="lca"><h1>Title</h1><div id="body"><div id="main">${S}${S}</div><div id="side">${S}${S}</div></div></div>`,
    );
    expect(descend(ctx, id('lca'), 0.5).root).toBe(id('body'));
  });

  it('§1.5 the keep ratio is read from the caller (descendKeepRatio)', () => {
    const { ctx, id } = setup(`<div id="body"><div id="main">${S}${S}${S}</div><div id="side">${S}</div></div>`);
    expect(descend(ctx, id('body'), 0.5).root).toBe(id('main'));
    expect(descend(ctx, id('body'), 0.8).root).toBe(id('body'));
  });

  describe('§1.5 ext paragraphRun', () => {
    /** One paragraph passes the sentence test; its siblings (two commas or fewer) do not. */
    const SHORT = '<p>第二段只有两个，逗号，没有更多。</p>';
    const RUN = `<div id="lca"><h1>Title</h1><div id="text">${SHORT}<p id="one">一，二，三，四。</p>${SHORT}${SHORT}</div></div>`;

    it('faithful: the descent narrows the body to the one paragraph that is a sentence', () => {
      const { ctx, id } = setup(RUN);
      expect(descend(ctx, id('lca'), 0.5).root).toBe(id('one'));
    });

    it('with it the run of paragraphs is the body: a paragraph is not a container', () => {
      const { id, traced } = setup(RUN);
      const ctx = traced();
      expect(descend(ctx, id('lca'), 0.5, { paragraphRunMinShare: 0.5 }).root).toBe(id('text'));
      expect(ctx.trace.decisions.at(-1)?.note).toBe(
        'the heaviest child is one paragraph of a run of paragraphs that holds most of the text here: body root',
      );
    });

    it('a paragraph among other content (less than paragraphRunMinShare of the text in paragraphs) is entered', () => {
      const side = `<div>${'<span>menu item</span> '.repeat(40)}</div>`;
      const { ctx, id } = setup(`<div id="lca"><h1>Title</h1><div id="mixed">${side}<p id="one">一，二，三，四。</p></div></div>`);
      expect(descend(ctx, id('lca'), 0.5, { paragraphRunMinShare: 0.5 }).root).toBe(id('one'));
    });
  });

  describe('§1.5 ext sentenceLines', () => {
    /** An old-style article: one block whose paragraphs are separated by <br><br>. */
    const BR_ARTICLE = `${'一，二，三，四。<br><br>'.repeat(5)}五，六，七，八。`;
    const page = `<div id="page"><div id="side">${S}${S}</div><div id="right"><div id="article">${BR_ARTICLE}</div><div id="comments">${S}</div></div></div>`;
    const lines = (body: string): Setup => setup(body, faithfulOptions({ text: { extensions: { sentenceLines: true } } }));

    it('faithful: the one-block article weighs 1 and the descent stops above it, sidebar included', () => {
      const { ctx, id } = setup(page);
      // page 4 → side 2 (not > 2), right 2: stop at page.
      expect(descend(ctx, id('page'), 0.5).root).toBe(id('page'));
    });

    it('with sentence lines the article weighs 6 and the descent reaches it', () => {
      const { ctx, id } = lines(page);
      // page 9 → right 7 (> 4.5) → article 6 (> 3.5): a one-block <div>, not a <p>, so it is entered.
      expect(descend(ctx, id('page'), 0.5).root).toBe(id('article'));
    });

    it("a one-block <p> holding only part of its parent's sentences is not entered (a paragraph is not a container)", () => {
      const { ctx, id } = lines(`<div id="body"><p>${'一，二，三，四。<br>'.repeat(3)}</p>${S}</div>`);
      // body 4 → the <p> holds 3 (> 2) but is one paragraph among others: stop at body.
      expect(descend(ctx, id('body'), 0.5).root).toBe(id('body'));
    });

    it('a one-block <td> (a forum post above short replies) is entered', () => {
      const { ctx, id } = lines(
        `<table id="t"><tr><td id="post">${'一，二，三，四。<br>'.repeat(4)}</td></tr><tr><td>${S}</td></tr></table>`,
      );
      expect(descend(ctx, id('t'), 0.5).root).toBe(id('post'));
    });
  });

  it('§1.5 ext descentKeepsAnchor: the descent does not leave the first sentence behind', () => {
    // A lead paragraph, then the rest of the story in a "read more" box with most of the sentences.
    const { ctx, id } = setup(
      `<div id="story"><h1>Title</h1><div id="lead"><p id="first">一，二，三，四。</p></div><div id="more">${S}${S}${S}</div></div>`,
    );
    // Faithful: story 4 → more 3 (> 2) → each <p> 1: stop at more, without the lead.
    expect(descend(ctx, id('story'), 0.5).root).toBe(id('more'));
    expect(descend(ctx, id('story'), 0.5, { anchor: id('first') }).root).toBe(id('story'));
  });

  it('§1.5 ext descentKeepsAnchor: a child that holds the first sentence is entered as before', () => {
    const { ctx, id } = setup(
      `<div id="lca"><h1>Title</h1><div id="body"><div id="main"><p id="first">一，二，三，四。</p>${S}${S}</div><div id="side">${S}</div></div></div>`,
    );
    expect(descend(ctx, id('lca'), 0.5, { anchor: id('first') }).root).toBe(id('main'));
  });

  it('§1.5 ext descentKeepsAnchor: the trace says why the descent stopped', () => {
    const { id, traced } = setup(
      `<div id="story"><div id="lead"><p id="first">一，二，三，四。</p></div><div id="more">${S}${S}${S}</div></div>`,
    );
    const ctx = traced();
    descend(ctx, id('story'), 0.5, { anchor: id('first') });
    expect(ctx.trace.decisions.at(-1)).toMatchObject({
      rule: '1.5-descend',
      verdict: 'choose',
      numbers: { parentSentences: 4, childSentences: 3 },
      note: 'the heaviest child leaves the first sentence behind: body root',
    });
  });

  it('§1.5 ext skipTeaserLists: the trace names the teaser list with its numbers', () => {
    const feed = `<ul id="feed">${[1, 2, 3].map(() => `<li><a href="/x">headline</a>${S}</li>`).join('')}</ul>`;
    const { id, traced } = setup(`<div id="col"><div id="text"><p id="first">一，二，三，四。</p>${S}</div>${feed}</div>`);
    const ctx = traced();
    const out = descend(ctx, id('col'), 0.5, { anchor: id('first'), teaserListMinShare: 0.5 });
    expect(out).toEqual({ root: id('text'), teaserLists: [id('feed')] });
    expect(ctx.trace.decisions.find((d) => d.rule === '1.5-teaser-list')).toMatchObject({
      verdict: 'reject',
      numbers: { sentences: 3, parentSentences: 5, teaserShare: 1, minShare: 0.5 },
    });
    // Without the anchor the rule has nothing to keep: the faithful descent.
    expect(descend(ctx, id('col'), 0.5, { teaserListMinShare: 0.5 })).toEqual({ root: id('feed'), teaserLists: [] });
  });

  it('§1.5 an element without sentences stays where it is', () => {
    const { ctx, id } = setup('<div id="a"><div><p>no sentence</p></div></div>');
    expect(descend(ctx, id('a'), 0.5).root).toBe(id('a'));
  });

  it('§1.5 hidden children hold no sentences and are not descended into', () => {
    const { ctx, id } = setup(`<div id="body"><div hidden>${S}${S}${S}</div><div id="main">${S}${S}</div><div>${S}</div></div>`);
    expect(descend(ctx, id('body'), 0.5).root).toBe(id('main'));
  });

  it('§8.6 with tracing on, each step is recorded with its numbers', () => {
    const { id, traced } = setup(`<div id="body"><div id="main">${S}${S}${S}</div><div>${S}</div></div>`);
    const ctx = traced();
    descend(ctx, id('body'), 0.5);
    expect(ctx.trace.decisions.map((d) => [d.rule, d.verdict, d.numbers['parentSentences'], d.numbers['childSentences']])).toEqual([
      ['1.5-descend', 'keep', 4, 3],
      ['1.5-descend', 'choose', 3, 1],
    ]);
  });
});
