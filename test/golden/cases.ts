/**
 * The golden cases on disk (STYLE.md §8.7): `test/fixtures/<method>/<case>/` with `page.html`,
 * `case.json` and `expected.json`. A case directory without `page.html` or `case.json` is an error, not
 * a skipped case, and `case.json` is checked field by field so a typo cannot silently change a run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PartialOptions } from '../../src/core/options.ts';

/** The methods with their own golden view (slugs of `Method` in src/core/types.ts), then the end-to-end cases. */
export const GOLDEN_KINDS = ['title-anchor', 'metadata', 'date-svm', 'link-blocks', 'combine', 'pipeline'] as const;
export type GoldenKind = (typeof GOLDEN_KINDS)[number];

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const REPO_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface CaseSpec {
  readonly url: string | null;
  readonly lang: string;
  readonly linkTitle?: string;
  /** "Now" for the injected clock, `YYYY-MM-DD` (midnight UTC). */
  readonly now: string;
  readonly options?: PartialOptions;
  /** One line: what this case pins down. */
  readonly why: string;
}

export interface GoldenCase {
  readonly kind: GoldenKind;
  readonly slug: string;
  readonly dir: string;
  readonly html: string;
  readonly spec: CaseSpec;
  readonly expectedPath: string;
}

const CASE_KEYS = new Set(['url', 'lang', 'linkTitle', 'now', 'options', 'why']);

/** Every case of every kind, sorted by kind then slug. */
export function loadCases(): GoldenCase[] {
  const out: GoldenCase[] = [];
  for (const kind of GOLDEN_KINDS) {
    const kindDir = join(FIXTURES_DIR, kind);
    if (!existsSync(kindDir)) continue;
    const slugs = readdirSync(kindDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    for (const slug of slugs) {
      const dir = join(kindDir, slug);
      out.push({
        kind,
        slug,
        dir,
        html: readFileSync(requireFile(dir, 'page.html'), 'utf8'),
        spec: parseCaseSpec(readFileSync(requireFile(dir, 'case.json'), 'utf8'), relPath(join(dir, 'case.json'))),
        expectedPath: join(dir, 'expected.json'),
      });
    }
  }
  return out;
}

/** A path relative to the repository, for messages. */
export function relPath(path: string): string {
  return relative(REPO_DIR, path);
}

function requireFile(dir: string, name: string): string {
  const path = join(dir, name);
  if (!existsSync(path)) throw new Error(`golden case ${relPath(dir)} has no ${name}`);
  return path;
}

export function parseCaseSpec(text: string, where: string): CaseSpec {
  const raw: unknown = JSON.parse(text);
  const fail = (msg: string): never => {
    throw new Error(`${where}: ${msg}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('must be a JSON object');
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!CASE_KEYS.has(key)) fail(`unknown field "${key}"`);
  if (!(o['url'] === null || (typeof o['url'] === 'string' && /^https?:\/\//.test(o['url'])))) fail('"url" must be an http(s) URL or null');
  if (typeof o['lang'] !== 'string' || o['lang'] === '') fail('"lang" must be a language tag');
  if (o['linkTitle'] !== undefined && typeof o['linkTitle'] !== 'string') fail('"linkTitle" must be a string');
  if (typeof o['now'] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(o['now'])) fail('"now" must be YYYY-MM-DD');
  if (o['options'] !== undefined && (typeof o['options'] !== 'object' || o['options'] === null)) fail('"options" must be an object');
  if (typeof o['why'] !== 'string' || o['why'].trim() === '') fail('"why" must say what the case pins down');
  return o as unknown as CaseSpec;
}
