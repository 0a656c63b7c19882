/**
 * A server on 127.0.0.1 for one test file's own pages: each request path is mapped to a file (or to none:
 * 404), served as UTF-8 HTML without caching. Started before the file's tests and closed after them.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import type { Listening } from './server.ts';
import { listenLocally } from './server.ts';

export interface FileServer {
  /** `http://127.0.0.1:<port>`, once the server listens. */
  readonly origin: string;
}

/** Serves `fileFor(pathname)` (an absolute file path, or null for 404) to the tests of the calling file. */
export function useFileServer(fileFor: (pathname: string) => string | null): FileServer {
  let server: Listening | null = null;
  beforeAll(async () => {
    server = await listenLocally((req, res) => {
      const file = fileFor(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      if (!file) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      readFile(file).then(
        (body) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(body),
        () => res.writeHead(500).end(),
      );
    });
  });
  afterAll(() => server?.close());
  return {
    get origin() {
      return server?.origin ?? '';
    },
  };
}
