/**
 * A local page server for the real-browser tests: the samples as a reader would get them from a news site.
 * The GBK sample is served as raw bytes with `Content-Type: text/html` and no charset, so Chromium has to
 * honour the page's own `<meta http-equiv>` charset. The overlay page (test/e2e/fixtures) is served under a
 * strict Content-Security-Policy, as many news sites are. The probe's big pages (big-pages.ts) are generated
 * once, on first request. Images get a placeholder picture; anything else is 404.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { elementsPage, linksPage } from './big-pages.ts';

const SAMPLES = fileURLToPath(new URL('../../../samples/', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
/** The golden pipeline pages (test/fixtures/pipeline), for the popup on pages that are not articles (issue 42). */
const PIPELINE = fileURLToPath(new URL('../../fixtures/pipeline/', import.meta.url));

/** No inline styles or scripts: what the overlay draws must not depend on the page allowing them. */
const STRICT_CSP = "default-src 'self'; style-src 'self'; img-src 'self'";

/** The anchor text the index page uses for the English article: worded unlike its headline, but about it. */
export const INDEX_LINK_TEXT = "Riverton's new library runs on solar power";
/** A teaser link to the same article whose text matches nothing on it. */
export const TEASER_TEXT = 'Continue reading';

const INDEX_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The Example Gazette: Local news</title></head>
<body><h1>Local news</h1>
<ul>
  <li><a id="to-article" href="/local/2019/03/riverton-library.html#top">${INDEX_LINK_TEXT}</a>
    <a id="teaser" href="/local/2019/03/riverton-library.html"><span>${TEASER_TEXT}</span> ›</a></li>
  <li><a href="/news/qingshi-library.htm">青石镇老粮仓改建社区图书馆</a></li>
</ul></body></html>`;

/** A page on which a test plays a hostile site: a place for links, and nothing else. */
const LINK_FARM_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Top stories, hand-picked</title></head>
<body><h1>Top stories</h1><p id="links"></p></body></html>`;

const PLACEHOLDER_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<rect width="640" height="360" fill="#c9dcef"/><rect x="40" y="200" width="560" height="120" fill="#8aa9c7"/>
<g fill="#f4e3b5"><rect x="80" y="60" width="80" height="110"/><rect x="280" y="60" width="80" height="110"/><rect x="480" y="60" width="80" height="110"/></g>
</svg>`;

/** A French article, written for these tests, declaring `charset`. */
function frenchPage(charset: string): string {
  const p =
    '<p>La bibliothèque, ouverte très tôt ce matin, a déjà reçu des élèves, des lecteurs âgés et des étudiants étrangers.</p>' +
    "<p>Le maire a précisé que la façade, rénovée l'été dernier, était éclairée grâce à des panneaux solaires.</p>";
  return (
    `<!doctype html><html lang="fr"><head><meta charset="${charset}"><title>Une bibliothèque à énergie solaire</title></head>` +
    `<body><h1>Une bibliothèque à énergie solaire</h1>${p.repeat(3)}</body></html>`
  );
}

function chinesePage(charset: string): string {
  const p =
    '<p>记者从市文化局获悉，新图书馆于本周一正式开放，馆内藏书四万册，并设有儿童阅览室和咖啡厅。</p>' +
    '<p>市民排队数小时参观新馆，不少人，无论老少，都带来了自己的书籍捐赠给图书馆。</p>';
  return (
    `<!doctype html><html lang="zh-CN"><head><meta http-equiv="Content-Type" content="text/html; charset=${charset}">` +
    `<title>我市首座太阳能图书馆开放</title></head><body><h1>我市首座太阳能图书馆开放</h1>${p.repeat(3)}</body></html>`
  );
}

/**
 * An English article with no charset declaration whose bytes are UTF-8 (issue 40, 12): Chromium reads it as
 * windows-1252, and its no-break spaces come out as "Â " — too few signs for the decode check to warn.
 */
function undeclaredUtf8Page(): string {
  const p =
    '<p>The council made a claim.\u00a0\u00a0\u00a0 The new library opened on Monday and runs on solar power, the mayor said.</p>' +
    '<p>Residents queued for hours to see it, and many of them, young and old, brought books to donate.</p>';
  return (
    '<!doctype html><html lang="en"><head><title>A solar library for Riverton</title></head>' +
    `<body><h1>A solar library for Riverton</h1>${p.repeat(3)}</body></html>`
  );
}

/** The story of the shadow-root page: its title and paragraphs (issue 40, 11c). */
export const SHADOW_STORY = {
  title: 'A solar library opens behind a shadow root',
  paragraphs: [
    'The new library, which opened on Monday, runs entirely on solar power, the mayor said, and it cost less than expected.',
    'Residents queued for hours to see the building, and many of them, young and old, brought books to donate.',
    'The council plans two more such buildings, one in the north and one in the south, before the end of the decade.',
  ],
} as const;

/**
 * A page whose article lives in a declarative shadow root (`<template shadowrootmode="open">`), which
 * Chromium's parser attaches to the <news-story> element, with the site's menu and footer outside it.
 */
function shadowStoryPage(): string {
  const { title, paragraphs } = SHADOW_STORY;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | The Example Gazette</title></head><body>` +
    '<nav><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></nav>' +
    `<news-story><template shadowrootmode="open"><article><h1>${title}</h1>` +
    paragraphs.map((p) => `<p>${p}</p>`).join('') +
    '</article></template></news-story>' +
    '<footer><p>Copyright The Example Gazette.</p></footer></body></html>'
  );
}

/** A one-page PDF with one line of text, its cross-reference table counted from the bytes. */
function pdfDocument(line: string): Buffer {
  const stream = `BT /F1 18 Tf 20 60 Td (${line}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${stream.length}>>\nstream\n${stream}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A body made on first use and kept. */
function once(make: () => string): () => Promise<string> {
  let made: string | null = null;
  return async () => (made ??= make());
}

interface Route {
  readonly type: string;
  readonly body: () => Promise<Buffer | string>;
  readonly headers?: Readonly<Record<string, string>>;
}

const ROUTES: Readonly<Record<string, Route>> = {
  '/index.html': { type: 'text/html; charset=utf-8', body: async () => INDEX_PAGE },
  '/local/2019/03/riverton-library.html': {
    type: 'text/html; charset=utf-8',
    body: () => readFile(`${SAMPLES}en-solar-library.html`),
  },
  '/news/qingshi-library.htm': { type: 'text/html', body: () => readFile(`${SAMPLES}zh-gbk-news.html`) },
  '/link-farm.html': { type: 'text/html; charset=utf-8', body: async () => LINK_FARM_PAGE },
  '/images/lazy.html': { type: 'text/html; charset=utf-8', body: () => readFile(`${FIXTURES}lazy-images.html`) },
  '/overlay/flood-wall.html': {
    type: 'text/html; charset=utf-8',
    body: () => readFile(`${FIXTURES}overlay-page.html`),
    headers: { 'Content-Security-Policy': STRICT_CSP },
  },
  '/overlay/page.css': { type: 'text/css; charset=utf-8', body: () => readFile(`${FIXTURES}overlay-page.css`) },
  // The same page with rules keyed on the position of <html>'s and <body>'s children.
  '/overlay/structure.html': {
    type: 'text/html; charset=utf-8',
    body: async () =>
      (await readFile(`${FIXTURES}overlay-page.html`, 'utf8')).replace(
        '</head>',
        '<link rel="stylesheet" href="/overlay/structure.css" />\n</head>',
      ),
    headers: { 'Content-Security-Policy': STRICT_CSP },
  },
  '/overlay/structure.css': { type: 'text/css; charset=utf-8', body: () => readFile(`${FIXTURES}overlay-structure.css`) },
  // An article with a share box nested deeper than its paragraphs: method 2 rejects the box's path (§2.6).
  '/overlay/sticky-pane.html': { type: 'text/html; charset=utf-8', body: () => readFile(`${FIXTURES}sticky-pane.html`) },
  '/overlay/path-noise.html': { type: 'text/html; charset=utf-8', body: () => readFile(`${FIXTURES}path-noise.html`) },
  // An old CMS page whose article sits in <sohu_cms_include:…> elements: paths through them need CSS escapes.
  '/overlay/escaped-tags.html': { type: 'text/html; charset=utf-8', body: () => readFile(`${FIXTURES}escaped-tags.html`) },
  // An article with an ad label, a newsletter box and share rows inside its body: the block model of the
  // learned combination (§6) takes some of them out of the rules' body.
  '/kitchen/lemon-barley-soup.html': { type: 'text/html; charset=utf-8', body: () => readFile(`${PIPELINE}en-recipe-schema/page.html`) },
  '/team/roster.html': { type: 'text/html; charset=utf-8', body: () => readFile(`${PIPELINE}en-roster-table/page.html`) },
  '/overlay/learned-noise.html': { type: 'text/html; charset=utf-8', body: () => readFile(`${FIXTURES}learned-noise.html`) },
  // A page declaring Shift_JIS whose bytes are Latin-1 (issue 16: mojibake reached the popup without a word),
  // and the same text declared right.
  '/charset/declared-shift-jis.html': { type: 'text/html', body: async () => Buffer.from(frenchPage('Shift_JIS'), 'latin1') },
  // A Chinese page declaring gb2312 whose bytes are UTF-8 (saved from a browser as UTF-8, its meta kept).
  '/charset/declared-gb2312-utf8.html': { type: 'text/html', body: async () => Buffer.from(chinesePage('gb2312'), 'utf8') },
  '/charset/undeclared-utf8.html': { type: 'text/html', body: async () => Buffer.from(undeclaredUtf8Page(), 'utf8') },
  '/charset/declared-latin-1.html': { type: 'text/html', body: async () => Buffer.from(frenchPage('ISO-8859-1'), 'latin1') },
  // A page with nothing but a menu and a list of links: no article.
  '/section/index.html': {
    type: 'text/html; charset=utf-8',
    body: async () =>
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sections</title></head><body>' +
      '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav><ul>' +
      ['Weather', 'Traffic', 'Schools', 'Council', 'Events'].map((w) => `<li><a href="/${w.toLowerCase()}">${w}</a></li>`).join('') +
      '</ul></body></html>',
  },
  '/shadow/story.html': { type: 'text/html; charset=utf-8', body: async () => shadowStoryPage() },
  // A PDF whose URL does not say so (a download link), and one whose URL does.
  '/doc/report': { type: 'application/pdf', body: async () => pdfDocument('Quarterly report') },
  '/doc/report.pdf': { type: 'application/pdf', body: async () => pdfDocument('Quarterly report') },
  '/big/elements-100k.html': { type: 'text/html; charset=utf-8', body: once(() => elementsPage(100_000)) },
  '/big/links-60k.html': { type: 'text/html; charset=utf-8', body: once(() => linksPage(60_000)) },
};

export interface PageServer {
  readonly origin: string;
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/** A server listening on 127.0.0.1 (a free port), and how to close it. */
export interface Listening {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `handle` on 127.0.0.1; closing drops Chromium's idle connections, which it keeps for minutes. */
export async function listenLocally(handle: RequestListener): Promise<Listening> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

export async function startPageServer(): Promise<PageServer> {
  const requests: string[] = [];
  const { origin, close } = await listenLocally((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    const route = ROUTES[path];
    if (route) {
      route.body().then(
        (body) => {
          res.writeHead(200, { 'Content-Type': route.type, 'Cache-Control': 'no-store', ...route.headers });
          res.end(body);
        },
        () => {
          res.writeHead(500).end();
        },
      );
    } else if (/\.(jpe?g|png)$/i.test(path)) {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(PLACEHOLDER_IMAGE);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return { origin, requests, close };
}
