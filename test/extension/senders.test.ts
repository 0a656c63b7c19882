import { expect, test, vi } from 'vitest';
import { senderOrigin } from '../../src/shared/senders.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

test("a content script's origin comes from the sender's frame URL, else its tab's", () => {
  expect(senderOrigin({ url: 'https://news.example:8443/a/b.html?q#f', tab: { url: 'https://ignored.example/' } as never })).toBe(
    'https://news.example:8443',
  );
  expect(senderOrigin({ tab: { url: 'http://127.0.0.1:9000/x' } as never })).toBe('http://127.0.0.1:9000');
});

test('no origin for senders without an http(s) URL', () => {
  expect(senderOrigin({})).toBeNull();
  expect(senderOrigin({ url: 'chrome-extension://abc/popup.html' })).toBeNull();
  expect(senderOrigin({ url: 'file:///home/a.html' })).toBeNull();
  expect(senderOrigin({ url: 'not a url' })).toBeNull();
});
