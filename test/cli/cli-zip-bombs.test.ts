/**
 * Zip bombs inside the 2 GiB zip limit (issue 40, item 4), given to `eval`: a 1.5 MB zip whose page
 * inflates to 1.5 GiB (it wrote 1.5 GB to the temporary folder and peaked at 3.1 GB resident) and a zip
 * whose gold.jsonl inflates to 600 MiB ("Cannot create a string longer than 0x1fffffe8 characters",
 * naming no file) are refused by name, in at most 300 MB, leaving nothing in TMPDIR; a set folder whose
 * gold.jsonl is that large is refused by name too. The zips are written by test/helpers/zip-bomb.ts
 * without ever holding what they inflate to.
 */
import { mkdirSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeBombZip } from '../helpers/zip-bomb.ts';
import { assertBuilt, fileTempDir, lines, runCliMeasured } from './run-cli.ts';

const MiB = 1024 * 1024;
const MAX_RSS_MB = 300;
const GOLD = `${JSON.stringify({ id: 'a', url: 'https://news.example.com/a.html', lang: 'en', body: 'A sentence.' })}\n`;

const dir = fileTempDir('article-lens-zip-bombs-');

beforeAll(() => {
  assertBuilt();
});

/** `eval` with a TMPDIR of its own; what that folder holds afterwards, and the peak resident memory. */
async function evalInOwnTmp(set: string, name: string): Promise<{ code: number | null; stderr: string; maxRssMb: number; left: string[] }> {
  const tmp = join(dir, `tmp-${name}`);
  mkdirSync(tmp);
  const saved = process.env['TMPDIR'];
  process.env['TMPDIR'] = tmp;
  try {
    const r = await runCliMeasured(['eval', set, '--engine', 'dom'], { timeoutMs: 120_000 });
    process.stdout.write(`${name}: peak resident memory ${r.maxRssMb.toFixed(0)} MB\n`);
    return { ...r, left: readdirSync(tmp) };
  } finally {
    if (saved === undefined) Reflect.deleteProperty(process.env, 'TMPDIR');
    else process.env['TMPDIR'] = saved;
  }
}

describe('eval: zip bombs are refused by their entry, before it is inflated', () => {
  it('a page that inflates to 1.5 GiB', async () => {
    const zip = join(dir, 'page-bomb.zip');
    const size = writeBombZip(zip, [
      { name: 'gold.jsonl', chunk: Buffer.from(GOLD), times: 1 },
      { name: 'pages/a.html', chunk: Buffer.alloc(MiB, ' '), times: 1536 },
    ]);
    expect(size).toBeLessThan(2 * MiB);
    const r = await evalInOwnTmp(zip, 'page-bomb');
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      `article-lens: ${zip}: entry "pages/a.html" unpacks to ${1536 * MiB} bytes, more than 64 MiB, too large for a page: refused`,
    ]);
    expect(r.maxRssMb).toBeLessThanOrEqual(MAX_RSS_MB);
    expect(r.left).toEqual([]);
  }, 150_000);

  it('a gold.jsonl that inflates to 600 MiB of newlines', async () => {
    const zip = join(dir, 'gold-bomb.zip');
    writeBombZip(zip, [
      { name: 'gold.jsonl', chunk: Buffer.concat([Buffer.from(GOLD), Buffer.alloc(MiB - GOLD.length, '\n')]), times: 600 },
      { name: 'pages/a.html', chunk: Buffer.from('<p>A sentence.</p>'), times: 1 },
    ]);
    const r = await evalInOwnTmp(zip, 'gold-bomb');
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      `article-lens: ${zip}: entry "gold.jsonl" unpacks to ${600 * MiB} bytes, more than 128 MiB, too large for a gold.jsonl: refused`,
    ]);
    expect(r.maxRssMb).toBeLessThanOrEqual(MAX_RSS_MB);
    expect(r.left).toEqual([]);
  }, 150_000);
});

describe('eval: a set folder with a huge gold.jsonl', () => {
  it('is refused by its file name, not with "Cannot create a string longer than…"', async () => {
    const set = join(dir, 'huge-gold');
    mkdirSync(join(set, 'pages'), { recursive: true });
    const gold = join(set, 'gold.jsonl');
    writeFileSync(gold, GOLD);
    // A sparse file: 600 MiB long, next to nothing on disk.
    truncateSync(gold, 600 * MiB);
    const r = await evalInOwnTmp(set, 'huge-gold');
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`article-lens: ${gold}: ${600 * MiB} bytes, more than 128 MiB, too large for a gold file`]);
    expect(r.maxRssMb).toBeLessThanOrEqual(MAX_RSS_MB);
  }, 150_000);
});
