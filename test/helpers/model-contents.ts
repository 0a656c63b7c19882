/**
 * What the hosts-agree tests compare: the page model as plain data, under the option sets they read pages
 * with, on the repository's own pages. Shared by test/core/model/hosts-agree.test.ts (parse5 against the DOM
 * walk over happy-dom) and test/e2e/model-hosts.test.ts (parse5 against the DOM walk in Chromium, where this
 * file is bundled into the page's script too, so it imports nothing of Node): both hosts of a test must read
 * alike and be compared alike.
 */
import type { PageModel } from '../../src/core/model/page-model.ts';
import type { PartialOptions } from '../../src/core/options.ts';

/** The option sets a page is read with: the defaults, and the text extensions off (other text blocks). */
export const MODEL_OPTION_SETS: readonly PartialOptions[] = [{}, { text: { extensions: { sentenceLines: false, latinSentence: false } } }];

/** The URL the pages are read under, on every host. */
export const MODEL_PAGE_URL = 'https://site.example/news/page.html';

/** Everything the model holds, as plain data (typed arrays as lists). */
export function modelContents(m: PageModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(m)) {
    if (key === 'tagUpper' || key === 'tagId') continue;
    out[key] = ArrayBuffer.isView(value) ? Array.from(value as Int32Array) : value;
  }
  // Tag ids are interned in the order names are met: compare the names.
  out['tags'] = Array.from(m.tagId, (id) => m.tagNames[id]);
  return out;
}
