/**
 * The content script's side of the protocol: `page:ping` and `page:extract`.
 */
import type { Handlers, PageRequest } from '../shared/messages.ts';
import { sendToBackground } from '../shared/message-client.ts';
import { linkKey } from '../shared/link-key.ts';

async function linkTitleFor(pageUrl: string): Promise<string | null> {
  const url = linkKey(pageUrl);
  if (!url) return null;
  try {
    return (await sendToBackground({ type: 'link-title:lookup', url })).text;
  } catch {
    return null; // No link title is a normal case: extraction falls back to <title>.
  }
}

export function pageHandlers(generation: number): Handlers<PageRequest> {
  return {
    'page:ping': () => ({ generation }),
    'page:extract': async ({ options }) => {
      const [linkTitle, { extractPage }] = await Promise.all([linkTitleFor(location.href), import('./extract-page.ts')]);
      return extractPage(linkTitle, options ?? {});
    },
  };
}
