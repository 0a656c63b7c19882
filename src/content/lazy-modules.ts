/**
 * The content script's lazy parts, loaded on first use: pages that are never extracted load neither.
 *
 * They are not chunks of the content script: a module loaded from the dynamic URL resolves its relative
 * imports against the extension's fixed ID, which a web-accessible resource with `use_dynamic_url` does not
 * serve (Chromium refuses them). So each part is built as one self-contained module (see
 * src/shared/lazy-modules.ts) and imported by its absolute URL from `runtime.getURL`, which in a content
 * script gives the dynamic URL; a page cannot guess that URL and so cannot probe for the extension.
 */
import { browser } from '../shared/browser.ts';
import { LAZY_MODULE_FILES } from '../shared/lazy-modules.ts';
import type * as ExtractModule from './extract-page.ts';
import type * as OverlayModule from '../overlay/index.ts';
import type * as AnnotateModule from './annotate-page.ts';

async function load<T>(file: string): Promise<T> {
  return (await import(/* @vite-ignore */ browser.runtime.getURL(file))) as T;
}

export function loadExtractModule(): Promise<typeof ExtractModule> {
  return load(LAZY_MODULE_FILES.extract);
}

export function loadOverlayModule(): Promise<typeof OverlayModule> {
  return load(LAZY_MODULE_FILES.overlay);
}

export function loadAnnotateModule(): Promise<typeof AnnotateModule> {
  return load(LAZY_MODULE_FILES.annotate);
}
