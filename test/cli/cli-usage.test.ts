/**
 * Bad usage (DESIGN.md "CLI contract"): exit 2, a one-line message and the usage on stderr, nothing on
 * stdout, never a stack trace. Every case runs through `main()` in this process (cheap); a few run the
 * real `bin/article-lens.js` too, to pin the process exit code.
 */
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { ROOT, assertBuilt, hasStackTrace, lines, runCli } from './run-cli.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli');
const ARTICLE = join(FIXTURES, 'en-article.html');

async function runMain(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

function expectUsageError(r: { code: number | null; stdout: string; stderr: string }, message: string): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const err = lines(r.stderr);
  expect(err[0]).toBe(`article-lens: ${message}`);
  expect(err[1]).toBe('usage:');
  expect(err.length).toBeGreaterThan(3);
  expect(err.slice(2).every((l) => l.startsWith('  article-lens ') || l.startsWith('    '))).toBe(true);
  expect(hasStackTrace(r.stderr)).toBe(false);
}

const CASES: [string, string[], string][] = [
  ['no arguments', [], 'no command given'],
  ['an unknown command', ['frobnicate'], 'unknown command "frobnicate"'],
  ['extract without a file', ['extract'], 'extract takes exactly one file or URL'],
  ['extract with two files', ['extract', ARTICLE, ARTICLE], 'extract takes exactly one file or URL'],
  [
    'an unknown flag',
    ['extract', ARTICLE, '--bogus'],
    "Unknown option '--bogus'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--bogus\"",
  ],
  ['a flag without its value', ['extract', ARTICLE, '--url'], "Option '--url <value>' argument missing"],
  [
    'a --url that is not an absolute URL',
    ['extract', ARTICLE, '--url', 'news/page.html'],
    '--url takes an absolute http(s) URL, got "news/page.html"',
  ],
  [
    'a --url that is not http(s)',
    ['extract', ARTICLE, '--url', 'javascript:alert(1)'],
    '--url takes an absolute http(s) URL, got "javascript:alert(1)"',
  ],
  ['a bad --format', ['extract', ARTICLE, '--format', 'pdf'], 'unknown format "pdf" (json, markdown, text, html)'],
  ['a bad --engine', ['extract', ARTICLE, '--engine', 'webkit'], 'unknown engine "webkit" (dom, chromium)'],
  ['a bad --preset', ['extract', ARTICLE, '--preset', 'wild'], 'unknown preset "wild" (default, faithful)'],
  ['an unknown --option', ['extract', ARTICLE, '--option', 'nope.x=1'], 'unknown option "nope.x"'],
  ['a mistyped --option value', ['extract', ARTICLE, '--option', 'trace.enabled=yes'], 'trace.enabled takes true or false, got "yes"'],
  ['an --option without "="', ['extract', ARTICLE, '--option', 'trace.enabled'], '--option takes path=value, got "trace.enabled"'],
  ['eval without a set', ['eval'], 'eval takes exactly one set: a folder or its .zip'],
  ['bench without a set', ['bench'], 'bench takes one or more sets, each a folder or its .zip'],
  [
    'train-date without a set',
    ['train-date', '--out', 'model.json'],
    'train-date takes one or more sets, each a folder or its .zip (or --samples FILE)',
  ],
  [
    'train-body without a set',
    ['train-body', '--out', 'model.json'],
    'train-body takes one or more sets, each a folder or its .zip (or --samples FILE)',
  ],
  ['eval with an unknown flag', ['eval', FIXTURES, '--format', 'json'], "Unknown option '--format'"],
  ['--limit 0', ['eval', FIXTURES, '--limit', '0'], '--limit takes a positive whole number, got "0"'],
  ['--limit abc', ['eval', FIXTURES, '--limit', 'abc'], '--limit takes a positive whole number, got "abc"'],
  ['--limit 1.5', ['eval', FIXTURES, '--limit', '1.5'], '--limit takes a positive whole number, got "1.5"'],
  ['--concurrency -1', ['eval', FIXTURES, '--concurrency=-1'], '--concurrency takes a positive whole number, got "-1"'],
  ['extract --warc without a file', ['extract', '--warc'], 'extract --warc takes WARC files, or - to read their paths from stdin'],
  [
    'extract --warc with a bad --format',
    ['extract', '--warc', ARTICLE, '--format', 'pdf'],
    'unknown format "pdf" (json, markdown, text, html)',
  ],
  ['queue without a subcommand', ['queue'], 'queue takes add, work or status'],
  ['queue work without --redis', ['queue', 'work', '--out', FIXTURES], '--redis URL is required (redis://host:6379)'],
  [
    'queue work without --out',
    ['queue', 'work', '--redis', 'redis://127.0.0.1:1'],
    'queue work takes --out DIR, the folder of the jobs’ output files',
  ],
  [
    'queue status with a bad --redis',
    ['queue', 'status', '--redis', 'http://x'],
    '--redis takes a redis:// or rediss:// URL, got "http://x"',
  ],
];

describe('bad usage through main()', () => {
  for (const [name, argv, message] of CASES) {
    it(name, async () => {
      const r = await runMain(argv);
      if (name === 'eval with an unknown flag') {
        // parseArgs' message continues on the same line; only its start is ours to pin.
        expect(r.code).toBe(2);
        expect(lines(r.stderr)[0]?.startsWith(`article-lens: ${message}`)).toBe(true);
        expect(hasStackTrace(r.stderr)).toBe(false);
      } else expectUsageError(r, message);
    });
  }

  it('--help / help / -h print the usage on stdout, exit 0', async () => {
    for (const flag of ['--help', 'help', '-h']) {
      const r = await runMain([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout.startsWith('usage:\n  article-lens extract <file.html|url>')).toBe(true);
      expect(r.stderr).toBe('');
    }
  });

  it('eval on a folder that is not a set: exit 1, one line', async () => {
    const r = await runMain(['eval', FIXTURES, '--engine', 'dom']);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`article-lens: ${FIXTURES}: no gold.jsonl (a set holds pages/<id>.html and gold.jsonl)`]);
  });
});

describe('bad usage through bin/article-lens.js', () => {
  beforeAll(assertBuilt);
  for (const [name, argv, message] of CASES.filter(([n]) => ['no arguments', 'a bad --format', '--limit 0'].includes(n))) {
    it(`${name}: exit code 2`, async () => {
      expectUsageError(await runCli(argv), message);
    });
  }
});
