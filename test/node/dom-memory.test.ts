/**
 * Pages the core has read must not stay in memory once their windows are closed: the dom engine's worker
 * reads thousands of pages, each a happy-dom window of its own, and a page held by the core holds its
 * whole window with it. The DOM readers (dom-read.ts) remember the prototypes of the nodes they last read;
 * before a run let go of them at its end, the readers of the document (`body`, `URL`, `createElement`…)
 * each kept the document prototypes of the last four pages, and through them those pages' windows: the
 * worker grew by about 8 MB a page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { extract, systemClock } from '../../src/core/index.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { openPageDocument } from '../../src/node/engines/dom-document.ts';
import { ROOT } from '../cli/run-cli.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PAGES = ['test/fixtures/cli/en-article.html', 'samples/en-solar-library.html'].map((f) => readFileSync(join(ROOT, f), 'utf8'));

const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

describe('dom engine memory', () => {
  it('a page read and closed can be collected: the core keeps nothing of its window', async () => {
    const pageClasses: WeakRef<object>[] = [];
    for (let i = 0; i < 12; i++) {
      const opened = openPageDocument(PAGES[i % PAGES.length] as string, 'https://news.example.com/a.html');
      const article = extract(opened.doc, { probe: staticProbe, clock: systemClock }, { url: 'https://news.example.com/a.html' });
      expect(article.body.text.length).toBeGreaterThan(100);
      // happy-dom gives each window a document class of its own, which holds the window.
      pageClasses.push(new WeakRef(Object.getPrototypeOf(opened.doc) as object));
      await opened.close();
    }
    // A window's last references go away over a few turns after it is closed; a full collection then takes
    // it. happy-dom itself keeps the last window it closed, so the last page is not asked about.
    const earlier = pageClasses.slice(0, -1);
    for (let turn = 0; turn < 5 && earlier.some((d) => d.deref() !== undefined); turn++) {
      await nextTurn();
      gc();
    }
    expect(earlier.map((d) => d.deref() === undefined)).toEqual(earlier.map(() => true));
  });
});
