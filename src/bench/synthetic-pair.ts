/**
 * Synthetic page pairs for `bench --lcs-sizes` (method 4's speed and memory against page size): two pages of
 * one made-up news site, about `elements` elements each (`getElementsByTagName('*')`), that share a template
 * (a top bar and a main menu with sub-menus, breadcrumbs, an article container, a related-stories list, a
 * comment section, a sidebar of list widgets in nested classed divs, a footer of link columns) and differ
 * where two articles of a site differ. The article keeps a long read's length (at most `MAX_PARAGRAPHS`
 * paragraphs) at every size: a larger page is larger by its template, its lists and its comments.
 *
 * Variants:
 * - `typical`: the article (title, byline, date, paragraphs: the page has a few more than its similar page),
 *   the comments (the similar page has fewer) and some list items (the "latest" widgets, a share of the
 *   related stories; the similar page lists two fewer related stories) differ; everything else, text
 *   included, is the same on both pages.
 * - `all-text`: the same structure, but every text of the two pages differs (menus, widgets, footer, the
 *   article): no content node matches, the worst case for the diff's trimmed ends and content comparison.
 *
 * Deterministic: the same size, variant and seed give the same bytes. Pure (no DOM, no I/O): the bench serves
 * the pages on its local server, and the unit test counts their elements with a parser.
 */
import { seededRandom } from './seeded-random.ts';

export type SyntheticVariant = 'typical' | 'all-text';

export const SYNTHETIC_VARIANTS: readonly SyntheticVariant[] = ['typical', 'all-text'];

export interface SyntheticPair {
  /** The page extracted (S1, the target). */
  readonly page: string;
  /** Its similar page (S2), whose feature tree the page is diffed against. */
  readonly similar: string;
  /** Elements of each (`getElementsByTagName('*')`, html and head included). */
  readonly elements: { readonly page: number; readonly similar: number };
}

export interface SyntheticOptions {
  readonly variant?: SyntheticVariant;
  /** Seed of the texts and of the differing items; default 1. */
  readonly seed?: number;
}

/** The smallest size the template holds (its fixed part and a few of each section). */
export const MIN_SYNTHETIC_ELEMENTS = 200;
/** The largest size made: a page of about 12 MB of HTML. */
export const MAX_SYNTHETIC_ELEMENTS = 200_000;

/** A pair of about `elements` elements each. */
export function syntheticPair(elements: number, opts: SyntheticOptions = {}): SyntheticPair {
  if (!Number.isInteger(elements) || elements < MIN_SYNTHETIC_ELEMENTS || elements > MAX_SYNTHETIC_ELEMENTS)
    throw new RangeError(`a synthetic page has ${MIN_SYNTHETIC_ELEMENTS} to ${MAX_SYNTHETIC_ELEMENTS} elements, got ${elements}`);
  const variant = opts.variant ?? 'typical';
  const seed = opts.seed ?? 1;
  const plan = planSite(elements, variant, seed);
  const page = renderPage(plan, 'page', seed);
  const similar = renderPage(plan, 'similar', seed);
  return { page: page.html, similar: similar.html, elements: { page: page.elements, similar: similar.elements } };
}

// ---------------------------------------------------------------------------------------------------------
// The plan: the site's structure and its shared texts, drawn once; each page renders it with its own texts
// where the two differ.

/** A text both pages show (`shared`), or one each page draws for itself (`varies`: null). */
interface Text {
  readonly shared: string | null;
  /** Words of the text each page draws for itself. */
  readonly words: number;
}

interface Item {
  readonly text: Text;
  readonly count: number;
}

interface Widget {
  readonly title: Text;
  readonly items: readonly Item[];
}

interface MenuEntry {
  readonly text: Text;
  readonly sub: readonly Text[];
}

interface Plan {
  readonly topLinks: readonly Text[];
  readonly menu: readonly MenuEntry[];
  readonly section: Text;
  readonly tags: readonly Text[];
  /** Paragraphs of the page's article and of its similar page's. */
  readonly paragraphs: { readonly page: number; readonly similar: number };
  /** Related stories of the page; the similar page lists the first `similar` of them. */
  readonly related: readonly Text[];
  readonly relatedOnSimilar: number;
  /** Comments under the article on each page (each page's own texts). */
  readonly comments: { readonly page: number; readonly similar: number };
  readonly widgets: readonly Widget[];
  readonly footer: readonly { readonly title: Text; readonly links: readonly Text[] }[];
  readonly copyright: Text;
}

/** Elements outside the sections' units: html, head, meta, title, style, body and the template's containers. */
const FIXED_ELEMENTS = 41;
/** Elements of one unit of each section (see the render functions). */
const COST = {
  topLink: 2,
  menuEntry: 2,
  subMenu: 1,
  subItem: 2,
  tag: 1,
  related: 4,
  comment: 6,
  widget: 4,
  widgetItem: 3,
  footerCol: 3,
  footerLink: 2,
};
const WIDGET_ITEMS = 8;
const FOOTER_LINKS = 6;
const SUB_ITEMS = 4;
/**
 * Shares of the elements beyond the fixed part, by section; what the article leaves of its share (past
 * `MAX_PARAGRAPHS`) goes to the widgets, and the related list takes what is left.
 */
const SHARES = { topLinks: 0.02, menu: 0.08, article: 0.08, comments: 0.06, tags: 0.01, widgets: 0.41, footer: 0.2 };
/** A long read: the article's paragraphs at most, whatever the page's size. */
const MAX_PARAGRAPHS = 120;
/** Elements of an article of `p` paragraphs: p, a link in every third, a strong in every fifth, an h2 before every sixth. */
const articleElements = (p: number): number => p + Math.floor((p + 2) / 3) + Math.floor((p + 4) / 5) + Math.floor((p - 1) / 6);

function planSite(elements: number, variant: SyntheticVariant, seed: number): Plan {
  const rng = seededRandom(seed);
  const allDiffer = variant === 'all-text';
  /** A text of `min`–`max` words: shared unless the variant or `differs` says each page draws its own. */
  const text = (min: number, max: number, differs = false): Text => {
    const words = min + Math.floor(rng() * (max - min + 1));
    return allDiffer || differs ? { shared: null, words } : { shared: phrase({ rng, words: WORDS }, words), words };
  };
  const budget = elements - FIXED_ELEMENTS;
  const share = (s: number): number => Math.floor(budget * s);

  const topLinks = Array.from({ length: Math.max(2, Math.floor(share(SHARES.topLinks) / COST.topLink)) }, () => text(1, 2));
  const menu: MenuEntry[] = [];
  for (let used = 0, i = 0; ; i++) {
    const subs = i % 3 === 1 ? SUB_ITEMS : 0;
    const cost = COST.menuEntry + (subs ? COST.subMenu + subs * COST.subItem : 0);
    if (menu.length >= 3 && used + cost > share(SHARES.menu)) break;
    menu.push({ text: text(1, 2), sub: Array.from({ length: subs }, () => text(1, 3)) });
    used += cost;
  }
  let p = 3;
  while (p < MAX_PARAGRAPHS && articleElements(p + 1) <= share(SHARES.article)) p++;
  const paragraphs = { page: p, similar: Math.max(3, p - 2 - Math.floor(rng() * Math.max(1, p / 10))) };
  const widgetShare = share(SHARES.widgets) + share(SHARES.article) - articleElements(p);
  const commentCount = Math.max(2, Math.floor(share(SHARES.comments) / COST.comment));
  const comments = { page: commentCount, similar: Math.max(1, Math.round(commentCount * 0.85)) };
  const tags = Array.from({ length: Math.max(2, share(SHARES.tags)) }, () => text(1, 2, true));
  const widgets: Widget[] = [];
  for (let used = 0, w = 0; widgets.length < 2 || used + COST.widget + WIDGET_ITEMS * COST.widgetItem <= widgetShare; w++) {
    const latest = w % 4 === 0; // "latest" widgets list other stories on each page
    widgets.push({
      title: text(1, 3),
      items: Array.from({ length: WIDGET_ITEMS }, () => ({ text: text(4, 9, latest), count: 1 + Math.floor(rng() * 999) })),
    });
    used += COST.widget + WIDGET_ITEMS * COST.widgetItem;
  }
  const footer: Plan['footer'][number][] = [];
  for (let used = 0; footer.length < 2 || used + COST.footerCol + FOOTER_LINKS * COST.footerLink <= share(SHARES.footer);) {
    footer.push({ title: text(1, 2), links: Array.from({ length: FOOTER_LINKS }, () => text(1, 3)) });
    used += COST.footerCol + FOOTER_LINKS * COST.footerLink;
  }
  // The related list fills the page up to `elements`.
  const rest =
    budget -
    topLinks.length * COST.topLink -
    menu.reduce((n, m) => n + COST.menuEntry + (m.sub.length ? COST.subMenu + m.sub.length * COST.subItem : 0), 0) -
    articleElements(paragraphs.page) -
    comments.page * COST.comment -
    tags.length * COST.tag -
    widgets.length * (COST.widget + WIDGET_ITEMS * COST.widgetItem) -
    footer.length * (COST.footerCol + FOOTER_LINKS * COST.footerLink);
  const related = Array.from({ length: Math.max(3, Math.round(rest / COST.related)) }, (_, i) => text(5, 11, i % 5 === 0));
  return {
    topLinks,
    menu,
    section: text(1, 2),
    tags,
    paragraphs,
    related,
    relatedOnSimilar: related.length - 2,
    comments,
    widgets,
    footer,
    copyright: text(6, 10),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Rendering one page of the plan.

const STYLE = `
body{margin:0;font:15px/1.5 Georgia,serif;color:#222}
.wrap{width:1180px;margin:0 auto}
.top-bar{background:#333;color:#eee;font:12px/24px sans-serif}
.top-links,.menu,.sub-menu,.related-list,.widget-list,.footer-col ul{list-style:none;margin:0;padding:0}
.top-links li{display:inline-block;margin-right:12px}
.brand{padding:16px 0;font:bold 32px sans-serif}
.main-nav{background:#c00}
.menu>li{display:inline-block;vertical-align:top;margin-right:14px;font:bold 14px/32px sans-serif}
.sub-menu li{font:12px/18px sans-serif}
.breadcrumbs{font:12px sans-serif;padding:8px 0}
.site-content .wrap{overflow:hidden}
.col-main{float:left;width:780px}
.col-side{float:right;width:360px}
.entry-title{font-size:30px;line-height:1.2}
.entry-meta{color:#666;font-size:13px}
.tags a{display:inline-block;margin:0 6px 6px 0;font-size:12px}
.related-item{overflow:hidden;height:64px;margin-bottom:8px}
.thumb{float:left;width:96px;height:64px;margin-right:10px;background:#ddd}
.related-item .date{display:block;color:#888;font-size:12px}
.comment-list{list-style:none;margin:0;padding:0}
.comment{margin-bottom:12px;border-bottom:1px solid #eee}
.comment-meta{color:#666;font-size:12px}
.widget{margin-bottom:18px}
.widget-inner{border-top:3px solid #c00;padding-top:6px}
.widget-title{font:bold 16px sans-serif;margin:0 0 6px}
.widget-list li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;height:22px;font-size:13px}
.widget-list .count{color:#999;margin-left:6px}
.site-footer{background:#222;color:#bbb;margin-top:24px;padding:16px 0}
.footer-col{display:inline-block;vertical-align:top;width:220px;margin:0 12px 16px 0;font-size:12px}
`;

class Builder {
  readonly parts: string[] = [];
  elements = 0;

  open(tag: string, attrs = ''): void {
    this.elements++;
    this.parts.push(`<${tag}${attrs ? ` ${attrs}` : ''}>`);
  }

  close(tag: string): void {
    this.parts.push(`</${tag}>`);
  }

  /** An element holding only text. */
  leaf(tag: string, attrs: string, text: string): void {
    this.open(tag, attrs);
    this.parts.push(escape(text));
    this.close(tag);
  }

  raw(text: string): void {
    this.parts.push(text);
  }
}

function renderPage(plan: Plan, which: 'page' | 'similar', seed: number): { html: string; elements: number } {
  // Each page draws its own texts from its half of the words, so that no text of one is a text of the other.
  const draw = seededRandom(seed * 2 + (which === 'page' ? 1 : 2) + 0x9e3779b9);
  const own: Words = { rng: draw, words: WORDS.filter((_, i) => i % 2 === (which === 'page' ? 0 : 1)) };
  const t = (x: Text): string => x.shared ?? phrase(own, x.words);
  const b = new Builder();
  const title = phrase(own, 8 + Math.floor(draw() * 6));
  b.raw('<!doctype html>');
  b.open('html', 'lang="en"');
  b.open('head');
  b.open('meta', 'charset="utf-8"');
  b.leaf('title', '', `${title} - The Example Herald`);
  b.leaf('style', '', STYLE);
  b.close('head');
  b.open('body', 'class="single-post"');
  b.open('div', 'id="page" class="site"');

  b.open('header', 'id="masthead" class="site-header"');
  b.open('div', 'class="top-bar"');
  b.open('div', 'class="wrap"');
  b.open('ul', 'class="top-links"');
  plan.topLinks.forEach((x, i) => link(b, 'li', '', `/help/${i}`, t(x)));
  b.close('ul');
  b.close('div');
  b.close('div');
  b.open('div', 'class="brand wrap"');
  b.open('a', 'class="logo" href="/"');
  b.leaf('span', 'class="logo-text"', 'The Example Herald');
  b.close('a');
  b.close('div');
  b.open('nav', 'class="main-nav"');
  b.open('ul', 'class="menu wrap"');
  plan.menu.forEach((m, i) => {
    b.open('li', `class="menu-item menu-item-${i}"`);
    b.leaf('a', `href="/section/${i}/"`, t(m.text));
    if (m.sub.length) {
      b.open('ul', 'class="sub-menu"');
      m.sub.forEach((s, j) => link(b, 'li', 'class="sub-item"', `/section/${i}/${j}/`, t(s)));
      b.close('ul');
    }
    b.close('li');
  });
  b.close('ul');
  b.close('nav');
  b.close('header');

  b.open('div', 'class="breadcrumbs wrap"');
  b.leaf('a', 'href="/"', 'Home');
  b.raw(' › ');
  b.leaf('a', 'href="/section/1/"', t(plan.section));
  b.raw(' › ');
  b.leaf('span', 'class="current"', title);
  b.close('div');

  b.open('div', 'id="content" class="site-content"');
  b.open('div', 'class="wrap"');
  b.open('main', 'class="col-main"');
  b.open('article', `id="post-${which === 'page' ? 4711 : 4712}" class="post type-post"`);
  b.leaf('h1', 'class="entry-title"', title);
  b.open('div', 'class="entry-meta"');
  b.open('span', 'class="byline"');
  b.raw('By ');
  b.leaf('a', 'href="/author/"', `${capital(word(own))} ${capital(word(own))}`);
  b.close('span');
  b.raw(' ');
  const day = 1 + Math.floor(draw() * 28);
  b.leaf('time', `datetime="2024-03-${String(day).padStart(2, '0')}"`, `${day} March 2024`);
  b.close('div');
  b.open('div', 'class="entry-content"');
  const paragraphs = plan.paragraphs[which];
  for (let i = 0; i < paragraphs; i++) {
    if (i > 0 && i % 6 === 0) b.leaf('h2', '', capital(phrase(own, 4 + Math.floor(draw() * 4))));
    b.open('p');
    b.raw(escape(sentences(own, 2 + Math.floor(draw() * 3))));
    if (i % 3 === 0) {
      b.raw(' ');
      b.leaf('a', `href="/story/${Math.floor(draw() * 1e6)}.html"`, phrase(own, 3 + Math.floor(draw() * 3)));
    }
    if (i % 5 === 0) {
      b.raw(' ');
      b.leaf('strong', '', sentences(own, 1));
    }
    b.close('p');
  }
  b.close('div');
  b.open('div', 'class="tags"');
  plan.tags.forEach((x, i) => b.leaf('a', `href="/tag/${i}/" rel="tag"`, t(x)));
  b.close('div');
  b.close('article');
  b.open('section', 'class="related"');
  b.leaf('h2', 'class="related-title"', 'Related stories');
  b.open('ul', 'class="related-list"');
  const related = which === 'page' ? plan.related : plan.related.slice(0, plan.relatedOnSimilar);
  related.forEach((x, i) => {
    b.open('li', 'class="related-item"');
    b.open('div', 'class="thumb"');
    b.close('div');
    b.leaf('a', `href="/story/${i}.html"`, t(x));
    b.leaf('span', 'class="date"', `${1 + (i % 28)} March 2024`);
    b.close('li');
  });
  b.close('ul');
  b.close('section');
  const comments = plan.comments[which];
  b.open('section', 'id="comments" class="comments"');
  b.leaf('h2', 'class="comments-title"', `${comments} comments`);
  b.open('ol', 'class="comment-list"');
  for (let i = 0; i < comments; i++) {
    b.open('li', `id="comment-${(which === 'page' ? 10_000 : 20_000) + i}" class="comment"`);
    b.open('div', 'class="comment-body"');
    b.open('div', 'class="comment-meta"');
    b.leaf('span', 'class="author"', `${capital(word(own))}${Math.floor(draw() * 100)}`);
    b.raw(' ');
    b.leaf('time', '', `${1 + Math.floor(draw() * 28)} March 2024`);
    b.close('div');
    b.leaf('p', '', sentences(own, 1 + Math.floor(draw() * 2)));
    b.close('div');
    b.close('li');
  }
  b.close('ol');
  b.close('section');
  b.close('main');

  b.open('aside', 'class="col-side"');
  plan.widgets.forEach((w, i) => {
    b.open('div', `class="widget widget-${i % 7}"`);
    b.open('div', 'class="widget-inner"');
    b.leaf('h3', 'class="widget-title"', t(w.title));
    b.open('ul', 'class="widget-list"');
    w.items.forEach((it, j) => {
      b.open('li', 'class="item"');
      b.leaf('a', `href="/w/${i}/${j}.html"`, t(it.text));
      b.leaf('span', 'class="count"', String(it.count));
      b.close('li');
    });
    b.close('ul');
    b.close('div');
    b.close('div');
  });
  b.close('aside');
  b.close('div');
  b.close('div');

  b.open('footer', 'class="site-footer"');
  b.open('div', 'class="wrap"');
  plan.footer.forEach((col, i) => {
    b.open('div', 'class="footer-col"');
    b.leaf('h4', '', t(col.title));
    b.open('ul');
    col.links.forEach((x, j) => link(b, 'li', '', `/about/${i}/${j}`, t(x)));
    b.close('ul');
    b.close('div');
  });
  b.leaf('p', 'class="copyright"', `© 2024 The Example Herald. ${t(plan.copyright)}`);
  b.close('div');
  b.close('footer');
  b.close('div');
  b.close('body');
  b.close('html');
  return { html: b.parts.join(''), elements: b.elements };
}

/** `<li><a href>text</a></li>`. */
function link(b: Builder, tag: string, attrs: string, href: string, text: string): void {
  b.open(tag, attrs);
  b.leaf('a', `href="${href}"`, text);
  b.close(tag);
}

// ---------------------------------------------------------------------------------------------------------
// Seeded text.

const WORDS = (
  'council city library river bridge market school station park harbour museum street hospital court ' +
  'minister mayor police report budget plan project funding season team match festival weather storm ' +
  'energy solar water transport housing election campaign voters survey study research data figures ' +
  'company workers union strike prices shares investors bank growth economy trade exports farmers ' +
  'said announced opened closed agreed warned expected reported confirmed approved rejected planned ' +
  'new old local national public private major small large early late final annual weekly daily ' +
  'morning evening week month year spring summer autumn winter north south east west central coastal ' +
  'people residents families children students teachers doctors nurses officials experts visitors ' +
  'after before during since while because although when where which that with from into over under ' +
  'the a an of to in on for by at as and or but not more most less many several few every each'
).split(' ');

/** A generator and the words it draws from. */
interface Words {
  readonly rng: () => number;
  readonly words: readonly string[];
}

function word({ rng, words }: Words): string {
  return words[Math.floor(rng() * words.length)]!;
}

function phrase(from: Words, n: number): string {
  return Array.from({ length: n }, () => word(from)).join(' ');
}

function sentences(from: Words, n: number): string {
  const count = (min: number, spread: number): number => min + Math.floor(from.rng() * spread);
  return Array.from({ length: n }, () => `${capital(phrase(from, count(12, 14)))}, ${phrase(from, count(4, 6))}.`).join(' ');
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
