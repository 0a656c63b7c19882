/**
 * §2.1, §2.5–2.6 Leaf paths and their heritable similarity.
 *
 * A leaf is a text block (§0); its path is the chain of elements from `html` down to the block's owner,
 * each element named by its tag (faithful) or by its tag and class list (extension `classIdentity`: today's
 * pages are `div` all the way down, and a sidebar's `div > div > p` only differs from the article's by
 * class). The similarity compares two paths position by position from the root: N is the number of equal
 * nodes before the first difference (a difference high up ends the match), `K = 2N / (Li + Lj)`; K is 0
 * when the roots differ and 1 when the paths are equal. A leaf is body when `K ≥ (L0 − s) / (L0 + s)`
 * with L0 the sample path's length and s = `worstCaseNodes` (1 in the article: the worst case it allows is a
 * leaf that is both linked and emphasised, one fewer matched node and two more length).
 */
import type { PageModel } from '../model/page-model.ts';

/** A path as interned node names, root first. */
export type LeafPath = readonly number[];

/** Interns node names and builds (and caches) the path of each element. */
export class PathBuilder {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly cache = new Map<number, LeafPath>();

  constructor(
    private readonly model: PageModel,
    private readonly classIdentity: boolean,
  ) {}

  /** The path from the root element down to `el`. */
  pathOf(el: number): LeafPath {
    const chain: number[] = [];
    let path: LeafPath = [];
    for (let cur = el; cur >= 0; cur = this.model.parent[cur] as number) {
      const cached = this.cache.get(cur);
      if (cached) {
        path = cached;
        break;
      }
      chain.push(cur);
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const node = chain[i] as number;
      const longer = path.slice();
      longer.push(this.idOf(this.nameOf(node)));
      path = longer;
      this.cache.set(node, path);
    }
    return path;
  }

  /** The readable form of a path: "html > body > div.article > p". */
  describe(path: LeafPath): string {
    return path.map((id) => this.names[id] ?? '?').join(' > ');
  }

  private nameOf(el: number): string {
    const tag = this.model.tag(el).toLowerCase();
    if (!this.classIdentity) return tag;
    const value = this.model.attr(el, 'class');
    if (!value) return tag;
    const classes = value.split(/\s+/).filter(Boolean).sort();
    return classes.length ? `${tag}.${classes.join('.')}` : tag;
  }

  private idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }
}

/** §2.5 heritable similarity: `2N / (Li + Lj)`, N = equal nodes from the root before the first difference. */
export function pathSimilarity(a: LeafPath, b: LeafPath): number {
  if (a.length + b.length === 0) return 1;
  let n = 0;
  const max = Math.min(a.length, b.length);
  while (n < max && a[n] === b[n]) n++;
  return (2 * n) / (a.length + b.length);
}

/** §2.6 the least similarity a leaf needs to the sample path of length `sampleLength`. */
export function pathThreshold(sampleLength: number, worstCaseNodes: number): number {
  return Math.max(0, (sampleLength - worstCaseNodes) / (sampleLength + worstCaseNodes));
}
