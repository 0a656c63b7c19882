/**
 * Content script, declared for http(s) pages and injected on demand by the popup for tabs opened before
 * install. It records the link titles the reader clicks and answers the popup's `page:extract` and
 * `page:overlay`; the core and the overlay are loaded on first use (lazy-modules.ts), so pages that are
 * never extracted do not load them.
 *
 * Built as one classic script with its few imports inlined (crx `standaloneFiles`): no loader and no
 * web-accessible chunk with a fixed URL that a page could probe for. It runs again on every injection,
 * and the injection guard makes the newest run the only live one.
 */
import { browser } from '../shared/browser.ts';
import type { PageRequest, SenderCheck } from '../shared/messages.ts';
import { listen } from '../shared/messages.ts';
import { sendToBackground } from '../shared/message-client.ts';
import { isFromExtensionPage } from '../shared/senders.ts';
import { claimInjection } from './injection-guard.ts';
import { recordLinkClicks } from './link-recorder.ts';
import { createOverlayControl } from './overlay-control.ts';
import { overlayLabels } from './overlay-labels.ts';
import { pageHandlers } from './page-handlers.ts';

const fromPopup: SenderCheck<PageRequest> = (_type, sender) => isFromExtensionPage(sender);

function start(generation: number): () => void {
  const stopRecording = recordLinkClicks(document, (url, text) => {
    sendToBackground({ type: 'link-title:record', url, text }).catch((e: unknown) => {
      if (__DEV__) console.debug('[article-lens] link title not recorded', e);
    });
  });
  const overlay = createOverlayControl(document, overlayLabels);
  const onMessage = listen(pageHandlers(generation, overlay), fromPopup);
  browser.runtime.onMessage.addListener(onMessage);
  return () => {
    stopRecording();
    overlay.hide();
    browser.runtime.onMessage.removeListener(onMessage);
  };
}

claimInjection(start);
