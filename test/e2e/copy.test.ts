/** "Copy Markdown" and "Copy text" put the article on the clipboard. */
import { expect, test } from 'vitest';
import { popupFor, useExtension } from './support/fixture.ts';

const fixture = useExtension();

test('Copy Markdown writes the article as Markdown to the clipboard, Copy text as plain text', async () => {
  const { popup } = await popupFor(fixture, '/local/2019/03/riverton-library.html');
  await popup.bringToFront();
  // Read the clipboard back the way a user would: paste it (a trusted Ctrl+V) into a text area. (Chromium
  // does not let tests grant clipboard-read to a chrome-extension:// origin.)
  const readClipboard = async (): Promise<string> => {
    await popup.evaluate(() => {
      const area = document.createElement('textarea');
      area.id = 'paste-target';
      document.body.append(area);
      area.focus();
    });
    await popup.keyboard.press('Control+V');
    const pasted = await popup.locator('#paste-target').inputValue();
    await popup.evaluate(() => document.getElementById('paste-target')?.remove());
    return pasted;
  };

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
