/**
 * Where the reader's extraction settings live: `storage.local`, as `{ "linkBlocks.minLinks": 5, … }`. The
 * content script reads them before each extraction (this module is small: no core), the options page
 * writes them; user-settings.ts says which settings exist and checks the values.
 */
import { browser } from './browser.ts';
import { USER_OPTIONS_KEY } from './storage-keys.ts';

export type UserValues = Readonly<Record<string, number | string>>;

/** What is stored, unchecked (the extraction checks it with the core at hand: user-settings.ts). */
export async function readStoredValues(): Promise<unknown> {
  try {
    return (await browser.storage.local.get(USER_OPTIONS_KEY))[USER_OPTIONS_KEY] ?? {};
  } catch {
    return {};
  }
}

export async function writeStoredValues(values: UserValues): Promise<void> {
  await browser.storage.local.set({ [USER_OPTIONS_KEY]: values });
}

export async function clearStoredValues(): Promise<void> {
  await browser.storage.local.remove(USER_OPTIONS_KEY);
}
