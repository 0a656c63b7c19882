/** A complete `Article` for popup tests, with overridable parts. */
import type { Article } from '../../src/core/types.ts';
import { NO_SIMILAR_PAGE } from '../helpers/similar-page.ts';

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    url: 'https://news.example/local/solar-library.html',
    title: 'Solar library opens in old depot',
    author: 'Margaret Ellison',
    source: 'The Example Gazette',
    site: null,
    // A date-SVM result (§3.7): the byline's text date won with f = 1.83 (confidence = 1 / (1 + e^−1.83));
    // the page's meta tag says the same minute, the rest are runner-ups, best first.
    publishedTime: {
      iso: '2019-03-14T08:30',
      confidence: 0.8618,
      decision: 1.83,
      method: 'date-svm',
      from: 'page-text',
      detail: 'span.date < div.meta',
      chosen: { iso: '2019-03-14T08:30', text: '14 March 2019, 08:30', from: 'page-text', detail: 'span.date < div.meta', decision: 1.83 },
      found: 9,
      candidates: [
        { iso: '2019-03-14T08:30', text: '14 March 2019, 08:30', from: 'page-text', detail: 'span.date < div.meta', decision: 1.83 },
        { iso: '2019-03-14T08:30:00Z', text: '2019-03-14T08:30:00Z', from: 'meta', detail: 'meta @content', decision: 0.6 },
        { iso: '2019-03-15T10:05', text: '15 March 2019, 10:05', from: 'page-text', detail: 'p.updated < div.meta', decision: -0.4249 },
        { iso: '2019-03-15T10:05', text: '15/03/2019 10:05', from: 'page-text', detail: 'span < div.comment', decision: -0.9 },
        { iso: '2019-03-13', text: '13/03/2019', from: 'url', detail: 'URL', decision: -1.104 },
        { iso: '2019-03-10', text: '10 Mar 2019', from: 'page-text', detail: 'span < a < li < ul.related', decision: -1.5 },
        { iso: '2019-03-09', text: '9 Mar 2019', from: 'page-text', detail: 'span < a < li < ul.related', decision: -2.2 },
      ],
    },
    lang: 'en',
    pageType: { type: 'article', from: 'default', detail: 'no structured type, and the content region is text' },
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
    similarPage: NO_SIMILAR_PAGE,
    provenance: { title: null, author: null, source: null, site: null, candidates: [] },
    anchors: {
      query: null,
      titleBlock: null,
      firstSentence: null,
      bodyRoot: null,
      bodyLead: { method: 'title-anchor', reason: 'no body' },
      pathSample: null,
      date: null,
      author: null,
    },
    warnings: [],
    timings: {},
    explain: { steps: [], decisions: [], optionsHash: 'test' },
    ...overrides,
  };
}
