/**
 * fetchPage (src/node/fetch-page.ts): a server that stops answering, before the headers or mid-body, gets
 * a message naming the URL (it was "The operation was aborted due to timeout", naming nothing: issue 40).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, fetchPage } from '../../src/node/fetch-page.ts';

let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/slow-body.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>The first part, and then nothing more.');
    } else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html; charset=gbk' }).end('<p>ok</p>');
    // '/silent.html': never answers.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function failure(url: string): Promise<FetchError> {
  const err = await fetchPage(url, { timeoutMs: 300 }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof FetchError)) throw new Error(`expected a FetchError, got ${String(err)}`);
  return err;
}

describe('fetchPage: time-outs name the URL', () => {
  it('no answer at all', async () => {
    expect((await failure(`${origin}/silent.html`)).message).toBe(`${origin}/silent.html: no answer within 0.3 s`);
  });

  it('a body that stops coming', async () => {
    expect((await failure(`${origin}/slow-body.html`)).message).toBe(`${origin}/slow-body.html: download not finished within 0.3 s`);
  });

  it('a page that comes whole: its bytes, its charset and its URL', async () => {
    const page = await fetchPage(`${origin}/page.html`);
    expect(new TextDecoder().decode(page.bytes)).toBe('<p>ok</p>');
    expect(page.charset).toBe('gbk');
    expect(page.finalUrl).toBe(`${origin}/page.html`);
  });
});
