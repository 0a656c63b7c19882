/**
 * UI strings through chrome.i18n (_locales/en and _locales/zh_CN), or through the catalogue of the
 * language the reader chose on the options page (`loadUiLanguage`, before the page renders). Keys are typed
 * from the English catalogue, so a misspelt key is a type error; a unit test checks the Chinese catalogue
 * has every key.
 */
import type en from '../../public/_locales/en/messages.json';
import { browser } from '../shared/browser.ts';
import { UI_LANGUAGE_KEY } from '../shared/storage-keys.ts';

export type MessageKey = keyof typeof en;

/** The UI languages offered besides the browser's own: their catalogue folders and BCP 47 tags. */
export const UI_LANGUAGES = { en: 'en', zh_CN: 'zh-CN' } as const;
export type UiLanguage = keyof typeof UI_LANGUAGES;

let chosen: { readonly tag: string; readonly messages: Readonly<Record<string, { readonly message: string }>> } | null = null;

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && Object.hasOwn(UI_LANGUAGES, value);
}

/** The language chosen on the options page, or null for the browser's. */
export async function storedUiLanguage(): Promise<UiLanguage | null> {
  try {
    const value = (await browser.storage.local.get(UI_LANGUAGE_KEY))[UI_LANGUAGE_KEY];
    return isUiLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Stores the reader's choice of language (null: the browser's again); pages read it when they next open. */
export async function storeUiLanguage(language: UiLanguage | null): Promise<void> {
  if (language) await browser.storage.local.set({ [UI_LANGUAGE_KEY]: language });
  else await browser.storage.local.remove(UI_LANGUAGE_KEY);
}

/** Loads the catalogue of the chosen language, if the reader chose one; otherwise chrome.i18n stays. */
export async function loadUiLanguage(): Promise<void> {
  const language = await storedUiLanguage();
  if (!language) return;
  try {
    const response = await fetch(browser.runtime.getURL(`_locales/${language}/messages.json`));
    chosen = { tag: UI_LANGUAGES[language], messages: (await response.json()) as Record<string, { message: string }> };
  } catch {
    chosen = null;
  }
}

/** The localised string for `key`, with `$1`, `$2`… replaced by `subs`. */
export function t(key: MessageKey, ...subs: (string | number)[]): string {
  const own = chosen?.messages[key]?.message;
  if (own !== undefined) return own.replace(/\$(\d)/g, (_m, n: string) => String(subs[Number(n) - 1] ?? ''));
  const text = browser.i18n.getMessage(key, subs.map(String));
  return text || key;
}

/** The UI language as a BCP 47 tag ("en-US", "zh-CN"). */
export function uiLanguage(): string {
  return chosen?.tag ?? browser.i18n.getUILanguage();
}
