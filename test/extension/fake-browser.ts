/**
 * A small in-memory stand-in for the webextension-polyfill `browser` object: just the calls the extension
 * makes, with i18n answered from the real _locales catalogue. Tests replace src/shared/browser.ts with it.
 */
import { vi } from 'vitest';
import en from '../../public/_locales/en/messages.json' with { type: 'json' };

type Listener = (message: unknown, sender: unknown) => Promise<unknown> | undefined;

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const ROOT = `chrome-extension://${EXTENSION_ID}/`;

export function createFakeBrowser() {
  const session = new Map<string, unknown>();
  const local = new Map<string, unknown>();
  const listeners: Listener[] = [];
  const catalogue = en as Record<string, { message: string }>;
  return {
    runtime: {
      id: EXTENSION_ID,
      getURL: (path: string) => ROOT + path.replace(/^\//, ''),
      getManifest: () => ({ content_scripts: [{ js: ['assets/content-loader.js'] }] }),
      sendMessage: vi.fn(async (message: unknown): Promise<unknown> => {
        for (const l of listeners) {
          const reply = l(message, { id: EXTENSION_ID, url: `${ROOT}src/popup/index.html` });
          if (reply) return reply;
        }
        throw new Error('Could not establish connection. Receiving end does not exist.');
      }),
      onMessage: {
        addListener: (l: Listener) => listeners.push(l),
        removeListener: (l: Listener) => listeners.splice(listeners.indexOf(l), 1),
      },
    },
    tabs: {
      get: vi.fn(async (id: number): Promise<{ id: number; url?: string }> => ({ id })),
      query: vi.fn(async (): Promise<{ id: number; url?: string }[]> => []),
      sendMessage: vi.fn<(tabId: number, message: unknown, options?: unknown) => Promise<unknown>>(async () => {
        throw new Error('Could not establish connection. Receiving end does not exist.');
      }),
    },
    scripting: { executeScript: vi.fn<(injection: unknown) => Promise<unknown[]>>(async () => []) },
    extension: { isAllowedFileSchemeAccess: vi.fn(async () => false) },
    i18n: {
      getMessage: (key: string, subs: string[] = []) =>
        (catalogue[key]?.message ?? '').replace(/\$(\d)/g, (_m, n: string) => subs[Number(n) - 1] ?? ''),
      getUILanguage: () => 'en-US',
    },
    storage: {
      session: {
        get: async (key: string) => (session.has(key) ? { [key]: session.get(key) } : {}),
        set: async (items: Record<string, unknown>) => {
          for (const [k, v] of Object.entries(items)) session.set(k, structuredClone(v));
        },
      },
      local: {
        get: async (key: string) => (local.has(key) ? { [key]: local.get(key) } : {}),
        set: async (items: Record<string, unknown>) => {
          for (const [k, v] of Object.entries(items)) local.set(k, structuredClone(v));
        },
        remove: async (key: string) => {
          local.delete(key);
        },
      },
    },
  };
}

export type FakeBrowser = ReturnType<typeof createFakeBrowser>;
