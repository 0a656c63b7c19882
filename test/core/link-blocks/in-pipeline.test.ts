/**
 * §6.3 in the pipeline: link blocks inside the body root leave the body, isolated in-text links stay,
 * every block is reported in `Article.noise` with elements the overlay can resolve, and the page's LCR
 * and CCR are in `linkBlockStats`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Clock, ExtractEnv } from '../../../src/core/env.ts';
import { findElements, resolveCssPath } from '../../../src/core/dom/element-lookup.ts';
import type { PartialOptions } from '../../../src/core/index.ts';
import { extract } from '../../../src/core/index.ts';
import { staticProbe } from '../../../src/platform/static-probe.ts';
import type { NodeRef } from '../../../src/core/types.ts';
import { closeWindows, parseWith } from '../../helpers/dom.ts';
import type { ModelKind } from '../../helpers/model.ts';
import { MODEL_KINDS, modelOf } from '../../helpers/model.ts';
import { rulesOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

const CLOCK: Clock = { now: () => new Date('2024-06-01T00:00:00Z') };
const ENV: ExtractEnv = { probe: staticProbe, clock: CLOCK, timer: () => 0 };

const ARTICLE = `<!doctype html><html lang="en"><head><title>Harbour ferry returns after twenty years | Coast News</title></head><body>
<nav><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav>
<article>
<h1>Harbour ferry returns after twenty years</h1>
<p>The harbour ferry, which stopped running in 2004, sailed again on Saturday, and more than three hundred people, many of them children, rode it across the bay.</p>
<p>The operator said the boat, rebuilt in the old <a href="/yard">boatyard</a> over two winters, would run every hour, weather permitting, until the end of October.</p>
<p>Tickets cost two pounds, and children, pensioners and cyclists travel free, the council said, adding that it would review the prices next spring.</p>
<div class="related"><h3>Related</h3><ul>
<li><a href="/a">Bay bridge repairs delayed</a></li>
<li><a href="/b">New tide tables published</a></li>
<li><a href="/c">Boatyard wins heritage grant</a></li>
<li><a href="/d">Sailing club opens to all</a></li>
</ul></div>
</article>
<footer><a href="/about">About</a> <a href="/contact">Contact</a> <a href="/privacy">Privacy</a></footer>
</body></html>`;

/**
 * Extracts `html` on `kind`: from the parsed document for a DOM, from the page model parse5 builds (no DOM)
 * otherwise. `doc` is the page the references are resolved in, as the overlay resolves them: the document
 * extracted, or for parse5 the same HTML parsed by happy-dom.
 */
const run = (html: string, options: PartialOptions = {}, kind: ModelKind = 'happy-dom') => {
  const opts = rulesOptions(options);
  const doc = parseWith(kind === 'parse5' ? 'happy-dom' : kind, html);
  const source = kind === 'parse5' ? modelOf(kind, html, opts) : doc;
  return { doc, article: extract(source, ENV, { url: 'https://coast.example/ferry' }, opts) };
};

/** The elements references name, by their CSS paths; each must be the element of the reference's ordinal too. */
function resolveParts(doc: Document, refs: readonly NodeRef[]): (Element | null)[] {
  const byOrdinal = findElements(
    doc,
    refs.map((r) => r.ordinal ?? -1),
  );
  return refs.map((r) => {
    const el = resolveCssPath(doc, r.selector);
    expect(r.ordinal !== undefined && byOrdinal.get(r.ordinal) === el).toBe(true);
    return el;
  });
}

describe.each(MODEL_KINDS)('link blocks in the pipeline (%s)', (kind) => {
  it('removes the related list inside the article and keeps the isolated in-text link', () => {
    const { doc, article } = run(ARTICLE, {}, kind);
    expect(article.body.text).toContain('rebuilt in the old boatyard over two winters');
    expect(article.body.text).toContain('review the prices next spring');
    expect(article.body.text).not.toContain('Bay bridge repairs delayed');
    expect(article.body.text).not.toContain('Sailing club opens to all');

    // The end of the article (the related list) and the start of the footer join one logical block.
    const related = article.noise.find((n) => n.text.includes('Bay bridge'));
    expect(related).toMatchObject({ kind: 'link-block', inBody: true, removed: true });
    expect(related?.text).toMatch(/Sailing club opens to all About Contact Privacy$/);
    expect(related?.numbers['links']).toBe(7);
    expect(related?.reason).toMatch(/^7 links ≥ Ct 3, largest gap \d+ < dt 80 \(code distance\)/);
    // Every part resolves back to an element of the page (by its path and by its ordinal), and the parts hold the list's links.
    const parts = resolveParts(doc, related?.parts ?? []);
    expect(parts.every((el) => el !== null)).toBe(true);
    expect(parts.map((el) => el?.textContent ?? '').join(' ')).toContain('Boatyard wins heritage grant');

    const nav = article.noise.find((n) => n.text.startsWith('Home'));
    expect(nav).toMatchObject({ inBody: false, removed: false });
    expect(article.noise.some((n) => n.text.includes('boatyard'))).toBe(false);

    expect(article.linkBlockStats).toMatchObject({ links: 12, blocks: 2 });
    expect(article.linkBlockStats?.lcr).toBeCloseTo(11 / 12);
    expect(article.linkBlockStats?.ccr).toBeGreaterThan(0);
  });
});

describe('link-block options', () => {
  it('removeFromBody off: the block is reported, the body keeps it', () => {
    const { article } = run(ARTICLE, { linkBlocks: { removeFromBody: false } });
    expect(article.body.text).toContain('Bay bridge repairs delayed');
    expect(article.noise.find((n) => n.text.includes('Bay bridge'))).toMatchObject({ inBody: true, removed: false });
  });

  it('keepSentences: a paragraph dense with links stays in the body; without it, it goes', () => {
    const dense = ARTICLE.replace(
      '<div class="related">',
      '<p>See <a href="/x">ferries</a>, <a href="/y">tides</a>, <a href="/z">boats</a>, <a href="/h">harbours</a>.</p><div class="related">',
    );
    const opts: PartialOptions = { linkBlocks: { extensions: { linkTextShare: false } } };
    expect(run(dense, opts).article.body.text).toContain('See ferries, tides, boats, harbours.');
    const without = run(dense, { linkBlocks: { extensions: { linkTextShare: false, keepSentences: false } } }).article;
    // A sentence by §0 (three commas and a full stop), but almost all of it inside the link block.
    expect(without.body.text).not.toContain('ferries, tides, boats');
  });

  it('an index page is covered by link blocks and has no article', () => {
    const section = (name: string) =>
      `<div><h2><a href="/${name}">${name}</a></h2><ul>${Array.from({ length: 10 }, (_, i) => `<li><a href="/${name}/${i}">Headline ${i} about ${name} today</a> <span>05-${10 + i}</span></li>`).join('')}</ul></div>`;
    const html = `<!doctype html><html><head><title>Coast News - front page</title></head><body><nav>${['Home', 'Local', 'Sport', 'Weather', 'Jobs'].map((w) => `<a href="/${w}">${w}</a>`).join(' ')}</nav>${['news', 'sport', 'money', 'travel'].map(section).join('')}</body></html>`;
    const { article } = run(html);
    expect(article.linkBlockStats?.lcr).toBeGreaterThanOrEqual(0.9);
    expect(article.body.text).toBe('');
  });

  it('rejects out-of-range thresholds', () => {
    expect(() => run(ARTICLE, { linkBlocks: { removeMinShare: 2 } })).toThrow(/removeMinShare/);
    expect(() => run(ARTICLE, { linkBlocks: { distance: 'pixels' as 'code' } })).toThrow(/linkBlocks.distance/);
  });
});

describe('bad input', () => {
  it('a page of 20 000 list links is one link block with every link, and its parts resolve', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => `<li><a href="/${i}">item ${i}</a></li>`).join('');
    const { doc, article } = run(`<!doctype html><html><head><title>All items</title></head><body><ul>${items}</ul></body></html>`);
    expect(article.linkBlockStats).toMatchObject({ links: 20_000, blocks: 1, lcr: 1 });
    const [block] = article.noise;
    expect(block?.parts.length).toBe(200); // maxPartsPerBlock
    expect(resolveParts(doc, block?.parts.slice(150, 151) ?? [])[0]?.textContent).toBe('item 150');
  });

  it('a page without links has no blocks and zero coverage', () => {
    const { article } = run('<!doctype html><html><body><p>Only text here, nothing else, no links at all, just words.</p></body></html>');
    expect(article.noise).toEqual([]);
    expect(article.linkBlockStats).toMatchObject({ links: 0, blocks: 0, lcr: 0, ccr: 0 });
  });
});
