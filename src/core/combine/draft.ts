/**
 * What the combine stage's rules work on (§6): the inputs every method left, and the body as it is being
 * decided — its root and lead, the text blocks left out, the noise blocks. Each rule (rules.ts) reads the
 * inputs and changes the draft, and says what it did in the Explain trace.
 */
import type { LcsDiffResult } from '../lcs-diff/index.ts';
import type { LinkBlockResult } from '../link-blocks/index.ts';
import type { Metadata } from '../metadata/index.ts';
import type { PageModel, TextBlock } from '../model/page-model.ts';
import type { PunctPathResult } from '../punct-path/index.ts';
import type { PageContext } from '../stage.ts';
import type { TitleAnchorResult } from '../title-anchor/index.ts';
import type { BodyLead, NoiseBlock, PageTypeReport } from '../types.ts';
import type { RulePlan } from './learned/index.ts';
import type { PathBody } from './path-rules.ts';
import type { ShortPage } from './short-page.ts';

export interface CombineInput {
  readonly page: PageModel;
  readonly anchor: TitleAnchorResult;
  readonly meta: Metadata;
  readonly links: LinkBlockResult;
  readonly path: PunctPathResult;
  readonly lcs: LcsDiffResult;
}

/** The body being decided. */
export interface BodyDraft {
  root: number | null;
  /** Which method gave the root, and why. */
  lead: BodyLead;
  /** Blocks under the root that are not part of the body (outside the root's joined parts), set by the root rules. */
  outside: TextBlock[];
  /** Text blocks left out of the body. */
  excluded: Set<TextBlock>;
  /** Every noise block of every method so far, `removed` when its text left the body. */
  readonly noise: NoiseBlock[];
  /** Method 2's own body as `6.2-path-leads` weighed it, or null. */
  pathBody: PathBody | null;
  /** The short page read as a whole (`6.2-short-page`), or null. */
  short: ShortPage | null;
  /** The body as the rules chose it, before the block model: set when the rules' phase ends. */
  rules: RulePlan | null;
  /** Template blocks `6.3-template` took out (their regions are reported as noise after the last rule). */
  readonly templateDropped: Set<TextBlock>;
  /** The page type (`6.2-page-type`, thread.ts); an article until a rule says otherwise. */
  pageType: PageTypeReport;
  /** The page's comment sections (`6.3-thread-story`), which the content region leaves out. */
  commentSections: readonly number[];
}

/** The page type of a page no rule typed. */
export const ARTICLE_TYPE: PageTypeReport = { type: 'article', from: 'default', detail: 'the page types are off' };

/** Leaves `blocks` out of the body under rule `rule`, with one trace decision for those not out already. */
export function dropBlocks(ctx: PageContext, draft: BodyDraft, rule: string, blocks: Iterable<TextBlock>, note: string): void {
  let n = 0;
  for (const b of blocks) {
    if (!draft.excluded.has(b)) n++;
    draft.excluded.add(b);
  }
  if (n) ctx.trace.decide('combine', { rule, verdict: 'drop', numbers: { blocks: n }, note });
}
