/**
 * A local HTTP server for the chromium engine: serves each page's decoded HTML as UTF-8 from
 * 127.0.0.1, with a Content-Security-Policy that keeps the page's own scripts from running.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  readonly origin: string;
  /** Registers a page and returns its URL on the server. */
  add(html: string): { url: string; remove(): void };
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const pages = new Map<string, string>();
  let next = 0;
  const server: Server = createServer((req, res) => {
    const html = pages.get(req.url ?? '');
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "script-src 'none'; object-src 'none'; frame-src 'none'",
      'cache-control': 'no-store',
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    add(html) {
      const path = `/page/${next++}`;
      pages.set(path, html);
      return { url: origin + path, remove: () => pages.delete(path) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
