/**
 * §6.3 extensions: template furniture inside the right container, found by structure, never by phrases or
 * site names. Below the body root, the outermost element that holds no sentence (§0) and at most
 * `combine.furnitureMaxUnits` text units leaves the body when it is
 * - `6.3-control-box` (extension `dropControlBoxes`): a box with a visible form control (button, input,
 *   select, textarea): share rows, newsletter sign-ups, comment and poll forms;
 * - `6.3-short-link-list` (extension `dropShortLinkLists`): at least `shortListMinLinks` links whose text is
 *   at least `shortListMinLinkShare` of the box's: "Topics" rows, two-link promo and 相关新闻 lists, which
 *   fall below the link-block method's Ct (§5.7);
 * - `6.3-figure-text` (extension `dropFigureText`): a box with an image: the credit and caption lines
 *   around a picture ("Image copyright …", "Image caption …").
 * An element holding a sentence is never taken: the rules descend into it instead. Each element taken is
 * one decision in the Explain trace, with its numbers.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import { F_SKIPPED } from '../model/page-model.ts';
import { traceNumber } from '../trace.ts';
import type { ExtractOptions } from '../options.ts';
import type { PageContext } from '../stage.ts';
import type { Steps } from '../slicing.ts';

/** Visible form controls (`button, input:not([type="hidden"]), select, textarea`): what a share row, a sign-up box or a form shows instead of text. */
function isControl(page: PageModel, el: number): boolean {
  const tag = page.tag(el);
  if (tag === 'BUTTON' || tag === 'SELECT' || tag === 'TEXTAREA') return true;
  return tag === 'INPUT' && page.attr(el, 'type') !== 'hidden';
}

type FurnitureRule = '6.3-control-box' | '6.3-short-link-list' | '6.3-figure-text';

/** The furniture rules that are switched on. */
export function furnitureRulesOn(opts: ExtractOptions): boolean {
  const x = opts.combine.extensions;
  return x.dropControlBoxes || x.dropShortLinkLists || x.dropFigureText;
}

/**
 * The text blocks inside `root` that leave the body as furniture (each element taken is traced). Blocks in
 * `excluded` are already out and are neither counted nor returned.
 */
export function* findFurniture(ctx: PageContext, page: PageModel, root: number, excluded: ReadonlySet<TextBlock>): Steps<TextBlock[]> {
  if (!furnitureRulesOn(ctx.opts)) return [];
  const controls = yield* countControls(ctx, page, root);
  const taken = new Map<number, FurnitureRule>();
  const stack: number[] = [];
  for (let c = page.firstChild[root] as number; c >= 0; c = page.nextSibling[c] as number) stack.push(c);
  while (stack.length) {
    if (ctx.ticker.tick()) yield;
    const el = stack.pop() as number;
    if (page.has(el, F_SKIPPED)) continue;
    const rule = furnitureRule(ctx, page, el, controls.get(el) ?? 0);
    if (rule) {
      taken.set(el, rule);
      continue;
    }
    if (page.units[el] === 0) continue;
    for (let c = page.firstChild[el] as number; c >= 0; c = page.nextSibling[c] as number) stack.push(c);
  }
  if (!taken.size) return [];
  const blocksOf = new Map<number, TextBlock[]>();
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (excluded.has(b)) continue;
    const at = takenAncestor(page, b.owner, root, taken);
    if (at === null) continue;
    const list = blocksOf.get(at);
    if (list) list.push(b);
    else blocksOf.set(at, [b]);
  }
  const out: TextBlock[] = [];
  const limits = ctx.opts.combine;
  for (const [el, blocks] of blocksOf) {
    const s = page.stats(el);
    const rule = taken.get(el) as FurnitureRule;
    const text = blocks.map((b) => b.text).join(' ');
    ctx.trace.decide('combine', () => ({
      rule,
      verdict: 'drop',
      target: ctx.ref(el, text),
      numbers: {
        blocks: blocks.length,
        units: s.units,
        maxUnits: limits.furnitureMaxUnits,
        sentences: s.sentences,
        ...(rule === '6.3-control-box' ? { controls: controls.get(el) ?? 0 } : {}),
        ...(rule === '6.3-short-link-list'
          ? {
              links: s.links,
              linkShare: traceNumber(s.units ? s.linkUnits / s.units : 0),
              minLinks: limits.shortListMinLinks,
              minLinkShare: limits.shortListMinLinkShare,
            }
          : {}),
        ...(rule === '6.3-figure-text' ? { images: s.images } : {}),
      },
      note: NOTES[rule],
    }));
    for (const b of blocks) out.push(b);
  }
  return out;
}

const NOTES: Record<FurnitureRule, string> = {
  '6.3-control-box': 'a short box with a form control and no sentence (share row, sign-up box)',
  '6.3-short-link-list': 'a short list of links with no sentence (topics row, promo list)',
  '6.3-figure-text': 'the text around an image, with no sentence (credit and caption lines)',
};

/** Which furniture rule takes `el`, if any (§0 sentences, text units and links from the stats pass). */
function furnitureRule(ctx: PageContext, page: PageModel, el: number, controls: number): FurnitureRule | null {
  const o = ctx.opts.combine;
  const s = page.stats(el);
  if (s.sentences > 0 || s.units === 0 || s.units > o.furnitureMaxUnits) return null;
  if (o.extensions.dropControlBoxes && controls > 0) return '6.3-control-box';
  if (o.extensions.dropShortLinkLists && s.links >= o.shortListMinLinks && s.linkUnits >= s.units * o.shortListMinLinkShare)
    return '6.3-short-link-list';
  if (o.extensions.dropFigureText && s.images > 0) return '6.3-figure-text';
  return null;
}

/** Visible form controls below each element of `root` (controls inside skipped subtrees do not count). */
function* countControls(ctx: PageContext, page: PageModel, root: number): Steps<Map<number, number>> {
  const counts = new Map<number, number>();
  if (!ctx.opts.combine.extensions.dropControlBoxes) return counts;
  const end = page.end[root] as number;
  for (let control = root + 1; control <= end; control++) {
    if (ctx.ticker.tick()) yield;
    if (!isControl(page, control)) continue;
    const chain: number[] = [];
    let hidden = false;
    for (let cur = control; cur >= 0 && cur !== root; cur = page.parent[cur] as number) {
      if (page.has(cur, F_SKIPPED) && page.tag(cur) !== 'SELECT' && page.tag(cur) !== 'TEXTAREA') {
        hidden = true;
        break;
      }
      chain.push(cur);
    }
    if (hidden) continue;
    for (const el of chain) counts.set(el, (counts.get(el) ?? 0) + 1);
  }
  return counts;
}

/** The element of `taken` that holds `el` (itself included), below `root`. */
function takenAncestor(page: PageModel, el: number, root: number, taken: ReadonlyMap<number, FurnitureRule>): number | null {
  for (let cur = el; cur >= 0 && cur !== root; cur = page.parent[cur] as number) if (taken.has(cur)) return cur;
  return null;
}
