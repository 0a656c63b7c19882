import type Browser from 'webextension-polyfill';

declare function loadPolyfill(): typeof Browser;
export = loadPolyfill;
