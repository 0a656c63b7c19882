/**
 * Helpers for the CLI integration tests: run the built `bin/article-lens.js` in a child process, make
 * throw-away fixture folders, and tell whether Debian's Chromium is there for the chromium engine.
 * The CLI must be built first (`node scripts/build-cli.js`; `npm test` builds before the unit tests).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = join(ROOT, 'bin', 'article-lens.js');
export const HAS_CHROMIUM = existsSync(process.env['CHROMIUM_PATH'] || '/usr/bin/chromium');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time of the whole process, in ms. */
  readonly ms: number;
}

/** Fails loudly when the bundle is missing instead of letting every test fail with "not built yet". */
export function assertBuilt(): void {
  for (const file of ['build/cli.js', 'build/core-page.js']) {
    if (!existsSync(join(ROOT, file))) throw new Error(`${file} is missing: run \`node scripts/build-cli.js\` before the CLI tests`);
  }
}

/**
 * Runs the CLI asynchronously (so that a server in the test process can still answer it) and resolves
 * with its exit code and output; never rejects on a non-zero exit.
 */
export async function runCli(args: readonly string[], opts: CliOptions = {}): Promise<CliResult> {
  await acquire();
  try {
    return await spawnCli(args, opts);
  } finally {
    release();
  }
}

export interface CliOptions {
  readonly timeoutMs?: number;
  readonly cwd?: string;
  /** Flags for node itself, before the script. */
  readonly nodeArgs?: readonly string[];
}

/** Marks the line that runCliMeasured's child prints at its exit. */
const RSS_MARK = 'article-lens-test: max resident set: ';

/**
 * runCli, plus the child's peak resident memory in MB (`process.resourceUsage().maxRSS`, printed by a
 * module loaded before the CLI at the process's exit and taken out of `stderr`).
 */
export async function runCliMeasured(args: readonly string[], opts: CliOptions = {}): Promise<CliResult & { readonly maxRssMb: number }> {
  const report = `process.on('exit', () => process.stderr.write('${RSS_MARK}' + process.resourceUsage().maxRSS + '\\n'));`;
  const r = await runCli(args, {
    ...opts,
    nodeArgs: [...(opts.nodeArgs ?? []), '--import', `data:text/javascript,${encodeURIComponent(report)}`],
  });
  const kb = new RegExp(`^${RSS_MARK}(\\d+)$`, 'm').exec(r.stderr)?.[1];
  if (kb === undefined) throw new Error(`the CLI printed no peak memory (exit ${r.code}): ${r.stderr.slice(0, 500)}`);
  return { ...r, stderr: r.stderr.replace(new RegExp(`^${RSS_MARK}.*\n`, 'm'), ''), maxRssMb: Number(kb) / 1024 };
}

/**
 * At most as many CLI processes at once as there are CPUs (at least 2), so that concurrent tests
 * measure the CLI rather than the machine's contention.
 */
const MAX_PROCESSES = Math.max(2, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

function acquire(): Promise<void> {
  if (running < MAX_PROCESSES) {
    running++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

function spawnCli(args: readonly string[], opts: CliOptions): Promise<CliResult> {
  const start = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...(opts.nodeArgs ?? []), BIN, ...args],
      {
        cwd: opts.cwd ?? ROOT,
        timeout: opts.timeoutMs ?? 60_000,
        killSignal: 'SIGKILL',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, TZ: 'UTC', NO_COLOR: '1' },
      },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : null;
        resolve({ code, stdout, stderr, ms: performance.now() - start });
      },
    );
  });
}

/** A fresh temporary folder and a function that removes it. */
export function tempDir(prefix = 'article-lens-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A temporary folder for the tests of one file: its path now, the folder made before the tests (a `beforeAll`
 * registered here, so that it runs before the file's own) and removed after them. A file whose tests a `-t`
 * filter left out runs no hooks, and never makes the folder.
 */
export function fileTempDir(prefix = 'article-lens-test-'): string {
  const dir = join(tmpdir(), `${prefix}${randomBytes(6).toString('hex')}`);
  beforeAll(() => mkdirSync(dir, { mode: 0o700 }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The lines of a stream without the trailing empty one. */
export function lines(s: string): string[] {
  return s.split('\n').filter((l) => l !== '');
}

/** True when the text looks like a Node stack trace ("    at fn (file:line:col)"). */
export function hasStackTrace(s: string): boolean {
  return /^\s+at .+[:(]/m.test(s) || /\b(?:RangeError|TypeError|ReferenceError|SyntaxError):/.test(s);
}

/** A gold line with every field null but `id`, `url` and `lang` ('en'), and `fields` over it. */
export function nullGold(id: string, url: string | null, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, url, lang: 'en', title: null, author: null, date: null, datetime: null, body: null, ...fields };
}

/** The gold line of test/fixtures/cli/en-article.html in the temporary sets of the eval and gate tests. */
export const ARTICLE_GOLD = {
  id: 'article',
  url: 'https://news.example.com/2021/03/library.html',
  lang: 'en',
  title: 'City opens a solar-powered library',
  author: 'Jane Doe',
  date: '2021-03-12',
  datetime: null,
  body: 'The new library, which cost four million pounds, opened on Monday, and it runs entirely on solar power, the council said.',
};
