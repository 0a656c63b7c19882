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
  /^(?:more|home|people|authors|login|log in|sign in|register|profile|view profile|follow|subscribe|首页|登录|注册|更多|个人资料|个人空间|加为好友|发消息|短消息|博客|主页)$/iu;

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
