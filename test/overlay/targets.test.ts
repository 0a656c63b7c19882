import { describe, expect, test } from 'vitest';
import { collectTargets, countKinds } from '../../src/overlay/targets.ts';
import { makeArticle } from '../extension/article-fixture.ts';
import { articleWithNoise, makeNoise, ref } from './noise-fixture.ts';

describe('collectTargets', () => {
  test('body first, then title, then one target per part of every noise block, with its block', () => {
    const related = makeNoise({ parts: [ref('#related > li:nth-of-type(1)'), ref('#related > li:nth-of-type(2)')] });
    const menu = makeNoise({ ref: ref('#menu'), parts: [ref('#menu')], inBody: false, removed: false });
    const targets = collectTargets(articleWithNoise([related, menu]));
    expect(targets.map((t) => [t.kind, t.selector])).toEqual([
      ['body', '#story'],
      ['title', '#title'],
      ['link-block', '#related > li:nth-of-type(1)'],
      ['link-block', '#related > li:nth-of-type(2)'],
      ['link-block', '#menu'],
    ]);
    expect(targets[2]?.block).toBe(related);
    expect(targets[0]?.block).toBeNull();
  });

  test('the body target says which method gave the body, and why', () => {
    const base = makeArticle();
    const led = makeArticle({
      anchors: { ...base.anchors, bodyRoot: ref('#story'), bodyLead: { method: 'punct-path', reason: 'no title match: method 2 leads' } },
    });
    expect(collectTargets(led)[0]).toMatchObject({
      kind: 'body',
      lead: 'punct-path',
      note: 'method 2 (path) led: no title match: method 2 leads',
    });
    const anchored = makeArticle({
      anchors: { ...base.anchors, bodyRoot: ref('#story'), bodyLead: { method: 'title-anchor', reason: 'title anchored' } },
    });
    expect(collectTargets(anchored)[0]?.note).toBe('method 1 (title) led: title anchored');
  });

  test('a block without parts is outlined by its ref; template and path kinds keep their kind', () => {
    const targets = collectTargets(
      articleWithNoise([makeNoise({ kind: 'template', ref: ref('#tpl'), parts: [] }), makeNoise({ kind: 'path', parts: [ref('#p')] })]),
    );
    expect(targets.slice(2).map((t) => [t.kind, t.selector])).toEqual([
      ['template', '#tpl'],
      ['path', '#p'],
    ]);
  });

  test('the date and the author are outlined at the elements the core recorded; refs without a selector are skipped', () => {
    const base = makeArticle();
    const article = makeArticle({
      // The overlay never re-derives them from the candidates or the provenance (the core's assembly does).
      publishedTime: {
        ...base.publishedTime,
        candidates: [{ iso: '2019-03-13', text: '13/03/2019', from: 'url', detail: 'path', ref: ref('#url') }],
      },
      provenance: { ...base.provenance, author: { value: 'M. Ellison', from: 'zone', detail: 'by', ref: ref('#elsewhere') } },
      anchors: { ...base.anchors, bodyRoot: ref('', ''), date: ref('#dateline', 'Published 14 March'), author: ref('#byline') },
    });
    expect(collectTargets(article).map((t) => [t.kind, t.selector])).toEqual([
      ['date', '#dateline'],
      ['author', '#byline'],
    ]);
  });
});

describe('countKinds', () => {
  test('anchors count one when present; noise kinds count blocks (not parts) and removed blocks', () => {
    const counts = countKinds(
      articleWithNoise([
        makeNoise({ parts: [ref('#a'), ref('#b'), ref('#c')] }),
        makeNoise({ removed: false }),
        makeNoise({ kind: 'template', removed: false }),
      ]),
    );
    expect(counts.get('title')).toEqual({ blocks: 1, removed: 0 });
    expect(counts.get('body')).toEqual({ blocks: 1, removed: 0 });
    expect(counts.get('date')).toEqual({ blocks: 0, removed: 0 });
    expect(counts.get('link-block')).toEqual({ blocks: 2, removed: 1 });
    expect(counts.get('template')).toEqual({ blocks: 1, removed: 0 });
    expect(counts.get('path')).toBeUndefined();
  });
});
