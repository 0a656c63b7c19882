/**
 * @mozilla/readability in a Chromium tab (`eval --compare readability` with the chromium engine, and
 * `bench`): the page bundle build/readability-page.js (src/platform/readability-page-entry.ts) is injected
 * into the tab where the core ran and parses a clone of the document, so both read the same rendered page.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { ReadabilityPageApi, ReadabilitySummary } from '../../platform/readability-page-entry.ts';
import { pageBundlePath } from './bundle-path.ts';
import type { PageScript } from './page-script.ts';
import { runPageScript } from './page-script.ts';

/** @mozilla/readability as one injectable page script. */
export const readabilityPagePath = (): string => pageBundlePath('readability-page.js');

/**
 * The page script's source, read on first use: an eval run without `--compare` never needs the bundle, and
 * must not fail for want of it.
 */
export function readabilitySourceLoader(): () => string {
  let source: string | null = null;
  return () => (source ??= readFileSync(readabilityPagePath(), 'utf8'));
}

/** Injects the bundle into the tab and runs Readability once; rejects when it throws in the page. */
export async function readabilityInTab(tab: Page, script: PageScript): Promise<ReadabilitySummary> {
  await runPageScript(tab, script);
  return tab.evaluate(() => {
    const api = (globalThis as { __readability?: ReadabilityPageApi }).__readability;
    if (!api) throw new Error('Readability did not load in the page');
    return api.parse();
  });
}
