/**
 * UI strings through chrome.i18n (_locales/en and _locales/zh_CN). Keys are typed from the English
 * catalogue, so a misspelt key is a type error; a unit test checks the Chinese catalogue has every key.
 */
import type en from '../../public/_locales/en/messages.json';
import { browser } from '../shared/browser.ts';

export type MessageKey = keyof typeof en;

/** The localised string for `key`, with `$1`, `$2`… replaced by `subs`. */
export function t(key: MessageKey, ...subs: (string | number)[]): string {
  const text = browser.i18n.getMessage(key, subs.map(String));
  return text || key;
}

/** The UI language as a BCP 47 tag ("en-US", "zh-CN"). */
export function uiLanguage(): string {
  return browser.i18n.getUILanguage();
}
