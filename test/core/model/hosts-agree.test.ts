/**
 * The page model is the same whichever host reads the page: parse5's tree turned into arrays with no DOM (the
 * dom engine, node/engines/parse5-model.ts) and the DOM walk (core/dom/dom-source.ts) over a document holding
 * that same tree (happy-dom, built from parse5's tree as the CLI built it before). Every array — tags, tree
 * links, attributes, flags, text and its offsets, blocks and statistics — must agree, on the repository's own
 * pages (golden fixtures, the hostile pages of the security tests, the CLI's pages). The real browser's walk
 * is compared with parse5 in test/e2e/model-hosts.test.ts.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import { parseHtmlInto } from '../../../src/node/engines/parse-html.ts';
import { buildModelFromHtml } from '../../../src/node/engines/parse5-model.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
const window = new Window({
  settings: { disableJavaScriptEvaluation: true, disableCSSFileLoading: true, disableJavaScriptFileLoading: true },
});
afterAll(() => window.happyDOM.close());

/** Every page.html of the golden fixtures, and the .html pages of xss/, clobber/ and cli/. */
function pages(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.html')) out.push(path);
    }
  };
  walk(FIXTURES);
  return out.map((p) => p.slice(FIXTURES.length + 1));
}

/** Everything the model holds, as plain data (typed arrays as lists). */
function contents(m: PageModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(m)) {
    if (key === 'tagUpper' || key === 'tagId') continue;
    out[key] = ArrayBuffer.isView(value) ? Array.from(value as Int32Array) : value;
  }
  // Tag ids are interned in the order names are met: compare the names.
  out['tags'] = Array.from(m.tagId, (id) => m.tagNames[id]);
  return out;
}

const OPTIONS = [resolveOptions({}), resolveOptions({ text: { extensions: { sentenceLines: false, latinSentence: false } } })];

describe('the page model: parse5 without a DOM, and the DOM walk over the same tree', () => {
  it.each(pages())('%s', (page) => {
    const html = readFileSync(join(FIXTURES, page), 'utf8');
    for (const opts of OPTIONS) {
      const url = 'https://site.example/news/page.html';
      const fromTree = buildModelFromHtml(html, opts, url).model;
      const doc = parseHtmlInto(html, window.document as unknown as Document);
      const fromDom = buildModelFromDom(doc, staticProbe, opts, { url });
      expect(contents(fromDom)).toEqual(contents(fromTree));
    }
  });

  it('covers pages enough to mean something', () => {
    expect(pages().length).toBeGreaterThan(80);
  });
});
