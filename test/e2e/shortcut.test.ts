/**
 * The keyboard shortcut binds in a real Chromium (issue 15). A suggested key that the browser keeps for
 * itself is dropped without a word when the extension is installed: Alt+Shift+A, the README's first
 * promise, is Chromium's "focus inactive dialogs", and `chrome.commands.getAll()` showed it unbound.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { useExtension } from './support/fixture.ts';

const fixture = useExtension();

interface ManifestCommand {
  readonly suggested_key?: { readonly default?: string };
}

test('every command with a suggested key is bound to that key after install', async () => {
  const manifest = JSON.parse(readFileSync(new URL('../../dist/manifest.json', import.meta.url), 'utf8')) as {
    commands: Record<string, ManifestCommand>;
  };
  const suggested = Object.entries(manifest.commands).filter(([, c]) => c.suggested_key?.default);
  expect(suggested.length).toBeGreaterThan(0);
  const bound = await fixture.session.worker.evaluate(async () =>
    Object.fromEntries((await chrome.commands.getAll()).map((c) => [c.name ?? '', c.shortcut ?? ''])),
  );
  for (const [name, command] of suggested)
    expect({ name, shortcut: bound[name] }).toEqual({ name, shortcut: command.suggested_key?.default });
});
