/**
 * The "why" of the author and the source (issue 41), as the time's (time-why.ts): for the reader, how many
 * candidates the page had, where the chosen one was read and what the cleaning changed or left out; for the
 * annotator, on demand, each candidate's rank with where it was read (and the field model's probability when
 * the learned choice made it), and each refused value with why.
 * Pure, so it is tested on its own.
 */
import type { FieldChoice, Sourced } from '../core/types.ts';
import type { MessageKey } from './i18n.ts';
import { t } from './i18n.ts';
import type { TimeWhy, WhyLine } from './time-why.ts';
import { fromText } from './time-why.ts';

const MAX_LINES = 4;

const line = (text: string): WhyLine => ({ text, item: false });
const item = (text: string): WhyLine => ({ text, item: true });

const where = (s: Sourced): string => t('whyFieldFrom', t(fromText(s.from)), s.detail || s.from);

export function explainField(chosen: Sourced | null, choice: FieldChoice | undefined): TimeWhy {
  const candidates = choice?.candidates ?? (chosen ? [chosen] : []);
  const refused = choice?.refused ?? [];
  const reader: WhyLine[] = [];
  const details: WhyLine[] = [];
  if (!chosen) reader.push(line(t('whyFieldNone')));
  else {
    const among =
      chosen.probability === undefined
        ? t('whyFieldAmong', candidates.length)
        : t('whyFieldAmongLearned', candidates.length, chosen.probability.toFixed(2));
    reader.push(line(candidates.length > 1 ? among : t('whyFieldOne')));
    reader.push(line(where(chosen)));
    if (chosen.cleaned) reader.push(line(t('whyFieldCleaned', chosen.cleaned)));
  }
  for (const r of refused.slice(0, MAX_LINES)) reader.push(line(t('whyFieldRefused', r.value, r.why)));
  const ranked = candidates.filter((c) => c.rank !== undefined);
  if (ranked.length) {
    details.push(line(t('whyFieldOthers')));
    for (const c of ranked.slice(0, MAX_LINES)) {
      const rank = rankLine(c.value, c.rank ?? 0, c.detail || c.from);
      details.push(item(c.probability === undefined ? rank : `${rank} ${t('whyFieldProbability', c.probability.toFixed(2))}`));
    }
  }
  for (const r of refused.filter((x) => x.rank !== undefined).slice(0, MAX_LINES))
    details.push(item(`${rankLine(r.value, r.rank ?? 0, r.detail || r.from)} — ${r.why}`));
  return { reader, details };
}

function rankLine(value: string, rank: number, detail: string): string {
  return t('whyFieldRank' satisfies MessageKey, value, rank.toFixed(2), detail);
}
