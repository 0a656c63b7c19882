// Measures the check for text that decodes badly (src/platform/decode-check.ts) on real pages: how many
// pages of the shared datasets it warns about when they are decoded right (false alarms), and how many it
// catches when the same bytes are decoded with a wrong charset on purpose (every pair of a page's real
// charset and another common one; plus each Latin page's text as Latin-1 bytes read as a CJK charset, the
// "declares Shift_JIS, is Latin-1" case of issue 16). Prints one table; the thresholds in
// DEFAULT_DECODE_CHECK are chosen from it.
//
//   node scripts/measure-decoding.js [--datasets ../shared/datasets]
import { build } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

const { values } = parseArgs({ options: { datasets: { type: 'string', default: '../shared/datasets' } } });

const tmp = mkdtempSync(join(tmpdir(), 'article-lens-measure-'));
const bundle = join(tmp, 'decode.mjs');
await build({
  stdin: {
    contents: "export * from './src/platform/decode-html.ts'; export * from './src/platform/decode-check.ts';",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  outfile: bundle,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  logLevel: 'warning',
});
const { decodeAs, decodeHtml, decodeSigns, checkDecodedText, DEFAULT_DECODE_CHECK } = await import(pathToFileURL(bundle).href);
rmSync(tmp, { recursive: true, force: true });

/** The charsets a page is wrongly read as. */
const WRONG = ['windows-1252', 'shift_jis', 'gbk', 'big5', 'euc-kr', 'utf-8'];
/** A wrong decoding only counts when it turned at least this many characters into non-ASCII ones. */
const MIN_NON_ASCII = 20;

const rows = new Map(); // case → { pages, warned, bySign: {replacement, lone} }
const falseAlarms = [];
const rightSigns = [];
const add = (name, text, charset, declared, given = null) => {
  const signs = decodeSigns(text);
  if (name !== 'right' && signs.nonAscii < MIN_NON_ASCII) return;
  const warnings = given ?? checkDecodedText(text, charset, declared, DEFAULT_DECODE_CHECK);
  const row = rows.get(name) ?? { pages: 0, warned: 0, replacement: 0, lone: 0, runs: 0, pairs: 0 };
  row.pages++;
  if (warnings.length) row.warned++;
  if (warnings.some((w) => w.includes('not valid'))) row.replacement++;
  if (warnings.some((w) => w.includes('lone CJK'))) row.lone++;
  if (warnings.some((w) => w.includes('stand in runs'))) row.runs++;
  if (warnings.some((w) => w.includes('look like UTF-8'))) row.pairs++;
  rows.set(name, row);
  return { signs, warnings };
};

const sets = readdirSync(values.datasets).filter((d) => existsSync(join(values.datasets, d, 'pages')));
let pages = 0;
for (const set of sets) {
  const dir = join(values.datasets, set, 'pages');
  for (const file of readdirSync(dir)) {
    let bytes = new Uint8Array(readFileSync(join(dir, file)));
    if (file.endsWith('.gz')) bytes = new Uint8Array(gunzipSync(bytes));
    let decoded;
    try {
      decoded = decodeHtml(bytes);
    } catch {
      continue;
    }
    pages++;
    // Decoded right: what decodeHtml itself warns (it does not check valid UTF-8: nothing decodes it better).
    const right = add('right', decoded.html, decoded.charset, decoded.declared, decoded.warnings);
    rightSigns.push({ page: `${set}/${file}`, charset: decoded.charset, ...right.signs });
    if (right.warnings.length) falseAlarms.push(`${set}/${file} (${decoded.charset}): ${right.warnings.join(' | ')}`);
    for (const wrong of WRONG) {
      if (wrong === decoded.charset || (wrong === 'gbk' && decoded.charset === 'gb18030')) continue;
      add(`${decoded.charset.replace('gb18030', 'gbk')} read as ${wrong}`, decodeAs(wrong, bytes), wrong, wrong);
    }
    // Latin text as Latin-1 bytes, declared as a CJK charset.
    const text = decoded.html;
    if (/[\u0080-\u00ff]/.test(text) && !/[^\x00-\xff]/.test(text)) {
      const latin1 = Uint8Array.from(text, (c) => c.charCodeAt(0));
      for (const cjk of ['shift_jis', 'euc-jp', 'gbk', 'big5', 'euc-kr']) add(`latin-1 read as ${cjk}`, decodeAs(cjk, latin1), cjk, cjk);
    }
  }
}

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');
process.stdout.write(`${pages} pages from ${sets.join(', ')}; thresholds ${JSON.stringify(DEFAULT_DECODE_CHECK)}\n\n`);
process.stdout.write(
  `${'case'.padEnd(34)} ${'pages'.padStart(6)} ${'warned'.padStart(8)} ${'U+FFFD'.padStart(8)} ${'lone CJK'.padStart(9)} ${'runs'.padStart(7)} ${'UTF-8'.padStart(7)}\n`,
);
for (const [name, r] of [...rows.entries()].sort((a, b) => (a[0] === 'right' ? -1 : b[0] === 'right' ? 1 : a[0].localeCompare(b[0])))) {
  process.stdout.write(
    `${name.padEnd(34)} ${String(r.pages).padStart(6)} ${pct(r.warned, r.pages).padStart(8)} ${pct(r.replacement, r.pages).padStart(8)} ${pct(r.lone, r.pages).padStart(9)} ${pct(r.runs, r.pages).padStart(7)} ${pct(r.pairs, r.pages).padStart(7)}\n`,
  );
}
const top = (key, share) =>
  rightSigns
    .filter((s) => s[key] > 0)
    .sort((a, b) => b[key] - a[key])
    .slice(0, 6)
    .map((s) => `${s.page} (${s.charset}) ${s[key]} of ${s[share]}`)
    .join('; ');
process.stdout.write(
  `\nhighest signs on pages decoded right (valid UTF-8 among them is not checked by decodeHtml):\n  U+FFFD: ${top('replacements', 'nonAscii')}\n  lone CJK: ${top('loneCjk', 'cjk')}\n  runs: ${top('accentRuns', 'nonAscii')}\n  UTF-8 read as 1252: ${top('utf8Pairs', 'nonAscii')}\n`,
);
process.stdout.write(`\nfalse alarms on pages decoded right: ${falseAlarms.length}\n${falseAlarms.map((l) => `  ${l}`).join('\n')}\n`);
