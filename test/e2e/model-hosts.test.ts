/**
 * The page model is the same whichever host reads the page, the real browser included: parse5's tree turned
 * into arrays with no DOM (the dom engine, node/engines/parse5-model.ts) and the DOM walk
 * (core/dom/dom-source.ts) over the document Debian's Chromium parsed from the same bytes. Every array —
 * tags, tree links, attributes, flags, text and its offsets, blocks and statistics — must agree, on the
 * repository's own pages, under the option sets of test/core/model/hosts-agree.test.ts (which holds parse5
 * to the walk over happy-dom, a document built from parse5's own tree: only here does a browser's parser
 * build the tree).
 *
 * Both sides read layout with the static probe (hidden by attribute and inline style, block-level by tag
 * name): the live probe's computed style would make the flags differ by design. The pages are served as the
 * chromium engine serves them (its page server: UTF-8, a CSP that lets none of the page's scripts run, so the
 * parser runs with scripting on, as parse5 does here, and no script changes the tree; every request off the
 * server aborted, every navigation away refused); the walk is evaluated through the DevTools protocol, which
 * the CSP does not stop and which adds nothing to the document.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/core/options.ts';
import { CHROMIUM_ARGS, expectedNavigations, routeLocalOnly } from '../../src/node/engines/chromium-engine.ts';
import type { ExpectedNavigations } from '../../src/node/engines/chromium-engine.ts';
import { chromiumPath } from '../../src/node/engines/engine.ts';
import { startPageServer } from '../../src/node/engines/page-server.ts';
import type { PageServer } from '../../src/node/engines/page-server.ts';
import { buildModelFromHtml } from '../../src/node/engines/parse5-model.ts';
import { MODEL_OPTION_SETS, MODEL_PAGE_URL, modelContents } from '../helpers/model-contents.ts';
import { MODEL_FIXTURES, modelPages } from '../helpers/model-pages.ts';
import type * as ModelEntry from './support/model-entry.ts';

/** The global esbuild's bundle of support/model-entry.ts puts the entry's exports on. */
const GLOBAL = '__articleLensModels';

/**
 * Pages written for this test, on the corners of tree construction where a parser is most likely to part
 * from the standard or from another: nesting past Chromium's cap (parse5-model.ts and cap-nesting.ts copy
 * it), template contents, foster parenting and misnested tags, foreign content, noscript with scripting on,
 * prefixed tag names and odd attributes, NUL and CR, a frameset.
 */
const deep = (levels: number, open: (i: number) => string, close: (i: number) => string): string =>
  Array.from({ length: levels }, (_, i) => open(i)).join('') + Array.from({ length: levels }, (_, i) => close(levels - 1 - i)).join('');
const CORNERS: Readonly<Record<string, string>> = {
  // parse5 7 keeps a plain <template>; the dom engine reads it as Chromium attaches it (declarative-shadow.ts).
  'declarative shadow root':
    '<!doctype html><body><div>\n<template shadowrootmode="open"><p>shadow</p></template>\n<p>light</p></div></body>',
  'nesting past the cap': `<!doctype html><body>${deep(
    600,
    () => '<div>x',
    () => '</div>',
  )}<p>after</p></body>`,
  'nesting past the cap, inline children': `<!doctype html><body>${deep(
    520,
    () => '<div><span>a</span>b',
    () => '</div>',
  )}<p>after</p></body>`,
  'nesting past the cap, text after children and comments': `<!doctype html><body>${deep(
    530,
    (i) => `<div id="d${i}">text ${i}<b>b${i}</b>${i % 3 ? '' : `<!--c${i}-->`}`,
    (i) => `tail ${i}</div>`,
  )}<p>after</p></body>`,
  'nesting past the cap, a comment between texts': `<!doctype html><body>${deep(
    512,
    () => '<div>',
    () => '</div>',
  )}<p>a<!--c-->b</p><p>c<!--d-->d<i>e</i></p></body>`,
  template: '<!doctype html><body><template><p>inside</p><img src="x"></template><p>outside</p></body>',
  'tables and misnesting': '<!doctype html><body><table><tr><td>a</td>stray<div>fostered</div></tr></table><b><p>mis</b>nested</p></body>',
  'foreign content':
    '<!doctype html><body><svg viewBox="0 0 1 1"><linearGradient/><foreignObject><p>fo</p></foreignObject><image href="x"/></svg>' +
    '<math><mi>x</mi><annotation-xml encoding="text/html"><p>m</p></annotation-xml></math><image src="y"></body>',
  noscript:
    '<!doctype html><head><noscript><style>p{}</style><p>in head</p></noscript></head><body><noscript><p>in body</p></noscript></body>',
  'names and attributes':
    '<!doctype html><body><atom:link href="x"></atom:link><sohu_cms_include:a>t</sohu_cms_include:a><p A="1" a="2" B="3" x:y="4">x</p></body>',
  'NUL and CR': '<!doctype html><body><p>a\u0000b\r\nc\rd</p><pre>\n\nfirst line</pre></body>',
  frameset: '<!doctype html><frameset><frame src="a"></frameset>',
};

/**
 * Pages on which Chromium's parse is not parse5's, with the reason: each must still differ (when one agrees,
 * after an upgrade of either, it moves to `CORNERS`). None of the repository's pages is among them.
 */
const PARSERS_DIFFER: Readonly<Record<string, readonly [reason: string, html: string]>> = {
  'elements in a <select>': [
    "Chromium's parser keeps them (the customizable <select> of the current standard); parse5 7 drops the tags",
    '<!doctype html><body><select><option>a</option><div>in div</div><button>b</button></select><p>x</p></body>',
  ],
  '<selectedcontent>': [
    'the same: parse5 7 drops the <button> and <selectedcontent> of a customizable <select>',
    '<!doctype html><body><select><button><selectedcontent></selectedcontent></button><option>one</option></select></body>',
  ],
  'a text node over 65 536 characters': [
    "Chromium's parser splits long text into several text nodes (a speed-up outside the standard), which the walk reads as they are",
    `<!doctype html><body><p>${'word '.repeat(14_000)}</p></body>`,
  ],
};

let script = '';
let server: PageServer | null = null;
let browser: Browser | null = null;
let tab: Page | null = null;
let navigations: ExpectedNavigations | null = null;

beforeAll(async () => {
  const bundled = await build({
    entryPoints: [join(import.meta.dirname, 'support/model-entry.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    globalName: GLOBAL,
    target: 'chrome120',
    logLevel: 'warning',
  });
  script = bundled.outputFiles[0]?.text ?? '';
  server = await startPageServer();
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ javaScriptEnabled: true, serviceWorkers: 'block' });
  const gate = expectedNavigations();
  navigations = gate;
  const pages = server;
  await context.route('**/*', (route) => routeLocalOnly(route, pages, gate));
  tab = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The models Chromium's DOM walk builds of `html`, under each of `MODEL_OPTION_SETS`. */
async function modelsInChromium(html: string): Promise<Record<string, unknown>[]> {
  if (!server || !tab || !navigations) throw new Error('no browser');
  const served = server.add(html);
  try {
    navigations.expect(tab.mainFrame(), served.url);
    await tab.goto(served.url, { waitUntil: 'domcontentloaded' });
    await tab.evaluate(script);
    return await tab.evaluate((name) => (globalThis as unknown as Record<string, typeof ModelEntry>)[name]!.models(), GLOBAL);
  } finally {
    served.remove();
  }
}

/** parse5's models of `html`, under each of `MODEL_OPTION_SETS`. */
const modelsFromTree = (html: string): Record<string, unknown>[] =>
  MODEL_OPTION_SETS.map((partial) => modelContents(buildModelFromHtml(html, resolveOptions(partial), MODEL_PAGE_URL).model));

describe("the page model: parse5 without a DOM, and the DOM walk over Chromium's parse of the same bytes", () => {
  it.each(modelPages())('%s', async (page) => {
    const html = readFileSync(join(MODEL_FIXTURES, page), 'utf8');
    expect(await modelsInChromium(html)).toEqual(modelsFromTree(html));
  });

  it.each(Object.keys(CORNERS))('%s', async (name) => {
    const html = CORNERS[name] as string;
    expect(await modelsInChromium(html)).toEqual(modelsFromTree(html));
  });

  it.each(Object.entries(PARSERS_DIFFER).map(([name, [reason, html]]) => ({ name, reason, html })))(
    'the parsers differ: $name ($reason)',
    async ({ html }) => {
      expect(await modelsInChromium(html)).not.toEqual(modelsFromTree(html));
    },
  );

  it('covers pages enough to mean something', () => {
    expect(modelPages().length).toBeGreaterThan(80);
  });
});
