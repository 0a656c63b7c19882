/**
 * The popup opens without a console error (issue 40, 18: every popup open logged two Content-Security-Policy
 * errors, "Executing inline event handler violates … 'script-src 'self''": one inline handler, refused by
 * the extension's policy and by Chromium's minimum one). The one inline handler the popup ever parsed was in
 * the sanitiser's start-up check (src/popup/sanitize.ts), a sample `<img src="https://a.invalid/i.png"
 * onerror="x()">`: parsed where nothing loads, but an image whose load is refused there may still fire
 * `error`, and its handler is then refused by the popup's CSP, as it was on the reader's Chromium.
 *
 * So the popup is checked two ways: no console error, no CSP violation, no uncaught error on open; and no
 * HTML it parses (DOMParser: DOMPurify, the Markdown export) holds an element with an inline handler that a
 * load or an error fires by itself — what cannot be seen on a Chromium that does not fire it.
 */
import { expect, test } from 'vitest';
import { useExtension } from './support/fixture.ts';

const fixture = useExtension();

/** Elements whose inline handlers fire without the reader: loads and errors of what they fetch. */
const SELF_FIRING = '[onerror], [onload], [onloadstart], [onbegin], [onend], [onpageshow], [onfocus][autofocus]';

interface Marks {
  readonly violations: string[];
  readonly selfFiring: string[];
}

test('the popup opens without a console error, a CSP violation, or a self-firing inline handler parsed', async () => {
  const { session } = fixture;
  const { page, tabId } = await session.openTab(`${fixture.server.origin}/local/2019/03/riverton-library.html`);
  const popup = await session.context.newPage();
  await popup.setViewportSize({ width: 420, height: 600 });
  const errors: string[] = [];
  popup.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
  });
  popup.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  await popup.addInitScript((selector) => {
    const marks: Marks = { violations: [], selfFiring: [] };
    Object.assign(window, { __marks: marks });
    document.addEventListener('securitypolicyviolation', (e) => marks.violations.push(`${e.violatedDirective} ${e.sample}`));
    const parse = DOMParser.prototype.parseFromString;
    DOMParser.prototype.parseFromString = function (this: DOMParser, text: string, type: DOMParserSupportedType): Document {
      const doc = parse.call(this, text, type);
      for (const el of doc.querySelectorAll(selector)) marks.selfFiring.push(el.outerHTML.slice(0, 200));
      return doc;
    };
  }, SELF_FIRING);
  const popupPath = await session.worker.evaluate(() => chrome.runtime.getManifest().action?.default_popup ?? '');
  await popup.goto(`chrome-extension://${session.extensionId}/${popupPath}?tab=${tabId}`);
  await popup.locator('.popup[data-state="ready"]').waitFor({ timeout: 20_000 });
  // The body's images have loaded or failed, and the Markdown export has been made once (it parses HTML too).
  await popup.locator('[data-action="copy-markdown"]').click();
  await popup.waitForTimeout(500);
  const marks = await popup.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
  expect(marks.selfFiring).toEqual([]);
  expect(marks.violations).toEqual([]);
  expect(errors).toEqual([]);
  await popup.close();
  await page.close();
});
