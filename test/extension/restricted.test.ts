import { describe, expect, test } from 'vitest';
import { restrictionOf } from '../../src/shared/restricted.ts';

describe('restrictionOf', () => {
  test.each([
    ['chrome://extensions/', 'browser-page'],
    ['chrome://newtab/', 'browser-page'],
    ['edge://settings', 'browser-page'],
    ['about:blank', 'browser-page'],
    ['chrome-extension://abc/popup.html', 'browser-page'],
    ['view-source:https://news.example/a.html', 'browser-page'],
    ['devtools://devtools/bundled/inspector.html', 'browser-page'],
    ['https://chromewebstore.google.com/detail/x/abc', 'web-store'],
    ['https://chrome.google.com/webstore/detail/abc', 'web-store'],
    ['https://news.example/report-2019.PDF', 'pdf'],
    ['https://news.example/files/report.pdf?download=1', 'pdf'],
    ['file:///home/me/article.html', 'file-access'],
    ['ftp://files.example/a.html', 'unsupported'],
    ['not a url', 'unsupported'],
  ])('%s → %s', (url, reason) => {
    expect(restrictionOf(url, false)).toBe(reason);
  });

  test.each(['https://news.example/2019/05/13/article.html', 'http://127.0.0.1:8080/a', 'https://chrome.google.com/intl/en/chrome/'])(
    '%s is readable',
    (url) => {
      expect(restrictionOf(url, false)).toBeNull();
    },
  );

  test('file:// is readable once the user allowed file access', () => {
    expect(restrictionOf('file:///home/me/article.html', true)).toBeNull();
  });
});
