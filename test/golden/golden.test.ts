/**
 * Golden fixtures per method (STYLE.md §8.7, Readability's test-pages style): every case under
 * test/fixtures/<method>/<case>/ is extracted with the core's `extract()` on happy-dom and on linkedom,
 * with a fixed clock, the static probe and the trace on; the method's view (views.ts) must be the same on
 * both DOMs and deep-equal `expected.json`.
 *
 * Updating is explicit: `UPDATE_GOLDEN=1 npx vitest run test/golden` (re)writes expected.json, and the
 * diff is then reviewed by hand. Without it a missing expected.json fails; nothing is created silently.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractEnv, ExtractOptions, PartialOptions } from '../../src/core/index.ts';
import { extract, resolveOptions } from '../../src/core/index.ts';
import { staticProbe } from '../../src/platform/static-probe.ts';
import { DOM_KINDS, closeWindows, parseWith } from '../helpers/dom.ts';
import type { DomKind } from '../helpers/dom.ts';
import type { GoldenCase } from './cases.ts';
import { loadCases, relPath } from './cases.ts';
import { buildView, learnedView } from './views.ts';

afterAll(closeWindows);

const UPDATE = process.env['UPDATE_GOLDEN'] === '1';
const UPDATE_COMMAND = 'UPDATE_GOLDEN=1 npx vitest run test/golden';
const CASES = loadCases();

function viewOn(kind: DomKind, c: GoldenCase): unknown {
  const env: ExtractEnv = {
    probe: staticProbe,
    clock: { now: () => new Date(`${c.spec.now}T00:00:00Z`) },
    timer: () => 0,
  };
  const input = { url: c.spec.url, linkTitle: c.spec.linkTitle ?? null };
  const doc = parseWith(kind, c.html);
  const pageLang = doc.documentElement.getAttribute('lang') ?? '';
  if (!pageLang.toLowerCase().startsWith(c.spec.lang.toLowerCase())) {
    throw new Error(`${relPath(c.dir)}: case.json says lang "${c.spec.lang}" but page.html has <html lang="${pageLang}">`);
  }
  const run = (learned: boolean) => extract(doc, env, input, optionsOf(c, learned));
  // A method's view pins the rules (the block model off); the end-to-end view is what a user gets; the
  // combine view pins the rules and shows beside them what the block model makes of the same page.
  if (c.kind === 'pipeline') return buildView(c.kind, run(true));
  const view = buildView(c.kind, run(false));
  return c.kind === 'combine' ? { ...(view as object), learned: learnedView(run(true)) } : view;
}

function optionsOf(c: GoldenCase, learned: boolean): ExtractOptions {
  const spec = (c.spec.options ?? {}) as PartialOptions;
  const combine = { ...spec.combine, extensions: { ...spec.combine?.extensions, learnedBlocks: learned } };
  return resolveOptions({ ...spec, combine, trace: { enabled: true } } as PartialOptions);
}

function toJsonFile(view: unknown): string {
  return `${JSON.stringify(view, null, 2)}\n`;
}

describe('golden fixtures', () => {
  it('has cases for every method', () => {
    expect(CASES.length).toBeGreaterThan(0);
  });

  describe.each(CASES.map((c) => [`${c.kind}/${c.slug}`, c] as const))('%s', (name, c) => {
    it(c.spec.why, () => {
      const views = new Map(DOM_KINDS.map((kind) => [kind, viewOn(kind, c)]));
      const [first, ...rest] = DOM_KINDS;
      for (const kind of rest) {
        expect(views.get(kind), `${name}: the ${kind} view differs from the ${first} view (cross-DOM matrix)`).toEqual(views.get(first!));
      }
      const expectedFile = relPath(c.expectedPath);
      if (UPDATE) {
        writeFileSync(c.expectedPath, toJsonFile(views.get(first!)));
        return;
      }
      if (!existsSync(c.expectedPath)) {
        throw new Error(
          `${expectedFile} is missing. Create it with \`${UPDATE_COMMAND}\`, then review every value against page.html and ALGORITHMS.md before committing it.`,
        );
      }
      const expected: unknown = JSON.parse(readFileSync(c.expectedPath, 'utf8'));
      for (const [kind, view] of views) {
        expect(
          view,
          `${name} on ${kind} differs from ${expectedFile} (if the change is intended: \`${UPDATE_COMMAND}\` and review the diff)`,
        ).toEqual(expected);
      }
    });
  });
});
