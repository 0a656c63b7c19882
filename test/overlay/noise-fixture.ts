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
    reason: '6 links, largest gap 23 < dt 80 (code), Ct 3',
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
