/**
 * Reads the clipboard back as a user would: pastes it (a trusted Ctrl+V) into a text area made for the
 * purpose on `page`. (Chromium does not let tests grant clipboard-read to a chrome-extension:// origin.)
 */
import type { Page } from 'playwright-core';

export async function pasteClipboard(page: Page): Promise<string> {
  await page.evaluate(() => {
    const area = document.createElement('textarea');
    area.id = 'paste-target';
    document.body.append(area);
    area.focus();
  });
  await page.keyboard.press('Control+V');
  const pasted = await page.locator('#paste-target').inputValue();
  await page.evaluate(() => document.getElementById('paste-target')?.remove());
  return pasted;
}
