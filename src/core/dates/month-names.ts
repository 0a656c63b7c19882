/**
 * Month names and abbreviations → month number, for the date finder (ALGORITHMS.md §3.1: "replace
 * source-language date words"). One table per language, each with twelve lists (January first) of the
 * forms a date uses: the genitive where the language declines it in dates ("13 мая", "13 maja",
 * "13. května", "13 Μαΐου"), the nominative, and the usual abbreviations.
 *
 * Keys are lower case, without a trailing dot. Every name is also known without its diacritics
 * ("pazdziernika", "subat", "mayis", "μαιου"), because pages and upper-case headings drop them.
 * Abbreviations that are everyday words in another supported language are left out where the date
 * patterns could not tell them apart (Norwegian "des" is French "des"; Czech "led", "pro"); the ones kept
 * ("mar", "set", "out", "may") only ever count as months inside a date pattern, with numbers around them.
 */
type Months = readonly [
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
  readonly string[],
];

/** Month names by language (ISO 639-1 code), January first. */
export const MONTH_NAMES_BY_LANGUAGE: Readonly<Record<string, Months>> = {
  en: [
    ['january', 'jan'],
    ['february', 'feb'],
    ['march', 'mar'],
    ['april', 'apr'],
    ['may'],
    ['june', 'jun'],
    ['july', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['october', 'oct'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  de: [
    ['januar', 'jänner', 'jan'],
    ['februar', 'feber', 'feb'],
    ['märz', 'maerz', 'mär', 'mrz'],
    ['april', 'apr'],
    ['mai'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['august', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['dezember', 'dez'],
  ],
  fr: [
    ['janvier', 'janv'],
    ['février', 'févr', 'fév'],
    ['mars'],
    ['avril', 'avr'],
    ['mai'],
    ['juin'],
    ['juillet', 'juil'],
    ['août'],
    ['septembre', 'sept'],
    ['octobre', 'oct'],
    ['novembre', 'nov'],
    ['décembre', 'déc'],
  ],
  es: [
    ['enero', 'ene'],
    ['febrero', 'feb'],
    ['marzo', 'mar'],
    ['abril', 'abr'],
    ['mayo'],
    ['junio', 'jun'],
    ['julio', 'jul'],
    ['agosto', 'ago'],
    ['septiembre', 'setiembre', 'sept', 'sep'],
    ['octubre', 'oct'],
    ['noviembre', 'nov'],
    ['diciembre', 'dic'],
  ],
  it: [
    ['gennaio', 'gen'],
    ['febbraio', 'feb'],
    ['marzo', 'mar'],
    ['aprile', 'apr'],
    ['maggio', 'mag'],
    ['giugno', 'giu'],
    ['luglio', 'lug'],
    ['agosto', 'ago'],
    ['settembre', 'set', 'sett'],
    ['ottobre', 'ott'],
    ['novembre', 'nov'],
    ['dicembre', 'dic'],
  ],
  pt: [
    ['janeiro', 'jan'],
    ['fevereiro', 'fev'],
    ['março', 'mar'],
    ['abril', 'abr'],
    ['maio', 'mai'],
    ['junho', 'jun'],
    ['julho', 'jul'],
    ['agosto', 'ago'],
    ['setembro', 'set'],
    ['outubro', 'out'],
    ['novembro', 'nov'],
    ['dezembro', 'dez'],
  ],
  ca: [
    ['gener'],
    ['febrer'],
    ['març'],
    ['abril'],
    ['maig'],
    ['juny'],
    ['juliol'],
    ['agost'],
    ['setembre'],
    ['octubre'],
    ['novembre'],
    ['desembre'],
  ],
  nl: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['maart', 'mrt'],
    ['april', 'apr'],
    ['mei'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['augustus', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  ru: [
    ['января', 'январь', 'янв'],
    ['февраля', 'февраль', 'фев', 'февр'],
    ['марта', 'март', 'мар'],
    ['апреля', 'апрель', 'апр'],
    ['мая', 'май'],
    ['июня', 'июнь', 'июн'],
    ['июля', 'июль', 'июл'],
    ['августа', 'август', 'авг'],
    ['сентября', 'сентябрь', 'сен', 'сент'],
    ['октября', 'октябрь', 'окт'],
    ['ноября', 'ноябрь', 'ноя', 'нояб'],
    ['декабря', 'декабрь', 'дек'],
  ],
  uk: [
    ['січня', 'січень', 'січ'],
    ['лютого', 'лютий', 'лют'],
    ['березня', 'березень', 'бер'],
    ['квітня', 'квітень', 'квіт'],
    ['травня', 'травень', 'трав'],
    ['червня', 'червень', 'черв'],
    ['липня', 'липень', 'лип'],
    ['серпня', 'серпень', 'серп'],
    ['вересня', 'вересень', 'вер'],
    ['жовтня', 'жовтень', 'жовт'],
    ['листопада', 'листопад', 'лист'],
    ['грудня', 'грудень', 'груд'],
  ],
  pl: [
    ['stycznia', 'styczeń', 'sty'],
    ['lutego', 'luty', 'lut'],
    ['marca', 'marzec'],
    ['kwietnia', 'kwiecień', 'kwi'],
    ['maja', 'maj'],
    ['czerwca', 'czerwiec', 'cze'],
    ['lipca', 'lipiec', 'lip'],
    ['sierpnia', 'sierpień', 'sie'],
    ['września', 'wrzesień', 'wrz'],
    ['października', 'październik', 'paź'],
    ['listopada', 'listopad', 'lis'],
    ['grudnia', 'grudzień', 'gru'],
  ],
  cs: [
    ['ledna', 'leden'],
    ['února', 'únor'],
    ['března', 'březen'],
    ['dubna', 'duben'],
    ['května', 'květen'],
    ['června', 'červen'],
    ['července', 'červenec'],
    ['srpna', 'srpen'],
    ['září'],
    ['října', 'říjen'],
    ['listopadu', 'listopad'],
    ['prosince', 'prosinec'],
  ],
  sk: [
    ['januára', 'január'],
    ['februára', 'február'],
    ['marca', 'marec'],
    ['apríla', 'apríl'],
    ['mája', 'máj'],
    ['júna', 'jún'],
    ['júla', 'júl'],
    ['augusta', 'august'],
    ['septembra', 'september'],
    ['októbra', 'október'],
    ['novembra', 'november'],
    ['decembra', 'december'],
  ],
  // Swedish, Danish, Norwegian.
  nordic: [
    ['januari', 'januar', 'jan'],
    ['februari', 'februar', 'feb'],
    ['mars', 'marts', 'mar'],
    ['april', 'apr'],
    ['maj', 'mai'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['augusti', 'august', 'aug'],
    ['september', 'sep', 'sept'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'desember', 'dec'],
  ],
  fi: [
    ['tammikuuta', 'tammikuu'],
    ['helmikuuta', 'helmikuu'],
    ['maaliskuuta', 'maaliskuu'],
    ['huhtikuuta', 'huhtikuu'],
    ['toukokuuta', 'toukokuu'],
    ['kesäkuuta', 'kesäkuu'],
    ['heinäkuuta', 'heinäkuu'],
    ['elokuuta', 'elokuu'],
    ['syyskuuta', 'syyskuu'],
    ['lokakuuta', 'lokakuu'],
    ['marraskuuta', 'marraskuu'],
    ['joulukuuta', 'joulukuu'],
  ],
  tr: [
    ['ocak'],
    ['şubat'],
    ['mart'],
    ['nisan'],
    ['mayıs'],
    ['haziran'],
    ['temmuz'],
    ['ağustos'],
    ['eylül'],
    ['ekim'],
    ['kasım'],
    ['aralık'],
  ],
  el: [
    ['ιανουαρίου', 'ιανουάριος', 'ιαν'],
    ['φεβρουαρίου', 'φεβρουάριος', 'φεβ'],
    ['μαρτίου', 'μάρτιος', 'μαρ'],
    ['απριλίου', 'απρίλιος', 'απρ'],
    ['μαΐου', 'μαϊου', 'μαίου', 'μάιος', 'μαΐ'],
    ['ιουνίου', 'ιούνιος', 'ιουν'],
    ['ιουλίου', 'ιούλιος', 'ιουλ'],
    ['αυγούστου', 'αύγουστος', 'αυγ'],
    ['σεπτεμβρίου', 'σεπτέμβριος', 'σεπ', 'σεπτ'],
    ['οκτωβρίου', 'οκτώβριος', 'οκτ'],
    ['νοεμβρίου', 'νοέμβριος', 'νοε'],
    ['δεκεμβρίου', 'δεκέμβριος', 'δεκ'],
  ],
  ro: [
    ['ianuarie', 'ian'],
    ['februarie', 'feb'],
    ['martie', 'mar'],
    ['aprilie', 'apr'],
    ['mai'],
    ['iunie', 'iun'],
    ['iulie', 'iul'],
    ['august', 'aug'],
    ['septembrie', 'sept', 'sep'],
    ['octombrie', 'oct'],
    ['noiembrie', 'nov'],
    ['decembrie', 'dec'],
  ],
  hu: [
    ['január', 'jan'],
    ['február', 'febr'],
    ['március', 'márc'],
    ['április', 'ápr'],
    ['május', 'máj'],
    ['június', 'jún'],
    ['július', 'júl'],
    ['augusztus', 'aug'],
    ['szeptember', 'szept'],
    ['október', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  id: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['maret', 'mar'],
    ['april', 'apr'],
    ['mei'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['agustus', 'agu'],
    ['september', 'sep'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['desember'],
  ],
  // Arabic: the Egyptian and Gulf names, the Levantine and Iraqi ones written as one word, and the Maghreb's
  // (the Levantine كانون الثاني, تشرين الأول… are two words and آب two letters: not read).
  ar: [
    ['يناير', 'جانفي'],
    ['فبراير', 'شباط', 'فيفري'],
    ['مارس', 'آذار'],
    ['أبريل', 'إبريل', 'نيسان', 'أفريل'],
    ['مايو', 'أيار', 'ماي'],
    ['يونيو', 'يونيه', 'حزيران', 'جوان'],
    ['يوليو', 'يوليه', 'تموز', 'جويلية'],
    ['أغسطس', 'أوت'],
    ['سبتمبر', 'أيلول'],
    ['أكتوبر'],
    ['نوفمبر'],
    ['ديسمبر'],
  ],
};

/** Month names that are also everyday words ("may", "mar", "set", "out", Romanian "mai" = more…). */
export const AMBIGUOUS_MONTH_NAMES: ReadonlySet<string> = new Set(['may', 'mar', 'set', 'out', 'ago', 'mai', 'sie', 'lis', 'gen']);

/** A name without its diacritics; Turkish dotless ı becomes i. */
function stripDiacritics(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ı/g, 'i')
    .normalize('NFC');
}

const BY_NAME = new Map<string, number>();
/** Names that two languages give to different months (there must be none; checked by a test). */
export const MONTH_NAME_CONFLICTS: string[] = [];
for (const months of Object.values(MONTH_NAMES_BY_LANGUAGE)) {
  months.forEach((names, i) => {
    for (const name of names) {
      for (const key of new Set([name, stripDiacritics(name)])) {
        const known = BY_NAME.get(key);
        if (known !== undefined && known !== i + 1) MONTH_NAME_CONFLICTS.push(key);
        else BY_NAME.set(key, i + 1);
      }
    }
  });
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Month number for a name or abbreviation (case-insensitive, trailing dot allowed, diacritics may be missing
 * but not wrong: "pazdziernika" and "Marz" are found, "már" is not), or null.
 */
export function monthFromName(name: string): number | null {
  const key = name.toLowerCase().replace(/\.$/, '');
  const found = BY_NAME.get(key);
  if (found !== undefined) return found;
  // Only the table's names lose their diacritics, never the text's: Hungarian "már" (already) is not "mar".
  return NON_ASCII.test(key) ? (BY_NAME.get(key.normalize('NFC')) ?? null) : null;
}

/** The longest month name, in UTF-16 units. */
export const MONTH_NAME_MAX_LENGTH = Math.max(...[...BY_NAME.keys()].map((k) => k.length));

/**
 * A regex character-class body for the letters month names are written in (Latin, Greek, Cyrillic and
 * Arabic blocks, combining marks included): a word of these letters is a month name when `monthFromName` knows it.
 */
export const MONTH_LETTERS = String.raw`A-Za-z\u00C0-\u024F\u1E00-\u1EFF\u0370-\u03FF\u1F00-\u1FFF\u0400-\u04FF\u0300-\u036F\u0620-\u065F`;
