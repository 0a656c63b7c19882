import { describe, expect, test, vi } from 'vitest';
import { restrictionFromError } from '../../src/popup/hooks/extraction-client.ts';

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  return { browser: createFakeBrowser() };
});

describe('restrictionFromError (what a refused injection says about the page)', () => {
  test.each([
    ['Cannot access a chrome:// URL', 'browser-page'],
    ['Cannot access a chrome-extension:// URL of different extension', 'browser-page'],
    ['Cannot access contents of url "about:blank". Extension manifest must request permission to access this host.', 'browser-page'],
    [
      'Cannot access contents of url "file:///home/me/a.html". Extension manifest must request permission to access this host.',
      'file-access',
    ],
    ['The extensions gallery cannot be scripted.', 'web-store'],
    ['Cannot access contents of the page. Extension manifest must request permission to access the respective host.', 'no-access'],
    ['Missing host permission for the tab', 'no-access'],
  ])('%s → %s', (message, reason) => {
    expect(restrictionFromError(message, false)).toBe(reason);
  });

  test('other errors are not restrictions', () => {
    expect(restrictionFromError('No tab with id: 12.', false)).toBeNull();
    expect(restrictionFromError('core exploded', false)).toBeNull();
  });
});
