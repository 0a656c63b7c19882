import { afterEach, expect, test, vi } from 'vitest';

type Global = { browser?: unknown; chrome?: unknown };
const g = globalThis as Global;

afterEach(() => {
  delete g.browser;
  delete g.chrome;
  vi.resetModules();
});

test('uses the native promise-based `browser` where there is one (Firefox, Chrome 144+), without the polyfill', async () => {
  const native = { runtime: { id: 'ext-id', onMessage: {} } };
  g.browser = native;
  g.chrome = { runtime: { id: 'ext-id' } };
  const { browser } = await import('../../src/shared/browser.ts');
  expect(browser).toBe(native);
});

test('falls back to webextension-polyfill where only `chrome` exists (Chrome before 144)', async () => {
  const sendMessage = vi.fn((_message: unknown, callback: (reply: unknown) => void) => callback('pong'));
  g.chrome = { runtime: { id: 'ext-id', sendMessage, lastError: undefined } };
  const { browser } = await import('../../src/shared/browser.ts');
  expect(browser).not.toBe(g.chrome);
  // The polyfill's promise wrapper around chrome's callback API.
  await expect(browser.runtime.sendMessage('ping')).resolves.toBe('pong');
});
