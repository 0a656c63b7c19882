/**
 * Issue 41, extension `nearbyNames`: author candidates no label names — a forum post's or a blog's account
 * name (a short link to a user's page: user.php?…, /profile/, /member/, /people/, space.php, /u/…) among the
 * blocks just before and after the title. Low in the rules' order (`AUTHOR_RANKS`); the field model weighs
 * them by where they stand and what they look like. (A line that is only a name was tried too: on gne and
 * cwce it found 搜索, 没有了, 日历 and 无聊 — page furniture — more often than a name; left out.)
 */
import type { PageModel, TextBlock } from '../model/page-model.ts';
import { F_LINK } from '../model/page-model.ts';
import { normalizeSpace } from '../text/normalize.ts';

/** A link to a person's page on the site (an account, a profile, a member's space). */
const ACCOUNT_HREF =
  /(?:^|[/?&._-])(?:user|users|profile|member|members|people|author|space|home\.php|u|uid|userid|lookuserid|blogger|account)(?:[/?=.]|$)/iu;
/** An account's name: letters, digits and a few joiners, no sentence, no spaces inside a CJK name. */
const ACCOUNT_NAME = /^(?=.*\p{L})[\p{L}\p{N}_.@-]{2,24}$/u;
/** Link texts that name an action or a place, not an account. */
const NOT_A_NAME =
  /^(?:more|home|login|log in|sign in|register|profile|view profile|follow|subscribe|首页|登录|注册|更多|个人资料|个人空间|加为好友|发消息|短消息|博客|主页)$/iu;

export interface NearbyName {
  readonly value: string;
  readonly kind: 'account';
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
    if (b.links === 0) continue;
    const seen = new Set<number>();
    for (const t of b.nodes) {
      const link = linkAround(page, page.textParent[t] as number, b.owner);
      if (link < 0 || seen.has(link)) continue;
      seen.add(link);
      const href = page.attr(link, 'href') ?? '';
      const text = normalizeSpace(page.textContent(link));
      if (ACCOUNT_HREF.test(href) && ACCOUNT_NAME.test(text) && !NOT_A_NAME.test(text))
        out.push({ value: text, kind: 'account', block: b });
    }
  }
  return out;
}

/** The link element holding `el` (itself or an ancestor below `stop`), or −1. */
function linkAround(page: PageModel, el: number, stop: number): number {
  for (let e = el; e >= 0 && e !== stop; e = page.parent[e] as number) if (page.has(e, F_LINK)) return e;
  return page.has(stop, F_LINK) ? stop : -1;
}
