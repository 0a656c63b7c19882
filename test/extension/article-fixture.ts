/** A complete `Article` for popup tests, with overridable parts. */
import type { Article } from '../../src/core/types.ts';

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    url: 'https://news.example/local/solar-library.html',
    title: 'Solar library opens in old depot',
    author: 'Margaret Ellison',
    source: 'The Example Gazette',
    publishedTime: {
      iso: '2019-03-14T08:30',
      confidence: 0.8,
      from: 'zone',
      detail: 'zone text',
      candidates: [
        { iso: '2019-03-14T08:30', text: '14 March 2019, 08:30', from: 'zone', detail: 'zone text' },
        { iso: '2019-03-13', text: '13/03/2019', from: 'url', detail: 'path' },
      ],
    },
    lang: 'en',
    body: {
      html: '<p>The library opened on Thursday, and six hundred people queued outside.</p>',
      text: 'The library opened on Thursday, and six hundred people queued outside.',
      markdown: 'The library opened on Thursday, and six hundred people queued outside.',
    },
    images: [{ src: 'https://news.example/img/room.jpg', alt: 'Reading room', caption: 'The reading room', width: 640, height: 360 }],
    tables: [],
    documents: [{ href: 'https://news.example/docs/energy.pdf', text: 'Energy assessment', type: 'pdf' }],
    noise: [],
    linkBlockStats: null,
    provenance: { title: null, author: null, source: null, candidates: [] },
    anchors: { query: null, titleBlock: null, firstSentence: null, bodyRoot: null },
    warnings: [],
    timings: {},
    explain: { steps: [], decisions: [], optionsHash: 'test' },
    ...overrides,
  };
}
