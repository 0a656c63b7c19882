/**
 * Labelled author and source patterns (ALGORITHMS.md §1.7): author (作者, 记者, 编辑, 责任编辑, 文/, By,
 * Author, Written by…) and source (来源, 出处, 稿源, Source, via…). Used on the title→first-sentence zone
 * and, as a fallback, on the labelled lines elsewhere in the page.
 */
import { monthFromName } from '../dates/month-names.ts';
import { normalizeSpace } from '../text/normalize.ts';

export interface LabelledMatch {
  readonly value: string;
  /** The label that matched, e.g. "记者", "by". */
  readonly label: string;
}

/** Words that start the next label of a byline line. */
const CJK_LABEL_WORDS = '来源|来自|时间|发布|日期|编辑|责任|作者|原标题|字号|浏览|点击|阅读|分享|摄|出自';
/** Where a CJK value stops: a separator or the next label. */
const CJK_STOP = String.raw`(?=$|[\s|｜,，;；()（）\[\]【】<>《》_]|${CJK_LABEL_WORDS}|发自|编译)`;
/** 2–8 CJK characters (names, and the media names some pages give as authors) or a Latin handle. */
const CJK_NAME = String.raw`[\p{sc=Han}·•]{2,8}(?:\s*[(（][A-Za-z][A-Za-z .\-]{1,30}[)）])?|[A-Za-z][\w.\-]{1,30}`;
/** A further name after a space ("记者 李四 王五"): a person's name of 2–3 characters, so that trailing text ("返回搜狐") stays out. */
const CJK_PERSON = String.raw`[\p{sc=Han}·•]{2,3}`;
/** A word after the names that is not one: the next label, or the dateline ending a byline ("北京报道", "…电"). */
const NOT_A_NAME = String.raw`(?:${CJK_LABEL_WORDS}|[\p{sc=Han}]{0,6}(?:报道|电|讯)${CJK_STOP})`;

/** The CJK labels of an author (an editor's and an issuing office's too), as `CJK_AUTHOR` and `labelAlone` read them. */
const CJK_AUTHOR_LABELS = '责任编辑|责编|编辑|作者|撰文|撰稿|记者|通讯员|发文机关';

const CJK_AUTHOR = new RegExp(
  String.raw`(${CJK_AUTHOR_LABELS}|(?<!\p{sc=Han})原创|(?<!\p{sc=Han})文)\s*(?:[:：/／丨|]\s*|(?<=记者|通讯员)\s*)` +
    String.raw`(?!${CJK_LABEL_WORDS})((?:${CJK_NAME})(?:[、,，]\s*(?:${CJK_NAME})|\s+(?!${NOT_A_NAME})(?:${CJK_PERSON}))*)${CJK_STOP}`,
  'u',
);

const LATIN_NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’.\-]*`;
/** The label is matched case-insensitively; the name is not (with the i flag, \p{Lu} would match "the way"). */
const LATIN_LABEL = /^(?:(by|written by|posted by|words by|von|par|por|di|door|автор)\s*:?\s+|(author|autor|auteur)\s*:\s*)/iu;
const LATIN_NAMES = new RegExp(
  String.raw`^${LATIN_NAME_WORD}(?:\s+(?:${LATIN_NAME_WORD}|van|von|de|der|den|da|di|du|la|le|del|y|and|&|und|et|e))*`,
  'u',
);

/** Characters that never occur in an outlet's name but do in template leftovers (`来源： size="20"`). */
const MARKUP = '=<>{}"';
const SOURCE = new RegExp(
  String.raw`(本文来源|文章来源|新闻来源|信息来源|来源于|来源|稿源|出处|来自)\s*[:：]\s*[[【]?\s*([^\s|｜,，;；:：\[\]【】${MARKUP}]{2,30}?)\s*[\]】]?` +
    String.raw`(?=$|[\s|｜,，;；]|作者|编辑|责任|时间|发布|日期|浏览|点击)`,
  'u',
);
const LATIN_SOURCE = new RegExp(String.raw`\b(source|via|quelle|fuente|fonte)\s*:\s*([^|·;,\n${MARKUP}]{2,40}?)\s*(?=$|[|·;,\n])`, 'iu');

/** What follows a photographer's name: 摄 / 摄影. */
const PHOTO_CREDIT = /^\s*摄/u;

/** Joins several CJK names with 、 the way the page's own lists do ("段彦超 廖艳" → "段彦超、廖艳"). */
function tidyCjkNames(value: string): string {
  return value
    .split(/[、,，]+|\s+(?![(（A-Za-z])/)
    .map((n) => n.trim())
    .filter(Boolean)
    .join('、');
}

/** Words that end a Latin byline's names: what follows is a date line or another credit ("… Updated 5 May"). */
const BYLINE_STOP_WORDS = new Set(['updated', 'published', 'posted', 'edited', 'modified', 'reviewed', 'last']);

/**
 * The names of a Latin byline without what the page runs on after them: a month that starts a date
 * ("Erin Cunningham March 7, 2019", "JEFFREY GETTLEMAN JAN. 5") and a following credit ("Rob Ewaschuk
 * Edited by …"). A month name not followed by a number stays ("Laura June Topolsky").
 */
function trimByline(names: string, after: string): string {
  const words = names.split(/\s+/);
  let end = words.findIndex((w, i) => i > 0 && BYLINE_STOP_WORDS.has(w.toLowerCase()));
  if (end < 0) end = words.length;
  const last = words[end - 1];
  if (end > 1 && end === words.length && last && monthFromName(last) !== null && /^\s*\d/.test(after)) end--;
  return words.slice(0, end).join(' ');
}

export function findLabelledAuthor(text: string, maxChars: number): LabelledMatch | null {
  const line = normalizeSpace(text);
  const cjk = CJK_AUTHOR.exec(line);
  // "记者 张三 摄" credits a photographer, not the author.
  if (cjk?.[2] && !PHOTO_CREDIT.test(line.slice(cjk.index + cjk[0].length))) {
    // "罗科苏盈发自北京": the dateline glued to the name goes.
    const value = tidyCjkNames(cjk[2].replace(/发自\p{sc=Han}*$/u, ''));
    if (value.length <= maxChars) return { value, label: cjk[1] ?? '' };
  }
  const latin = LATIN_LABEL.exec(line);
  const rest = latin ? line.slice(latin[0].length) : '';
  const name = latin ? LATIN_NAMES.exec(rest)?.[0] : undefined;
  if (latin && name) {
    const value = trimByline(name, rest.slice(name.length))
      .replace(/\s+(?:and|&|und|et|e|y)$/i, '')
      .trim();
    if (value.length <= maxChars) return { value, label: (latin[1] ?? latin[2] ?? '').toLowerCase() };
  }
  return null;
}

export function findLabelledSource(text: string, maxChars: number): LabelledMatch | null {
  const line = normalizeSpace(text);
  const m = SOURCE.exec(line) ?? LATIN_SOURCE.exec(line);
  const value = m?.[2]?.trim();
  if (!m || !value || value.length > maxChars) return null;
  return { value, label: (m[1] ?? '').toLowerCase() };
}

/** An author's label written alone, its value in the next block (a table's row: "发文机关：" | "吉林省人民政府"). */
const LABEL_ALONE = new RegExp(`^(${CJK_AUTHOR_LABELS}|by|von|par|autor|auteur|author|автор)[:：]?$`, 'iu');

/**
 * The label of a block that holds only an author's label ("作 者：", "发文机关：", "Author:"), or null: its value
 * stands in the block after it, and `findLabelledAuthor` reads the two joined.
 */
export function labelAlone(text: string): string | null {
  const t = normalizeSpace(text).replace(/[\s\u00a0]+/gu, '');
  if (t.length > 8) return null;
  return LABEL_ALONE.exec(t)?.[1] ?? null;
}
