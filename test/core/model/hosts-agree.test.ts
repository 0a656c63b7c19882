/**
 * The page model is the same whichever host reads the page: parse5's tree turned into arrays with no DOM (the
 * dom engine, node/engines/parse5-model.ts) and the DOM walk (core/dom/dom-source.ts) over a document holding
 * that same tree (happy-dom, built from parse5's tree as the CLI built it before). Every array — tags, tree
 * links, attributes, flags, text and its offsets, blocks and statistics — must agree, on the repository's own
 * pages (golden fixtures, the hostile pages of the security tests, the CLI's pages). The real browser's walk
 * is compared with parse5 in test/e2e/model-hosts.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
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
