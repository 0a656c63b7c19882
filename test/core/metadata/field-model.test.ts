/**
 * Issue 41, the learned author and source choice: the candidates' feature rows on hand-written Chinese,
 * English and German bylines, a post's account name as a candidate, the host's initials as the site's name,
 * the choice by probability (a value at its likeliest place, none below the least probability), the shipped
 * model's check, and the whole choice with a model of the test's own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, resolveOptions } from '../../../src/core/index.ts';
import { chooseAuthor } from '../../../src/core/metadata/choose.ts';
import { namesSite } from '../../../src/core/metadata/bylines.ts';
import type { FieldCandidate, FieldPage } from '../../../src/core/metadata/field-model/field-features.ts';
import { FIELD_FEATURES, fieldRows } from '../../../src/core/metadata/field-model/field-features.ts';
import type { FieldModel } from '../../../src/core/metadata/field-model/field-model.ts';
import { FieldModelError, checkFieldModel, learnedOrder } from '../../../src/core/metadata/field-model/field-model.ts';
import shipped from '../../../src/core/metadata/field-model/field-model.json';
import { findNearbyNames } from '../../../src/core/metadata/nearby-names.ts';
import type { PageModel } from '../../../src/core/model/page-model.ts';
import type { ZoneMetadata } from '../../../src/core/title-anchor/metadata-zone.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { contextOf, modelOf } from '../../helpers/model.ts';

afterAll(closeWindows);

const page = (body: string): PageModel => modelOf('happy-dom', `<html><head></head><body>${body}</body></html>`, resolveOptions({}));

const column = (name: string): number => {
  const i = FIELD_FEATURES.indexOf(name);
  if (i < 0) throw new Error(`no column ${name}`);
  return i;
};

/** The row of every candidate, read back by column name. */
function rowsOf(p: FieldPage, candidates: FieldCandidate[]): ((name: string) => number)[] {
  const rows = fieldRows(p, candidates);
  const width = FIELD_FEATURES.length;
  return candidates.map((_, i) => (name: string) => rows[i * width + column(name)] as number);
}

function fieldPage(model: PageModel, titleBlock: number | null, extra: Partial<FieldPage> = {}): FieldPage {
  return { page: model, titleBlock, bodyRoot: null, zone: new Set(), dateBlocks: new Set(), siteNames: [], hostLabels: [], ...extra };
}

describe('field-features: a candidate as numbers', () => {
  it('a Chinese byline: the 记者 label, a Han name beside the date, right under the title, in a byline element', () => {
    const model = page(
      '<h1>某市地铁新线今日开通</h1><div class="article-info"><span class="author">记者 李明</span> 2024-05-01 10:00</div><p>正文第一段，写了很多内容，有逗号，有句号。</p>',
    );
    const block = model.blocks[1] ?? null;
    const [get] = rowsOf(fieldPage(model, 0, { zone: new Set([1]), dateBlocks: new Set([1]) }), [
      { sourced: { value: '李明', from: 'zone', detail: '记者', rank: 1 }, block },
    ]);
    expect(get?.('kind:zone-label')).toBe(1);
    expect(get?.('label:reporter')).toBe(1);
    expect(get?.('label:editor')).toBe(0);
    expect(get?.('han-name-shape')).toBe(1);
    expect(get?.('cjk-share')).toBe(1);
    expect(get?.('blocks-after-title')).toBe(1);
    expect(get?.('in-zone')).toBe(1);
    expect(get?.('date-in-block')).toBe(1);
    expect(get?.('fragment:author')).toBe(1);
    expect(get?.('fragment:info')).toBe(1);
    expect(get?.('rule-rank')).toBe(1);
  });

  it('an English byline and the same name in a meta tag: a personal name, said in two places; the site in a third', () => {
    const model = page(
      '<h1>The bridge vote</h1><p class="byline">By Jane Doe</p><p>The council met on Monday, and the vote was close.</p>',
    );
    const byline = model.blocks[1] ?? null;
    const rows = rowsOf(fieldPage(model, 0, { siteNames: ['the daily bugle'] }), [
      { sourced: { value: 'Jane Doe', from: 'zone', detail: 'by', rank: 1 }, block: byline },
      { sourced: { value: 'Jane Doe', from: 'meta', detail: 'author', rank: 0.7 }, block: null },
      { sourced: { value: 'The Daily Bugle', from: 'json-ld', detail: 'author', rank: 0.7 }, block: null },
    ]);
    expect(rows[0]?.('latin-name-shape')).toBe(1);
    expect(rows[0]?.('label:writer')).toBe(1);
    expect(rows[0]?.('same-value-places')).toBe(2);
    expect(rows[0]?.('fragment:author')).toBe(1);
    expect(rows[1]?.('kind:meta')).toBe(1);
    expect(rows[1]?.('has-block')).toBe(0);
    expect(rows[1]?.('rule-order')).toBe(1);
    expect(rows[2]?.('site-name')).toBe(1);
    expect(rows[0]?.('site-name')).toBe(0);
  });

  it('a German byline with two authors: the separator counted, the "Von" label a writer\'s', () => {
    const model = page(
      '<h1>Neue Brücke für die Stadt</h1><p class="autor">Von Anna Schmidt und Peter Müller</p><p>Der Rat hat am Montag entschieden, und die Abstimmung war knapp.</p>',
    );
    const [get] = rowsOf(fieldPage(model, 0), [
      { sourced: { value: 'Anna Schmidt und Peter Müller', from: 'zone', detail: 'von', rank: 1 }, block: model.blocks[1] ?? null },
    ]);
    expect(get?.('label:writer')).toBe(1);
    expect(get?.('name-separators')).toBe(1);
    expect(get?.('words')).toBe(5);
    expect(get?.('latin-name-shape')).toBe(0);
  });

  it('an e-mail placeholder and an id have their own shape', () => {
    const model = page('<p>x</p>');
    const rows = rowsOf(fieldPage(model, null), [
      { sourced: { value: 'name, email@gmail.com', from: 'meta', detail: 'author' }, block: null },
      { sourced: { value: 'HN666', from: 'zone', detail: 'page:编辑' }, block: null },
    ]);
    expect(rows[0]?.('has-email-or-url')).toBe(1);
    expect(rows[1]?.('has-digit')).toBe(1);
    expect(rows[1]?.('all-caps')).toBe(0);
    expect(rows[1]?.('kind:page-editor')).toBe(1);
  });
});

describe("nearby-names: a post's account name", () => {
  it('a link to the poster\'s user page beside the title is a candidate; a "more" link and a profile-settings page are not', () => {
    const model = page(
      '<div><a href="/">首页</a> <a href="user.php?lookuserid=1">更多</a></div><h2>惊爆内幕(转载)</h2>' +
        '<div class="post-head"><a href="user.php?lookuserid=373742">duscha</a> 发表于 2005/03/15</div>' +
        '<div><a href="/profile_step3.php">照片管理</a></div><p>我以往是一个最最最反感的人，每次看到谁又拿这个说事，都会很生气。</p>',
    );
    const title = model.blocks.findIndex((b) => b.text.startsWith('惊爆'));
    expect(findNearbyNames(model, title, 8, 8, 16).map((n) => n.value)).toEqual(['duscha']);
  });

  it("an element whose class names the author gives its text; a byline's label alone and a name linked to a section do not", () => {
    const model = page(
      '<h1>Council approves the harbour bridge</h1>' +
        '<div class="meta"><span class="byline-label">By</span> <em class="byline">JOE HILDEBRAND</em></div>' +
        '<div class="author-box"><a class="author-name" href="/markets/">Markets Today</a></div>' +
        '<div class="author-box"><a class="author-name" href="/authors/ada-lind/">Ada Lind</a></div>' +
        '<p>The council met on Monday, and the vote on the new bridge over the harbour was close.</p>',
    );
    const found = findNearbyNames(model, 0, 8, 8, 16).map((n) => `${n.kind}:${n.value}`);
    expect(found).toEqual(['author-element:JOE HILDEBRAND', 'author-element:Ada Lind']);
  });

  it("a section's index link (/people) and a commenter's name are no one's byline", () => {
    const model = page(
      '<nav><a href="/">Home</a> <a href="/people">People</a></nav><h1>Fog on the bay</h1>' +
        '<div class="comments"><div class="comment"><span class="comment-author">Marta</span> <a href="/u/marta">marta</a></div></div>' +
        '<p>The fog came in at noon and the ferries waited in the harbour until it lifted again.</p>',
    );
    const title = model.blocks.findIndex((b) => b.text === 'Fog on the bay');
    expect(findNearbyNames(model, title, 8, 8, 16)).toEqual([]);
  });

  it('without a title block the first blocks are read', () => {
    const model = page('<p><a href="https://blog.example/u/tinytom">tinytom</a></p><p>A post of one line.</p>');
    expect(findNearbyNames(model, null, 8, 8, 16)).toMatchObject([{ value: 'tinytom', kind: 'account' }]);
  });
});

describe("the site's name written as the host's initials", () => {
  it('"The New York Times" on nytimes.com and "Wall Street Journal" on wsj.com name the site; a person does not', () => {
    expect(namesSite('The New York Times', [], 'www.nytimes.com')).toBe(true);
    expect(namesSite('Wall Street Journal', [], 'www.wsj.com')).toBe(true);
    expect(namesSite('Nelson D. Schwartz', [], 'www.nytimes.com')).toBe(false);
    expect(namesSite('Nancy Yu', [], 'www.ny.com')).toBe(false);
  });
});

describe('learnedOrder', () => {
  it("orders by probability, ties in the rules' order, and chooses none below the least probability", () => {
    expect(learnedOrder([0.2, 0.9, 0.2], 0.5)).toEqual({ order: [1, 0, 2], chosen: 1 });
    expect(learnedOrder([0.1, 0.3], 0.5)).toEqual({ order: [1, 0], chosen: null });
    expect(learnedOrder([], 0.5)).toEqual({ order: [], chosen: null });
  });
});

describe('the field model', () => {
  it("the shipped model passes the check and reads this build's columns", () => {
    const m = checkFieldModel(shipped);
    expect(m.features).toEqual(FIELD_FEATURES);
    expect(m.author.trees.length).toBeGreaterThan(1);
  });

  it('a model for other columns, or with a looping tree, is refused with the reason', () => {
    const m = shipped as unknown as FieldModel;
    expect(() => checkFieldModel({ ...m, features: ['x'] })).toThrow(/retrain it with train-author/);
    const loop = { feature: [0, -1, -1], threshold: [0, 0, 0], left: [0, -1, -1], right: [2, -1, -1], value: [0, 0, 0] };
    expect(() => checkFieldModel({ ...m, author: { base: 0, trees: [loop] } })).toThrow(FieldModelError);
  });

  /** A model of one stump: a candidate of `kind` gets log-odds +4, any other −4. */
  function stump(kind: string): FieldModel {
    const f = column(`kind:${kind}`);
    const tree = { feature: [f, -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -4, 4] };
    const m = shipped as unknown as FieldModel;
    return { ...m, author: { base: 0, trees: [tree] } };
  }

  const ZONE: ZoneMetadata = { blocks: [], authors: [], sources: [], dates: [], metadataBlocks: new Set() };
  const withMeta = (value: string) => ({
    titles: [],
    authors: [{ value, from: 'meta' as const, detail: 'author' }],
    sources: [],
    dates: [],
    lang: null,
    publishers: [],
    sites: [],
  });
  const html =
    '<h2>一个帖子的标题</h2><div><a href="/member/42">tinytom</a> 2024-05-01</div><p>帖子的正文，写了一些内容，有逗号，也有句号。</p>';

  it("chooses as the host's model says, and says so with each candidate's probability", () => {
    const model = page(html);
    const ctx = contextOf(model, {}, { fieldModel: stump('account') });
    const { chosen, candidates } = chooseAuthor(ctx, ZONE, withMeta('Admin Person'), [], ctx.opts.metadata, [], {
      titleBlock: 0,
      bodyRoot: null,
    });
    expect(chosen).toMatchObject({ value: 'tinytom', detail: 'nearby:account' });
    expect(candidates.map((c) => [c.value, c.probability])).toEqual([
      ['tinytom', 0.982],
      ['Admin Person', 0.018],
    ]);
  });

  it('below the least probability nothing is chosen, and the trace says why', () => {
    const model = page(html);
    const options = resolveOptions({ metadata: { authorMinProbability: 0.99 } });
    const ctx = contextOf(model, options, { fieldModel: stump('meta') });
    const { chosen } = chooseAuthor(ctx, ZONE, withMeta('Admin Person'), [], options.metadata, [], { titleBlock: 0, bodyRoot: null });
    expect(chosen).toBeNull();
  });

  it("with learnedFields off the rules' order stands and no probability is given", () => {
    const model = page(html);
    const options = resolveOptions({ metadata: { extensions: { learnedFields: false } } });
    const ctx = contextOf(model, options, { fieldModel: stump('account') });
    const { chosen } = chooseAuthor(ctx, ZONE, withMeta('Admin Person'), [], options.metadata, [], { titleBlock: 0, bodyRoot: null });
    expect(chosen).toMatchObject({ value: 'Admin Person' });
    expect(chosen?.probability).toBeUndefined();
    expect(DEFAULT_OPTIONS.metadata.extensions.learnedFields).toBe(true);
  });
});
