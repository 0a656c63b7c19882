/**
 * Where the reader's extraction settings live: `storage.local`, as `{ "linkBlocks.minLinks": 5, … }`. The
 * content script reads them before each extraction (this module is small: no core), the options page
 * writes them; user-settings.ts says which settings exist and checks the values. Beside them, the switch
 * "Compare with another page of this site" (method 4), which is not an option of the core but tells the
 * content script whether to fetch a similar page at all: off unless the reader turned it on.
 */
import { browser } from './browser.ts';
import { COMPARE_SIMILAR_PAGE_KEY, USER_OPTIONS_KEY } from './storage-keys.ts';

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

/** Whether the reader turned on "Compare with another page of this site" (false when unset or unreadable). */
export async function readCompareSimilarPage(): Promise<boolean> {
  try {
    return (await browser.storage.local.get(COMPARE_SIMILAR_PAGE_KEY))[COMPARE_SIMILAR_PAGE_KEY] === true;
  } catch {
    return false;
  }
}

/** Remembers the switch; off removes the key (the default). */
export async function writeCompareSimilarPage(on: boolean): Promise<void> {
  if (on) await browser.storage.local.set({ [COMPARE_SIMILAR_PAGE_KEY]: true });
  else await browser.storage.local.remove(COMPARE_SIMILAR_PAGE_KEY);
}
