/**
 * Month names and abbreviations → month number, for the date finder (ALGORITHMS.md §3.1: "replace
 * source-language date words"). English, German, French, Spanish, Italian, Portuguese, Dutch, Russian.
 * Keys are lower case, without a trailing dot.
 */
const MONTHS: Readonly<Record<number, readonly string[]>> = {
  1: [
    'january',
    'jan',
    'januar',
    'jänner',
    'janvier',
    'janv',
    'enero',
    'ene',
    'gennaio',
    'gen',
    'janeiro',
    'januari',
    'января',
    'январь',
    'янв',
  ],
  2: [
    'february',
    'feb',
    'februar',
    'février',
    'fevrier',
    'févr',
    'fevr',
    'febrero',
    'febbraio',
    'fevereiro',
    'fev',
    'februari',
    'февраля',
    'февраль',
    'фев',
  ],
  3: ['march', 'mar', 'märz', 'maerz', 'mär', 'mrz', 'mars', 'marzo', 'março', 'marco', 'maart', 'mrt', 'марта', 'март'],
  4: ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'апреля', 'апрель', 'апр'],
  5: ['may', 'mai', 'mayo', 'maggio', 'mag', 'maio', 'mei', 'мая', 'май'],
  6: ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho', 'июня', 'июнь', 'июн'],
  7: ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'июля', 'июль', 'июл'],
  8: ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus', 'августа', 'август', 'авг'],
  9: ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro', 'сентября', 'сентябрь', 'сен'],
  10: ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out', 'октября', 'октябрь', 'окт'],
  11: ['november', 'nov', 'novembre', 'noviembre', 'novembro', 'ноября', 'ноябрь', 'ноя'],
  12: [
    'december',
    'dec',
    'dezember',
    'dez',
    'décembre',
    'decembre',
    'déc',
    'diciembre',
    'dic',
    'dicembre',
    'dezembro',
    'декабря',
    'декабрь',
    'дек',
  ],
};

const BY_NAME = new Map<string, number>();
for (const [month, names] of Object.entries(MONTHS)) for (const name of names) BY_NAME.set(name, Number(month));

/** Month number for a name or abbreviation (case-insensitive, trailing dot allowed), or null. */
export function monthFromName(name: string): number | null {
  return BY_NAME.get(name.toLowerCase().replace(/\.$/, '')) ?? null;
}

/** A regex alternation of every month name, longest first so that "sept" wins over "sep". */
export const MONTH_NAME_PATTERN = [...BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|');
