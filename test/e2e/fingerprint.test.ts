/**
 * A page must not be able to tell that the extension is installed by loading one of its files: nothing is
 * web-accessible at a fixed `chrome-extension://<id>/…` URL, and the lazily loaded parts the content script
 * imports (extraction, overlay) are reachable only through the per-session dynamic URL, which the page
 * never sees.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { DIST } from './support/extension.ts';
import { settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();

async function distFiles(dir = DIST): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await distFiles(path)));
    else out.push(relative(DIST, path));
  }
  return out;
}

interface Probe {
  readonly path: string;
  readonly fetched: string;
  readonly asScript: string;
}

test('the built manifest makes every web-accessible file dynamic-URL only', async () => {
  const manifest = JSON.parse(await readFile(join(DIST, 'manifest.json'), 'utf8')) as {
    web_accessible_resources?: { resources: string[]; use_dynamic_url?: boolean }[];
  };
  const war = manifest.web_accessible_resources ?? [];
  expect(war.length).toBeGreaterThan(0);
  for (const entry of war) expect(entry.use_dynamic_url, entry.resources.join(', ')).toBe(true);
});

test('a page fetching any file of the extension at its fixed URL fails, before and after an extraction and the overlay', async () => {
  const { extensionId } = fixture.session;
  const files = await distFiles();
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/local/2019/03/riverton-library.html`);

  /** Every file of dist/, fetched and loaded as a script by the page at chrome-extension://<id>/<path>. */
  const probe = (): Promise<Probe[]> =>
    page.evaluate(
      async ({ id, paths }) =>
        Promise.all(
          paths.map(async (path): Promise<Probe> => {
            const url = `chrome-extension://${id}/${path}`;
            const fetched = await fetch(url).then(
              (r) => `status ${r.status}`,
              (e: unknown) => (e instanceof TypeError ? 'refused' : String(e)),
            );
            const asScript = await new Promise<string>((resolve) => {
              const s = document.createElement('script');
              s.src = url;
              s.onload = () => resolve('loaded');
              s.onerror = () => resolve('refused');
              document.head.append(s);
            });
            return { path, fetched, asScript };
          }),
        ),
      { id: extensionId, paths: files },
    );

  const refusedAll = (probes: readonly Probe[]): void => {
    for (const p of probes) expect([p.path, p.fetched, p.asScript]).toEqual([p.path, 'refused', 'refused']);
  };
  const before = await probe();
  console.log(`fixed-URL probe of ${before.length} files: ${before.filter((p) => p.fetched !== 'refused').length} fetched`);
  refusedAll(before);
  expect(files).toContain('assets/content-extract.js');

  // The extension works all the same: the popup extracts (the extraction module loads) and the overlay draws.
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  const toggle = popup.locator('[data-action="overlay"]');
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  expect(await page.evaluate(() => [...document.documentElement.children].some((el) => el.localName.startsWith('article-lens-')))).toBe(
    true,
  );
  refusedAll(await probe());
  // The page's own resource timeline does not show it either.
  const seen = await page.evaluate(() => performance.getEntries().map((e) => e.name));
  expect(seen.filter((name) => name.startsWith('chrome-extension:'))).toEqual([]);
  await popup.close();
  await page.close();
});
