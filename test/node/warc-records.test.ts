/**
 * The WARC side of issue 43 below the CLI: reading records (src/node/warc/read-records.ts) in slices that
 * cover every record exactly once, the size bound (declared, and a gzip payload that unpacks past it), the
 * capture mark, and a job's output file (src/node/queue/job-output.ts) that is never written twice.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isJobDone, openJobOutput } from '../../src/node/queue/job-output.ts';
import { warcJobId, warcSlices } from '../../src/node/queue/warc-jobs.ts';
import { captureIso, withCaptureMark } from '../../src/node/warc/capture-mark.ts';
import type { WarcItem } from '../../src/node/warc/read-records.ts';
import { readRecords } from '../../src/node/warc/read-records.ts';
import { gzipped, requestRecord, responseRecord, writeWarc } from '../helpers/warc-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'article-lens-warc-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DATE = '2021-03-12T10:00:00Z';
const html = (n: number): string => `<!doctype html><title>Page ${n}</title><p>Story ${n}.</p>`;

async function all(items: AsyncIterable<WarcItem>): Promise<WarcItem[]> {
  const out: WarcItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('readRecords in slices', () => {
  for (const name of ['seven.warc', 'seven.warc.gz']) {
    it(`${name}: the slices of three records read every record once, at the offsets of a whole read`, async () => {
      const path = join(dir, name);
      const records = Array.from({ length: 7 }, (_, n) =>
        n % 2
          ? requestRecord(`https://a.example/${n}`, DATE)
          : responseRecord({ url: `https://a.example/${n}`, date: DATE, body: html(n), headers: { 'Content-Type': 'text/html' } }),
      );
      await writeWarc(path, records);
      const whole = await all(readRecords({ path, offset: 0, count: null }));
      expect(whole).toHaveLength(7);
      const slices = await warcSlices(path, 3);
      expect(slices.map((s) => s.count)).toEqual([3, 3, null]);
      const sliced = (await Promise.all(slices.map((s) => all(readRecords(s))))).flat();
      expect(sliced.map((i) => [i.ref.offset, i.ref.recordId])).toEqual(whole.map((i) => [i.ref.offset, i.ref.recordId]));
      expect(new Set(slices.map(warcJobId)).size).toBe(3);
    });
  }
});

describe('readRecords: the size bound', () => {
  it('a payload declared larger, and a gzip payload that unpacks larger, are skipped as too large without reading them whole', async () => {
    const path = join(dir, 'large.warc.gz');
    await writeWarc(path, [
      responseRecord({
        url: 'https://a.example/big',
        date: DATE,
        body: `<html><body>${'x'.repeat(3_000_000)}</body></html>`,
        headers: { 'Content-Type': 'text/html' },
      }),
      responseRecord({
        url: 'https://a.example/bomb',
        date: DATE,
        body: gzipped(`<html><body>${' '.repeat(20_000_000)}</body></html>`),
        headers: { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' },
      }),
      responseRecord({ url: 'https://a.example/ok', date: DATE, body: html(1), headers: { 'Content-Type': 'text/html' } }),
    ]);
    const items = await all(readRecords({ path, offset: 0, count: null }, { maxRecordBytes: 1024 * 1024 }));
    expect(items.map((i) => (i.kind === 'skipped' ? `${i.reason}: ${i.detail}` : i.kind))).toEqual([
      expect.stringMatching(/^too-large: \d+ bytes \(the limit is 1048576\)$/),
      'too-large: more than 1048576 bytes once unpacked',
      'page',
    ]);
  });
});

describe('capture mark', () => {
  it('WARC 1.0 and 1.1 dates become one ISO instant in a top comment; anything else leaves the page as it is', () => {
    expect(captureIso('2021-03-12T10:00:00Z')).toBe('2021-03-12T10:00:00.000Z');
    expect(captureIso('2021-03-12T10:00:00.123456Z')).toBe('2021-03-12T10:00:00.123Z');
    expect(withCaptureMark('<html></html>', '2021-03-12T10:00:00Z')).toBe('<!-- WARC-Date: 2021-03-12T10:00:00.000Z -->\n<html></html>');
    for (const bad of [null, '', 'yesterday', '2021-03-12 10:00:00', '2021-13-45T99:00:00Z --><script>'])
      expect(withCaptureMark('<html></html>', bad)).toBe('<html></html>');
  });
});

describe('job output', () => {
  it('the first finished copy gets the name; a second finishes without replacing it; a discarded one leaves nothing', async () => {
    const out = mkdtempSync(join(dir, 'out-'));
    const first = await openJobOutput(out, 'job.jsonl');
    const second = await openJobOutput(out, 'job.jsonl');
    const third = await openJobOutput(out, 'job.jsonl');
    await first.write('{"n":1}\n');
    await second.write('{"n":2}\n');
    await third.write('{"n":3}\n');
    expect(isJobDone(out, 'job.jsonl')).toBe(false);
    expect(await first.commit()).toBe(true);
    expect(isJobDone(out, 'job.jsonl')).toBe(true);
    expect(await second.commit()).toBe(false);
    await third.discard();
    expect(readFileSync(join(out, 'job.jsonl'), 'utf8')).toBe('{"n":1}\n');
    expect(readdirSync(out)).toEqual(['job.jsonl']);
  });

  it('a file that is not a WARC is refused before it is read', async () => {
    const path = join(dir, 'text.warc');
    writeFileSync(path, 'hello\n');
    await expect(warcSlices(path, 2)).rejects.toThrow('not a WARC file: it does not begin with "WARC/"');
    await expect(all(readRecords({ path, offset: 0, count: null }))).rejects.toThrow('not a WARC file');
  });
});
