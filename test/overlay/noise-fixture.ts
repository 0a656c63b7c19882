/** Hand-made noise blocks and articles for the overlay tests (the core fills `Article.noise` for real). */
import type { Article, NoiseBlock, NodeRef } from '../../src/core/types.ts';
import { makeArticle } from '../extension/article-fixture.ts';

export function ref(selector: string, preview = ''): NodeRef {
  return { selector, preview };
}

export function makeNoise(overrides: Partial<NoiseBlock> = {}): NoiseBlock {
  return {
    kind: 'link-block',
    ref: ref('#related', 'Weir repairs begin'),
    parts: [ref('#related', 'Weir repairs begin')],
    inBody: true,
    removed: true,
    text: 'Weir repairs begin Flood maps updated River walk reopens',
    reason: '6 links ≥ Ct 3, largest gap 23 < dt 80 (code distance), link text 90%',
    numbers: { links: 6, maxGap: 23, dt: 80, ct: 3 },
    ...overrides,
  };
}

/** An article whose title is `#title`, body `#story`, and whose noise is `noise`. */
export function articleWithNoise(noise: readonly NoiseBlock[], overrides: Partial<Article> = {}): Article {
  const base = makeArticle();
  return makeArticle({
    anchors: { ...base.anchors, titleBlock: ref('#title', 'Flood wall finished'), bodyRoot: ref('#story', 'The new flood wall') },
    noise,
    ...overrides,
  });
}
