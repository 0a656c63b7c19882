/**
 * The Firefox variant of the one top-level manifest.json (STYLE.md §8.9: no hand-copied manifests). Only
 * what Firefox needs differently changes; permissions, content scripts, commands and everything else pass
 * through, so the two builds cannot drift.
 *
 * - `background.service_worker` → `background.scripts`: Firefox runs MV3 background code as an event page
 *   (@crxjs/vite-plugin, built with `browser: 'firefox'`, writes the module loader there).
 * - `browser_specific_settings.gecko`: a fixed add-on id (storage and the moz-extension:// UUID are kept per
 *   id; without one a temporary add-on gets a new id on every load) and the oldest Firefox it runs on.
 * - `minimum_chrome_version` is Chrome's own key; Firefox warns about it, so it is dropped.
 */

/** The add-on's id in Firefox: e-mail form, in the reserved `.invalid` domain because the project owns none. */
export const GECKO_ID = 'article-lens@article-lens.invalid';

/**
 * The oldest Firefox the build declares. 140 is the oldest ESR still maintained (Debian ships it) and the
 * first that knows `data_collection_permissions`; the APIs used need less: MV3 `storage.session` (115),
 * module background scripts (112), `scripting` (102), `import()` in content scripts (89).
 */
export const GECKO_MIN_VERSION = '140.0';

/** Firefox for Android learnt `data_collection_permissions` later (142) than desktop; the linter asks for it. */
export const GECKO_ANDROID_MIN_VERSION = '142.0';

interface ChromeBackground {
  readonly service_worker: string;
  readonly type?: string;
}

export interface FirefoxSettings {
  readonly gecko: {
    readonly id: string;
    readonly strict_min_version: string;
    /** What the add-on sends off the machine: nothing (it makes no network requests at all). */
    readonly data_collection_permissions: { readonly required: ['none'] };
  };
  readonly gecko_android: { readonly strict_min_version: string };
}

export type FirefoxManifest<M> = Omit<M, 'background' | 'minimum_chrome_version'> & {
  readonly background: { readonly scripts: string[] };
  readonly browser_specific_settings: FirefoxSettings;
};

/** The Firefox manifest for the Chrome manifest `manifest` (which is not changed). */
export function toFirefoxManifest<M extends { readonly background: ChromeBackground }>(manifest: M): FirefoxManifest<M> {
  const kept = Object.entries(manifest).filter(([key]) => key !== 'background' && key !== 'minimum_chrome_version');
  return {
    ...(Object.fromEntries(kept) as Omit<M, 'background' | 'minimum_chrome_version'>),
    background: { scripts: [manifest.background.service_worker] },
    browser_specific_settings: {
      gecko: { id: GECKO_ID, strict_min_version: GECKO_MIN_VERSION, data_collection_permissions: { required: ['none'] } },
      gecko_android: { strict_min_version: GECKO_ANDROID_MIN_VERSION },
    },
  };
}
