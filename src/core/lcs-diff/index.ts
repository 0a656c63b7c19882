/**
 * Method 4 (ALGORITHMS.md §4, patent CN102004805A) on a page: the page's feature tree diffed against the
 * similar page's that the host built (`ExtractEnv.similarPage`), the candidates clustered and scored, and
 * what that means for the page's text blocks — which matched the similar page (template) and which lie in
 * the information clusters kept. Which blocks leave or join the body is the combine stage's decision (§6.3,
 * combine/lcs-rules.ts). With `ExtractInput.rankSimilarUrls` it also ranks the page's links as similar pages
 * (§4.1) for the host to fetch.
 */
import { baseUrlOf, resolveUrl } from '../output/url.ts';
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PageContext, Stage } from '../stage.ts';
import type { Steps } from '../slicing.ts';
import { traceNumber } from '../trace.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import type { SimilarPageReport, SimilarUrlChoice } from '../types.ts';
import { buildChildIndex } from './child-index.ts';
import { clusterCandidates, clusterMetrics, scoreClusters } from './clusters.ts';
import { featureTreeLimits, featureTreeSteps } from './feature-tree.ts';
import type { PageFeatureTree } from './feature-tree.ts';
import { diffTrees } from './lcs-table.ts';
import type { TreeDiff } from './lcs-table.ts';
import type { NoiseQueryReason, PageLink } from './similar-urls.ts';
import { DEFAULT_SIMILAR_URL_OPTIONS, similarUrlRanking } from './similar-urls.ts';
import { TEMPLATE } from './types.ts';

/** Links read for the ranking at most (§4.1; the ranking itself reads 5 000). */
const MAX_LINKS = 5_000;
/** Similar URLs reported at most. */
const MAX_REPORTED_URLS = 5;

/** The Explain trace's words for why a query parameter names no page (extension `noiseQuery`). */
const NOISE_WHY: Readonly<Record<NoiseQueryReason, string>> = {
  name: 'a tracking or share name, which never names a page',
  'one-value': 'it has one value on every link of the site that carries it',
  'every-link': 'every link of the site carries it',
};

export interface LcsDiffResult {
  readonly report: SimilarPageReport;
  /** Text blocks whose content node matched the similar page (template), in page order. */
  readonly templateBlocks: readonly TextBlock[];
  /** Text blocks inside the information clusters kept (§4.9), in page order. */
  readonly informationBlocks: readonly TextBlock[];
  /** The top-most elements of each template region (whole subtrees that matched) holding text, for the noise report. */
  readonly templateRegions: readonly number[];
}

export const lcsDiffStage: Stage<{ readonly page: PageModel; readonly anchor: TitleAnchorResult }, LcsDiffResult> = {
  method: 'lcs-diff',
  name: 'lcs-diff',
  *run(ctx, { page, anchor }) {
    const candidates = ctx.rankSimilarUrls ? similarUrlChoices(ctx, anchor.bodyRoot) : [];
    const similar = ctx.env.similarPage;
    const base = { candidates, fetchMs: similar?.fetchMs ?? null, url: similar?.url ?? null, why: similar?.why ?? null };
    if (!similar) {
      if (ctx.rankSimilarUrls && !candidates.length) {
        const message = 'no link of this page leads to another page of the same site and shape';
        return none({ ...base, status: 'unavailable', message, layout: null, nodes: null, diffMs: null });
      }
      const message = candidates.length ? `${candidates.length} similar page(s) found; none compared yet` : 'no similar page compared';
      return none({ ...base, status: 'not-requested', message, layout: null, nodes: null, diffMs: null });
    }
    if (!similar.tree) {
      const message = similar.failure ?? 'the similar page could not be read';
      ctx.trace.decide('lcs-diff', { rule: '4.1-similar-page', verdict: 'skip', note: message });
      return none({ ...base, status: 'unavailable', message, layout: null, nodes: null, diffMs: null });
    }
    if (!ctx.opts.lcsDiff.enabled) {
      return none({ ...base, status: 'skipped', message: 'method 4 is off (lcsDiff.enabled)', layout: null, nodes: null, diffMs: null });
    }
    const now = ctx.env.timer ?? Date.now;
    const start = now();
    const opts = ctx.opts.lcsDiff;
    const own = yield* featureTreeSteps(page, featureTreeLimits(ctx.opts), ctx.ticker);
    const nodes = { page: own.tree.size, similar: similar.tree.size };
    const layout = own.tree.layout && similar.tree.layout;
    ctx.trace.decide('lcs-diff', {
      rule: '4.3-feature-trees',
      verdict: 'info',
      numbers: { pageNodes: nodes.page, similarNodes: nodes.similar, layout: layout ? 1 : 0, buildMs: traceNumber(now() - start) },
      note: layout ? 'both trees carry rendered boxes' : 'no layout: compare() reads tag, id, class and depth only',
    });
    if (own.tree.truncated || similar.tree.truncated) {
      const message = `skipped: size (a feature tree reached lcsDiff.maxNodes = ${opts.maxNodes})`;
      return none({ ...base, status: 'skipped', message, layout, nodes, diffMs: now() - start });
    }
    const clock = { now, deadline: start + opts.budgetMs };
    const diff = yield* diffTrees(own.tree, similar.tree, opts, clock, ctx.ticker);
    ctx.trace.decide('lcs-diff', {
      rule: '4.5-lcs',
      verdict: diff.status === 'ok' ? 'info' : 'skip',
      numbers: {
        cells: diff.cells,
        peakTableBytes: diff.peakTableBytes,
        trimmed: diff.trimmed,
        splits: diff.splits,
        budgetMs: opts.budgetMs,
        ms: traceNumber(now() - start),
      },
      note: diff.status === 'ok' ? 'LCS tables filled and backtracked' : `skipped: ${diff.status}`,
    });
    if (diff.status !== 'ok') {
      const message =
        diff.status === 'budget'
          ? `skipped: budget (the diff passed lcsDiff.budgetMs = ${opts.budgetMs} ms)`
          : `skipped: size (a table over lcsDiff.maxCells = ${opts.maxCells} cells)`;
      return none({ ...base, status: 'skipped', message, layout, nodes, diffMs: now() - start });
    }
    const found = yield* blocksOf(ctx, page, own, diff);
    const copy = opts.extensions.sameArticleGuard ? sameArticle(page, anchor, found.templateBlocks, opts.sameArticleSentenceShare) : null;
    if (copy) {
      ctx.trace.decide('lcs-diff', {
        rule: '4.7-same-article',
        verdict: 'skip',
        numbers: {
          titleMatched: copy.title ? 1 : 0,
          firstSentenceMatched: copy.firstSentence ? 1 : 0,
          sentenceShare: traceNumber(copy.sentenceShare),
          minShare: opts.sameArticleSentenceShare,
        },
        note: "the similar page holds this article's own title, first sentence or most of its sentences: it is a copy of the article, not only its template",
      });
      const what = copy.title
        ? 'title'
        : copy.firstSentence
          ? 'first sentence'
          : `sentences (${Math.round(100 * copy.sentenceShare)}% of them)`;
      const message = `skipped: ${similar.url ?? 'the similar page'} holds this article's own ${what} (a copy of it)`;
      return none({ ...base, status: 'skipped', message, layout, nodes, diffMs: now() - start });
    }
    const diffMs = now() - start;
    const info = found.informationBlocks.length;
    const message = `compared with ${similar.url ?? 'the similar page'}: ${found.templateBlocks.length} template text blocks, ${info} in information blocks`;
    return {
      ...found,
      report: {
        ...base,
        status: 'used',
        message,
        layout,
        nodes,
        diffMs,
        templateBlocks: found.templateBlocks.length,
        informationBlocks: info,
      },
    };
  },
};

/**
 * §6.3 gap-filler `sameArticleGuard`: a site's template never holds an article's headline, its first sentence
 * or most of its prose; when method 1's title block or first sentence matched the similar page, or the
 * template holds more than `minShare` of the sentence weight under method 1's body root, that page is a copy
 * of this article (another edition, the same story saved twice). Null when none of the three holds.
 */
function sameArticle(
  page: PageModel,
  anchor: TitleAnchorResult,
  template: readonly TextBlock[],
  minShare: number,
): { title: boolean; firstSentence: boolean; sentenceShare: number } | null {
  const set = new Set(template);
  const title = !!anchor.titleBlock && set.has(anchor.titleBlock);
  const firstSentence = !!anchor.firstSentence && set.has(anchor.firstSentence);
  const root = anchor.bodyRoot;
  const bodySentences = root !== null ? (page.sentences[root] as number) : 0;
  let matched = 0;
  if (root !== null && bodySentences > 0) {
    for (const b of template) if (b.sentenceWeight > 0 && page.contains(root, b.owner)) matched += b.sentenceWeight;
  }
  const sentenceShare = bodySentences > 0 ? matched / bodySentences : 0;
  return title || firstSentence || (bodySentences > 0 && sentenceShare > minShare) ? { title, firstSentence, sentenceShare } : null;
}

function none(report: Omit<SimilarPageReport, 'templateBlocks' | 'informationBlocks'>): LcsDiffResult {
  return { report: { ...report, templateBlocks: 0, informationBlocks: 0 }, templateBlocks: [], informationBlocks: [], templateRegions: [] };
}

/** §4.1 The page's links ranked as similar pages; links inside method 1's body are body links (principle 4). */
function similarUrlChoices(ctx: PageContext, bodyRoot: number | null): SimilarUrlChoice[] {
  if (!ctx.url) return [];
  const links: PageLink[] = [];
  const page = ctx.page;
  const base = baseUrlOf(page, ctx.url);
  const anchors = page.allOfTag('A');
  for (let i = 0; i < anchors.length && links.length < MAX_LINKS; i++) {
    const a = anchors[i]!;
    const raw = page.attr(a, 'href');
    if (raw === null) continue;
    const href = resolveUrl(raw, base);
    if (href) links.push({ href, inBody: bodyRoot !== null && page.contains(bodyRoot, a) });
  }
  const opts = ctx.opts.lcsDiff;
  const ranking = similarUrlRanking(ctx.url, links, {
    ...DEFAULT_SIMILAR_URL_OPTIONS,
    noiseQuery: opts.extensions.noiseQuery,
    noiseMinLinks: opts.noiseQueryMinLinks,
  });
  const ranked = ranking.ranked.slice(0, MAX_REPORTED_URLS);
  for (const n of ranking.noise) {
    ctx.trace.decide('lcs-diff', {
      rule: '4.1-noise-query',
      verdict: 'drop',
      numbers: { links: n.links, sameSiteLinks: ranking.sameSiteLinks, minLinks: opts.noiseQueryMinLinks },
      note: `query parameter "${n.name}" set aside when addresses are compared: ${NOISE_WHY[n.why]}`,
    });
  }
  ctx.trace.decide('lcs-diff', {
    rule: '4.1-similar-urls',
    verdict: ranked.length ? 'choose' : 'info',
    numbers: { links: links.length, similar: ranked.length },
    note: ranked[0] ? `best: ${ranked[0].url} (${ranked[0].reason})` : 'no link of the page is a similar page',
  });
  return ranked.map((r) => ({ url: r.url, reason: r.reason }));
}

/**
 * §4.7–4.9 on the page's text blocks: a block is template when its owner is a content node that matched the
 * similar page; the candidates are clustered and scored, and a block lies in an information block when its
 * owner lies in a kept cluster.
 */
function* blocksOf(ctx: PageContext, page: PageModel, own: PageFeatureTree, diff: TreeDiff): Steps<Omit<LcsDiffResult, 'report'>> {
  const { tree, nodeOf } = own;
  const opts = ctx.opts.lcsDiff;
  const clusters = clusterCandidates(tree, diff.verdict);
  const kids = buildChildIndex(tree.parent);
  const metrics = clusters.map((c) => clusterMetrics(tree, kids, c));
  const scored = scoreClusters(metrics, opts);
  // Each node's kept cluster (−1: none), parents before children (level order).
  const inCluster = new Int32Array(tree.size).fill(-1);
  clusters.forEach((c, k) => {
    if (scored.kept[k]) for (const n of c) inCluster[n] = k;
  });
  for (let i = 1; i < tree.size; i++) {
    if (inCluster[i] === -1) inCluster[i] = inCluster[tree.parent[i]!]!;
  }
  clusters.forEach((c, k) => {
    const m = metrics[k]!;
    ctx.trace.decide('lcs-diff', () => ({
      rule: '4.9-cluster',
      verdict: scored.kept[k] ? 'keep' : 'drop',
      numbers: {
        score: scored.scores[k]!,
        best: scored.best,
        margin: opts.closeToBestMargin,
        nodes: c.length,
        textChars: m.textChars,
        area: Math.round(m.area),
        effectiveArea: Math.round(m.effectiveArea),
        contentTags: m.contentTags,
        linkRate: traceNumber(m.linkRate),
        textToCode: traceNumber(m.textToCode),
      },
      note: scored.kept[k] ? 'information block: close to the best score' : 'low-scoring cluster',
    }));
  });
  const templateBlocks: TextBlock[] = [];
  const informationBlocks: TextBlock[] = [];
  for (const b of page.blocks) {
    if (ctx.ticker.tick()) yield;
    const n = nodeOf[b.owner] as number;
    if (n < 0) continue;
    if (diff.verdict[n] === TEMPLATE && tree.content[n] !== null) templateBlocks.push(b);
    else if (inCluster[n]! >= 0) informationBlocks.push(b);
  }
  return { templateBlocks, informationBlocks, templateRegions: templateRegions(own, diff) };
}

/** Regions whose whole subtree matched the similar page and holds text: their top-most elements, in level order. */
function templateRegions({ tree, elements }: PageFeatureTree, diff: TreeDiff): number[] {
  const whole = new Uint8Array(tree.size);
  const text = new Float64Array(tree.size);
  for (let i = tree.size - 1; i >= 0; i--) {
    if (diff.verdict[i] === TEMPLATE && whole[i] !== 2) whole[i] = 1;
    text[i] = text[i]! + tree.textChars[i]!;
    const p = tree.parent[i]!;
    if (p >= 0) {
      text[p] = text[p]! + text[i]!;
      if (whole[i] !== 1) whole[p] = 2; // 2: some descendant did not match
    }
  }
  const out: number[] = [];
  for (let i = 1; i < tree.size; i++) {
    if (whole[i] === 1 && whole[tree.parent[i]!] !== 1 && text[i]! > 0) out.push(elements[i]!);
  }
  return out;
}
