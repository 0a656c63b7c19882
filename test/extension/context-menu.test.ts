/**
 * The context menu's clicks (src/background/context-menu.ts): "Extract article" opens the popup, or, where
 * the browser cannot, the popup page in a tab for that tab; "Copy as Markdown" asks the tab's content
 * script, injecting it first when none answers; other items and tab-less clicks do nothing.
 */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { Menus } from 'webextension-polyfill';

const fake = vi.hoisted(() => ({
  openPopup: vi.fn<() => Promise<void>>(async () => undefined),
  create: vi.fn<(p: { url: string }) => Promise<object>>(async () => ({})),
  sendMessage: vi.fn<(tabId: number, message: unknown, options?: unknown) => Promise<unknown>>(),
  executeScript: vi.fn<(i: unknown) => Promise<object[]>>(async () => [{}]),
}));

vi.mock('../../src/shared/browser.ts', () => ({
  browser: {
    runtime: {
      id: 'ext',
      getURL: (p: string) => `chrome-extension://ext/${p}`,
      getManifest: () => ({ action: { default_popup: 'src/popup/index.html' }, content_scripts: [{ js: ['content.js'] }] }),
    },
    action: { openPopup: fake.openPopup },
    tabs: { create: fake.create, sendMessage: fake.sendMessage },
    scripting: { executeScript: fake.executeScript },
  },
}));

const { MENU_ANNOTATE, MENU_COPY_MARKDOWN, MENU_EXTRACT, onMenuClick } = await import('../../src/background/context-menu.ts');

const click = (id: string) => ({ menuItemId: id, editable: false }) as Menus.OnClickData;

beforeEach(() => vi.clearAllMocks());

describe('context menu clicks', () => {
  test('"Extract article" opens the popup; where it cannot, the popup page opens in a tab for this tab', async () => {
    await onMenuClick(click(MENU_EXTRACT), { id: 7 } as never);
    expect(fake.openPopup).toHaveBeenCalledOnce();
    expect(fake.create).not.toHaveBeenCalled();
    fake.openPopup.mockRejectedValueOnce(new Error('no active browser window'));
    await onMenuClick(click(MENU_EXTRACT), { id: 7 } as never);
    expect(fake.create).toHaveBeenCalledWith({ url: 'chrome-extension://ext/src/popup/index.html?tab=7' });
  });

  test('"Copy as Markdown" asks the content script, injecting it when none answers', async () => {
    fake.sendMessage
      .mockRejectedValueOnce(new Error('Could not establish connection. Receiving end does not exist.'))
      .mockResolvedValueOnce({ ok: true, value: { generation: 1 } })
      .mockResolvedValueOnce({ ok: true, value: { copied: true, chars: 120 } });
    await onMenuClick(click(MENU_COPY_MARKDOWN), { id: 9 } as never);
    expect(fake.executeScript).toHaveBeenCalledWith({ target: { tabId: 9, frameIds: [0] }, files: ['content.js'] });
    // The popup's injection (shared/inject-content-script.ts): the copy is asked again once the new script answers a ping.
    expect(fake.sendMessage.mock.calls.map((c) => (c[1] as { type: string }).type)).toEqual([
      'page:copy-markdown',
      'page:ping',
      'page:copy-markdown',
    ]);
    expect(fake.sendMessage).toHaveBeenLastCalledWith(9, { type: 'page:copy-markdown' }, { frameId: 0 });
  });

  test('"Annotate this page" asks the content script to open annotation mode', async () => {
    fake.sendMessage.mockResolvedValueOnce({ ok: true, value: { id: 'p', resumed: false, given: 0 } });
    await onMenuClick(click(MENU_ANNOTATE), { id: 4 } as never);
    expect(fake.sendMessage).toHaveBeenCalledWith(4, { type: 'page:annotate' }, { frameId: 0 });
    expect(fake.executeScript).not.toHaveBeenCalled();
  });

  test('a click without a tab, or on another item, does nothing', async () => {
    await onMenuClick(click(MENU_EXTRACT), undefined);
    await onMenuClick(click('something-else'), { id: 3 } as never);
    expect(fake.openPopup).not.toHaveBeenCalled();
    expect(fake.sendMessage).not.toHaveBeenCalled();
  });
});
