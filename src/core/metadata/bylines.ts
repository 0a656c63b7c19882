/**
 * Author and source beyond the labelled patterns (issue 41, ALGORITHMS.md §1.7): the byline pieces
 * written without a label beside the title and the date ("2019年11月25日 18:57 参考消息", "石佳/中国青年报",
 * "原创 GameForce 2019-09-04", "[ 黄宇 ]"), the credits at the end of a story's paragraph ("（记者唐霁）",
 * "（姚峰 上海报道）"), a forum post's poster ("本贴由 大卫 于…", "ggjjzhzz 发表于…"), and the cleaning every
 * author and source value goes through: role words and ids go, and a placeholder, a label word or the
 * site's own name is never an author (empty is better than junk).
 */
import type { TextBlock } from '../model/page-model.ts';
import type { DateFinderOptions } from '../dates/date-finder.ts';
import { findDates } from '../dates/date-finder.ts';
import { normalizeSpace } from '../text/normalize.ts';
import { countTextUnits } from '../text/text-units.ts';

/** An outlet's name: a paper, a site, an agency, a channel ("参考消息", "环球网", "新华社", "新浪财经-自媒体综合"). */
const OUTLET = /(?:报|网|社|台|消息|新闻|周刊|日报|晚报|早报|时报|杂志|在线|综合|频道|资讯|传媒|媒体|观察|财经|中心)$|[-—]/u;

/** Words of a page's chrome around a byline: never a name. */
const CHROME = new Set(
  (
    '分享 分享到 关注 已关注 字号 评论 收藏 打印 举报 缩小字体 放大字体 大 中 小 超大 标准 阅读 浏览 点赞 转发 微博 微信 ' +
    'QQ空间 QQ好友 企鹅号 百家号 头条号 大鱼号 网易号 搜狐号 优质原创作者 原创 首页 正文 图片 图集 组图 视频 订阅 扫码 下载 更多 返回 发布 ' +
    '发布时间 来源 作者 时间 跟贴 参与 人 次 阅读数 Follow Share Comment Comments Print Email'
  ).split(' '),
);
/** Words of links and buttons: "打印本页", "查看商业部落", "发表评论", "跳到导航", "第一章". */
const CHROME_WORDS =
  /以前|之前|小时|分钟|刚刚|昨天|前天|更新|优质|原创|认证|粉丝|查看|打印|发表|评论|导航|跳到|跳转|连载|精华|本页|登录|注册|首页|点击|第.章|频道|专题|栏目|返回|推荐|热门|相关|阅读|全文/u;

/** A word that only says the next piece is the author ("原创 GameForce", "原创： 路闻卓立编译"). */
const AUTHOR_MARKER = /^(?:原创|原创作者|作者|文|撰文)[:：]?$/u;

/** A block that says when the post went up, in a form the date finder may not read ("发布时间：10-0812:00"). */
const PUBLISHED_LABEL = /发布时间|发表时间|发布于|发表于/u;

/** A personal name or a self-media account: 2–8 Han characters, or a Latin handle or name of at most 4 words. */
const HAN_NAME = /^[\p{sc=Han}·•]{2,8}$/u;
/** Names only: one personal name of 2–3 characters, or a list of 2–4-character names. */
const HAN_NAMES = /^(?:[\p{sc=Han}·•]{2,3}|[\p{sc=Han}·•]{2,4}(?:[、，,\s]\s*[\p{sc=Han}·•]{2,4}){1,5})$/u;
const LATIN_NAME = /^[A-Za-z][\w.\-']{1,30}(?: [A-Z][\w.\-']{0,30}){0,3}$/u;

export interface BylinePiece {
  readonly value: string;
  readonly kind: 'author' | 'source';
  /** Where it stood: beside a date in the same block, or as a short block of its own in the byline zone. */
  readonly place: 'beside-date' | 'own-block' | 'after-marker' | 'name-block' | 'body-start';
  readonly block: TextBlock;
}

const SPLIT = /\s*[|｜·•/／]\s*|\s+/u;
const BRACKETS = /^[[【(（「]\s*|\s*[\]】)）」]$/gu;

/**
 * The unlabelled byline pieces of the zone's first short blocks: the zone up to a few blocks after the
 * first block holding a date. A piece shaped like an outlet's name is a source candidate, one shaped
 * like a person's or an account's name an author candidate. At most `maxBlocks` blocks of at most
 * `maxUnits` text units are read.
 */
export function findBylinePieces(
  zone: readonly TextBlock[],
  dateOpts: DateFinderOptions,
  maxUnits: number,
  maxBlocks: number,
): BylinePiece[] {
  const out: BylinePiece[] = [];
  const blocks = zone.slice(0, maxBlocks);
  const units = blocks.map((b) => unlabelledUnits(b, maxUnits));
  const hasDate = blocks.map(
    (b, i) => (units[i] as number) <= maxUnits && !b.sentence && (PUBLISHED_LABEL.test(b.text) || findDates(b.text, dateOpts).length > 0),
  );
  const first = hasDate.indexOf(true);
  if (first < 0) return out;
  // The date's block and its neighbours: the byline zone around the first date under the title.
  for (let i = Math.max(0, first - 1); i <= Math.min(blocks.length - 1, first + 1); i++) {
    const block = blocks[i] as TextBlock;
    if ((units[i] as number) > maxUnits || block.sentence) continue;
    let text = normalizeSpace(block.text);
    const dates = findDates(text, dateOpts);
    for (const d of dates) text = text.split(d.text).join(' | ');
    // A date's leftovers ("发布时间：", "10-0812:00") and labelled values are not pieces.
    // The label's first word goes with it: 发稿时间, 更新时间, 出版日期.
    text = text.replace(/(?:发布|发表|发稿|更新|出版|修改|录入)?(?:时间|日期)\s*[:：]?[\d\s:：\-/.]*/gu, ' | ');
    // What follows a label is the labelled patterns' ("[ 黄宇 ] 来源：[ 国际金融报 ]": 黄宇 is a piece).
    text = text.split(LABELS)[0] ?? '';
    const parts = text
      .split(SPLIT)
      .map((p) => p.replace(BRACKETS, '').trim())
      .filter(Boolean);
    let marker = false;
    for (const part of parts) {
      if (AUTHOR_MARKER.test(part)) {
        marker = true;
        continue;
      }
      if (CHROME.has(part) || CHROME_WORDS.test(part) || /^[\d\s:：\-/.年月日]+$/u.test(part)) continue;
      const place = marker ? 'after-marker' : dates.length ? 'beside-date' : 'own-block';
      marker = false;
      if (HAN_NAME.test(part)) out.push({ value: part, kind: OUTLET.test(part) ? 'source' : 'author', place, block });
      else if (/[-—]/u.test(part) && /\p{sc=Han}/u.test(part) && part.length <= 20) out.push({ value: part, kind: 'source', place, block });
      else if (LATIN_NAME.test(part) && (place === 'after-marker' || dates.length)) out.push({ value: part, kind: 'author', place, block });
    }
  }
  return out;
}

/** The labels whose values the labelled patterns read: the pieces are what stands before the first. */
const LABELS = /来源|出处|作者|编辑|记者/u;

/**
 * A block's text units before its first label ("BUSINESS.SOHU.COM 2004年7月16日08:19 [ 黄宇 ] 来源：[ 国际金融报 ]"
 * is read up to 来源): what follows a label is not read for pieces, so it does not make the block too long.
 * A block of more than twice `maxUnits` is a paragraph, whatever its labels.
 */
function unlabelledUnits(block: TextBlock, maxUnits: number): number {
  if (block.units > 2 * maxUnits) return block.units;
  const at = block.text.search(LABELS);
  return at <= 0 ? block.units : countTextUnits(block.text.slice(0, at));
}

/** A short block of its own right under the title that holds only names ("胡平", "赵延东、风笑天"). */
export function isNameBlock(text: string): boolean {
  const t = normalizeSpace(text).replace(BRACKETS, '');
  return HAN_NAMES.test(t) && !OUTLET.test(t) && !CHROME.has(t) && !CHROME_WORDS.test(t);
}

/**
 * Extension `bodyStartNames`: a names-only line among the body's first `maxLines` lines (a block's lines are
 * its `<br>`-separated ones), with only short lines before it (the headline repeated, a subtitle: at most
 * `maxUnits` text units and no sentence's end) — the byline found from the body's start, where no title
 * block was found or the one found is not the article's ("我是怎样卷入八九民运的 / 茉莉 / 【…】一九八九年…").
 */
export function findBodyStartName(body: readonly TextBlock[], maxLines: number, maxUnits: number): BylinePiece | null {
  let lines = 0;
  for (const b of body) {
    for (const raw of b.text.split('\n')) {
      const line = normalizeSpace(raw);
      if (!line) continue;
      if (++lines > maxLines) return null;
      if (b.linkUnits < b.units && isNameBlock(line)) return { value: line, kind: 'author', place: 'body-start', block: b };
      if (SENTENCE_END.test(line) || countTextUnits(line) > maxUnits) return null;
    }
  }
  return null;
}

/** A sentence's end: the line is running text, not a headline or a byline. */
const SENTENCE_END = /[。！？!?]/u;

/**
 * Credits written in a story's text: "（记者唐霁）", "（总台记者 张倩）", "（姚峰 上海报道）", "本贴由 大卫 于…",
 * "ggjjzhzz 发表于 2005-9-15", "马俊峰/文".
 */
const CREDITS: readonly { re: RegExp; label: string }[] = [
  { re: /(?:^|[\s（(])(?:本报|本刊)?(?:特约|见习)?记者\s*([\p{sc=Han}]{2,4}(?:\s+[\p{sc=Han}]{2,4}){0,3})\s*发自/u, label: '记者…发自' },
  { re: /[（(][^（()）]{0,12}?记者\s*([\p{sc=Han}]{2,4}(?:[\s、][\p{sc=Han}]{2,4}){0,3})\s*[）)]/u, label: '（记者）' },
  { re: /[（(]\s*([\p{sc=Han}]{2,3}(?:[\s、][\p{sc=Han}]{2,3}){0,2})\s+[\p{sc=Han}]{2,4}报道\s*[）)]/u, label: '（…报道）' },
  { re: /(?:本贴|本帖|此贴|此帖)由\s*(\S{2,20}?)\s*于\s*\d/u, label: '本贴由' },
  { re: /(?:^|\s)([A-Za-z][\w.-]{2,30}|[\p{sc=Han}]{2,8})\s+发表于\s*\d/u, label: '发表于' },
  { re: /(?:记者|作者)([\p{sc=Han}]{2,4})\s*[/／]\s*文(?=\s|$|[^\p{sc=Han}]|[\p{sc=Han}]{0,6}图)/u, label: '/文' },
  // Without 记者 before it, only a line that is the credit alone ("马俊峰/文"), not a comment's "謝謝賞圖/文!".
  { re: /^([\p{sc=Han}]{2,4})\s*[/／]\s*文(?:\s+[\p{sc=Han}]{2,4}\s*[/／]\s*图)?$/u, label: '/文' },
];

export function findCredit(text: string): { value: string; label: string } | null {
  const line = normalizeSpace(text);
  for (const { re, label } of CREDITS) {
    const m = re.exec(line);
    const value = m?.[1]?.trim();
    if (value) return { value: value.replace(/\s+/g, '、'), label };
  }
  return null;
}

/** Role words before or after a name: "记者", "通讯员", "整合", "专栏作者", "实习生", "Staff Writer"… */
const CJK_ROLES =
  '本报记者|本报通讯员|本报实习生|特约记者|首席记者|见习记者|总台记者|记者|通讯员|实习生|特约撰稿人|专栏作者|特约作者|专栏作家|特约评论员|评论员|撰稿人|责任编辑|责编|编辑|主编|编译|整合|综合|整理|供稿|摄影';
/** One-character roles, only after a separator ("马俊峰/文", "张三 摄"): a name may end in 文. */
const SHORT_ROLES = '文|图|摄';
const LEADING_CJK_ROLE = new RegExp(String.raw`^(?:[\p{sc=Han}A-Za-z]{0,10}?(?:${CJK_ROLES}|${SHORT_ROLES}))\s*[、,，:：/／\s]\s*`, 'u');
const TRAILING_CJK_ROLE = new RegExp(String.raw`(?:\s*[、,，/／]?\s*(?:${CJK_ROLES})|\s*[、,，/／\s]\s*(?:${SHORT_ROLES}))+$`, 'u');
/** A reporter's role glued to one name: "记者王敬照", "本报记者张三". */
const GLUED_CJK_ROLE = /^(?:本报|本刊|特约|见习|首席)?(?:记者|通讯员|实习生)(?=[\p{sc=Han}]{2,4}$)/u;
const HAN = /\p{sc=Han}/u;
/** A list item that is a role word alone ("通讯员"). */
const ROLE_ONLY = new RegExp(String.raw`^(?:本报|本刊)?(?:${CJK_ROLES}|${SHORT_ROLES})$`, 'u');
/** A role word inside a list of names ("樊亮、张明超、记者惠禾"). */
const INNER_CJK_ROLE = new RegExp(String.raw`([、,，]\s*)(?:本报)?(?:记者|通讯员|实习生)\s*`, 'gu');
const LATIN_LEAD = /^(?:by|written by|posted by|words by|von|par|por|door|di|автор|author|autor|auteur)\s*:?\s+/iu;
const LATIN_ROLE =
  /(?:,?\s+|\s*[|–—-]\s*)(?:(?:senior|chief|contributing|special|staff|guest|associate|deputy)\s+)?(?:staff writer|writer|reporter|correspondent|contributor|editor|columnist|editorial assistant|assistant editor|news editor|photographer)s?$/iu;
/** A title after a comma: "TOM KRISHER, AP Auto Writer", "Joe Rao, Space.com Skywatching Columnist". */
const LATIN_ROLE_AFTER_COMMA =
  /\s*,\s*(?:[\w.&'-]+\s+){0,3}(?:writer|reporter|correspondent|editor|columnist|contributor|producer|photographer)s?$/iu;
const ID_SUFFIX = /\s*(?:_[A-Za-z]*\d+[A-Za-z0-9]*|[(（]\s*[A-Za-z]{1,5}\d{2,}\s*[)）])$/u;

/** Words a label pattern catches that name no one: "注意到", "未知", "网络整理", "View Profile"… */
const NOT_A_NAME = new Set(
  (
    '注意到|未知|不详|佚名|匿名|网络|网络整理|网友|网友投稿|本站|本站编辑|小编|管理员|系统管理员|admin|administrator|editor|editors|staff|' +
    'unknown|anonymous|guest|user|name|your name|author|view profile|follow|follow author|more|about|contact|profile|' +
    '本站原创|原创|转载|互联网|综合|整理|网络转载|来源网络|暂无|无|null|undefined'
  ).split('|'),
);
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gu;
const HAS_EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u;
/** An image's credit caught as an author ("(Image: WireImage)", "Photo: Getty"). */
const IMAGE_CREDIT = /^[(（[]?\s*(?:image|images|photo|photos|picture|pictures|credit|foto|bild)\s*:/iu;
/** An editor's or user's id: "HN666", "NF4425", "user_123". */
const ID_LIKE = /^(?:[A-Za-z]{1,4}\d{2,}|\d+|[a-z]+_\d+)$/u;

/** More names of the site: `loose` (every part of `<title>` after the headline) for CJK values, `organizations` declared. */
export interface SiteNames {
  readonly loose?: readonly string[];
  readonly organizations?: readonly string[];
  /** Names declared a Person (JSON-LD author): such a name is a person's even where the publisher carries it. */
  readonly persons?: readonly string[];
}

/** A Latin personal name: two to four capitalised words of letters ("Haki Benita", "Mary-Jo O'Neil"). */
const PERSON_SHAPE = /^\p{Lu}[\p{Ll}'’-]+(?: (?:\p{Lu}\.|\p{Lu}[\p{Ll}'’-]+)){1,3}$/u;

/** A word that makes a person-shaped name a medium's ("Cycling News", "Die Tagespresse", "TOUR Magazin"). */
const MEDIA_WORD =
  /news|report|press|magazin|digital|times|post\b|journal|daily|today|blog|world|media|radio|\btv\b|network|online|zeitung|tribune|herald|gazette|weekly|review|wire|digest|insider|channel|nachrichten|verlag|redaktion|staff|team/i;

export interface Cleaned {
  readonly value: string | null;
  /** Why the value was changed or refused ("" when it was kept as it was). */
  readonly why: string;
}

/**
 * An author value without role words, separators and ids; null (with the reason) for a placeholder,
 * a label word, an id or the site's own name (`siteNames`, lower-cased: og:site_name, the title's
 * suffix, the host…).
 */
export function cleanAuthor(raw: string, siteNames: readonly string[], host: string | null, names: SiteNames = {}): Cleaned {
  let v = normalizeSpace(raw);
  const before = v;
  // Twice: a template that writes its label before one of its own ("by by Dominic Patten").
  v = v.replace(LATIN_LEAD, '').replace(LATIN_LEAD, '');
  v = v.replace(ID_SUFFIX, '');
  // "观察者网专栏作者、王文", "本报记者 李四", "记者王敬照", "陈智、整合", "路闻卓立编译".
  v = v.replace(GLUED_CJK_ROLE, '');
  for (let i = 0; i < 2; i++) v = v.replace(LEADING_CJK_ROLE, '').replace(TRAILING_CJK_ROLE, '');
  v = v.replace(INNER_CJK_ROLE, '$1').replace(LATIN_ROLE_AFTER_COMMA, '').replace(LATIN_ROLE, '').trim();
  // A CJK list keeps its names only: "吴海波、通讯员、林静" → "吴海波、林静", "周明远、评论" → 周明远.
  if (/、/u.test(v) && HAN.test(v)) {
    v = v
      .split('、')
      .map((n) => n.trim())
      .filter((n) => n && !ROLE_ONLY.test(n) && !NOT_A_NAME.has(n.toLowerCase()) && !CHROME.has(n) && !CHROME_WORDS.test(n))
      .join('、');
  }
  // A CJK name written with padding between its characters ("赵 培").
  if (/^\p{sc=Han}(?: \p{sc=Han}){1,3}$/u.test(v)) v = v.replace(/ /g, '');
  v = v.replace(/^[\s,，、:：;；|/-]+|[\s,，、:：;；|/-]+$/gu, '');
  const why = v === before ? '' : 'role words or an id removed';
  if (!v || !/\p{L}/u.test(v)) return { value: null, why: 'no name left' };
  const withoutEmail = v
    .replace(EMAIL, '')
    .replace(/https?:\/\/\S+/gu, '')
    .replace(/[(（]\s*[)）]/gu, '')
    .replace(/^[\s,，;；|<>()（）-]+|[\s,，;；|<>()（）-]+$/gu, '')
    .replace(/\s*[,，;；]\s*[,，;；]\s*/gu, ', ');
  if (HAS_EMAIL.test(v)) {
    // "name, email@gmail.com" is a template's placeholder; "newsfeedback@fool.com (Rich Smith)" names Rich Smith.
    const rest = withoutEmail.replace(/^[(（]|[)）]$/gu, '').trim();
    if (!rest || NOT_A_NAME.has(rest.toLowerCase())) return { value: null, why: 'an e-mail placeholder' };
    v = rest;
  }
  if (NOT_A_NAME.has(v.toLowerCase())) return { value: null, why: 'a label word' };
  if (IMAGE_CREDIT.test(v)) return { value: null, why: "an image's credit" };
  if (ID_LIKE.test(v)) return { value: null, why: 'an id' };
  if (isHostName(v)) return { value: null, why: 'a web address' };
  if (namesSite(v, [...siteNames, ...(/\p{sc=Han}/u.test(v) ? (names.loose ?? []) : [])], host)) {
    // A personal site is named after its author ("Haki Benita"): a person-shaped Latin name stays
    // unless the page declares it an organization (JSON-LD: "Al Jazeera").
    const same = (o: string): boolean => letters(o) === letters(v);
    // A personal site's JSON-LD names its owner both the author (a Person) and the publisher (an Organization).
    const organization = (names.organizations ?? []).some(same) && !(names.persons ?? []).some(same);
    // With an address, only a site whose host spells the name is a personal one (wolfgangschmale.eu):
    // "Auswärtiges Amt" on auswaertiges-amt.de and "Business Recorder" on brecorder.com are not people.
    const personal = PERSON_SHAPE.test(v) && !MEDIA_WORD.test(v) && (!host || letters(host).includes(letters(v)));
    if (organization || !personal) return { value: null, why: "the site's own name" };
  }
  return { value: v, why };
}

/** A source value that names no outlet ("本站原创", "网络") or is markup: null. */
export function cleanSource(raw: string): Cleaned {
  const v = normalizeSpace(raw)
    .replace(/^[[【「《]\s*|\s*[\]】」》]$/gu, '')
    .trim();
  if (!v || NOT_A_NAME.has(v.toLowerCase()) || /^本站|^原创$/u.test(v)) return { value: null, why: 'names no outlet' };
  return { value: v, why: v === raw ? '' : 'brackets removed' };
}

/** The labels that end a host and name no site ("co" of bbc.co.uk). */
const HOST_SUFFIXES: ReadonlySet<string> = new Set(
  'com net org edu gov info biz co ac uk de fr cn jp au ca us eu it es nl ru pk in news blog web online'.split(' '),
);

/** A host name written as a value ("BUSINESS.SOHU.COM", "blog.example.com"): a site's address, no one's name. */
export function isHostName(value: string): boolean {
  const labels = value.trim().toLowerCase().split('.');
  return labels.length >= 2 && labels.every((l) => /^[a-z0-9-]+$/u.test(l)) && HOST_SUFFIXES.has(labels[labels.length - 1] as string);
}

/** Lower case, letters and digits only: "CSDN.NET" → "csdnnet". */
const letters = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The value is, or is inside, one of the site's names, or is the host written as a name ("CSDN.NET"). */
export function namesSite(value: string, siteNames: readonly string[], host: string | null): boolean {
  const v = letters(value);
  if (v.length < 2) return false;
  for (const name of siteNames) {
    const n = letters(name);
    if (n.length < 2) continue;
    // Equal, inside it (网易 of 网易新闻: one word only, so that a person named in a long site name stays),
    // or the site's name followed by more after a separator ("in.gr — Δημοσιογραφικός Οργανισμός…").
    if (n === v || (n.includes(v) && !/\s/.test(value.trim())) || (n.length >= 4 && v.startsWith(n) && /[—|–,-]/.test(value))) return true;
  }
  if (host) {
    const h = host.toLowerCase().replace(/^www\d*\./, '');
    if (letters(h) === v || (/\./.test(value) && h.endsWith(value.toLowerCase().trim()))) return true;
    // A label of the host written as a name: "Cycling News" on cyclingnews.com, "RFE/RL" on rferl.org, "FT" on ft.com.
    const labels = h
      .split('.')
      .filter((label) => label.length >= 2 && !HOST_SUFFIXES.has(label))
      .map(letters);
    if (labels.some((l) => l === v || (l.length >= 6 && v.startsWith(l) && /[,—|–-]/.test(value)))) return true;
    // The host's label as the name's initials: "The New York Times" on nytimes.com, "Wall Street Journal" on wsj.com.
    const short = abbreviations(value);
    if (short.length && labels.some((l) => short.includes(l))) return true;
  }
  return false;
}

/**
 * A Latin name of two words or more shortened as hosts shorten it: every word's initial ("wsj", from three
 * words up), and the initials followed by the last word ("nytimes", "latimes"); a leading "The" left out.
 */
function abbreviations(value: string): string[] {
  const words = value
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((w) => w !== '' && w !== 'the');
  if (words.length < 2 || /\P{ASCII}/u.test(value)) return [];
  const initials = words.map((w) => w[0] as string).join('');
  const last = words[words.length - 1] as string;
  // Initials alone only from three words up: a person's two ("Nancy Yu") spell a host's label too easily.
  return words.length >= 3 ? [initials, initials.slice(0, -1) + last] : [initials.slice(0, -1) + last];
}
