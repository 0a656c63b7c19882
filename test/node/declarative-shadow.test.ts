/**
 * An article inside a declarative shadow root (issue 40, 11c) gave "no article": parse5 keeps
 * `<template shadowrootmode="open">` as a plain template, whose content the page model left out, while a
 * browser attaches it as its parent's shadow root and draws it. The dom engine (parse5's tree) and the core
 * over a DOM (happy-dom built from parse5's tree with the roots attached, as the live page has them) now
 * both read it.
 */
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import { extract, resolveOptions } from '../../src/core/index.ts';
import { extractInDom } from '../../src/node/engines/dom-extract.ts';
import { parseHtmlInto } from '../../src/node/engines/parse-html.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { STORY_PARAGRAPHS, STORY_TITLE, STORY_URL } from '../helpers/story.ts';

const window = new Window({ settings: { disableJavaScriptEvaluation: true } });
afterAll(() => window.happyDOM.close());

const URL = STORY_URL;
const TITLE = STORY_TITLE;
const STORY = STORY_PARAGRAPHS;
const PAGE = `<!doctype html><html lang="en"><head><title>${TITLE} | Example News</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a></nav>
<news-story><template shadowrootmode="open"><article><h1>${TITLE}</h1>
${STORY.map((p) => `<p>${p}</p>`).join('\n')}
</article></template></news-story>
<footer><p>Copyright Example News.</p></footer></body></html>`;

function expectStory(a: Article): void {
  expect(a.title).toBe(TITLE);
  for (const p of STORY) expect(a.body.text).toContain(p);
  expect(a.body.text).not.toContain('Copyright');
}

describe('an article in a declarative shadow root', () => {
  it('the dom engine extracts it', async () => {
    const { article } = await extractInDom({ html: PAGE, url: URL, linkTitle: null }, {});
    expectStory(article);
  });

  it('the core over a DOM with the root attached extracts it', () => {
    const doc = parseHtmlInto(PAGE, window.document as unknown as Document);
    const env = { probe: staticProbe, clock: { now: () => new Date('2024-06-01T00:00:00Z') }, timer: () => 0 };
    expectStory(extract(doc, env, { url: URL }, resolveOptions({})));
  });
});
