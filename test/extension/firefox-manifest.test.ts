/**
 * The Firefox manifest is derived from the one manifest.json (scripts/firefox-manifest.ts): checked on the
 * source manifest, and on the two built manifests side by side, which is what the browsers load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import manifest from '../../manifest.json' with { type: 'json' };
import { GECKO_ID, GECKO_MIN_VERSION, toFirefoxManifest } from '../../scripts/firefox-manifest.ts';

describe('toFirefoxManifest (manifest.json)', () => {
  const firefox = toFirefoxManifest(manifest);

  test('runs the background as an event page script, not a service worker', () => {
    expect(firefox.background).toEqual({ scripts: [manifest.background.service_worker] });
    expect(firefox.background).not.toHaveProperty('service_worker');
  });

  test('declares the gecko id, the oldest Firefox and that no data is collected', () => {
    expect(firefox.browser_specific_settings.gecko).toEqual({
      id: GECKO_ID,
      strict_min_version: GECKO_MIN_VERSION,
      data_collection_permissions: { required: ['none'] },
    });
    expect(GECKO_ID).toMatch(/^[\w.-]+@[\w.-]+$/);
  });

  test("drops only Chrome's own key; everything else is the same", () => {
    expect(firefox).not.toHaveProperty('minimum_chrome_version');
    const without = (m: object, keys: string[]) => Object.entries(m).filter(([key]) => !keys.includes(key));
    expect(without(firefox, ['background', 'browser_specific_settings'])).toEqual(
      without(manifest, ['background', 'minimum_chrome_version']),
    );
  });

  test('leaves the source manifest unchanged', () => {
    expect(manifest.background).toHaveProperty('service_worker');
    expect(manifest).not.toHaveProperty('browser_specific_settings');
  });
});

type Built = Record<string, unknown> & {
  manifest_version: number;
  background: { service_worker?: string; scripts?: string[]; type?: string };
  permissions: string[];
  content_scripts: { matches: string[]; js: string[] }[];
  browser_specific_settings?: { gecko?: { id?: string; strict_min_version?: string } };
};

const dist = (dir: string) => fileURLToPath(new URL(`../../${dir}/manifest.json`, import.meta.url));
const built = existsSync(dist('dist')) && existsSync(dist('dist-firefox'));
const read = (dir: string) => JSON.parse(readFileSync(dist(dir), 'utf8')) as Built;

describe.skipIf(!built)('the built manifests (dist/, dist-firefox/: npm run build)', () => {
  test('Firefox: MV3 with background.scripts as a module, no service_worker, the gecko id', () => {
    const firefox = read('dist-firefox');
    expect(firefox.manifest_version).toBe(3);
    expect(firefox.background.service_worker).toBeUndefined();
    expect(firefox.background.type).toBe('module');
    expect(firefox.background.scripts).toHaveLength(1);
    const script = firefox.background.scripts?.[0] ?? '';
    expect(existsSync(fileURLToPath(new URL(`../../dist-firefox/${script}`, import.meta.url)))).toBe(true);
    expect(firefox.browser_specific_settings?.gecko?.id).toBe(GECKO_ID);
    expect(firefox.browser_specific_settings?.gecko?.strict_min_version).toBe(GECKO_MIN_VERSION);
  });

  test("the same permissions, content-script matches, popup and commands as Chrome's", () => {
    const chrome = read('dist');
    const firefox = read('dist-firefox');
    expect(chrome.background.service_worker).toBeTruthy();
    expect(firefox.permissions).toEqual(chrome.permissions);
    expect(firefox['host_permissions']).toEqual(chrome['host_permissions']);
    expect(firefox['optional_permissions']).toEqual(chrome['optional_permissions']);
    expect(firefox.content_scripts.map((c) => c.matches)).toEqual(chrome.content_scripts.map((c) => c.matches));
    expect(firefox['action']).toEqual(chrome['action']);
    expect(firefox['commands']).toEqual(chrome['commands']);
  });
});
