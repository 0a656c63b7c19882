// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { recordLinkClicks } from '../../src/content/link-recorder.ts';

let stop: () => void = () => undefined;
const sink = vi.fn();

beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('https://news.example/index.html');
  document.body.innerHTML = `
    <a id="plain" href="/local/a.html#comments">  Solar library
      opens  </a>
    <a id="nested" href="https://other.example/b.html"><span>Tram <b>delayed</b></span></a>
    <a id="image" href="/c.html"><img src="c.jpg" alt="Flood wall plan"></a>
    <a id="same" href="#top">Back to top</a>
    <a id="mail" href="mailto:desk@news.example">Write to us</a>
    <span id="outside">Not a link</span>`;
  sink.mockReset();
  stop = recordLinkClicks(document, sink);
});

afterEach(() => stop());

/**
 * A click as the browser makes it for the reader: happy-dom has no trusted events, so the test marks its
 * event as one (a page script cannot: `isTrusted` is unforgeable in browsers).
 */
function click(id: string, init: MouseEventInit = {}, type = 'click', trusted = true): void {
  const el = document.getElementById(id)!;
  const target = el.firstElementChild?.firstElementChild ?? el.firstElementChild ?? el;
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, composed: true, ...init });
  if (trusted) Object.defineProperty(event, 'isTrusted', { value: true });
  // Keep the test page where it is: the recorder listens in the capture phase, before default actions.
  document.addEventListener(type, (e) => e.preventDefault(), { once: true });
  target.dispatchEvent(event);
}

test('records the normalised anchor text for the absolute URL without fragment', () => {
  click('plain');
  expect(sink).toHaveBeenCalledWith('https://news.example/local/a.html', 'Solar library opens');
});

test('finds the link from a click on a nested element', () => {
  click('nested');
  expect(sink).toHaveBeenCalledWith('https://other.example/b.html', 'Tram delayed');
});

test("uses an image's alt text when the link has no text", () => {
  click('image');
  expect(sink).toHaveBeenCalledWith('https://news.example/c.html', 'Flood wall plan');
});

test('records a middle click (auxclick) but not a right click', () => {
  click('plain', { button: 1 }, 'auxclick');
  click('nested', { button: 2 }, 'auxclick');
  expect(sink).toHaveBeenCalledTimes(1);
  expect(sink).toHaveBeenCalledWith('https://news.example/local/a.html', 'Solar library opens');
});

test('ignores links to the same page, non-http links and clicks outside links', () => {
  click('same');
  click('mail');
  click('outside');
  expect(sink).not.toHaveBeenCalled();
});

test('stop() removes the listeners', () => {
  stop();
  click('plain');
  expect(sink).not.toHaveBeenCalled();
});

test('ignores clicks a page script makes (untrusted events): dispatchEvent, auxclick, el.click()', () => {
  click('plain', {}, 'click', false);
  click('plain', { button: 1 }, 'auxclick', false);
  document.addEventListener('click', (e) => e.preventDefault(), { once: true });
  document.getElementById('nested')!.click();
  expect(sink).not.toHaveBeenCalled();
});

test('records <area> links but not SVG links', () => {
  document.body.insertAdjacentHTML(
    'beforeend',
    `<map name="m"><area id="area" href="/map/d.html" alt="District map" shape="rect" coords="0,0,10,10"></map>
     <svg><a id="svg-link" href="/e.html"><text>SVG story</text></a></svg>`,
  );
  click('area');
  click('svg-link');
  expect(sink).toHaveBeenCalledTimes(1);
  expect(sink).toHaveBeenCalledWith('https://news.example/map/d.html', 'District map');
});
