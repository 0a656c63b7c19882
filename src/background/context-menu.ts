/**
 * The context menu (issue 15): "Extract article" opens the popup on the tab (as the toolbar button does),
 * "Copy as Markdown" extracts the page and puts it on the clipboard without opening anything, "Annotate
 * this page" opens annotation mode on it. A click on
 * a menu item grants activeTab, so a tab opened before the extension was installed gets the content script
 * injected, as the popup does.
 */
import { browser } from '../shared/browser.ts';
import type { Menus, Tabs } from 'webextension-polyfill';
import { injectContentScript, isNoReceiver } from '../shared/inject-content-script.ts';
import { sendToTab } from '../shared/message-client.ts';
import type { PageAnnotate, PageCopyMarkdown, ResponseMap } from '../shared/messages.ts';

export const MENU_EXTRACT = 'article-lens-extract';
export const MENU_COPY_MARKDOWN = 'article-lens-copy-markdown';
export const MENU_ANNOTATE = 'article-lens-annotate';

const CONTEXTS: Menus.ContextType[] = ['page', 'selection', 'link', 'image'];

/** Creates the menu items (again: at install and update, after removing the old ones). */
export async function createMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_EXTRACT, title: browser.i18n.getMessage('menuExtract'), contexts: CONTEXTS });
  browser.contextMenus.create({ id: MENU_COPY_MARKDOWN, title: browser.i18n.getMessage('menuCopyMarkdown'), contexts: CONTEXTS });
  browser.contextMenus.create({ id: MENU_ANNOTATE, title: browser.i18n.getMessage('menuAnnotate'), contexts: CONTEXTS });
}

/** Sends `request` to the tab's content script, injecting it first when none answers. */
async function sendInjecting<R extends PageCopyMarkdown | PageAnnotate>(tabId: number, request: R): Promise<ResponseMap[R['type']]> {
  try {
    return await sendToTab(tabId, request);
  } catch (e) {
    if (!isNoReceiver(e)) throw e;
  }
  await injectContentScript(tabId);
  return sendToTab(tabId, request);
}

/** Asks the tab's content script to copy the page as Markdown. */
export function copyMarkdownFromTab(tabId: number): Promise<{ copied: boolean; chars: number }> {
  return sendInjecting(tabId, { type: 'page:copy-markdown' });
}

/** Opens annotation mode on the tab's page. */
export function annotateTab(tabId: number): Promise<ResponseMap['page:annotate']> {
  return sendInjecting(tabId, { type: 'page:annotate' });
}

export async function onMenuClick(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<void> {
  if (tab?.id === undefined) return;
  if (info.menuItemId === MENU_EXTRACT) {
    // The popup opens on the active tab; where the browser cannot open it, a tab shows the same page.
    try {
      await browser.action.openPopup();
    } catch {
      const popup = browser.runtime.getManifest().action?.default_popup ?? '';
      await browser.tabs.create({ url: browser.runtime.getURL(`${popup}?tab=${tab.id}`) });
    }
  } else if (info.menuItemId === MENU_COPY_MARKDOWN) {
    await copyMarkdownFromTab(tab.id).catch(() => undefined);
  } else if (info.menuItemId === MENU_ANNOTATE) {
    await annotateTab(tab.id).catch(() => undefined);
  }
}
