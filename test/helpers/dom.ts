/**
 * Test documents from the two parsed-only DOMs the core must agree on (STYLE.md §8.7 "cross-DOM
 * matrix"): happy-dom and linkedom. happy-dom windows are kept and closed by `closeWindows()`, which
 * every test file that parses with happy-dom calls in `afterAll`.
 */
import { Window } from 'happy-dom';
import { parseHTML } from 'linkedom';

export type DomKind = 'happy-dom' | 'linkedom';

export const DOM_KINDS: readonly DomKind[] = ['happy-dom', 'linkedom'];

const windows: Window[] = [];

function happyWindow(): Window {
  const existing = windows[0];
  if (existing) return existing;
  const window = new Window({ settings: { disableJavaScriptEvaluation: true } });
  windows.push(window);
  return window;
}

/** Parses `html` as a full HTML document with the given DOM implementation. */
export function parseWith(kind: DomKind, html: string): Document {
  if (kind === 'happy-dom') {
    const window = happyWindow();
    // happy-dom's own Document type is not the lib.dom one; at run time it implements the same interface.
    return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  }
  return parseHTML(html).document as unknown as Document;
}

/** Closes every happy-dom window opened by `parseWith` (call it in `afterAll`). */
export async function closeWindows(): Promise<void> {
  const open = windows.splice(0);
  await Promise.all(open.map((w) => w.happyDOM.close()));
}
