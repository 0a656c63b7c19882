/**
 * The extension API behind one module (STYLE.md §8.9): the only import of webextension-polyfill, so that
 * Chrome and Firefox share one promise-based `browser` object and tests can replace this module.
 */
import browser from 'webextension-polyfill';

export type { Runtime, Storage, Tabs } from 'webextension-polyfill';
export { browser };
