/**
 * The extension API behind one module (STYLE.md §8.9): Chrome and Firefox share one promise-based
 * `browser` object, and tests can replace this module.
 *
 * Firefox, and Chrome since 144, have that object natively (`globalThis.browser`, with promise-returning
 * `runtime.onMessage` listeners); older Chrome gets it from webextension-polyfill, which makes the same
 * choice itself. The choice is made here, before the polyfill is loaded, because importing the polyfill
 * (CommonJS) made the bundle copy every property of the native object at start-up, which instantiated
 * every API namespace: about 5–10 ms of script on every page the content script runs on.
 */
import type Polyfill from 'webextension-polyfill';
import loadPolyfill from './polyfill-loader.cjs';

export type { Runtime, Storage, Tabs } from 'webextension-polyfill';

type Browser = typeof Polyfill;

const native = (globalThis as unknown as { browser?: Browser }).browser;

export const browser: Browser = native?.runtime?.id ? native : loadPolyfill();
