import { describe, expect, test, vi } from 'vitest';
import type { BackgroundRequest, Handlers } from '../../src/shared/messages.ts';
import { listen, parseRequest, unwrapReply } from '../../src/shared/messages.ts';

describe('parseRequest', () => {
  test('accepts each well-formed request type', () => {
    expect(parseRequest({ type: 'link-title:record', url: 'https://a.example/x', text: 'Hello' })).toEqual({
      type: 'link-title:record',
      url: 'https://a.example/x',
      text: 'Hello',
    });
    expect(parseRequest({ type: 'link-title:lookup', url: 'https://a.example/x' })).toEqual({
      type: 'link-title:lookup',
      url: 'https://a.example/x',
    });
    expect(parseRequest({ type: 'page:ping' })).toEqual({ type: 'page:ping' });
    expect(parseRequest({ type: 'page:extract', options: { trace: { enabled: true } } })).toEqual({
      type: 'page:extract',
      options: { trace: { enabled: true } },
    });
    expect(parseRequest({ type: 'page:progress' })).toEqual({ type: 'page:progress' });
    expect(parseRequest({ type: 'page:cancel', why: 'x' })).toEqual({ type: 'page:cancel' });
    expect(parseRequest({ type: 'page:overlay', show: true })).toEqual({ type: 'page:overlay', show: true });
    expect(parseRequest({ type: 'page:overlay', show: false, extra: 1 })).toEqual({ type: 'page:overlay', show: false });
  });

  test.each([
    ['not an object', 'page:ping'],
    ['null', null],
    ['an array', [{ type: 'page:ping' }]],
    ['an unknown type', { type: 'page:delete' }],
    ['an inherited type name', { type: 'toString' }],
    ['a record without text', { type: 'link-title:record', url: 'https://a.example/' }],
    ['a record with an empty text', { type: 'link-title:record', url: 'https://a.example/', text: '' }],
    ['a record with a huge text', { type: 'link-title:record', url: 'https://a.example/', text: 'x'.repeat(301) }],
    ['a lookup with a numeric url', { type: 'link-title:lookup', url: 42 }],
    ['extract options that are not an object', { type: 'page:extract', options: 'fast' }],
    ['an overlay request without show', { type: 'page:overlay' }],
    ['an overlay request whose show is not a boolean', { type: 'page:overlay', show: 'yes' }],
    ['an overlay request whose show is null', { type: 'page:overlay', show: null }],
  ])('rejects %s', (_name, message) => {
    expect(parseRequest(message)).toBeNull();
  });
});

describe('listen', () => {
  const handlers: Handlers<BackgroundRequest> = {
    'link-title:record': vi.fn(async () => ({ stored: true })),
    'link-title:lookup': async ({ url }) => {
      if (url.endsWith('/boom')) throw new Error('storage failed');
      return { text: `title of ${url}` };
    },
  };
  const sender = { id: 'ext' };

  test('dispatches a valid request to its handler and wraps the answer', async () => {
    const listener = listen(handlers, () => true);
    await expect(listener({ type: 'link-title:lookup', url: 'https://a.example/1' }, sender)).resolves.toEqual({
      ok: true,
      value: { text: 'title of https://a.example/1' },
    });
  });

  test('leaves requests of other types to other listeners (returns undefined)', () => {
    const listener = listen(handlers, () => true);
    expect(listener({ type: 'page:ping' }, sender)).toBeUndefined();
    expect(listener({ hello: 'world' }, sender)).toBeUndefined();
  });

  test('refuses a sender the check rejects, without calling the handler', async () => {
    const listener = listen(handlers, (type) => type !== 'link-title:record');
    await expect(listener({ type: 'link-title:record', url: 'https://a.example/', text: 'T' }, sender)).resolves.toEqual({
      ok: false,
      error: 'sender not allowed for link-title:record',
    });
    expect(handlers['link-title:record']).not.toHaveBeenCalled();
  });

  test('turns a handler error into an error reply', async () => {
    const listener = listen(handlers, () => true);
    await expect(listener({ type: 'link-title:lookup', url: 'https://a.example/boom' }, sender)).resolves.toEqual({
      ok: false,
      error: 'storage failed',
    });
  });
});

describe('unwrapReply', () => {
  test('returns the value of an ok reply and throws the error of a failed one', () => {
    expect(unwrapReply({ ok: true, value: { generation: 2 } }, 'page:ping')).toEqual({ generation: 2 });
    expect(() => unwrapReply({ ok: false, error: 'nope' }, 'page:ping')).toThrow('nope');
    expect(() => unwrapReply(undefined, 'page:ping')).toThrow('no valid reply to page:ping');
  });
});
