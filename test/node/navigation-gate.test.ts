/**
 * The chromium engine's navigation gates (chromium-engine.ts): a reused tab may load the page the engine
 * is about to extract, once; a meta refresh or a link followed by the page is refused.
 */
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectedNavigations, firstNavigationOnly } from '../../src/node/engines/chromium-engine.ts';

const frame = (): Frame => ({}) as Frame;

describe('expectedNavigations', () => {
  it('admits the expected URL once, in the frame it was expected in', () => {
    const gate = expectedNavigations();
    const a = frame();
    const b = frame();
    gate.expect(a, 'http://127.0.0.1:1/page/0');
    expect(gate.admit(b, 'http://127.0.0.1:1/page/0')).toBe(false);
    expect(gate.admit(a, 'http://127.0.0.1:1/page/1')).toBe(false);
    expect(gate.admit(a, 'http://127.0.0.1:1/page/0')).toBe(true);
    // the page's own refresh to itself comes after: refused
    expect(gate.admit(a, 'http://127.0.0.1:1/page/0')).toBe(false);
  });

  it('lets a reused frame load the next page, and only that one', () => {
    const gate = expectedNavigations();
    const a = frame();
    gate.expect(a, 'http://127.0.0.1:1/page/0');
    expect(gate.admit(a, 'http://127.0.0.1:1/page/0')).toBe(true);
    gate.expect(a, 'http://127.0.0.1:1/page/1');
    expect(gate.admit(a, 'http://127.0.0.1:1/page/0')).toBe(false);
    expect(gate.admit(a, 'http://127.0.0.1:1/page/1')).toBe(true);
  });

  it('refuses every navigation of a frame nothing was expected in', () => {
    expect(expectedNavigations().admit(frame(), 'http://127.0.0.1:1/page/0')).toBe(false);
  });
});

describe('firstNavigationOnly', () => {
  it('admits the first navigation of each frame and none after', () => {
    const gate = firstNavigationOnly();
    const a = frame();
    expect(gate.admit(a, 'http://127.0.0.1:1/page/0')).toBe(true);
    expect(gate.admit(a, 'http://127.0.0.1:1/page/0')).toBe(false);
    expect(gate.admit(frame(), 'http://127.0.0.1:1/page/1')).toBe(true);
  });
});
