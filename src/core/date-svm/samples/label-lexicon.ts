/**
 * Extension `labelLexicon` (§3.3, ours): what the words around a date on its line say it is, in one
 * vocabulary for every language. "发布时间：", "Veröffentlicht am", "Publié le" and "Posted on" all become
 * `lbl:published`; "更新", "Aktualisiert", "mis à jour" and "Updated" `lbl:updated`; and so on. The raw
 * label words (`w:` tokens, extension `labelWords`) only help where the training pages spoke the same
 * language; these tokens let a model trained mostly on German and English pages read a Chinese label.
 *
 * Words before the date give `lbl:<kind>`; a source, byline or comment right after it ("2019-05-13 10:20
 * 来源：新华网"), or a verb that ends the clause ("Der Artikel wurde am 14. Dezember 2015 veröffentlicht"),
 * gives `lbl>:<kind>`.
 */

export type LabelKind = 'published' | 'updated' | 'comment' | 'copyright' | 'byline' | 'source' | 'range' | 'generated' | 'dated';

/** Latin-script (and Cyrillic) words, lower case, whole words only. */
// prettier-ignore
const WORDS: Readonly<Record<LabelKind, readonly string[]>> = {
  published: [
    // en
    'published', 'publication', 'posted', 'written', 'created', 'filed', 'released', 'issued', 'pubdate',
    // de
    'veröffentlicht', 'veröffentlichung', 'erschienen', 'publiziert', 'gepostet', 'erstellt', 'geschrieben', 'verfasst',
    'eingestellt', 'gespeichert', 'datiert',
    // fr, es, it, pt, nl
    'publié', 'publiée', 'posté', 'postée', 'paru', 'parue', 'écrit', 'créé', 'publicado', 'publicada', 'publicación',
    'escrito', 'creado', 'pubblicato', 'pubblicata', 'pubblicazione', 'scritto', 'postado', 'postada', 'publicação',
    'gepubliceerd', 'geplaatst', 'geschreven',
    // pl, cs, ru, uk, tr, sv, da, no, fi
    'opublikowano', 'opublikowany', 'dodano', 'publikováno', 'zveřejněno', 'опубликовано', 'опубликован', 'размещено',
    'опубліковано', 'yayınlanma', 'yayınlandı', 'publicerad', 'publicerat', 'publiceret', 'publisert', 'julkaistu',
  ],
  updated: [
    'updated', 'update', 'modified', 'edited', 'revised', 'changed', 'aktualisiert', 'aktualisierung', 'geändert',
    'bearbeitet', 'stand', 'zuletzt', 'modifié', 'modifiée', 'actualisé', 'actualizado', 'actualizada', 'actualización',
    'modificado', 'aggiornato', 'aggiornata', 'aggiornamento', 'modificato', 'atualizado', 'atualizada', 'atualização',
    'bijgewerkt', 'gewijzigd', 'zaktualizowano', 'aktualizováno', 'обновлено', 'изменено', 'оновлено', 'güncellendi',
    'güncelleme', 'uppdaterad', 'opdateret', 'oppdatert', 'päivitetty',
  ],
  comment: [
    'reply', 'replied', 'replies', 'comment', 'comments', 'commented', 'says', 'said', 'wrote', 'antwort', 'antworten',
    'kommentar', 'kommentare', 'schrieb', 'sagt', 'répondre', 'réponse', 'commentaire', 'responder', 'respuesta',
    'comentario', 'escribió', 'rispondi', 'risposta', 'commento', 'comentário', 'reageer', 'reactie', 'ответить',
    'комментарий', 'odpowiedz', 'komentarz',
  ],
  copyright: ['copyright', 'rights', 'rechte', 'droits', 'derechos', 'diritti', 'direitos', 'rechten', 'права', 'impressum'],
  byline: ['by', 'von', 'par', 'por', 'di', 'door', 'author', 'autor', 'auteur', 'autore', 'автор', 'redaktion', 'reporter'],
  source: ['source', 'quelle', 'fuente', 'fonte', 'bron', 'источник', 'źródło', 'via'],
  range: ['until', 'till', 'bis', 'ab', 'seit', 'jusqu', 'hasta', 'desde', 'fino', 'tot', 'до', 'deadline', 'frist', 'event', 'termin'],
  generated: ['generated', 'cached', 'crawled', 'retrieved', 'accessed', 'printed', 'abgerufen', 'gedruckt', 'zugriff', 'consulté', 'consultado', 'consultato', 'generiert'],
  dated: ['date', 'datum', 'fecha', 'data', 'дата', 'time', 'zeit', 'heure', 'hora', 'ora', 'tarih'],
};

/** Phrases of several words (matched on the lower-cased window with spaces normalised). */
const PHRASES: Readonly<Partial<Record<LabelKind, readonly string[]>>> = {
  published: ['mis en ligne', 'first published', 'publié le', 'fecha de publicación', 'data di pubblicazione', 'data de publicação'],
  updated: ['mis à jour', 'last edited', 'last updated', 'zuletzt aktualisiert', 'dernière mise à jour'],
  copyright: ['all rights reserved', '(c)'],
};

/** CJK labels (Chinese simplified and traditional, Japanese, Korean), matched as substrings. */
// prettier-ignore
const CJK: Readonly<Record<LabelKind, readonly string[]>> = {
  published: ['发布', '發佈', '發布', '发表', '發表', '发稿', '發稿', '刊登', '刊发', '刊發', '出版', '张贴', '張貼', '发帖', '發帖', '登载', '录入', '錄入', '上传', '上傳', '公開', '公开', '投稿', '掲載', '配信', '게시', '등록', '입력', '작성', '발행'],
  updated: ['更新', '修改', '修订', '修訂', '编辑于', '編輯於', '수정', '업데이트'],
  comment: ['回复', '回覆', '評論', '评论', '网友', '網友', '跟帖', '留言', '回帖', '楼主', '樓主', '댓글', '답글', 'コメント', '返信'],
  copyright: ['版权', '版權', '©', '著作権', '저작권'],
  byline: ['作者', '记者', '記者', '责任编辑', '責任編輯', '编辑', '編輯', '撰文', '文/', '기자'],
  source: ['来源', '來源', '出处', '出處', '来自', '來自', '出典', '출처'],
  range: ['至', '截止', '截至', '为止', '為止', '开幕', '開幕', '举办', '舉辦', '举行', '舉行', '报名', '報名', 'から', '까지'],
  generated: ['生成', '缓存', '緩存', '打印', '列印', '访问', '訪問', '当前时间', '當前時間', '今天是', '今日是'],
  dated: ['时间', '時間', '日期', '日时', '日時', '날짜', '일시'],
};

const KINDS = Object.keys(WORDS) as LabelKind[];
/** Kinds read after a date: what follows it on a meta line, and the verb at the end of a German clause. */
const AFTER_KINDS: ReadonlySet<LabelKind> = new Set(['source', 'byline', 'comment', 'published', 'updated']);
const WORD_KIND = new Map<string, LabelKind>();
for (const kind of KINDS) for (const w of WORDS[kind]) WORD_KIND.set(w, kind);
const LATIN_WORD = /[\p{L}\p{M}]+/gu;
const HAS_CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}©]/u;

/** How far a label may be from the date: Latin words, and characters for CJK labels. */
export interface LabelWindow {
  readonly latinWords: number;
  readonly cjkChars: number;
}

/** The kinds the words of `text` name (Latin: the last or first `latinWords` words; CJK: `cjkChars` characters). */
function kindsIn(text: string, side: 'before' | 'after', win: LabelWindow): Set<LabelKind> {
  const out = new Set<LabelKind>();
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  const words = lower.match(LATIN_WORD) ?? [];
  const near = side === 'before' ? words.slice(-win.latinWords) : words.slice(0, win.latinWords);
  for (const w of near) {
    const k = WORD_KIND.get(w);
    if (k) out.add(k);
  }
  const span = side === 'before' ? lower.slice(-12 * win.latinWords) : lower.slice(0, 12 * win.latinWords);
  for (const kind of KINDS) for (const p of PHRASES[kind] ?? []) if (span.includes(p)) out.add(kind);
  if (HAS_CJK.test(text)) {
    const chars = [...text.replace(/\s+/g, '')];
    const cjk = (side === 'before' ? chars.slice(-win.cjkChars) : chars.slice(0, win.cjkChars)).join('');
    for (const kind of KINDS) if (CJK[kind].some((w) => cjk.includes(w))) out.add(kind);
  }
  return out;
}

/** `lbl:` tokens for the words before a date on its line, `lbl>:` tokens for the AFTER_KINDS right after it. */
export function labelTokens(before: string, after: string, win: LabelWindow): string[] {
  const out: string[] = [];
  for (const k of kindsIn(before, 'before', win)) out.push(`lbl:${k}`);
  for (const k of kindsIn(after, 'after', win)) if (AFTER_KINDS.has(k)) out.push(`lbl>:${k}`);
  return out.sort();
}
