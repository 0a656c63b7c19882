/** Pages extensions cannot read get a clear message in the popup, never a blank popup. */
import { expect, test } from 'vitest';
import { RESULTS, settledState, useExtension } from './support/fixture.ts';

const fixture = useExtension();

// Opened with ?tab= (not from the toolbar), the popup has no activeTab grant and cannot see the tab's URL;
// it learns what the page is from the browser's refusal to inject: Chrome names chrome:// pages, not about:.
const CASES = [
  {
    url: 'chrome://version/',
    reason: 'browser-page',
    text: 'Browser pages (settings, new tab, other extensions, page source) are closed to extensions.',
  },
  { url: 'about:blank', reason: 'no-access', text: 'Article Lens has no access to this page.' },
] as const;

for (const { url, reason, text } of CASES) {
  test(`${url} shows the restricted-page message`, async () => {
    const { tabId } = await fixture.session.openTab(url);
    const popup = await fixture.session.openPopup(tabId);
    expect(await settledState(popup)).toBe('restricted');
    const alert = popup.getByRole('alert');
    expect(await alert.locator('h2').innerText()).toBe("This page can't be read");
    expect(await alert.getAttribute('data-reason')).toBe(reason);
    expect(await alert.innerText()).toContain(text);
    if (reason === 'browser-page') await popup.screenshot({ path: `${RESULTS}popup-restricted.png` });
    await popup.close();
  });
}
