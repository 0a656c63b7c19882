/**
 * Pages with nothing to read, in a real Chromium (issue 15): a PDF in the browser's viewer (whether or not
 * its URL ends in .pdf) gets the PDF message, not an empty article; a page with no article says so, with
 * the copy buttons off; a page the popup could not reach (still loading, say) offers to try again, and
 * trying again reads it once it can.
 */
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();

// Opened with ?tab= (as here) the popup does not know the tab's URL, so even /doc/report.pdf is found by
// what the page is, as a PDF behind a download link would be.
for (const path of ['/doc/report', '/doc/report.pdf']) {
  test(`a PDF at ${path} gets the PDF message, not an empty article`, async () => {
    const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}${path}`);
    const popup = await fixture.session.openPopup(tabId);
    expect(await settledState(popup)).toBe('restricted');
    const alert = popup.getByRole('alert');
    expect(await alert.getAttribute('data-reason')).toBe('pdf');
    expect(await alert.innerText()).toContain("This is a PDF in the browser's built-in viewer");
    expect(await popup.locator('[data-action="copy-text"]').count()).toBe(0);
    expect(await alert.locator('[data-action="retry"]').count()).toBe(0);
    if (path === '/doc/report') await popup.screenshot({ path: `${RESULTS}popup-pdf.png` });
    await popup.close();
    await page.close();
  });
}

test('a page with no article says so, and its copy buttons are off', async () => {
  const { page, tabId } = await fixture.session.openTab(`${fixture.server.origin}/section/index.html`);
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('ready');
  expect(await popup.locator('.empty').innerText()).toBe('No article body was found on this page.');
  for (const action of ['copy-text', 'copy-markdown']) {
    const button = popup.locator(`[data-action="${action}"]`);
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('title')).toBe('No article body was found on this page.');
  }
  expect(await popup.locator('[data-action="overlay"]').isDisabled()).toBe(false);
  await popup.screenshot({ path: `${RESULTS}popup-no-article.png` });
  await popup.close();
  await page.close();
});

test('a page the popup cannot reach offers to try again, and trying again reads it once it can', async () => {
  const { page, tabId } = await fixture.session.openTab('about:blank');
  const popup = await fixture.session.openPopup(tabId);
  expect(await settledState(popup)).toBe('restricted');
  const retry = popup.locator('[data-action="retry"]');
  expect(await popup.getByRole('alert').getAttribute('data-reason')).toBe('no-access');
  expect(await popup.getByRole('alert').innerText()).toContain('wait until it has loaded (or reload it), then try again');
  await popup.screenshot({ path: `${RESULTS}popup-retry.png` });

  await page.goto(`${fixture.server.origin}/local/2019/03/riverton-library.html`);
  await retry.click();
  expect(await settledState(popup)).toBe('ready');
  expect(await popup.locator('h1').first().innerText()).toMatch(/library/i);
  expect(await popup.locator('[data-action="copy-text"]').isDisabled()).toBe(false);
  await popup.close();
  await page.close();
});
