/**
 * Issue 41, the learned author and source choice (ALGORITHMS.md §3's way of learning applied to the other
 * fields, as §3.8 foresees): every author or source candidate described as one row of numbers — where it was
 * written (its kind and label word, its place relative to the title, the zone's dates and the body), §3's
 * four-level fragment context (the tags and the class/id/itemprop/rel words of the element holding it and
 * of three ancestors, reduced to word groups that survive a redesign), and the shape of its text (length,
 * script, a personal name's shape, an e-mail or a URL, the site's own name). The same rows are what
 * `train-author` learns from and what the shipped model scores.
 */
import { classTokens } from '../../text/class-words.ts';
import type { PageModel, TextBlock } from '../../model/page-model.ts';
import type { Sourced } from '../../types.ts';
import { countWords } from '../../text/scripts.ts';
import { countCharClasses } from '../../text/char-classes.ts';

/** Word groups of the fragment's class/id/itemprop/rel tokens (§3.3: words that identify the field). */
const FRAGMENT_GROUPS = {
  author: /^(?:author|authors|byline|bylines|writer|writers|by|creator|reporter|journalist|contributor|zuozhe|auth)$/,
  source: /^(?:source|sources|origin|from|publisher|laiyuan|ly|copyfrom|media|agency)$/,
  editor: /^(?:editor|editors|bianji|zebian|responsible)$/,
  person: /^(?:name|user|username|nick|nickname|profile|member|people|person|avatar|uid|owner|poster)$/,
  info: /^(?:info|meta|time|date|pub|publish|published|dateline|detail|tip|tips|attr|article|post|entry)$/,
  furniture: /^(?:comment|comments|reply|replies|related|footer|foot|copyright|share|nav|menu|sidebar|ad|ads|recommend|hot)$/,
} as const;
type FragmentGroup = keyof typeof FRAGMENT_GROUPS;
const GROUP_KEYS = Object.keys(FRAGMENT_GROUPS) as FragmentGroup[];

/** The owner tags worth telling apart (others count as none). */
const OWNER_TAGS = ['a', 'p', 'div', 'span', 'td', 'li', 'h', 'address', 'strong', 'font', 'time'] as const;

/** How the rules found a candidate (`Sourced.from` and `detail`), one column each. */
const KINDS = [
  'zone-label',
  'zone-editor',
  'byline-after-marker',
  'name-block',
  'body-start-name',
  'byline',
  'credit',
  'page-label',
  'page-editor',
  'json-ld',
  'meta',
  'itemprop',
  'rel-author',
  'account',
  'author-element',
  'blog-owner',
] as const;
type Kind = (typeof KINDS)[number];

/** Label words by what they name. */
const LABELS = {
  writer: /作者|撰文|撰稿|^文$|文\/|by|von|par|por|di|door|autor|auteur|author|автор|written/iu,
  reporter: /记者|通讯员|报道/u,
  editor: /编辑|责编|editor/iu,
  source: /来源|出处|稿源|source|quelle|via/iu,
  original: /原创/u,
} as const;
type LabelKind = keyof typeof LABELS;
const LABEL_KEYS = Object.keys(LABELS) as LabelKind[];

export const FIELD_FEATURES: readonly string[] = [
  'rule-rank',
  'rule-order',
  'same-value-places',
  ...KINDS.map((k) => `kind:${k}`),
  ...LABEL_KEYS.map((k) => `label:${k}`),
  'chars',
  'words',
  'cjk-share',
  'han-name-shape',
  'latin-name-shape',
  'all-caps',
  'has-digit',
  'has-email-or-url',
  'name-separators',
  'sentence-punctuation',
  'cleaned',
  'site-name',
  'host-name',
  'has-block',
  'blocks-after-title',
  'in-zone',
  'before-title',
  'date-in-block',
  'block-units',
  'block-link-share',
  'in-body',
  'page-place',
  'heading',
  ...OWNER_TAGS.map((t) => `owner:${t}`),
  ...GROUP_KEYS.map((g) => `fragment:${g}`),
  ...GROUP_KEYS.map((g) => `own:${g}`),
];

const COLUMN: ReadonlyMap<string, number> = new Map(FIELD_FEATURES.map((f, i) => [f, i]));
const col = (name: string): number => COLUMN.get(name) as number;

/** What a candidate row is read from besides the candidate itself. */
export interface FieldPage {
  readonly page: PageModel;
  readonly titleBlock: number | null;
  readonly bodyRoot: number | null;
  readonly zone: ReadonlySet<number>;
  /** Blocks holding a date the zone reads. */
  readonly dateBlocks: ReadonlySet<number>;
  /** The site's names, lower case (og:site_name, publishers, the title's suffix…). */
  readonly siteNames: readonly string[];
  /** Host labels naming the site ("bbc", "sina"). */
  readonly hostLabels: readonly string[];
}

/** A candidate and the block it was read in (null: structured data). */
export interface FieldCandidate {
  readonly sourced: Sourced;
  readonly block: TextBlock | null;
}

const EMAIL_OR_URL = /@|https?:|www\.|\.(?:com|cn|net|org)\b/iu;
const HAN_NAME = /^\p{sc=Han}{2,4}$/u;
const LATIN_NAME = /^(?:\p{Lu}[\p{Ll}'’.-]*\.?\s+){1,3}\p{Lu}[\p{Ll}'’-]+$/u;
const NAME_SEPARATORS = /[、,，&;；]|\s(?:and|und|et|y|e|i)\s|和|与/gu;
const SENTENCE_PUNCT = /[。！？!?]|[.](?=\s|$)\s*\p{Ll}/u;

function kindOf(s: Sourced): Kind | null {
  const d = s.detail;
  if (s.from === 'json-ld' || s.from === 'meta' || s.from === 'itemprop' || s.from === 'rel-author') return s.from;
  if (s.from !== 'zone') return null;
  if (d.startsWith('byline:')) {
    const place = d.slice(7);
    if (place === 'body-start') return 'body-start-name';
    return place === 'after-marker' ? 'byline-after-marker' : place === 'name-block' ? 'name-block' : 'byline';
  }
  if (d.startsWith('credit:')) return 'credit';
  if (d === 'nearby:account') return 'account';
  if (d === 'nearby:author-element') return 'author-element';
  if (d.startsWith('nearby:blog-')) return 'blog-owner';
  if (d.startsWith('page:')) return LABELS.editor.test(d) ? 'page-editor' : 'page-label';
  return LABELS.editor.test(d) ? 'zone-editor' : 'zone-label';
}

function labelOf(s: Sourced): string {
  if (s.from !== 'zone' || s.detail.startsWith('byline:')) return '';
  return s.detail.replace(/^(?:page|credit):/u, '');
}

const key = (v: string): string => v.trim().toLowerCase().replace(/\s+/gu, ' ');

/** Every candidate's row, `FIELD_FEATURES.length` numbers each, one after another. */
export function fieldRows(p: FieldPage, candidates: readonly FieldCandidate[]): Float32Array {
  const width = FIELD_FEATURES.length;
  const rows = new Float32Array(candidates.length * width);
  const counts = new Map<string, number>();
  for (const c of candidates) {
    const k = key(c.sourced.value);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const blocks = p.page.blocks.length || 1;
  candidates.forEach((c, i) => {
    const at = i * width;
    const set = (name: string, v: number): void => {
      rows[at + col(name)] = v;
    };
    const s = c.sourced;
    const v = s.value.trim();
    set('rule-rank', s.rank ?? 0);
    set('rule-order', i);
    set('same-value-places', counts.get(key(v)) ?? 1);
    const kind = kindOf(s);
    if (kind) set(`kind:${kind}`, 1);
    const label = labelOf(s);
    for (const k of LABEL_KEYS) if (label && LABELS[k].test(label)) set(`label:${k}`, 1);
    set('chars', v.length);
    set('words', countWords(v));
    set('cjk-share', v.length ? countCharClasses(v).cjk / [...v].length : 0);
    set('han-name-shape', HAN_NAME.test(v) ? 1 : 0);
    set('latin-name-shape', LATIN_NAME.test(v) ? 1 : 0);
    set('all-caps', /\p{Lu}{3}/u.test(v) && !/\p{Ll}/u.test(v) ? 1 : 0);
    set('has-digit', /\d/u.test(v) ? 1 : 0);
    set('has-email-or-url', EMAIL_OR_URL.test(v) ? 1 : 0);
    set('name-separators', (v.match(NAME_SEPARATORS) ?? []).length);
    set('sentence-punctuation', SENTENCE_PUNCT.test(v) ? 1 : 0);
    set('cleaned', s.cleaned ? 1 : 0);
    const lower = v.toLowerCase();
    set('site-name', p.siteNames.some((n) => n === lower || n.includes(lower) || (lower.length >= 4 && lower.includes(n))) ? 1 : 0);
    const letters = lower.replace(/[^a-z0-9]/gu, '');
    set('host-name', letters.length >= 3 && p.hostLabels.some((l) => l.includes(letters) || letters.includes(l)) ? 1 : 0);
    const b = c.block;
    if (b) {
      set('has-block', 1);
      const fromTitle = p.titleBlock === null ? 0 : b.index - p.titleBlock;
      set('blocks-after-title', Math.max(-50, Math.min(50, fromTitle)));
      set('in-zone', p.zone.has(b.index) ? 1 : 0);
      set('before-title', p.titleBlock !== null && b.index < p.titleBlock ? 1 : 0);
      set('date-in-block', p.dateBlocks.has(b.index) ? 1 : 0);
      set('block-units', b.units);
      set('block-link-share', b.units ? b.linkUnits / b.units : 0);
      const first = b.nodes[0];
      const inBody = p.bodyRoot !== null && first !== undefined && p.page.contains(p.bodyRoot, p.page.textParent[first] as number);
      set('in-body', inBody ? 1 : 0);
      set('page-place', b.index / blocks);
      set('heading', b.heading ? 1 : 0);
      fragment(p.page, b, set);
    }
  });
  return rows;
}

/**
 * §3.2–3.3: the element holding the candidate's text and three ancestors: the owner's tag, and which word
 * groups their class, id, itemprop and rel hold (`own:` the holding element's own, `fragment:` any level).
 */
function fragment(page: PageModel, b: TextBlock, set: (name: string, v: number) => void): void {
  const first = b.nodes[0];
  const holder = first === undefined ? b.owner : (page.textParent[first] as number);
  const tag = page.localName(holder);
  const owner = /^h[1-6]$/u.test(tag) ? 'h' : tag === 'b' ? 'strong' : tag;
  if ((OWNER_TAGS as readonly string[]).includes(owner)) set(`owner:${owner}`, 1);
  let el = holder;
  for (let level = 0; level < 4 && el >= 0; level++) {
    for (const g of groupsOf(page, el)) {
      set(`fragment:${g}`, 1);
      if (level === 0) set(`own:${g}`, 1);
    }
    el = page.parent[el] as number;
  }
}

function groupsOf(page: PageModel, el: number): FragmentGroup[] {
  const words: string[] = [];
  for (const name of ['class', 'id', 'itemprop', 'rel']) {
    const v = page.attr(el, name);
    if (v) for (const t of classTokens(v)) words.push(t);
  }
  if (words.length === 0) return [];
  return GROUP_KEYS.filter((g) => words.some((w) => FRAGMENT_GROUPS[g].test(w)));
}
