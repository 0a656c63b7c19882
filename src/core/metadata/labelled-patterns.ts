/**
 * Labelled author and source patterns (ALGORITHMS.md §1.7): author (作者, 记者, 编辑, 责任编辑, 文/, By,
 * Author, Written by…) and source (来源, 出处, 稿源, Source, via…). Used on the title→first-sentence zone
 * and, as a fallback, on the labelled lines elsewhere in the page.
 */
import { normalizeSpace } from '../text/normalize.ts';

export interface LabelledMatch {
  readonly value: string;
  /** The label that matched, e.g. "记者", "by". */
  readonly label: string;
}

/** Where a CJK value stops: a separator or the next label. */
const CJK_STOP = String.raw`(?=$|[\s|｜,，;；()（）\[\]【】<>《》]|来源|来自|时间|发布|日期|编辑|责任|作者|原标题|字号|浏览|点击|阅读|分享|摄)`;
/** 2–8 CJK characters (names, and the media names some pages give as authors) or a Latin handle. */
const CJK_NAME = String.raw`[\p{sc=Han}·•]{2,8}|[A-Za-z][\w.\-]{1,30}`;

const CJK_AUTHOR = new RegExp(
  String.raw`(责任编辑|责编|编辑|作者|撰文|撰稿|记者|通讯员|文)\s*(?:[:：/／丨|]\s*|(?<=记者|通讯员)\s*)` +
    String.raw`((?:${CJK_NAME})(?:[、,，\s]+(?:${CJK_NAME}))*?)${CJK_STOP}`,
  'u',
);

const LATIN_NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}'’.\-]*`;
const LATIN_AUTHOR = new RegExp(
  String.raw`^(?:(by|written by|posted by|words by|von|par|por|di|door|автор)\s*:?\s+|(author|autor|auteur)\s*:\s*)` +
    String.raw`(${LATIN_NAME_WORD}(?:\s+(?:${LATIN_NAME_WORD}|van|von|de|der|den|da|di|du|la|le|del|y|and|&|und|et|e))*)`,
  'iu',
);

const SOURCE = new RegExp(
  String.raw`(本文来源|文章来源|新闻来源|信息来源|来源于|来源|稿源|出处|来自)\s*[:：]\s*([^\s|｜,，;；:：]{2,30}?)` +
    String.raw`(?=$|[\s|｜,，;；]|作者|编辑|责任|时间|发布|日期|浏览|点击)`,
  'u',
);
const LATIN_SOURCE = /\b(source|via|quelle|fuente|fonte)\s*:\s*([^|·;,\n]{2,40}?)\s*(?=$|[|·;,\n])/iu;

/** Joins several CJK names with 、 the way the page's own lists do ("段彦超 廖艳" → "段彦超、廖艳"). */
function tidyCjkNames(value: string): string {
  return value
    .split(/[、,，\s]+/)
    .filter(Boolean)
    .join('、');
}

export function findLabelledAuthor(text: string, maxChars: number): LabelledMatch | null {
  const line = normalizeSpace(text);
  const cjk = CJK_AUTHOR.exec(line);
  if (cjk?.[2]) {
    const value = tidyCjkNames(cjk[2]);
    if (value.length <= maxChars) return { value, label: cjk[1] ?? '' };
  }
  const latin = LATIN_AUTHOR.exec(line);
  const name = latin?.[3];
  if (latin && name) {
    const value = name.replace(/\s+(?:and|&|und|et|e|y)$/i, '').trim();
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
