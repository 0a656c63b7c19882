/**
 * The page model is the same whichever host reads the page: parse5's tree turned into arrays with no DOM (the
 * dom engine, node/engines/parse5-model.ts) and the DOM walk (core/dom/dom-source.ts) over a document holding
 * that same tree (happy-dom, built from parse5's tree as the CLI built it before). Every array — tags, tree
 * links, attributes, flags, text and its offsets, blocks and statistics — must agree, on the repository's own
 * pages (golden fixtures, the hostile pages of the security tests, the CLI's pages). The real browser's walk
 * is compared with parse5 in test/e2e/model-hosts.test.ts (same pages, same arrays).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
import { findElements, resolveRef } from '../../../src/core/dom/element-lookup.ts';
import { CssPaths, nodeRef } from '../../../src/core/model/node-ref.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import { parseHtmlInto } from '../../../src/node/engines/parse-html.ts';
import { buildModelFromHtml } from '../../../src/node/engines/parse5-model.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { MODEL_OPTION_SETS, MODEL_PAGE_URL, modelContents } from '../../helpers/model-contents.ts';
import { MODEL_FIXTURES, modelPages } from '../../helpers/model-pages.ts';

const window = new Window({
  settings: { disableJavaScriptEvaluation: true, disableCSSFileLoading: true, disableJavaScriptFileLoading: true },
});
afterAll(() => window.happyDOM.close());

const OPTIONS = MODEL_OPTION_SETS.map((partial) => resolveOptions(partial));

describe('the page model: parse5 without a DOM, and the DOM walk over the same tree', () => {
  it.each(modelPages())('%s', (page) => {
    const html = readFileSync(join(MODEL_FIXTURES, page), 'utf8');
    for (const opts of OPTIONS) {
      const fromTree = buildModelFromHtml(html, opts, MODEL_PAGE_URL).model;
      const doc = parseHtmlInto(html, window.document as unknown as Document);
      const fromDom = buildModelFromDom(doc, staticProbe, opts, { url: MODEL_PAGE_URL });
      expect(modelContents(fromDom)).toEqual(modelContents(fromTree));
    }
  });

  it('covers pages enough to mean something', () => {
    expect(modelPages().length).toBeGreaterThan(80);
  });
});

/**
 * Declarative shadow roots (issue 40, 11c): a browser's parser attaches `<template shadowrootmode>`'s content
 * as its parent's shadow root, and the live walk reads an open one (core/dom/cursor.ts); parse5 keeps a plain
 * template, which the dom engine's model reads the browser's way (node/engines/declarative-shadow.ts).
 * happy-dom is built from parse5's tree with the roots attached, as Chromium has them.
 */
describe('declarative shadow roots: both hosts read an open one as the browser has it', () => {
  const story = (n: number): string =>
    `<p>Paragraph ${n} of the story that lives in the shadow root, long enough to be read as a sentence of the article.</p>`;
  const PAGES: Record<string, { html: string; read: readonly string[]; unread: readonly string[] }> = {
    'an article in a custom element': {
      html: `<!doctype html><html><head><title>Shadow story</title></head><body><nav><a href="/">Home</a></nav>
<x-story><template shadowrootmode="open"><article><h1>Shadow story</h1>${story(1)}<slot></slot>${story(2)}</article></template><p>Light child after the root.</p></x-story>
<footer>Footer</footer></body></html>`,
      read: ['Paragraph 1 of the story', 'Paragraph 2 of the story', 'Light child after the root.', 'Footer'],
      unread: [],
    },
    'nested roots, a closed one, an invalid host and a second template': {
      html: `<!doctype html><html><head><title>t</title></head><body>
<div id="outer"><template shadowrootmode="OPEN"><section><span-box><template shadowrootmode="open"><p>Inner root text.</p></template></span-box></section></template>
<template shadowrootmode="open"><p>Second template, a plain one.</p></template></div>
<div><template shadowrootmode="closed"><p>Closed root text.</p></template><p>After the closed root.</p></div>
<table><tr><td><template shadowrootmode="open"><p>Not a valid host.</p></template></td></tr></table>
<div><template shadowrootmode="sideways"><p>No mode.</p></template></div></body></html>`,
      read: ['Inner root text.', 'After the closed root.'],
      unread: ['Second template, a plain one.', 'Closed root text.', 'Not a valid host.', 'No mode.'],
    },
  };

  it.each(Object.keys(PAGES))('%s', (name) => {
    const { html, read, unread } = PAGES[name] as (typeof PAGES)[string];
    const opts = resolveOptions({});
    const url = 'https://site.example/news/page.html';
    const fromTree = buildModelFromHtml(html, opts, url).model;
    const doc = parseHtmlInto(html, window.document as unknown as Document);
    const fromDom = buildModelFromDom(doc, staticProbe, opts, { url });
    expect(modelContents(fromDom)).toEqual(modelContents(fromTree));
    const text = fromTree.blocks.map((b) => b.text).join('\n');
    for (const t of read) expect(text).toContain(t);
    for (const t of unread) expect(text).not.toContain(t);
    // The overlay finds each element again by its ordinal: the same walk, into the same roots.
    const all = Array.from({ length: fromDom.size }, (_, i) => i);
    const found = findElements(doc, all);
    expect(all.map((o) => found.get(o)?.localName)).toEqual(all.map((o) => fromDom.localName(o)));
    // …and keeps it when its CSS path, written through the shadow host, is checked.
    const paths = new CssPaths(fromDom);
    for (const o of all) expect(resolveRef(doc, nodeRef(paths, fromDom, o), found), `element ${o}`).toBe(found.get(o));
  });
});
