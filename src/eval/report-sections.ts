/**
 * The sections of BENCHMARKS.md that are tables of eval figures (`article-lens report`), as pure functions
 * of the figures, so that the layout is tested on made-up scores without running a set. Each returns its
 * lines (heading first, no trailing blank line); the command runs the sets and joins the sections.
 */
import type { ReadabilityComparison } from './compare-readability.ts';
import type { LosoCandidate, Sweep } from './loso.ts';
import { CALIBRATED_BODY_THRESHOLDS, DEFAULT_CANDIDATE, leaveOneSetOut, optionValue } from './loso.ts';
import { markdownTable } from './markdown-table.ts';
import { mean } from './order-stats.ts';
import type { VariantSpec } from './report-variants.ts';
import { variantFlags } from './report-variants.ts';
import type { SetScores } from './score.ts';
import { formatGoldInBlocks, formatWorstPages } from './score.ts';

/** A set's figures for an engine and a variant (by name), when that run was made. */
export type ScoreLookup = (engine: string, variant: string, set: string) => SetScores | undefined;

/** What `--compare readability` reports over a set, without the per-page lists. */
export type ReadabilityFigures = Pick<
  ReadabilityComparison,
  'version' | 'engine' | 'pages' | 'decidedBy' | 'tieWithin' | 'ours' | 'readability' | 'wins' | 'readabilityFailures'
>;

/** The set-level figures of a comparison, as a report run keeps them. */
export function readabilityFigures(c: ReadabilityComparison): ReadabilityFigures {
  const { version, engine, pages, decidedBy, tieWithin, ours, readability, wins, readabilityFailures } = c;
  return { version, engine, pages, decidedBy, tieWithin, ours, readability, wins, readabilityFailures };
}

export type ReadabilityLookup = (engine: string, set: string) => ReadabilityFigures | undefined;

export const f3 = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : n.toFixed(3));
const signed = (n: number): string => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(3)}`;

/** The body figure of a set: CJK tokens on a Chinese or Japanese set, `\w+` tokens otherwise. */
export const bodyOf = (s: SetScores): number | null => s.bodyCjk?.f1 ?? s.body?.f1 ?? null;

const RESULTS_HEADER = [
  'set',
  'engine',
  'body F1',
  'body P',
  'body R',
  'body F1 CJK',
  'Readability body F1',
  'Readability F1 CJK',
  'date acc',
  'date P',
  'date R',
  'title exact',
  'title F1',
  'author exact',
  'author F1',
  'errors',
  'median ms/page',
  'median core ms',
];

/** "Results (default options)": every set with every engine, Readability's body figures beside ours. */
export function resultsSection(
  engines: readonly string[],
  sets: readonly string[],
  scores: ScoreLookup,
  readability: ReadabilityLookup,
): string[] {
  const rows = sets.flatMap((set) =>
    engines.flatMap((engine) => {
      const s = scores(engine, 'default', set);
      if (!s) return [];
      // Readability over a set without a body gold has no figure (pages compared: none).
      const compared = readability(engine, set);
      const r = compared && compared.pages > 0 ? compared : undefined;
      return [
        [
          set,
          engine,
          f3(s.body?.f1),
          f3(s.body?.precision),
          f3(s.body?.recall),
          f3(s.bodyCjk?.f1),
          f3(r?.readability.body.f1),
          f3(r?.readability.bodyCjk?.f1),
          f3(s.date?.accuracy),
          f3(s.date?.precision),
          f3(s.date?.recall),
          f3(s.title?.exact),
          f3(s.title?.tokenF1),
          f3(s.author?.exact),
          f3(s.author?.tokenF1),
          String(s.errors),
          s.medianMs.toFixed(0),
          s.medianCoreMs.toFixed(1),
        ],
      ];
    }),
  );
  return [
    '## Results (default options)',
    '',
    'The Readability columns are @mozilla/readability on the same decoded pages in the same engine, scored by the same body metric (`eval --compare readability`; see the next section).',
    '',
    markdownTable(RESULTS_HEADER, rows),
    '',
    'The date columns here use the shipped date model, which was trained on these very pages: they flatter it. The fair figures are the cross-validated ones of the date section below.',
  ];
}

/** "Body against @mozilla/readability": figures and page wins per set and engine. */
export function readabilitySection(engines: readonly string[], sets: readonly string[], readability: ReadabilityLookup): string[] {
  const found = sets.flatMap((set) =>
    engines.flatMap((engine) => {
      const r = readability(engine, set);
      return r && r.pages > 0 ? [{ set, r }] : [];
    }),
  );
  if (!found.length) return [];
  const rows = found.map(({ set, r }) => {
    const ours = r.decidedBy === 'cjk' ? r.ours.bodyCjk?.f1 : r.ours.body.f1;
    const theirs = r.decidedBy === 'cjk' ? r.readability.bodyCjk?.f1 : r.readability.body.f1;
    const f = r.readabilityFailures;
    const noBody = f.noArticle + f.error + f['time-limit'] + f['not-run'];
    return [
      set,
      r.engine,
      String(r.pages),
      r.decidedBy === 'cjk' ? 'CJK' : 'words',
      f3(ours),
      f3(theirs),
      ours === undefined || theirs === undefined ? '—' : signed(ours - theirs),
      String(r.wins.ours),
      String(r.wins.readability),
      String(r.wins.ties),
      String(noBody),
    ];
  });
  const first = found[0]?.r;
  return [
    '## Body against @mozilla/readability (default options)',
    '',
    `@mozilla/readability ${first?.version ?? ''} runs on every page after ours, on the same decoded HTML in the same engine; both bodies are scored by the body metric above (CJK tokens on a Chinese set). ` +
      `A page goes to the side ahead by more than ${first?.tieWithin ?? ''} page F1; a page where Readability found no article, threw or ran out of time scores 0 for it ("no body"). ` +
      'The pages behind each count: `article-lens eval <set> --engine <engine> --compare readability`.',
    '',
    markdownTable(
      [
        'set',
        'engine',
        'pages',
        'tokens',
        'ours F1',
        'Readability F1',
        'Δ',
        'ours ahead',
        'Readability ahead',
        'ties',
        'Readability no body',
      ],
      rows,
    ),
  ];
}

interface Target {
  readonly set: string;
  readonly label: string;
  /** The figure must be at least `bound` ('min') or at most `bound` ('max'). */
  readonly kind: 'min' | 'max';
  readonly bound: number;
  readonly value: (s: SetScores) => number | null;
}

/** The targets the issues set: the title method's first figures, then the link-block scan's (method 5). */
const TARGETS: readonly Target[] = [
  { set: 'scrapinghub', label: 'body F1', kind: 'min', bound: 0.92, value: (s) => s.body?.f1 ?? null },
  { set: 'cwce', label: 'body F1 (CJK tokens)', kind: 'min', bound: 0.9, value: (s) => s.bodyCjk?.f1 ?? null },
  { set: 'gne', label: 'body F1 (CJK tokens)', kind: 'min', bound: 0.9, value: (s) => s.bodyCjk?.f1 ?? null },
  { set: 'gne', label: 'title exact', kind: 'min', bound: 0.9, value: (s) => s.title?.exact ?? null },
  { set: 'gne', label: 'date accuracy', kind: 'min', bound: 0.85, value: (s) => s.date?.accuracy ?? null },
  { set: 'readability', label: 'title exact', kind: 'min', bound: 0.8, value: (s) => s.title?.exact ?? null },
  { set: 'indexpages', label: 'link coverage LCR, lowest page', kind: 'min', bound: 0.9, value: (s) => s.linkBlocks?.minLcr ?? null },
  ...['scrapinghub', 'cwce', 'gne', 'readability'].map((set): Target => ({
    set,
    label: 'gold body text inside link blocks',
    kind: 'max',
    bound: 0.02,
    value: (s) => s.linkBlocks?.goldInBlocks ?? null,
  })),
];

/** "Targets (chromium engine)": each target of the issues, met or missed. */
export function targetsSection(scores: ScoreLookup): string[] {
  const rows = TARGETS.map((t) => {
    const s = scores('chromium', 'default', t.set);
    const v = s ? t.value(s) : null;
    const met = v !== null && (t.kind === 'min' ? v >= t.bound : v <= t.bound);
    return [
      t.set,
      t.label,
      `${t.kind === 'min' ? '≥' : '≤'} ${t.bound.toFixed(2)}`,
      f3(v),
      v === null ? 'not run' : met ? 'met' : '**missed**',
    ];
  });
  return ['## Targets (chromium engine)', '', markdownTable(['set', 'metric', 'target', 'measured', ''], rows)];
}

/** "Logical link blocks": coverage and gold text inside link blocks per set and engine. */
export function linkBlocksSection(engines: readonly string[], sets: readonly string[], scores: ScoreLookup): string[] {
  const rows = sets.flatMap((set) =>
    engines.flatMap((engine) => {
      const lb = scores(engine, 'default', set)?.linkBlocks;
      return lb ? [[set, engine, f3(lb.meanLcr), f3(lb.minLcr), f3(lb.meanCcr), formatGoldInBlocks(lb), formatWorstPages(lb) || '—']] : [];
    }),
  );
  return [
    '## Logical link blocks (method 5, default options)',
    '',
    'LCR = links inside link blocks / links; CCR = characters inside link blocks / characters of the serialised page (means over pages).',
    '"gold inside" = share of the gold body\'s shingles that fall inside link blocks (mean over pages; target ≤ 2%).',
    '',
    markdownTable(['set', 'engine', 'mean LCR', 'lowest LCR', 'mean CCR', 'gold inside', 'pages with most gold inside'], rows),
  ];
}

/** "What layout changes": chromium − dom of the figures layout can move. */
export function layoutSection(sets: readonly string[], scores: ScoreLookup): string[] {
  const delta = (a: number | undefined, b: number | undefined): string => (a === undefined || b === undefined ? '—' : signed(a - b));
  const rows = sets.flatMap((set) => {
    const c = scores('chromium', 'default', set);
    const d = scores('dom', 'default', set);
    return c && d
      ? [
          [
            set,
            delta(c.body?.f1, d.body?.f1),
            delta(c.bodyCjk?.f1, d.bodyCjk?.f1),
            delta(c.date?.accuracy, d.date?.accuracy),
            delta(c.title?.exact, d.title?.exact),
          ],
        ]
      : [];
  });
  return [
    '## What layout changes (chromium − dom, default options)',
    '',
    markdownTable(['set', 'Δ body F1', 'Δ body F1 CJK', 'Δ date acc', 'Δ title exact'], rows),
  ];
}

/** The body sets of a run: those where the default has a body figure, labelled "(CJK)" when scored in CJK tokens. */
function bodyColumns(engine: string, sets: readonly string[], scores: ScoreLookup): { set: string; label: string }[] {
  return sets.flatMap((set) => {
    const s = scores(engine, 'default', set);
    if (!s || bodyOf(s) === null) return [];
    return [{ set, label: s.bodyCjk ? `${set} (CJK)` : set }];
  });
}

/** The mean over the sets, null when a set has no figure. */
function meanOf(values: readonly (number | null)[]): number | null {
  return values.every((v) => v !== null) && values.length ? mean(values as number[]) : null;
}

/** "Body: methods and the combination": each body variant's body F1 on every body set. */
export function methodsSection(engine: string, sets: readonly string[], variants: readonly VariantSpec[], scores: ScoreLookup): string[] {
  const columns = bodyColumns(engine, sets, scores);
  const figure = (variant: string, set: string): number | null => {
    const s = scores(engine, variant, set);
    return s ? bodyOf(s) : null;
  };
  const defaultMean = meanOf(columns.map((c) => figure('default', c.set)));
  const rows = variants.map((v) => {
    const values = columns.map((c) => figure(v.name, c.set));
    const m = meanOf(values);
    return [
      v.name,
      variantFlags(v) ? `\`${variantFlags(v)}\`` : '(defaults)',
      ...values.map(f3),
      f3(m),
      m === null || defaultMean === null || v.name === 'default' ? '' : signed(m - defaultMean),
    ];
  });
  return [
    `## Body: methods and the combination (${engine} engine)`,
    '',
    'Body F1 on every set with a body gold (CJK tokens on a Chinese set), mean over the sets, and the mean against the default. ' +
      'Method 1 is the title-anchored body (ALGORITHMS.md §1), method 2 the punctuation and DOM-path body (§2), the combination §6; ' +
      '"faithful" is the method as published (its extensions off). Each extension is on by default only because it measured better here; the rows "without …" switch one off. ' +
      'A row is one `article-lens eval <set> --engine dom` with the flags shown.',
    '',
    markdownTable(['variant', 'flags', ...columns.map((c) => c.label), 'mean', 'Δ mean'], rows, { textColumns: 2 }),
  ];
}

interface MetadataColumn {
  readonly label: string;
  readonly set: string;
  readonly value: (s: SetScores) => number | null;
}

const METADATA_FIGURES: readonly [string, (s: SetScores) => number | null][] = [
  ['date', (s) => s.date?.accuracy ?? null],
  ['title', (s) => s.title?.exact ?? null],
  ['author', (s) => s.author?.exact ?? null],
];

/** "Title, author and date: faithful rules against our extensions": date accuracy, title and author exact. */
export function metadataSection(engine: string, sets: readonly string[], variants: readonly VariantSpec[], scores: ScoreLookup): string[] {
  // A column with no figure for the default (a set without that gold) says nothing: left out.
  const columns: MetadataColumn[] = METADATA_FIGURES.flatMap(([what, value]) =>
    sets.flatMap((set) => {
      const s = scores(engine, 'default', set);
      return s && value(s) !== null ? [{ label: `${set} ${what}`, set, value }] : [];
    }),
  );
  const rows = variants.map((v) => [
    v.name,
    ...columns.map((c) => {
      const s = scores(engine, v.name, c.set);
      return f3(s ? c.value(s) : null);
    }),
  ]);
  return [
    `## Title, author and date: faithful rules against our extensions (${engine} engine)`,
    '',
    'Date accuracy (shipped date model), title and author exact match, on the sets annotated with them; each row switches one extension off (`--option <section>.extensions.<name>=false`).',
    '',
    markdownTable(['variant', ...columns.map((c) => c.label)], rows, { textColumns: 1 }),
  ];
}

/** The default value of a declared threshold in bold among the values tried. */
function thresholdLine(path: string, values: readonly number[]): string {
  const current = optionValue(path);
  return `\`${path}\` ∈ {${values.map((v) => (v === current ? `**${v}**` : String(v))).join(', ')}}`;
}

/** "Generalisation: leave-one-set-out": the calibrated body thresholds, each dev set left out of their choice. */
export function losoSection(engine: string, sets: readonly string[], sweep: Sweep, scores: ScoreLookup): string[] {
  const columns = bodyColumns(engine, sets, scores);
  const figure = (c: LosoCandidate) => (set: string) => {
    const s = scores(engine, c.name, set);
    return s ? bodyOf(s) : null;
  };
  const lines = [
    `## Generalisation: leave-one-set-out (${engine} engine)`,
    '',
    'For each body set in turn, the body thresholds are chosen as if that set had never been seen: among the defaults and each one-at-a-time change below, the candidate with the best mean body F1 over the other sets (CJK tokens on a Chinese set; a tie keeps the defaults). ' +
      "The left-out set's F1 under that choice stands beside its F1 under the defaults: a rule fitted to one set shows as a different choice when that set is left out, and a figure below the defaults'.",
    '',
    `Thresholds swept (defaults in bold): ${CALIBRATED_BODY_THRESHOLDS.filter((t) => !sweep.skipped.some((s) => s.path === t.path))
      .map((t) => thresholdLine(t.path, t.values))
      .join('; ')}.`,
  ];
  if (sweep.skipped.length)
    lines.push(`Not swept, their rule being off: ${sweep.skipped.map((s) => `\`${s.path}\` (${s.why})`).join('; ')}.`);
  if (columns.length < 2) return [...lines, '', 'Fewer than two body sets were run: nothing to leave out.'];
  const names = sweep.candidates.map((c) => c.name);
  const byName = new Map(sweep.candidates.map((c) => [c.name, c]));
  const result = leaveOneSetOut(
    names,
    columns.map((c) => c.set),
    (name, set) => figure(byName.get(name) as LosoCandidate)(set),
    DEFAULT_CANDIDATE,
  );
  const label = new Map(columns.map((c) => [c.set, c.label]));
  const rows = result.rows.map((r) => [
    label.get(r.leftOut) ?? r.leftOut,
    r.chosen === DEFAULT_CANDIDATE ? 'defaults' : `\`${r.chosen}\``,
    f3(r.othersMean),
    f3(r.score),
    f3(r.defaultScore),
    signed(r.score - r.defaultScore),
  ]);
  rows.push(['mean', '', '', f3(result.meanScore), f3(result.meanDefault), signed(result.meanScore - result.meanDefault)]);
  lines.push(
    '',
    markdownTable(
      ['left-out set', 'chosen on the other sets', 'their mean F1', 'left-out F1, chosen', 'left-out F1, defaults', 'Δ'],
      rows,
      { textColumns: 2 },
    ),
    '',
    `Chosen on all ${columns.length} sets at once: ${result.allSetsChoice === DEFAULT_CANDIDATE ? 'the defaults' : `\`${result.allSetsChoice}\``}.` +
      (result.incomplete.length
        ? ` Left out of the choice for a missing figure: ${result.incomplete.map((n) => `\`${n}\``).join(', ')}.`
        : ''),
    '',
    'The sweep (body F1 per set under each candidate; one `article-lens eval <set> --engine dom --option <candidate>` each):',
    '',
    markdownTable(
      ['candidate', ...columns.map((c) => c.label), 'mean'],
      sweep.candidates.map((c) => {
        const values = columns.map((col) => figure(c)(col.set));
        return [c.name === DEFAULT_CANDIDATE ? 'defaults' : c.name, ...values.map(f3), f3(meanOf(values))];
      }),
      { textColumns: 1 },
    ),
  );
  return lines;
}
