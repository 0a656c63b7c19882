import { expect, test } from 'vitest';
import { createLinkTitleStore } from '../../src/background/link-title-store.ts';
import { createFakeBrowser } from './fake-browser.ts';

test('returns the latest title recorded for a URL, and null for unknown URLs', async () => {
  const store = createLinkTitleStore(createFakeBrowser().storage.session);
  await store.record('https://a.example/1', 'First wording');
  await store.record('https://a.example/2', 'Other story');
  await store.record('https://a.example/1', 'Second wording');
  expect(await store.lookup('https://a.example/1')).toBe('Second wording');
  expect(await store.lookup('https://a.example/3')).toBeNull();
});

test('keeps only the last `limit` entries', async () => {
  const area = createFakeBrowser().storage.session;
  const store = createLinkTitleStore(area, 3);
  for (let i = 1; i <= 5; i++) await store.record(`https://a.example/${i}`, `Story ${i}`);
  expect(await store.lookup('https://a.example/1')).toBeNull();
  expect(await store.lookup('https://a.example/2')).toBeNull();
  expect(await store.lookup('https://a.example/5')).toBe('Story 5');
  expect(((await area.get('linkTitles'))['linkTitles'] as unknown[]).length).toBe(3);
});

test('serialises concurrent writes so that none is lost', async () => {
  const store = createLinkTitleStore(createFakeBrowser().storage.session);
  await Promise.all(Array.from({ length: 20 }, (_, i) => store.record(`https://a.example/${i}`, `Story ${i}`)));
  for (let i = 0; i < 20; i++) expect(await store.lookup(`https://a.example/${i}`)).toBe(`Story ${i}`);
});

test('ignores malformed stored data', async () => {
  const area = createFakeBrowser().storage.session;
  await area.set({ linkTitles: [{ url: 'https://a.example/1' }, 'junk', { url: 'https://a.example/2', text: 'Ok', at: 1 }] });
  const store = createLinkTitleStore(area);
  expect(await store.lookup('https://a.example/1')).toBeNull();
  expect(await store.lookup('https://a.example/2')).toBe('Ok');
});
