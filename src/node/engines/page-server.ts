/**
 * A local HTTP server for the chromium engine: serves each page's decoded HTML as UTF-8 from
 * 127.0.0.1, with a Content-Security-Policy that keeps the page's own scripts from running: the only
 * scripts a page may load are the engine's own page scripts (the core, Readability), served under
 * `/__article-lens/`. Loaded as scripts rather than sent through the DevTools protocol, they are compiled
 * once per renderer and taken from its code cache for every later page of the tab.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  readonly origin: string;
  /** Registers a page and returns its URL on the server. */
  add(html: string): { url: string; remove(): void };
  /**
   * Serves one of the engine's page scripts under `/__article-lens/<name>` and returns its URL; the source
   * is read on the first request.
   */
  script(name: string, source: () => string): string;
  close(): Promise<void>;
}

/** Where the engine's own page scripts are served: the one path a page's CSP lets scripts load from. */
const SCRIPTS_PATH = '/__article-lens/';

export async function startPageServer(): Promise<PageServer> {
  const pages = new Map<string, string>();
  const scripts = new Map<string, () => string>();
  let next = 0;
  let origin = '';
  const server: Server = createServer((req, res) => {
    const script = scripts.get(req.url ?? '');
    if (script !== undefined) {
      let source: string;
      try {
        source = script();
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not built');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'max-age=86400' });
      res.end(source);
      return;
    }
    const html = pages.get(req.url ?? '');
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `script-src ${origin}${SCRIPTS_PATH}; object-src 'none'; frame-src 'none'`,
      'cache-control': 'no-store',
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    add(html) {
      const path = `/page/${next++}`;
      pages.set(path, html);
      return { url: origin + path, remove: () => pages.delete(path) };
    },
    script(name, source) {
      const path = SCRIPTS_PATH + encodeURIComponent(name);
      scripts.set(path, source);
      return origin + path;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
