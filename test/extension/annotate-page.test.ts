// @vitest-environment happy-dom
/**
 * Annotation mode's content-script side with an in-memory storage.local: a page's record and snapshot are
 * stored when it is first annotated and resumed after; a snapshot that cannot be stored does not keep the
 * panel from opening (it says so); marking the page done takes the snapshot again; two tabs' stores merge.
 */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AnnotationHooks } from '../../src/overlay/annotate/session.ts';
import type { AnnotationRecord } from '../../src/shared/annotation/record.ts';
import { acceptField, rejectField, setDone, setPageType } from '../../src/shared/annotation/record.ts';
import { makeArticle } from './article-fixture.ts';

const local = new Map<string, unknown>();
let refuse: RegExp | null = null;

vi.mock('../../src/shared/browser.ts', async () => {
  const { createFakeBrowser } = await import('./fake-browser.ts');
  const browser = createFakeBrowser();
  return {
    browser: {
      ...browser,
      storage: {
        ...browser.storage,
        local: {
          get: async (key: string | null) =>
            key === null ? Object.fromEntries(local) : local.has(key) ? { [key]: structuredClone(local.get(key)) } : {},
          set: async (items: Record<string, unknown>) => {
            for (const [k, v] of Object.entries(items)) {
              if (refuse?.test(k)) throw new Error('QUOTA_BYTES quota exceeded');
              local.set(k, structuredClone(v));
            }
          },
          remove: async (keys: string | string[]) => {
            for (const k of [keys].flat()) local.delete(k);
          },
        },
      },
    },
  };
});

const { annotatePage } = await import('../../src/content/annotate-page.ts');

function view() {
  const calls: { record: AnnotationRecord; hooks: AnnotationHooks }[] = [];
  return {
    calls,
    annotate: vi.fn(async (_a: unknown, record: AnnotationRecord, hooks: AnnotationHooks) => {
      calls.push({ record, hooks });
    }),
    stopAnnotating: vi.fn(),
  };
}

const snapshotKey = () => [...local.keys()].find((k) => k.startsWith('annotation-page:')) ?? '';

beforeEach(() => {
  local.clear();
  refuse = null;
  document.body.innerHTML = '<h1>Flood wall finished</h1><p>The wall is finished.</p>';
});

describe('annotatePage', () => {
  test('stores a new record and the snapshot, then resumes the record as it was left', async () => {
    const v = view();
    const first = await annotatePage(makeArticle({ title: 'Flood wall finished' }), v);
    expect(first).toMatchObject({ resumed: false, given: 0 });
    expect(local.get(`annotation:${first.id}`)).toMatchObject({ id: first.id, fields: { title: { extracted: 'Flood wall finished' } } });
    expect(String(local.get(snapshotKey()))).toContain('<p>The wall is finished.</p>');
    const { record, hooks } = v.calls[0]!;
    expect(hooks.notice).toBeUndefined();
    await hooks.save(acceptField(record, 'title'));

    const again = await annotatePage(makeArticle({ title: 'Flood wall finished' }), v);
    expect(again).toMatchObject({ id: first.id, resumed: true, given: 1 });
    expect(v.calls[1]?.record.fields.title.verdict).toBe('right');
  });

  test('a snapshot storage refuses does not keep the panel from opening: it says so, and the record is stored', async () => {
    refuse = /^annotation-page:/;
    const v = view();
    const { id } = await annotatePage(makeArticle(), v);
    expect(v.annotate).toHaveBeenCalledTimes(1);
    expect(v.calls[0]?.hooks.notice).toBe('The page itself was not saved for the export (QUOTA_BYTES quota exceeded); the annotation is');
    expect(local.has(`annotation:${id}`)).toBe(true);
  });

  test("two tabs on one page: a store from a copy that does not have the other tab's verdicts keeps them", async () => {
    const a = view();
    const b = view();
    const { id } = await annotatePage(makeArticle({ title: 'Flood wall finished' }), a);
    await annotatePage(makeArticle({ title: 'Flood wall finished' }), b);
    const ra = a.calls[0]!.record;
    const rb = b.calls[0]!.record;
    await a.calls[0]!.hooks.save(setPageType(acceptField(ra, 'title'), 'article'));
    await b.calls[0]!.hooks.save(rejectField(rb, 'author'));
    expect(local.get(`annotation:${id}`)).toMatchObject({
      pageType: 'article',
      fields: { title: { verdict: 'right' }, author: { verdict: 'wrong' } },
    });
  });

  test('marking the page done takes the snapshot again, with what the page loaded since', async () => {
    const v = view();
    await annotatePage(makeArticle(), v);
    document.body.insertAdjacentHTML('beforeend', '<img src="lazy-loaded.jpg">');
    const { record, hooks } = v.calls[0]!;
    expect(await hooks.save(setDone(record, true))).toBeNull();
    expect(String(local.get(snapshotKey()))).toContain('lazy-loaded.jpg');
    refuse = /^annotation-page:/;
    expect(await hooks.save(setDone(record, false))).toBeNull();
    expect(await hooks.save(setDone(record, true))).toMatch(/^The page itself was not saved/);
  });
});
