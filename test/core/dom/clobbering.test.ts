/**
 * DOM clobbering (issue 16, "a page can hang the tab"): a form's named controls and a document's named
 * elements shadow the DOM's own properties, so a core that reads `el.parentElement` or `doc.body` loops
 * forever or throws on such a page. happy-dom and linkedom do not implement named properties, so they are
 * emulated here (test/helpers/clobber.ts); the same pages run in Chromium in test/cli/cli-clobber.test.ts
 * and test/e2e/clobber.test.ts. Expected: the article of the unclobbered page, exactly, with no exception.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Article, Clock, ExtractEnv } from '../../../src/core/index.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import {
  CLOBBER_ARTICLE,
  CLOBBER_PAGES,
  ELEMENT_NAMES,
  emulateClobbering,
  pageWithOneInput,
  readClobberPage,
} from '../../helpers/clobber.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../../helpers/dom.ts';

afterAll(closeWindows);

const CLOCK: Clock = { now: () => new Date('2021-06-01T00:00:00Z') };
const ENV: ExtractEnv = { probe: staticProbe, clock: CLOCK, timer: () => 0 };
const URL = 'https://bayherald.example/news/2021/03/ferry.html';
/** An extraction of this small page takes milliseconds; a loop bound that fired would take far longer. */
const BOUNDED_MS = 5_000;

/** The article without its timings (which differ from run to run). */
function comparable(a: Article): Omit<Article, 'timings'> {
  const { timings, ...rest } = a;
  void timings;
  return rest;
}

function expectTheArticle(a: Article): void {
  expect(a.title).toBe(CLOBBER_ARTICLE.title);
  expect(a.author).toBe(CLOBBER_ARTICLE.author);
  expect(a.publishedTime.iso?.slice(0, 10)).toBe(CLOBBER_ARTICLE.day);
  const lines = a.body.text.split('\n');
  for (const p of CLOBBER_ARTICLE.paragraphs) expect(lines).toContain(p);
  expect(a.body.text).not.toMatch(/More from the harbour|Subscribe|Bay Herald/);
}

describe.each(DOM_KINDS)('the emulation of named properties (%s)', (kind) => {
  it('makes form.parentElement the control and document.body the <img> (so the tests below can fail)', () => {
    const doc = parseWith(kind, readClobberPage('form-wraps-page.html'));
    const form = doc.querySelector('form') as HTMLFormElement;
    expect(emulateClobbering(doc)).toBeGreaterThan(0);
    expect((form.textContent as unknown as Element).localName).toBe('input');
    expect((form.getAttribute as unknown as Element).localName).toBe('input');
    if (kind === 'happy-dom') expect((form.parentElement as Element).localName).toBe('input');
    const named = parseWith(kind, readClobberPage('document-names.html'));
    emulateClobbering(named);
    expect((named.body as Element).localName).toBe('img');
    expect((named.querySelectorAll as unknown as Element).localName).toBe('img');
  });
});

describe.each(DOM_KINDS)('extraction on a clobbering page (%s)', (kind) => {
  const reference = comparable(extract(parseWith(kind, readClobberPage('clean.html')), ENV, { url: URL }));

  it('the unclobbered page gives the article', () => {
    expectTheArticle(reference as Article);
  });

  for (const name of CLOBBER_PAGES) {
    it(`${name}: the same article as the clean page, no exception, bounded time`, () => {
      const doc = parseWith(kind, readClobberPage(name));
      expect(emulateClobbering(doc)).toBeGreaterThan(0);
      const start = performance.now();
      const a = extract(doc, ENV, { url: URL }, { trace: { enabled: true } });
      expect(performance.now() - start).toBeLessThan(BOUNDED_MS);
      expectTheArticle(a);
      // The same body, images and anchors as the page without the controls (paths differ: the form is a level).
      const clean = extract(parseWith(kind, readClobberPage(name)), ENV, { url: URL }, { trace: { enabled: true } });
      expect(comparable(a)).toEqual(comparable(clean));
    });
  }

  it.each(ELEMENT_NAMES)('one hidden input named %s in the form around the article changes nothing', (name) => {
    const html = pageWithOneInput(name);
    const clean = comparable(extract(parseWith(kind, html), ENV, { url: URL }));
    const doc = parseWith(kind, html);
    emulateClobbering(doc);
    const start = performance.now();
    const a = extract(doc, ENV, { url: URL });
    expect(performance.now() - start).toBeLessThan(BOUNDED_MS);
    expect(comparable(a)).toEqual(clean);
    expectTheArticle(a);
  });
});
