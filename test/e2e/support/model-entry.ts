/**
 * The page script of test/e2e/model-hosts.test.ts, bundled by the test with esbuild (its exports on one
 * global, esbuild's `globalName`): the page model of the
 * document Chromium parsed, built by the DOM walk (core/dom/dom-source.ts) with the static probe — the
 * layout parse5's model has — under each of the option sets, as plain data (`modelContents`).
 */
import { buildModelFromDom } from '../../../src/core/dom/dom-source.ts';
import { resolveOptions } from '../../../src/core/options.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import { MODEL_OPTION_SETS, MODEL_PAGE_URL, modelContents } from '../../helpers/model-contents.ts';

/** The page model of `document` under each of `MODEL_OPTION_SETS`, in their order. */
export const models = (): Record<string, unknown>[] =>
  MODEL_OPTION_SETS.map((partial) =>
    modelContents(buildModelFromDom(document, staticProbe, resolveOptions(partial), { url: MODEL_PAGE_URL })),
  );
