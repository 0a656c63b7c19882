/** "Copy Markdown" and "Copy text" put the article on the clipboard. */
import { expect, test } from 'vitest';
import { pasteClipboard } from './support/clipboard.ts';
import { popupFor, useExtension } from './support/fixture.ts';

const fixture = useExtension();

test('Copy Markdown writes the article as Markdown to the clipboard, Copy text as plain text', async () => {
  const { popup } = await popupFor(fixture, '/local/2019/03/riverton-library.html');
  await popup.bringToFront();
  const readClipboard = (): Promise<string> => pasteClipboard(popup);

  const copyMarkdown = popup.locator('[data-action="copy-markdown"]');
  await copyMarkdown.click();
  await expect.poll(() => copyMarkdown.innerText()).toBe('Copied');
  const markdown = await readClipboard();
  // The page names no source: its site's own name (og:site_name) stands in the meta line.
  expect(markdown).toMatch(
    /^# Riverton's new library runs on sunlight and borrowed books\n\n\*Margaret Ellison · The Example Gazette · 2019-03-14T08:30/,
  );
  expect(markdown).toContain(`<${fixture.server.origin}/local/2019/03/riverton-library.html>`);
  expect(markdown).toContain('Riverton opened its new public library on Thursday morning');
  expect(markdown).toMatch(/\| *Solar generation *\| *148 MWh *\|/);
  expect(markdown).toMatch(
    /\[Riverton Library energy assessment \(PDF, 2\.4 MB\)\]\(http:\/\/127\.0\.0\.1:\d+\/documents\/riverton-library-energy-assessment-2019\.pdf\)/,
  );
  expect(markdown).not.toContain('All rights reserved');

  const copyText = popup.locator('[data-action="copy-text"]');
  await copyText.click();
  await expect.poll(() => copyText.innerText()).toBe('Copied');
  const text = await readClipboard();
  expect(text).toMatch(
    /^Riverton's new library runs on sunlight and borrowed books\nMargaret Ellison · The Example Gazette · 2019-03-14T08:30/,
  );
  expect(text).not.toContain('**');
  expect(text).toContain('More than six hundred people queued along Station Road');
});
