import { describe, expect, test } from 'vitest';
import type { LinkTitleEntry } from '../../src/background/link-title-store.ts';
import { createLinkTitleStore } from '../../src/background/link-title-store.ts';
import type { LinkTitleLimits } from '../../src/shared/storage-keys.ts';
import { LINK_TITLE_LIMITS } from '../../src/shared/storage-keys.ts';
import { createFakeBrowser } from './fake-browser.ts';

const NEWS = 'https://news.example';
const OTHER = 'https://other.example';
const ATTACKER = 'https://attacker.example';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

async function stored(area: ReturnType<typeof createFakeBrowser>['storage']['session']): Promise<LinkTitleEntry[]> {
  return ((await area.get('linkTitles'))['linkTitles'] ?? []) as LinkTitleEntry[];
}

test('returns the latest title recorded for a URL, and null for unknown URLs', async () => {
  const store = createLinkTitleStore(createFakeBrowser().storage.session);
  await store.record('https://a.example/1', 'First wording', NEWS);
  await store.record('https://a.example/2', 'Other story', NEWS);
  await store.record('https://a.example/1', 'Second wording', OTHER);
  expect(await store.lookup('https://a.example/1')).toBe('Second wording');
  expect(await store.lookup('https://a.example/3')).toBeNull();
});

test('keeps only the last `total` entries', async () => {
  const area = createFakeBrowser().storage.session;
  const limits: LinkTitleLimits = { total: 3, perOrigin: 3, rate: { count: 10, windowMs: 60_000 } };
  const store = createLinkTitleStore(area, { limits });
  for (let i = 1; i <= 5; i++) await store.record(`https://a.example/${i}`, `Story ${i}`, NEWS);
  expect(await store.lookup('https://a.example/1')).toBeNull();
  expect(await store.lookup('https://a.example/2')).toBeNull();
  expect(await store.lookup('https://a.example/5')).toBe('Story 5');
  expect(await stored(area)).toHaveLength(3);
});

test('serialises concurrent writes so that none is lost', async () => {
  const store = createLinkTitleStore(createFakeBrowser().storage.session);
  await Promise.all(Array.from({ length: 20 }, (_, i) => store.record(`https://a.example/${i}`, `Story ${i}`, NEWS)));
  for (let i = 0; i < 20; i++) expect(await store.lookup(`https://a.example/${i}`)).toBe(`Story ${i}`);
});

test('ignores malformed stored data, and entries without a source origin', async () => {
  const area = createFakeBrowser().storage.session;
  await area.set({
    linkTitles: [
      { url: 'https://a.example/1' },
      'junk',
      { url: 'https://a.example/3', text: 'Old format', at: 1 },
      { url: 'https://a.example/2', text: 'Ok', at: 1, from: NEWS },
    ],
  });
  const store = createLinkTitleStore(area);
  expect(await store.lookup('https://a.example/1')).toBeNull();
  expect(await store.lookup('https://a.example/3')).toBeNull();
  expect(await store.lookup('https://a.example/2')).toBe('Ok');
});

describe('rate limit', () => {
  test('an origin adds at most `rate.count` entries per window; the next window it may add again', async () => {
    const area = createFakeBrowser().storage.session;
    const time = clock();
    const store = createLinkTitleStore(area, { now: time.now });
    const { count, windowMs } = LINK_TITLE_LIMITS.rate;
    const results: boolean[] = [];
    for (let i = 0; i < count + 10; i++) {
      results.push(await store.record(`https://victim.example/${i}`, `Planted ${i}`, ATTACKER));
      time.advance(100);
    }
    expect(results.filter(Boolean)).toHaveLength(count);
    expect(results.slice(count).every((r) => !r)).toBe(true);
    // Refused records change nothing, not even an existing title for the same URL.
    await store.record('https://victim.example/real', 'Real headline', NEWS);
    expect(await store.record('https://victim.example/real', 'Planted headline', ATTACKER)).toBe(false);
    expect(await store.lookup('https://victim.example/real')).toBe('Real headline');

    time.advance(windowMs);
    expect(await store.record('https://victim.example/later', 'Later', ATTACKER)).toBe(true);
  });

  test('the rate is per origin: one origin spending its rate does not stop another', async () => {
    const time = clock();
    const store = createLinkTitleStore(createFakeBrowser().storage.session, { now: time.now });
    for (let i = 0; i < LINK_TITLE_LIMITS.rate.count; i++) await store.record(`https://victim.example/${i}`, `Planted ${i}`, ATTACKER);
    expect(await store.record('https://victim.example/x', 'Planted', ATTACKER)).toBe(false);
    expect(await store.record('https://news.example/story', 'Real story', NEWS)).toBe(true);
  });

  test('the rate survives a restarted service worker (it is counted from the stored entries)', async () => {
    const area = createFakeBrowser().storage.session;
    const time = clock();
    const first = createLinkTitleStore(area, { now: time.now });
    for (let i = 0; i < LINK_TITLE_LIMITS.rate.count; i++) await first.record(`https://victim.example/${i}`, `Planted ${i}`, ATTACKER);
    const restarted = createLinkTitleStore(area, { now: time.now });
    expect(await restarted.record('https://victim.example/more', 'More', ATTACKER)).toBe(false);
  });
});

describe('per-origin quota', () => {
  const limits: LinkTitleLimits = { total: 20, perOrigin: 5, rate: { count: 1000, windowMs: 60_000 } };

  test('an origin over its quota loses its own oldest entries, never those of other origins', async () => {
    const area = createFakeBrowser().storage.session;
    const store = createLinkTitleStore(area, { limits });
    for (let i = 0; i < 4; i++) await store.record(`https://news.example/${i}`, `Real ${i}`, NEWS);
    for (let i = 0; i < 200; i++) await store.record(`https://victim.example/${i}`, `Planted ${i}`, ATTACKER);
    for (let i = 0; i < 4; i++) expect(await store.lookup(`https://news.example/${i}`)).toBe(`Real ${i}`);
    const entries = await stored(area);
    expect(entries.filter((e) => e.from === ATTACKER).map((e) => e.text)).toEqual([195, 196, 197, 198, 199].map((i) => `Planted ${i}`));
    expect(entries.filter((e) => e.from === NEWS)).toHaveLength(4);
  });

  test('when the store is full, the origin holding the most entries gives way, not the oldest small one', async () => {
    const area = createFakeBrowser().storage.session;
    const store = createLinkTitleStore(area, { limits: { ...limits, total: 8 } });
    await store.record('https://news.example/old', 'Oldest real title', NEWS);
    for (let i = 0; i < 3; i++) await store.record(`https://other.example/${i}`, `Other ${i}`, OTHER);
    for (let i = 0; i < 5; i++) await store.record(`https://victim.example/${i}`, `Planted ${i}`, ATTACKER);
    const entries = await stored(area);
    expect(entries).toHaveLength(8);
    expect(await store.lookup('https://news.example/old')).toBe('Oldest real title');
    expect(entries.filter((e) => e.from === OTHER)).toHaveLength(3);
    expect(entries.filter((e) => e.from === ATTACKER).map((e) => e.text)).toEqual(['Planted 1', 'Planted 2', 'Planted 3', 'Planted 4']);
  });
});
