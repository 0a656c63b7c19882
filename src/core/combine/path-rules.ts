/**
 * §6.2–6.3 How method 2 (the punctuation and DOM-path body) confirms or corrects method 1's body:
 * - `6.2-path-leads` (`combine.pathLeads`): when method 1 found no title match, or less than
 *   `pathLeadMaxAgreement` of method 2's full stops lie inside method 1's body root, method 2 leads: the body
 *   root becomes the lowest common ancestor of method 2's leaves that hold full stops;
 * - `6.2-path-siblings` (extension `joinPathSiblings`): sibling containers of the body root whose full stops
 *   method 2 accepts rejoin the body (the root widens to their parent; what else the parent holds stays out);
 * - `6.3-path-rejected` (`combine.removePathRejected`): leaves inside the body that method 2 rejects leave
 *   it, unless one holds at least `pathKeepStopShare` of the body's full stops.
 * Each decision is in the Explain trace with its numbers.
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PunctPathResult } from '../punct-path/index.ts';
import { traceNumber } from '../trace.ts';
import type { PageContext } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import { cutText } from '../text/cut.ts';
import type { BodyLead, NoiseBlock } from '../types.ts';

export interface PathRoot {
  readonly root: number | null;
  readonly lead: BodyLead;
  /** Blocks under the root that are not part of the body (outside the root and the joined siblings). */
  readonly outside: readonly TextBlock[];
  /** Method 2's own body as `6.2-path-leads` weighed it (null when method 2 was not weighed). */
  readonly pathBody: PathBody | null;
}

/** Method 2's own body: the lowest common ancestor of its accepted leaves with full stops, and its guards. */
export interface PathBody {
  readonly root: number;
  /** Share of the text units under `root` in leaves method 2 accepts. */
  readonly purity: number;
  /** Share of the page's full stops method 2 accepts. */
  readonly stopShare: number;
  /** Share of the text units under `root` inside links. */
  readonly linkShare: number;
  /** Why method 2 is too weak to lead or to widen the body (the gap-fillers of §6.2), or null. */
  readonly weak: string | null;
  /** The same when its body holds method 1's (extension `widenWithoutSentence`: the sample need not be a sentence). */
  readonly weakWhenWidening: string | null;
}

/** Full stops method 2 accepts inside `el`, and all full stops inside it. */
function* stopsIn(ctx: PageContext, el: number, page: PageModel, path: PunctPathResult): Steps<{ accepted: number; all: number }> {
  let accepted = 0;
  let all = 0;
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    const n = path.stops[b.index] ?? 0;
    if (n === 0 || !page.contains(el, b.owner)) continue;
    all += n;
    if (path.accepted.has(b)) accepted += n;
  }
  return { accepted, all };
}

/** The share of the text units under `root` that lie in leaves method 2 accepts. */
function* acceptedUnitShare(ctx: PageContext, root: number, page: PageModel, path: PunctPathResult): Steps<number> {
  let accepted = 0;
  let all = 0;
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (!page.contains(root, b.owner)) continue;
    all += b.units;
    if (path.accepted.has(b)) accepted += b.units;
  }
  return all ? accepted / all : 0;
}

/** §6.2 Which method gives the body root. */
export function* chooseBodyRoot(ctx: PageContext, page: PageModel, anchor: TitleAnchorResult, path: PunctPathResult): Steps<PathRoot> {
  const opts = ctx.opts.combine;
  const m1 = anchor.bodyRoot;
  const fromTitle: BodyLead = { method: 'title-anchor', reason: m1 !== null ? 'title anchored' : 'no body' };
  if (opts.bodyMethod === 'title-anchor')
    return { root: m1, lead: { method: 'title-anchor', reason: 'method 1 alone' }, outside: [], pathBody: null };
  if (opts.bodyMethod === 'punct-path') return yield* pathAlone(ctx, page, path);
  if (!path.sample || path.acceptedStops < opts.pathMinStops) {
    if (path.sample)
      ctx.trace.decide('combine', {
        rule: '6.2-path-leads',
        verdict: 'skip',
        numbers: { acceptedStops: path.acceptedStops, minStops: opts.pathMinStops },
        note: 'method 2 has too few full stops to confirm or correct method 1',
      });
    return { root: m1, lead: fromTitle, outside: [], pathBody: null };
  }
  const body = yield* weighPathBody(ctx, page, path);
  if (!body) return { root: m1, lead: fromTitle, outside: [], pathBody: null };
  const { root, purity, stopShare: share, linkShare, weak } = body;
  const m1Stops = m1 !== null ? yield* stopsIn(ctx, m1, page, path) : { accepted: 0, all: 0 };
  const agreement = m1Stops.accepted / path.acceptedStops;
  const ownShare = m1Stops.all / path.acceptedStops;
  const noTitle = anchor.titleBlock === null;
  const widens = m1 !== null && page.contains(root, m1);
  // Method 1's anchor is weak when no sentence follows the title and its first sentence was taken before it.
  const weakAnchor =
    opts.extensions.weakAnchorPathLeads &&
    anchor.titleBlock !== null &&
    anchor.firstSentence !== null &&
    anchor.firstSentence.index < anchor.titleBlock.index;
  const numbers = {
    purity: traceNumber(purity),
    agreement: traceNumber(agreement),
    ownShare: traceNumber(ownShare),
    acceptedStops: path.acceptedStops,
    stopShare: traceNumber(share),
    linkShare: traceNumber(linkShare),
    widens: widens ? 1 : 0,
    ...(weakAnchor ? { weakAnchor: 1 } : {}),
  };
  // "Disagrees strongly": method 2's body holds method 1's and most of its full stops lie outside it (method 1
  // found a fragment), or the two are apart and method 1's body holds only a small part of method 2's stops.
  const apartShare = weakAnchor ? opts.weakAnchorMaxApartShare : opts.pathLeadMaxApartShare;
  const disagrees = noTitle || (widens ? agreement < opts.pathLeadMaxAgreement : ownShare < apartShare);
  const why = noTitle
    ? 'no title match: method 2 leads'
    : widens
      ? `method 2’s body holds method 1’s, and only ${Math.round(agreement * 100)}% of its full stops lie in method 1’s body: method 2 leads`
      : `method 2’s body lies apart, and method 1’s body has only ${Math.round(ownShare * 100)}% as many full stops${weakAnchor ? ' (method 1’s first sentence lies before the title)' : ''}: method 2 leads`;
  // Method 1 has no body: method 2's guards only keep it from overruling one (extension pathLeadsWithoutBody).
  const weakHere = widens ? body.weakWhenWidening : weak;
  const stopsWeak = weakHere !== null && !(m1 === null && opts.extensions.pathLeadsWithoutBody);
  if (!disagrees || stopsWeak || !opts.pathLeads) {
    ctx.trace.decide('combine', () => ({
      rule: '6.2-path-leads',
      verdict: disagrees ? 'skip' : 'keep',
      target: m1 !== null ? ctx.ref(m1) : undefined,
      numbers,
      note: !disagrees
        ? 'method 2 does not disagree strongly: method 1 leads'
        : stopsWeak
          ? `method 2 disagrees, but it is too weak to lead: ${weakHere}`
          : 'method 2 disagrees, but the rule is off: method 1 leads',
    }));
    return { root: m1, lead: fromTitle, outside: [], pathBody: body };
  }
  const note = weakHere ? `method 1 has no body: method 2 leads although ${weakHere}` : why;
  ctx.trace.decide('combine', () => ({ rule: '6.2-path-leads', verdict: 'choose', target: ctx.ref(root), numbers, note }));
  return { root, lead: { method: 'punct-path', reason: note }, outside: [], pathBody: body };
}

/** Method 2's own body and the guards that let it lead (a sample leaf that is a sentence, enough stops, little else). */
function* weighPathBody(ctx: PageContext, page: PageModel, path: PunctPathResult): Steps<PathBody | null> {
  const opts = ctx.opts.combine;
  const root = yield* acceptedRoot(ctx, page, path);
  if (root === null) return null;
  const stopShare = path.totalStops ? path.acceptedStops / path.totalStops : 0;
  const purity = yield* acceptedUnitShare(ctx, root, page, path);
  const sampleLength = path.sample ? (path.pathLengths[path.sample.index] ?? 0) : 0;
  // The page model's per-element sums: no pass over the blocks.
  const units = page.units[root] as number;
  const linkShare = units ? (page.linkUnits[root] as number) / units : 0;
  const guards =
    stopShare < opts.pathLeadMinStopShare
      ? 'its body holds too small a share of the page’s full stops'
      : purity < opts.pathLeadMinPurity
        ? `its leaves hold only ${Math.round(purity * 100)}% of the text under its root`
        : sampleLength < opts.pathLeadMinSamplePath
          ? `its sample path has only ${sampleLength} nodes`
          : linkShare > opts.pathLeadMaxLinkShare
            ? `${Math.round(linkShare * 100)}% of the text under its root is link text`
            : null;
  const weak = path.sample?.sentence ? guards : 'its sample leaf is not a sentence (§0)';
  return { root, purity, stopShare, linkShare, weak, weakWhenWidening: opts.extensions.widenWithoutSentence ? guards : weak };
}

/** Method 2 alone: the leaves it accepts, under their lowest common ancestor. */
function* pathAlone(ctx: PageContext, page: PageModel, path: PunctPathResult): Steps<PathRoot> {
  let root: number | null = null;
  for (const b of path.accepted) {
    if (ctx.ticker.tick()) yield;
    root = root !== null ? page.lca(root, b.owner) : b.owner;
  }
  const outside = root !== null ? page.blocks.filter((b) => !path.accepted.has(b)) : [];
  return { root, lead: { method: 'punct-path', reason: 'method 2 alone' }, outside, pathBody: null };
}

/** The lowest common ancestor of the leaves method 2 accepts that hold full stops (method 2's own root). */
function* acceptedRoot(ctx: PageContext, page: PageModel, path: PunctPathResult): Steps<number | null> {
  let root: number | null = null;
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if ((path.stops[b.index] ?? 0) === 0 || !path.accepted.has(b)) continue;
    root = root !== null ? page.lca(root, b.owner) : b.owner;
  }
  return root;
}

/**
 * §6.2 extension: sibling containers whose full stops method 2 accepts rejoin the body. The body root's
 * siblings are looked at first, then its parent's, and so on for up to `siblingJoinMaxLevels` levels, never
 * above method 2's own root (the article's wrappers, not the page's) and only when that root passes the
 * guards of `6.2-path-leads` (a sample leaf that is a sentence, `pathLeadMinStopShare`, `pathLeadMinPurity`); the root widens to the highest
 * ancestor where a container joined, and what else lies under it stays out.
 */
export function* joinPathSiblings(ctx: PageContext, page: PageModel, chosen: PathRoot, path: PunctPathResult): Steps<PathRoot> {
  const opts = ctx.opts.combine;
  const root = chosen.root;
  if (
    opts.bodyMethod !== 'combined' ||
    !opts.extensions.joinPathSiblings ||
    root === null ||
    !path.sample ||
    path.acceptedStops < opts.pathMinStops
  )
    return chosen;
  // The ancestors whose other children may rejoin: the parent, and further up while inside method 2's root —
  // only when that root is one method 2 could lead with (the guards `6.2-path-leads` weighed).
  const top = chosen.pathBody?.root ?? null;
  const maxLevels = chosen.pathBody && !chosen.pathBody.weak ? Math.max(1, opts.siblingJoinMaxLevels) : 1;
  const chain: number[] = [];
  const level = new Map<number, number>();
  for (let el = page.parent[root] as number; el >= 0 && chain.length < maxLevels; el = page.parent[el] as number) {
    level.set(el, chain.length);
    chain.push(el);
    if (top === null || el === top || !page.contains(top, el)) break;
  }
  if (!chain.length) return chosen;
  // One pass over the blocks: the container each lies in (the child of a chain element off the chain, or
  // null for the chain element's own text), and the full stops per container.
  const onChain = new Set<number>([root, ...chain]);
  const placeOf = new Map<TextBlock, { container: number | null; at: number }>();
  const stops = new Map<number, { accepted: number; all: number; at: number }>();
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    let below: number | null = null;
    let el = b.owner;
    while (el >= 0 && !onChain.has(el)) {
      below = el;
      el = page.parent[el] as number;
    }
    if (el < 0 || el === root || (below === null && !level.has(el))) continue;
    const at = level.get(el);
    if (at === undefined) continue;
    placeOf.set(b, { container: below, at });
    const n = path.stops[b.index] ?? 0;
    if (below === null || n === 0) continue;
    const st = stops.get(below) ?? { accepted: 0, all: 0, at };
    st.all += n;
    if (path.accepted.has(b)) st.accepted += n;
    stops.set(below, st);
  }
  const joined = new Set<number>();
  let highest = -1;
  for (const [child, st] of stops) {
    if (st.accepted >= opts.pathMinStops && st.accepted >= st.all * opts.pathLeadMaxAgreement) {
      joined.add(child);
      highest = Math.max(highest, st.at);
    }
  }
  const newRoot = chain[highest];
  if (newRoot === undefined) return chosen;
  const outside = [...placeOf]
    .filter(([, place]) => place.at <= highest && (place.container === null || !joined.has(place.container)))
    .map(([b]) => b);
  ctx.trace.decide('combine', () => ({
    rule: '6.2-path-siblings',
    verdict: 'keep',
    target: ctx.ref(newRoot),
    numbers: { siblings: joined.size, levels: highest + 1, outsideBlocks: outside.length },
    note: `${joined.size} sibling container(s) whose full stops method 2 accepts rejoin the body`,
  }));
  return { root: newRoot, lead: chosen.lead, outside: [...chosen.outside, ...outside], pathBody: chosen.pathBody };
}

/**
 * §6.3 Leaves inside the body that method 2 rejects, as `path` noise blocks (so the overlay and the export
 * show them); with `removePathRejected` their text leaves the body.
 */
export function* pathRejected(
  ctx: PageContext,
  page: PageModel,
  root: number | null,
  path: PunctPathResult,
  excluded: Set<TextBlock>,
): Steps<NoiseBlock[]> {
  const opts = ctx.opts.combine;
  if (opts.bodyMethod !== 'combined' || root === null || !path.sample) return [];
  const remove = opts.removePathRejected;
  const inBody: TextBlock[] = [];
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    if (!excluded.has(b) && page.contains(root, b.owner)) inBody.push(b);
  }
  const bodyStops = inBody.reduce((sum, b) => sum + (path.stops[b.index] ?? 0), 0);
  // Rejected leaves are grouped by where their path leaves the sample path: the cells of one table, the
  // lines of one share box are one noise block, outlined at that element.
  const groups = new Map<number, TextBlock[]>();
  for (const b of inBody) {
    if (ctx.ticker.tick()) yield;
    if (path.accepted.has(b) || (opts.extensions.keepPathRejectedSentences && b.sentence)) continue;
    const stops = path.stops[b.index] ?? 0;
    if (bodyStops > 0 && stops >= bodyStops * opts.pathKeepStopShare) {
      ctx.trace.decide('combine', () => ({
        rule: '6.3-path-rejected',
        verdict: 'keep',
        target: ctx.ref(b.owner, b.text),
        numbers: { similarity: traceNumber(path.similarity[b.index] ?? 0), threshold: traceNumber(path.threshold), stops, bodyStops },
        note: 'method 2 rejects its path, but it holds a large share of the body’s full stops',
      }));
      continue;
    }
    if (remove) excluded.add(b);
    const at = departure(page, b, path);
    const group = groups.get(at);
    if (group) group.push(b);
    else groups.set(at, [b]);
  }
  const noise: NoiseBlock[] = [];
  for (const [at, leaves] of groups) {
    const text = leaves.map((b) => b.text).join('\n');
    const ref = ctx.ref(at, text);
    const similarity = traceNumber(leaves.reduce((m, b) => Math.max(m, path.similarity[b.index] ?? 0), 0));
    const stops = leaves.reduce((sum, b) => sum + (path.stops[b.index] ?? 0), 0);
    noise.push({
      kind: 'path',
      ref,
      parts: [ref],
      inBody: true,
      removed: remove,
      text: cutText(text, ctx.opts.limits.maxLabelChars),
      reason: `path K ${similarity} < ${traceNumber(path.threshold)} to the sample path ${path.samplePath}`,
      numbers: { leaves: leaves.length, similarity, threshold: traceNumber(path.threshold), stops, bodyStops },
    });
  }
  if (noise.length)
    ctx.trace.decide('combine', {
      rule: '6.3-path-rejected',
      verdict: remove ? 'drop' : 'keep',
      numbers: { blocks: noise.length, threshold: traceNumber(path.threshold) },
      note: remove
        ? `leaves whose path is below the threshold to the sample path ${path.samplePath}`
        : `leaves whose path is below the threshold to the sample path ${path.samplePath}; listed, not removed (removePathRejected off)`,
    });
  return noise;
}

/** The element where a leaf's path leaves the sample path (the leaf's owner when its path is a prefix of the sample's). */
function departure(page: PageModel, b: TextBlock, path: PunctPathResult): number {
  const length = path.pathLengths[b.index] ?? 0;
  const shared = path.sharedNodes[b.index] ?? 0;
  let el = b.owner;
  for (let up = length - 1 - shared; up > 0; up--) {
    const parent = page.parent[el] as number;
    if (parent < 0) break;
    el = parent;
  }
  return el;
}
