// The dom engine's cost on wide generated pages as the size doubles: a size sweep printed as a curve.
// Each page runs in a fresh process (the built CLI's `extract`: `npm run build:cli` first), so one size's
// heap does not slow the next. The figure is CPU time (user + system, GC threads included), which a busy
// machine disturbs far less than wall time; wall time is printed beside it. Linear cost shows as a
// "× prev" ratio near 2.0 for each doubling; a quadratic stage pushes it towards 4.
//
//   node scripts/size-sweep.js [--shape list|links|elements|text-list|all] [--sizes 12500,25000,50000,100000]
//                              [--engine dom|chromium] [--time-limit SECONDS] [--cli build/cli.js]
//
// Shapes: `list` is a <ul> of N `<li><a href=…>…</a></li>` (2N elements); `links` is one <div> of N links
// (the 60 000-link page of issue 16); `elements` is N/2 `<div><span>x</span></div>` (N elements, the
// 100 000-element page); `text-list` is a <ul> of N sentences with a link each, which the body holds. `--cli` runs another build of the CLI (an older one, to compare).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const SELF = fileURLToPath(import.meta.url);
const DEFAULT_CLI = fileURLToPath(new URL('../build/cli.js', import.meta.url));
const DEFAULT_SIZES = [12_500, 25_000, 50_000, 100_000];

const HEAD =
  '<!doctype html><html><head><title>A list page with many links</title></head><body><h1>A list page with many links</h1>' +
  '<p>This paragraph, which is the first one, has commas, several of them, and is a sentence.</p>';

/** Page generators by shape: N is the number of items. */
const SHAPES = {
  list: (n) => {
    const items = [];
    for (let i = 0; i < n; i++) items.push(`<li><a href="/item/${i}.html">Item number ${i} in the list</a></li>`);
    return `${HEAD}<ul>${items.join('')}</ul></body></html>`;
  },
  links: (n) => {
    const items = [];
    for (let i = 0; i < n; i++) items.push(`<a href="https://example.com/item/${i}">link ${i}</a> `);
    return `${HEAD}<div>${items.join('')}</div></body></html>`;
  },
  elements: (n) => `${HEAD}<div>${'<div><span>x</span></div>'.repeat(Math.round(n / 2))}</div></body></html>`,
  /** Items that are sentences with a link each: the list is the article body (the output stage reads every item). */
  'text-list': (n) => {
    const items = [];
    for (let i = 0; i < n; i++)
      items.push(`<li>Item ${i} of the list, which is long, has commas, and a <a href="/item/${i}.html">link to more</a> at its end.</li>`);
    return `${HEAD}<ul>${items.join('')}</ul></body></html>`;
  },
};

const { values } = parseArgs({
  options: {
    shape: { type: 'string', default: 'list' },
    sizes: { type: 'string' },
    engine: { type: 'string', default: 'dom' },
    'time-limit': { type: 'string' },
    cli: { type: 'string', default: DEFAULT_CLI },
    'run-one': { type: 'string' },
    'usage-file': { type: 'string' },
  },
  allowPositionals: true,
  strict: false,
});

if (values['run-one'] !== undefined) {
  // The child: the CLI's main() on one page, then its own CPU time and peak memory in the usage file.
  const { main } = await import(pathToFileURL(resolve(values.cli)).href);
  const args = ['extract', values['run-one'], '--engine', values.engine, '--format', 'json'];
  if (values['time-limit'] !== undefined) args.push('--time-limit', values['time-limit']);
  process.exitCode = await main(args);
  const cpu = process.cpuUsage();
  const usage = { cpuMs: (cpu.user + cpu.system) / 1000, maxRssKb: process.resourceUsage().maxRSS };
  writeFileSync(values['usage-file'], JSON.stringify(usage));
} else {
  await sweep();
}

async function sweep() {
  const shapes = values.shape === 'all' ? Object.keys(SHAPES) : [values.shape];
  for (const s of shapes) if (!(s in SHAPES)) throw new Error(`unknown shape "${s}" (${Object.keys(SHAPES).join(', ')}, all)`);
  const sizes = values.sizes ? values.sizes.split(',').map(Number) : DEFAULT_SIZES;

  const dir = mkdtempSync(join(tmpdir(), 'article-lens-sweep-'));
  try {
    for (const shape of shapes) {
      process.stdout.write(`\n${shape} (${values.engine} engine, ${values.cli})\n`);
      process.stdout.write(
        `${'items'.padStart(8)} ${'cpu s'.padStart(8)} ${'× prev'.padStart(7)} ${'µs/item'.padStart(8)} ${'wall s'.padStart(8)} ${'core s'.padStart(7)} ${'MB'.padStart(6)}  slowest stages (s)\n`,
      );
      let prev = null;
      for (const n of sizes) {
        const file = join(dir, `${shape}-${n}.html`);
        writeFileSync(file, SHAPES[shape](n));
        const r = await runOne(file);
        const ratio = prev === null ? '' : `${(r.cpuMs / prev).toFixed(2)}`;
        prev = r.cpuMs;
        const stages = Object.entries(r.timings)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(2)}`)
          .join(', ');
        const core = Object.values(r.timings).reduce((a, b) => a + b, 0) / 1000;
        const status = r.error ? `  (${r.error})` : '';
        process.stdout.write(
          [
            String(n).padStart(8),
            (r.cpuMs / 1000).toFixed(2).padStart(8),
            ratio.padStart(7),
            ((r.cpuMs * 1000) / n).toFixed(0).padStart(8),
            (r.wallMs / 1000).toFixed(2).padStart(8),
            core.toFixed(2).padStart(7),
            String(Math.round(r.maxRssKb / 1024)).padStart(6),
            ` ${stages}${status}\n`,
          ].join(' '),
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runOne(file) {
  const start = performance.now();
  const usageFile = `${file}.usage.json`;
  const args = [SELF, '--run-one', file, '--usage-file', usageFile, '--cli', values.cli, '--engine', values.engine];
  if (values['time-limit'] !== undefined) args.push('--time-limit', values['time-limit']);
  let stdout = '';
  let stderr = '';
  let error = null;
  try {
    ({ stdout, stderr } = await promisify(execFile)(process.execPath, args, { maxBuffer: 512 * 1024 * 1024 }));
  } catch (err) {
    stdout = err.stdout ?? '';
    stderr = err.stderr ?? String(err.message);
  }
  let usage = { cpuMs: NaN, maxRssKb: NaN };
  try {
    usage = JSON.parse(readFileSync(usageFile, 'utf8'));
  } catch {
    // the child died before writing it
  }
  const problems = stderr
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('article-lens:') && !l.includes('warning:'));
  if (problems.length) error = problems.join('; ');
  let timings = {};
  try {
    timings = JSON.parse(stdout).timings ?? {};
  } catch {
    // no article on stdout
  }
  return { wallMs: performance.now() - start, ...usage, timings, error };
}
