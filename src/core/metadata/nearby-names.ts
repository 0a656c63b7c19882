/**
 * Issue 41, extension `nearbyNames`: author candidates no label names, among the blocks just before and after
 * the title — a forum post's, a blog's or a writer's account name (a short link to a person's page:
 * user.php?…, /profile/, /member/, /people/, /author/, /writer/, /autori/, space.php, /u/…), and the text of an
 * element whose class, id or itemprop says it holds the author (`class="byline"`, `author-name`). Low in the
 * rules' order (`AUTHOR_RANKS`); the field model weighs them by where they stand and what they look like.
 * (A line that is only a name was tried too: on gne and cwce it found 搜索, 没有了, 日历 and 无聊 — page
 * furniture — more often than a name; left out.)
 */
import { classTokens } from '../text/class-words.ts';
import type { PageModel, TextBlock } from '../model/page-model.ts';
import { F_LINK } from '../model/page-model.ts';
import { normalizeSpace } from '../text/normalize.ts';

/** A link to a person's page on the site (an account, a profile, a member's space). */
const ACCOUNT_HREF =
  /(?:^|[/?&._-])(?:user|users|profile|member|members|people|author|authors|writer|writers|autor|autori|autoren|auteur|auteurs|journalist|reporter|columnist|space|home\.php|u|uid|userid|lookuserid|blogger|account)[/?=.](?=[^\s/?#])/iu;
/** Class, id or itemprop words of an element holding the author's name. */
const AUTHOR_WORD = /^(?:author|authors|byline|bylines|writer|writers|autor|autore|auteur|reporter|journalist|columnist|creator)$/u;
/** Class or id words of a comment: its author is a commenter's, not the page's. */
const COMMENT_WORD = /^(?:comment|comments|reply|replies|respond|discussion|review|reviews)$/u;
/** An author element's text: a name or a few, no sentence, no date. */
const ELEMENT_NAME = /^(?=.*\p{L})[^\d。！？!?]{2,60}$/u;
/** A byline's label alone ("By" in its own span): no name. */
const LABEL_ONLY = /^(?:by|von|par|por|di|de|door|autor|auteur|author|written by|作者|文|记者)\s*[:：]?$/iu;
/** An account's name: letters, digits and a few joiners, no sentence, no spaces inside a CJK name. */
const ACCOUNT_NAME = /^(?=.*\p{L})[\p{L}\p{N}_.@-]{2,24}$/u;
/** Link texts that name an action or a place, not an account. */
const NOT_A_NAME =
  /^(?:more|home|people|authors|login|log in|sign in|register|profile|view profile|follow|subscribe|首页|登录|注册|更多|个人资料|个人空间|加为好友|发消息|短消息|博客|主页)$|^\p{sc=Han}{0,4}(?:管理|设置|上传|修改|删除|编辑)$/iu;

export interface NearbyName {
  readonly value: string;
  readonly kind: 'account' | 'author-element';
  readonly block: TextBlock;
}

/**
 * Names in the blocks from `before` blocks above the title to `after` blocks below it (the first `after`
 * blocks of the page when no title block was found), each block at most `maxUnits` text units.
 */
export function findNearbyNames(page: PageModel, titleBlock: number | null, before: number, after: number, maxUnits: number): NearbyName[] {
  const out: NearbyName[] = [];
  const blocks = page.blocks;
  const from = titleBlock === null ? 0 : Math.max(0, titleBlock - before);
  const to = Math.min(blocks.length - 1, (titleBlock ?? 0) + after);
  for (let i = from; i <= to; i++) {
    const b = blocks[i] as TextBlock;
    if (i === titleBlock || b.units > maxUnits || b.sentence) continue;
    const seen = new Set<number>();
    for (const t of b.nodes) {
      const holder = authorElement(page, page.textParent[t] as number, b.owner);
      if (holder < 0 || seen.has(holder) || inComment(page, holder)) continue;
      seen.add(holder);
      const text = normalizeSpace(page.textContent(holder));
      // A name written as a link points at the person's page: a link to a section ("股市行情" → /gushihangqing/) is no one's.
      const around = linkAround(page, holder, b.owner);
      const link = around >= 0 ? around : onlyLinkIn(page, holder, text);
      if (link >= 0 && !ACCOUNT_HREF.test(page.attr(link, 'href') ?? '')) continue;
      if (ELEMENT_NAME.test(text) && !LABEL_ONLY.test(text) && text.split(' ').length <= 8)
        out.push({ value: text, kind: 'author-element', block: b });
    }
    if (b.links === 0) continue;
    for (const t of b.nodes) {
      const link = linkAround(page, page.textParent[t] as number, b.owner);
      if (link < 0 || seen.has(link)) continue;
      seen.add(link);
      if (inComment(page, link)) continue;
      const href = page.attr(link, 'href') ?? '';
      const text = normalizeSpace(page.textContent(link));
      if (ACCOUNT_HREF.test(href) && ACCOUNT_NAME.test(text) && !NOT_A_NAME.test(text))
        out.push({ value: text, kind: 'account', block: b });
    }
  }
  return out;
}

/** The element holding `el` (itself or up to the block's owner) whose class, id or itemprop names the author, or −1. */
function authorElement(page: PageModel, el: number, stop: number): number {
  for (let e = el, level = 0; e >= 0 && level < 4; e = page.parent[e] as number, level++) {
    for (const name of ['class', 'id', 'itemprop']) {
      const v = page.attr(e, name);
      if (v && classTokens(v).some((w) => AUTHOR_WORD.test(w))) return e;
    }
    if (e === stop) break;
  }
  return -1;
}

/** `el` or one of its five nearest ancestors is a comment (class or id): a commenter's name. */
function inComment(page: PageModel, el: number): boolean {
  for (let e = el, level = 0; e >= 0 && level < 6; e = page.parent[e] as number, level++)
    for (const name of ['class', 'id']) {
      const v = page.attr(e, name);
      if (v && classTokens(v).some((w) => COMMENT_WORD.test(w))) return true;
    }
  return false;
}

/** The one link inside `el` that holds all its text, or −1. */
function onlyLinkIn(page: PageModel, el: number, text: string): number {
  for (let e = el + 1; e <= (page.end[el] as number); e++)
    if (page.has(e, F_LINK)) return normalizeSpace(page.textContent(e)) === text ? e : -1;
  return -1;
}

/** The link element holding `el` (itself or an ancestor below `stop`), or −1. */
function linkAround(page: PageModel, el: number, stop: number): number {
  for (let e = el; e >= 0 && e !== stop; e = page.parent[e] as number) if (page.has(e, F_LINK)) return e;
  return page.has(stop, F_LINK) ? stop : -1;
}

/** A blog's name that names its owner: "某某的博客", "[某某]的博客", "X's blog", "某某的专栏". */
const BLOG_OF =
  /^[[【「(（]?\s*(.{2,24}?)\s*[\]】」)）]?\s*(?:的博客|的部落格|的博客空间|的空间|的专栏|的日志|的网志|['’]s\s+(?:blog|weblog))$/iu;

/** A host name whose labels say it is a blog platform's ("blog.example.com", "blogs.example.org"). */
const BLOG_HOST = /^(?:[a-z0-9-]+\.)*blogs?\.(?:[a-z0-9-]+\.)+[a-z]{2,}$|^(?:[a-z0-9-]+\.)*[a-z0-9-]*blog[a-z0-9-]*\.[a-z]{2,}$/iu;

/** A name a blog gives its owner: 2–12 Han characters or a handle. */
const OWNER_NAME = /^(?:[\p{sc=Han}·•]{2,12}|[\p{L}\p{N}_.-]{2,24}|\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){1,3})$/u;

export interface BlogOwner {
  readonly value: string;
  /** `title`: read in `<title>`; `link`: a link's text or title attribute ("[太小心]的博客"). */
  readonly kind: 'title' | 'link';
  readonly block: TextBlock | null;
}

/**
 * Extension `blogOwners` (issue 41): the owner a blog names in its `<title>` or in a link to the blog
 * ("某某的博客", "X's blog", or "X | blog.platform.com" where the other part is a blog platform's host name),
 * at most `max` of them.
 */
export function findBlogOwners(page: PageModel, titleElement: string | null, max: number): BlogOwner[] {
  const out: BlogOwner[] = [];
  const push = (raw: string, kind: BlogOwner['kind'], block: TextBlock | null): void => {
    const value = normalizeSpace(raw);
    if (out.length < max && OWNER_NAME.test(value) && !NOT_A_NAME.test(value) && !out.some((o) => o.value === value))
      out.push({ value, kind, block });
  };
  if (titleElement) {
    const parts = titleElement
      .split(/\s*[|｜_–—»·]\s*|\s+[-/]\s+/u)
      .map((p) => p.trim())
      .filter(Boolean);
    for (const part of parts) {
      const m = BLOG_OF.exec(part);
      if (m?.[1]) push(m[1], 'title', null);
    }
    if (parts.length === 2 && BLOG_HOST.test(parts[1] as string)) push(parts[0] as string, 'title', null);
  }
  for (const a of page.allOfTag('A')) {
    if (out.length >= max) break;
    for (const text of [page.attr(a, 'title') ?? '', normalizeSpace(page.textContent(a))]) {
      const m = text.length <= 40 ? BLOG_OF.exec(text.trim()) : null;
      if (m?.[1] && !inComment(page, a)) push(m[1], 'link', blockOfElement(page, a));
    }
  }
  return out;
}

/** The text block holding `el`'s first text in a block, or null (the page model's text ranges, not a scan of every block). */
function blockOfElement(page: PageModel, el: number): TextBlock | null {
  const after = page.textAfter[el] as number;
  for (let t = page.textFirst[el] as number; t < after; t++) {
    const b = page.blockOf(t);
    if (b) return b;
  }
  return null;
}
