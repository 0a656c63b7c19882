/**
 * The elements an Article asks the overlay to outline, as plain data (no DOM): one target per title, date,
 * author and body anchor, one per part of every noise block. The overlay renders the result; it never
 * decides anything itself (STYLE.md §8.9).
 */
import type { Article, BodyLead, NoiseBlock, NodeRef } from '../core/types.ts';
import type { AnchorKind, OverlayKind } from './kinds.ts';

/** How the body outline names the method that gave the body root. */
const LEAD_LABEL: Record<BodyLead['method'], string> = {
  'title-anchor': 'method 1 (title) led',
  'punct-path': 'method 2 (path) led',
  'short-page': 'the short page read as a whole',
  learned: 'block model',
  'content-region': 'the content region (not an article)',
};

export interface OverlayTarget {
  readonly kind: OverlayKind;
  /** CSS path written by the core (`CssPaths`). */
  readonly selector: string;
  /** The element's ordinal in the page model, when the core gave one (element-lookup.ts finds it by it). */
  readonly ordinal?: number;
  readonly preview: string;
  /** The noise block this target is a part of, or null for an anchor. */
  readonly block: NoiseBlock | null;
  /** For the body: the method that gave it (the reader's line of the tooltip is said from it). */
  readonly lead?: BodyLead['method'];
  /** For the body: which method gave it and why (§6.2), as the core wrote it (shown while Shift is held). */
  readonly note?: string;
}

/** How many blocks of each kind the article reports, and how many of them were removed from the body. */
export interface KindCount {
  readonly blocks: number;
  readonly removed: number;
}

function anchorRefs(article: Article): readonly (readonly [AnchorKind, NodeRef | null])[] {
  const a = article.anchors;
  return [
    ['body', a.bodyRoot],
    ['title', a.titleBlock],
    ['date', a.date],
    ['author', a.author],
  ];
}

/** Targets in drawing order: anchors (body first), then every part of every noise block. */
export function collectTargets(article: Article): OverlayTarget[] {
  const targets: OverlayTarget[] = [];
  for (const [kind, ref] of anchorRefs(article)) {
    if (!ref?.selector) continue;
    const lead = kind === 'body' ? article.anchors.bodyLead : undefined;
    const note = lead ? `${LEAD_LABEL[lead.method]}: ${lead.reason}` : undefined;
    targets.push({ kind, ...refFields(ref), block: null, ...(lead ? { lead: lead.method } : {}), ...(note ? { note } : {}) });
  }
  for (const block of article.noise) {
    // A block without parts (an older core, or a cap of zero) is still outlined, by its smallest container.
    const parts = block.parts.length ? block.parts : [block.ref];
    for (const part of parts) {
      if (part.selector) targets.push({ kind: block.kind, ...refFields(part), block });
    }
  }
  return targets;
}

/** Per kind: anchors count one when present; noise kinds count blocks (not parts) and removed blocks. */
export function countKinds(article: Article): ReadonlyMap<OverlayKind, KindCount> {
  const counts = new Map<OverlayKind, KindCount>();
  for (const [kind, ref] of anchorRefs(article)) counts.set(kind, { blocks: ref?.selector ? 1 : 0, removed: 0 });
  for (const block of article.noise) {
    const c = counts.get(block.kind) ?? { blocks: 0, removed: 0 };
    counts.set(block.kind, { blocks: c.blocks + 1, removed: c.removed + (block.removed ? 1 : 0) });
  }
  return counts;
}

/** What a target keeps of a reference. */
function refFields(ref: NodeRef): Pick<OverlayTarget, 'selector' | 'preview' | 'ordinal'> {
  return { selector: ref.selector, preview: ref.preview, ...(ref.ordinal !== undefined ? { ordinal: ref.ordinal } : {}) };
}
