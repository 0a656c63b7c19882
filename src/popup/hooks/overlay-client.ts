/**
 * Switches the on-page overlay of tab `tabId`. The content script is there already (it answered the
 * extraction), and it draws from that extraction; only a page that lost it extracts again, hence the
 * extraction's deadline.
 */
import type { OverlayState } from '../../shared/messages.ts';
import { sendToTab } from '../../shared/message-client.ts';
import { EXTRACT_TIMEOUT_MS } from './extraction-client.ts';
import { withTimeout } from './timeout.ts';

export function switchOverlay(tabId: number, show: boolean): Promise<OverlayState> {
  return withTimeout(sendToTab(tabId, { type: 'page:overlay', show }), EXTRACT_TIMEOUT_MS);
}
