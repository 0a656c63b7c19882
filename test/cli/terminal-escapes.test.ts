/**
 * Nothing from a page or a set reaches the terminal as a control character (issue 40, item 8): a page's
 * text with ESC sequences (one clears the screen and prints "ALL GOOD") in `extract --format text` and
 * `markdown`, a gold id, a date and a zip entry name with ESC in `eval`'s messages, and verdict field names
 * on `eval`'s stdout all come out with the ESC shown as ␛; JSON keeps the data, with C1 controls escaped.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/core/index.ts';
import { ARTICLE_GOLD, ROOT, assertBuilt, fileTempDir, runCli } from './run-cli.ts';

/** Clears the screen, homes the cursor, writes "ALL GOOD"; then a C1 CSI (0x9b) and a carriage return. */
const EVIL = '\x1b[2J\x1b[HALL GOOD\x9b31m\r';
/** Any control character but newline and tab. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

const dir = fileTempDir('article-lens-escapes-');
beforeAll(() => {
  assertBuilt();
});

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>City opens a solar-powered library</title></head><body><article>
<h1>City opens a solar-powered library</h1>
<p>The new library, which cost four million pounds, opened on Monday, ${EVIL} and it runs entirely on solar power, the council said.</p>
<p>Residents, students and teachers queued outside before dawn, eager to see the building, its reading rooms, and the garden.</p>
</article></body></html>`;

describe('extract: page text', () => {
  it.each(['text', 'markdown', 'html'])('--format %s prints no control character', async (format) => {
    const file = join(dir, `evil-${format}.html`);
    writeFileSync(file, PAGE);
    const r = await runCli(['extract', file, '--engine', 'dom', '--format', format]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    // Shown, not acted on (Markdown escapes the brackets).
    expect(r.stdout).toMatch(/␛\\?\[2J␛\\?\[HALL GOOD/);
  });

  it('--format json keeps the text, every control character escaped', async () => {
    const file = join(dir, 'evil-json.html');
    writeFileSync(file, PAGE);
    const r = await runCli(['extract', file, '--engine', 'dom', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    expect((JSON.parse(r.stdout) as Article).body.text).toContain('\x1b[2J\x1b[HALL GOOD\x9b31m');
  });
});

describe('eval: ids, dates, entry names and verdict fields', () => {
  const set = (name: string, gold: Record<string, unknown>): string => {
    const path = join(dir, name);
    mkdirSync(join(path, 'pages'), { recursive: true });
    writeFileSync(join(path, 'gold.jsonl'), `${JSON.stringify(gold)}\n`);
    return path;
  };

  it('an id with ESC in the message that refuses it', async () => {
    const r = await runCli(['eval', set('bad-id', { ...ARTICLE_GOLD, id: `x${EVIL}` }), '--engine', 'dom']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a plain file name');
    expect(r.stderr).not.toMatch(CONTROL);
  });

  it('a date with ESC in the message that refuses it', async () => {
    const r = await runCli(['eval', set('bad-date', { ...ARTICLE_GOLD, date: `2021${EVIL}` }), '--engine', 'dom']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a YYYY-MM-DD day');
    expect(r.stderr).not.toMatch(CONTROL);
  });

  it('a zip entry name with ESC in the message that refuses it', async () => {
    const zip = join(dir, 'bad-entry.zip');
    writeFileSync(zip, zipSync({ 'gold.jsonl': strToU8('{}\n'), [`pages/${EVIL}.txt`]: strToU8('x') }));
    const r = await runCli(['eval', zip, '--engine', 'dom']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not part of a set');
    expect(r.stderr).not.toMatch(CONTROL);
  });

  it("verdict field names on eval's stdout", async () => {
    const path = set('verdicts', { ...ARTICLE_GOLD, verdicts: { title: true, [`body${EVIL}`]: false } });
    writeFileSync(join(path, 'pages', 'article.html'), PAGE.replace(EVIL, ''));
    for (const json of [[], ['--json']]) {
      const r = await runCli(['eval', path, '--engine', 'dom', ...json], { cwd: ROOT });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('ALL GOOD');
      expect(r.stdout).not.toMatch(CONTROL);
      expect(r.stderr).not.toMatch(CONTROL);
    }
  });
});
