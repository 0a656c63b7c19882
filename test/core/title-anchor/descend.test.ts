import { afterAll, describe, expect, it } from 'vitest';
import type { PageModel } from '../../../src/core/dom/page-model.ts';
import { buildPageModel } from '../../../src/core/dom/page-model.ts';
import { faithfulOptions } from '../../helpers/options.ts';
import { descend, lowestCommonAncestor } from '../../../src/core/title-anchor/descend.ts';
import { Trace } from '../../../src/core/trace.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const S = '<p>一，二，三，四。</p>';

describe.each(DOM_KINDS)('lowestCommonAncestor and descend (%s)', (kind) => {
  const setup = (body: string): { doc: Document; model: PageModel; id: (id: string) => Element } => {
    const doc = parseWith(kind, `<html><head></head><body>${body}</body></html>`);
    return { doc, model: buildPageModel(doc, staticProbe, faithfulOptions({})), id: (id) => doc.getElementById(id)! };
  };
  const noTrace = (): Trace => new Trace(false, () => 0, 0);

  it('§1.5 the LCA of two elements in different branches', () => {
    const { id } = setup('<div id="lca"><h1 id="t">T</h1><div><div><p id="s">x</p></div></div></div>');
    expect(lowestCommonAncestor(id('t'), id('s'))).toBe(id('lca'));
  });

  it('§1.5 the LCA of an element and its descendant is the element itself', () => {
    const { id } = setup('<div id="a"><p id="s">x</p></div>');
    expect(lowestCommonAncestor(id('a'), id('s'))).toBe(id('a'));
    expect(lowestCommonAncestor(id('s'), id('s'))).toBe(id('s'));
  });

  it('§1.5 descends while the child keeps more than half the sentences and stops at the element holding most', () => {
    const { model, id } = setup(
      `<div id="lca"><h1>Title</h1><div id="body"><div id="main">${S}${S}${S}</div><div id="side">${S}</div></div></div>`,
    );
    // lca 4 → body 4 (> 2) → main 3 (> 2) → each <p> 1 (not > 1.5): stop at main.
    expect(descend(id('lca'), model, 0.5, noTrace()).root).toBe(id('main'));
  });

  it('§1.5 a child with exactly half the sentences does not keep enough: stop at the parent', () => {
    const { model, id } = setup(
      `<div id="lca"><h1>Title</h1><div id="body"><div id="main">${S}${S}</div><div id="side">${S}${S}</div></div></div>`,
    );
    expect(descend(id('lca'), model, 0.5, noTrace()).root).toBe(id('body'));
  });

  it('§1.5 the keep ratio is read from the caller (descendKeepRatio)', () => {
    const { model, id } = setup(`<div id="body"><div id="main">${S}${S}${S}</div><div id="side">${S}</div></div>`);
    expect(descend(id('body'), model, 0.5, noTrace()).root).toBe(id('main'));
    expect(descend(id('body'), model, 0.8, noTrace()).root).toBe(id('body'));
  });

  describe('§1.5 ext paragraphRun', () => {
    /** One paragraph passes the sentence test; its siblings (two commas or fewer) do not. */
    const SHORT = '<p>第二段只有两个，逗号，没有更多。</p>';
    const RUN = `<div id="lca"><h1>Title</h1><div id="text">${SHORT}<p id="one">一，二，三，四。</p>${SHORT}${SHORT}</div></div>`;

    it('faithful: the descent narrows the body to the one paragraph that is a sentence', () => {
      const { model, id } = setup(RUN);
      expect(descend(id('lca'), model, 0.5, noTrace()).root).toBe(id('one'));
    });

    it('with it the run of paragraphs is the body: a paragraph is not a container', () => {
      const { model, id } = setup(RUN);
      const trace = new Trace(true, () => 0, 100);
      expect(descend(id('lca'), model, 0.5, trace, { paragraphRunMinShare: 0.5 }).root).toBe(id('text'));
      expect(trace.decisions.at(-1)?.note).toBe(
        'the heaviest child is one paragraph of a run of paragraphs that holds most of the text here: body root',
      );
    });

    it('a paragraph among other content (less than paragraphRunMinShare of the text in paragraphs) is entered', () => {
      const side = `<div>${'<span>menu item</span> '.repeat(40)}</div>`;
      const { model, id } = setup(`<div id="lca"><h1>Title</h1><div id="mixed">${side}<p id="one">一，二，三，四。</p></div></div>`);
      expect(descend(id('lca'), model, 0.5, noTrace(), { paragraphRunMinShare: 0.5 }).root).toBe(id('one'));
    });
  });

  describe('§1.5 ext sentenceLines', () => {
    /** An old-style article: one block whose paragraphs are separated by <br><br>. */
    const BR_ARTICLE = `${'一，二，三，四。<br><br>'.repeat(5)}五，六，七，八。`;
    const page = `<div id="page"><div id="side">${S}${S}</div><div id="right"><div id="article">${BR_ARTICLE}</div><div id="comments">${S}</div></div></div>`;
    const lines = (body: string): { model: PageModel; id: (id: string) => Element } => {
      const doc = parseWith(kind, `<html><head></head><body>${body}</body></html>`);
      const opts = faithfulOptions({ text: { extensions: { sentenceLines: true } } });
      return { model: buildPageModel(doc, staticProbe, opts), id: (x) => doc.getElementById(x)! };
    };

    it('faithful: the one-block article weighs 1 and the descent stops above it, sidebar included', () => {
      const { model, id } = setup(page);
      // page 4 → side 2 (not > 2), right 2: stop at page.
      expect(descend(id('page'), model, 0.5, noTrace()).root).toBe(id('page'));
    });

    it('with sentence lines the article weighs 6 and the descent reaches it', () => {
      const { model, id } = lines(page);
      // page 9 → right 7 (> 4.5) → article 6 (> 3.5): a one-block <div>, not a <p>, so it is entered.
      expect(descend(id('page'), model, 0.5, noTrace()).root).toBe(id('article'));
    });

    it("a one-block <p> holding only part of its parent's sentences is not entered (a paragraph is not a container)", () => {
      const { model, id } = lines(`<div id="body"><p>${'一，二，三，四。<br>'.repeat(3)}</p>${S}</div>`);
      // body 4 → the <p> holds 3 (> 2) but is one paragraph among others: stop at body.
      expect(descend(id('body'), model, 0.5, noTrace()).root).toBe(id('body'));
    });

    it('a one-block <td> (a forum post above short replies) is entered', () => {
      const { model, id } = lines(
        `<table id="t"><tr><td id="post">${'一，二，三，四。<br>'.repeat(4)}</td></tr><tr><td>${S}</td></tr></table>`,
      );
      expect(descend(id('t'), model, 0.5, noTrace()).root).toBe(id('post'));
    });
  });

  it('§1.5 ext descentKeepsAnchor: the descent does not leave the first sentence behind', () => {
    // A lead paragraph, then the rest of the story in a "read more" box with most of the sentences.
    const { model, id } = setup(
      `<div id="story"><h1>Title</h1><div id="lead"><p id="first">一，二，三，四。</p></div><div id="more">${S}${S}${S}</div></div>`,
    );
    // Faithful: story 4 → more 3 (> 2) → each <p> 1: stop at more, without the lead.
    expect(descend(id('story'), model, 0.5, noTrace()).root).toBe(id('more'));
    expect(descend(id('story'), model, 0.5, noTrace(), { anchor: id('first') }).root).toBe(id('story'));
  });

  it('§1.5 ext descentKeepsAnchor: a child that holds the first sentence is entered as before', () => {
    const { model, id } = setup(
      `<div id="lca"><h1>Title</h1><div id="body"><div id="main"><p id="first">一，二，三，四。</p>${S}${S}</div><div id="side">${S}</div></div></div>`,
    );
    expect(descend(id('lca'), model, 0.5, noTrace(), { anchor: id('first') }).root).toBe(id('main'));
  });

  it('§1.5 ext descentKeepsAnchor: the trace says why the descent stopped', () => {
    const { model, id } = setup(
      `<div id="story"><div id="lead"><p id="first">一，二，三，四。</p></div><div id="more">${S}${S}${S}</div></div>`,
    );
    const trace = new Trace(true, () => 0, 100);
    descend(id('story'), model, 0.5, trace, { anchor: id('first') });
    expect(trace.decisions.at(-1)).toMatchObject({
      rule: '1.5-descend',
      verdict: 'choose',
      numbers: { parentSentences: 4, childSentences: 3 },
      note: 'the heaviest child leaves the first sentence behind: body root',
    });
  });

  it('§1.5 ext skipTeaserLists: the trace names the teaser list with its numbers', () => {
    const feed = `<ul id="feed">${[1, 2, 3].map(() => `<li><a href="/x">headline</a>${S}</li>`).join('')}</ul>`;
    const { model, id } = setup(`<div id="col"><div id="text"><p id="first">一，二，三，四。</p>${S}</div>${feed}</div>`);
    const trace = new Trace(true, () => 0, 100);
    const out = descend(id('col'), model, 0.5, trace, { anchor: id('first'), teaserListMinShare: 0.5 });
    expect(out).toEqual({ root: id('text'), teaserLists: [id('feed')] });
    expect(trace.decisions.find((d) => d.rule === '1.5-teaser-list')).toMatchObject({
      verdict: 'reject',
      numbers: { sentences: 3, parentSentences: 5, teaserShare: 1, minShare: 0.5 },
    });
    // Without the anchor the rule has nothing to keep: the faithful descent.
    expect(descend(id('col'), model, 0.5, noTrace(), { teaserListMinShare: 0.5 })).toEqual({ root: id('feed'), teaserLists: [] });
  });

  it('§1.5 an element without sentences stays where it is', () => {
    const { model, id } = setup('<div id="a"><div><p>no sentence</p></div></div>');
    expect(descend(id('a'), model, 0.5, noTrace()).root).toBe(id('a'));
  });

  it('§1.5 hidden children hold no sentences and are not descended into', () => {
    const { model, id } = setup(`<div id="body"><div hidden>${S}${S}${S}</div><div id="main">${S}${S}</div><div>${S}</div></div>`);
    expect(descend(id('body'), model, 0.5, noTrace()).root).toBe(id('main'));
  });

  it('§8.6 with tracing on, each step is recorded with its numbers', () => {
    const { model, id } = setup(`<div id="body"><div id="main">${S}${S}${S}</div><div>${S}</div></div>`);
    const trace = new Trace(true, () => 0, 100);
    descend(id('body'), model, 0.5, trace);
    expect(trace.decisions.map((d) => [d.rule, d.verdict, d.numbers['parentSentences'], d.numbers['childSentences']])).toEqual([
      ['1.5-descend', 'keep', 4, 3],
      ['1.5-descend', 'choose', 3, 1],
    ]);
  });
});
