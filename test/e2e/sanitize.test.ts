/**
 * DOMPurify in the real popup (it cannot be tested under happy-dom, cure53/DOMPurify#1457): the popup is
 * fed a hostile article, as if a compromised core had produced it, and must render only clean HTML.
 */
import { expect, test } from 'vitest';
import { makeArticle } from '../extension/article-fixture.ts';
import { settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();

const HOSTILE_BODY = [
  '<p id="para">Safe paragraph, with a comma.</p>',
  '<img id="pic" src="http://127.0.0.1:9/pic.jpg" onerror="window.__pwned = 1">',
  '<script>window.__pwned = 2</script>',
  '<a id="js" href="javascript:window.__pwned = 3">js link</a>',
  '<a id="ok" href="https://news.example/next.html">next story</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg><script>window.__pwned = 5</script></svg>',
  '<form action="https://evil.example/"><input name="q"></form>',
  '<div id="cover" style="position:fixed;inset:0">cover</div>',
].join('');

test('hostile body HTML is sanitised; a hostile title is shown as text', async () => {
  const { tabId } = await fixture.session.openTab(`${fixture.server.origin}/index.html`);
  const article = makeArticle({
    title: '<img src=x onerror="window.__pwned = 6">Headline',
    body: { html: HOSTILE_BODY, text: 'Safe paragraph, with a comma.', markdown: '' },
  });
  const popup = await fixture.session.context.newPage();
  await popup.addInitScript((value) => {
    const reply = { ok: true, value: { article: value, linkTitle: null, ms: 1, overlayShown: false } };
    chrome.tabs.sendMessage = (async () => reply) as unknown as typeof chrome.tabs.sendMessage;
  }, article);
  const popupPath = await fixture.session.worker.evaluate(() => chrome.runtime.getManifest().action?.default_popup ?? '');
  await popup.goto(`chrome-extension://${fixture.session.extensionId}/${popupPath}?tab=${tabId}`);
  expect(await settledState(popup)).toBe('ready');

  expect(await popup.locator('.article-title').innerText()).toBe('<img src=x onerror="window.__pwned = 6">Headline');
  expect(await popup.locator('.article-title img').count()).toBe(0);

  const body = popup.locator('.body-html');
  expect(await body.locator('#para').innerText()).toBe('Safe paragraph, with a comma.');
  expect(await body.locator('script, iframe, form, input, [onerror], [style]').count()).toBe(0);
  expect(await body.locator('#js').getAttribute('href')).toBeNull();
  expect(await body.locator('#ok').getAttribute('target')).toBe('_blank');
  expect(await body.locator('#ok').getAttribute('rel')).toBe('noopener noreferrer');
  expect(await body.locator('#pic').getAttribute('referrerpolicy')).toBe('no-referrer');
  expect(await popup.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
