/**
 * §6 gap-filler `6.2-short-page` (extension `combine.extensions.shortPageText`): when neither method finds a
 * body — the page has no sentence (§0) and method 2 too few full stops — a short page that is not a list
 * of links is read as a whole, as a reader shows it: the body root is the lowest common ancestor of its
 * text blocks that are neither noise (§0) nor mostly link text (with `shortPageNoiseText`, of those not
 * mostly link text when every block is noise: a page of a few words), and the title-zone and noise drops
 * do not empty it. The page must hold at most `shortPageMaxUnits` text units, at most
 * `shortPageMaxLinkShare` of them in links.
 * The baseline extraction that trafilatura falls back to when its own finds nothing is the same idea;
 * here it is one decision in the Explain trace, with its numbers, and the article says it in a warning.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import { traceNumber } from '../trace.ts';
import type { PageContext } from '../stage.ts';

/** The warning of an article whose body is a short page read as a whole. */
export function shortPageWarning(units: number): string {
  return `no sentence on the page: its body is the page's short text (${units} text units), read as a whole`;
}

/** A short page read as a whole: its body root and the text blocks it was read from. */
export interface ShortPage {
  readonly root: number;
  readonly blocks: readonly TextBlock[];
}

/**
 * The short page's body root and blocks, or null when the page is too long, mostly links, or has no text
 * block to read. Its blocks are those neither noise (§0) nor mostly links; with `shortPageNoiseText`, a
 * page whose every block is noise (a page of a few words) is read from its blocks that are not mostly links.
 */
export function shortPage(ctx: PageContext, page: PageModel): ShortPage | null {
  const opts = ctx.opts.combine;
  const all = page.stats(page.root);
  const linkShare = all.units ? all.linkUnits / all.units : 0;
  const readNoise = opts.extensions.shortPageNoiseText;
  const readable = page.blocks.filter((b) => b.linkUnits * 2 < b.units);
  const notNoise = readable.filter((b) => !b.noise);
  const blocks = notNoise.length || !readNoise ? notNoise : readable;
  const numbers = {
    units: all.units,
    maxUnits: opts.shortPageMaxUnits,
    linkShare: traceNumber(linkShare),
    maxLinkShare: opts.shortPageMaxLinkShare,
    blocks: blocks.length,
  };
  const why =
    all.units > opts.shortPageMaxUnits
      ? 'the page is too long to be read as a whole'
      : linkShare > opts.shortPageMaxLinkShare
        ? 'the page is mostly links'
        : !blocks.length
          ? `the page has no text block that is ${readNoise ? 'not' : 'neither noise nor'} mostly links`
          : null;
  if (why) {
    ctx.trace.decide('combine', { rule: '6.2-short-page', verdict: 'skip', numbers, note: `no body: ${why}` });
    return null;
  }
  const root = blocks.reduce<number>((acc, b: TextBlock) => page.lca(acc, b.owner), (blocks[0] as TextBlock).owner);
  ctx.trace.decide('combine', () => ({
    rule: '6.2-short-page',
    verdict: 'keep',
    target: ctx.ref(root),
    numbers: { ...numbers, noiseBlocks: notNoise.length ? 0 : blocks.length },
    note: notNoise.length
      ? 'no body from either method: the short page is read as a whole'
      : 'no body from either method: the short page is read as a whole (its every block is noise text: they are its text)',
  }));
  return { root, blocks };
}

/**
 * The blocks of a short page that the title-zone and noise drops (6.1, 6.3) took out, when they took them
 * all: a page read as a whole because it is short keeps its text rather than giving an empty body (a page
 * whose only sentence-less line is also its title, a page of one word).
 */
export function shortPageKept(short: ShortPage, excluded: ReadonlySet<TextBlock>): readonly TextBlock[] {
  return short.blocks.every((b) => excluded.has(b)) ? short.blocks : [];
}
