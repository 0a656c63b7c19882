/**
 * Reading-time estimate for the popup: Latin words at 230 per minute, CJK characters at 400 per minute
 * (common figures for adult silent reading), rounded up, at least one minute.
 */
const WORDS_PER_MINUTE = 230;
const CJK_CHARS_PER_MINUTE = 400;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/g;
const WORD = /[\p{L}\p{N}]+/gu;

export function readingMinutes(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text.replace(CJK, ' ').match(WORD)?.length ?? 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE + cjk / CJK_CHARS_PER_MINUTE));
}
