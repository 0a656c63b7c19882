/** The `similarPage` report of an article extracted without a similar page, for test articles. */
import type { SimilarPageReport } from '../../src/core/index.ts';

export const NO_SIMILAR_PAGE: SimilarPageReport = {
  status: 'not-requested',
  url: null,
  why: null,
  message: 'no similar page compared',
  layout: null,
  nodes: null,
  fetchMs: null,
  diffMs: null,
  templateBlocks: 0,
  informationBlocks: 0,
  candidates: [],
};
