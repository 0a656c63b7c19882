/**
 * The dom engine's bounded `Event.composedPath` (src/node/engines/bounded-event-path.ts): the same path as
 * happy-dom's own on ordinary trees (bubbling, shadow roots composed or not, `load` and the other events
 * at the document), and a finite one on the page that made happy-dom's loop for ever — an element with
 * id "parentNode", which happy-dom's window returns for `window.parentNode` (the clobbering fuzz found it:
 * the dom engine's process was aborted by V8 after 20 s). Then the engine itself over pages with an
 * element id'd or named after each DOM property the fuzz uses.
 */
import { Event as HappyEvent, Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { installBoundedEventPath } from '../../src/node/engines/bounded-event-path.ts';
import { createDomEngine } from '../../src/node/engines/dom-engine.ts';
import { extractInDom } from '../../src/node/engines/dom-extract.ts';
import { CLOBBERING_NAMES } from '../fuzz/html-arbitrary.ts';

type Path = () => unknown[];
const happyDomComposedPath = (HappyEvent.prototype as unknown as { composedPath: Path }).composedPath;
const installed = installBoundedEventPath();

const window = new Window({ url: 'http://article-lens.invalid/', settings: { disableJavaScriptEvaluation: true } });
afterAll(() => window.happyDOM.close());
const document = window.document;

interface EventTargetLike {
  dispatchEvent(e: unknown): boolean;
  addEventListener(t: string, f: (e: HappyEvent) => void): void;
  removeEventListener(t: string, f: (e: HappyEvent) => void): void;
}

/** Dispatches `type` at `target` and returns the path a listener saw, ours and happy-dom's, as node names. */
function paths(
  target: EventTargetLike,
  type: string,
  init: { bubbles?: boolean; composed?: boolean } = {},
): { ours: string[]; theirs: string[] } {
  let ours: unknown[] = [];
  let theirs: unknown[] = [];
  const listener = (e: HappyEvent): void => {
    ours = e.composedPath();
    theirs = happyDomComposedPath.call(e);
  };
  // Removed at once: happy-dom's own path must not meet the id="parentNode" page of the last test.
  target.addEventListener(type, listener);
  target.dispatchEvent(new window.Event(type, init));
  target.removeEventListener(type, listener);
  const name = (t: unknown): string => (t === window ? 'window' : ((t as { nodeName?: string }).nodeName ?? '?'));
  return { ours: ours.map(name), theirs: theirs.map(name) };
}

describe('bounded Event.composedPath', () => {
  it('is installed (happy-dom internals where this version expects them)', () => {
    expect(installed).toBe(true);
  });

  it("gives happy-dom's path on ordinary trees", () => {
    document.body.innerHTML = '<main><article><p><b id="deep">x</b></p></article></main><div id="host"></div>';
    const deep = document.getElementById('deep') as unknown as EventTargetLike;
    const bubbling = paths(deep, 'click', { bubbles: true });
    expect(bubbling.ours).toEqual(['B', 'P', 'ARTICLE', 'MAIN', 'BODY', 'HTML', '#document', 'window']);
    expect(bubbling.ours).toEqual(bubbling.theirs);

    const host = document.getElementById('host') as unknown as HTMLElement;
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<span id="inner">y</span>';
    const inner = root.getElementById('inner') as unknown as EventTargetLike;
    for (const composed of [true, false]) {
      const p = paths(inner, `ping-${composed}`, { bubbles: true, composed });
      expect(p.ours).toEqual(p.theirs);
      // a composed event leaves the shadow root for its host and goes on to the window; the other stops at the root
      expect(p.ours.includes('DIV')).toBe(composed);
      expect(p.ours.at(-1) === 'window').toBe(composed);
    }

    const d = document as unknown as EventTargetLike;
    for (const type of ['load', 'readystatechange']) {
      const p = paths(d, type);
      expect(p.ours).toEqual(p.theirs);
    }
  });

  it('ends at the window when the window answers `parentNode` with an element (id="parentNode")', () => {
    document.body.innerHTML = '<form id="f"><button name="parentNode" id="parentNode"></button><p id="t">x</p></form>';
    expect(String((window as unknown as Record<string, unknown>)['parentNode'])).toContain('<button');
    const t = document.getElementById('t') as unknown as EventTargetLike;
    let seen: unknown[] = [];
    t.addEventListener('readystatechange', (e) => (seen = e.composedPath()));
    t.dispatchEvent(new window.Event('readystatechange', { bubbles: true }));
    expect(seen.length).toBe(6); // P FORM BODY HTML #document window — and nothing after it
    expect(seen.at(-1)).toBe(window);
  });
});

describe("the dom engine over pages with an element id'd or named after a DOM property", () => {
  const page = (name: string): string =>
    `<!doctype html><html><head><title>River wall holds</title></head><body><h1>River wall holds</h1>` +
    `<p id="${name}">The river wall, which was finished last spring, held after a week of rain, the council said.</p>` +
    `<img name="${name}" src="a.jpg"><form name="${name}"><input name="q"></form>` +
    `<p>Engineers, who checked it on Monday, found no cracks, and the road along it reopened.</p></body></html>`;

  it('in process: the page that aborted the process is extracted', async () => {
    const { article } = await extractInDom({ html: page('parentNode'), url: null, linkTitle: null }, {});
    expect(article.title).toBe('River wall holds');
    expect(article.body.text).toContain('Engineers, who checked it on Monday');
  });

  it(`in the worker engine, ${CLOBBERING_NAMES.length} names: every page extracted within the time limit`, async () => {
    const engine = createDomEngine({ timeLimitMs: 10_000 });
    try {
      const failed: string[] = [];
      for (const name of CLOBBERING_NAMES) {
        const r = await engine.extract({ html: page(name), url: null, linkTitle: null }, {});
        if (!r.ok) failed.push(`${name}: ${r.error}`);
        else if (!r.article.body.text.includes('Engineers, who checked it on Monday')) failed.push(`${name}: body lost`);
      }
      expect(failed).toEqual([]);
    } finally {
      await engine.close();
    }
  }, 300_000);
});
