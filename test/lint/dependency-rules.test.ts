/**
 * The dependency direction is a lint rule (.dependency-cruiser.cjs, run by `npm run lint`): here it must
 * reject every wrong import of a small fixture tree written to break each rule once, and accept the
 * imports the layers allow (train → node, train → eval).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/dependency-rules/', import.meta.url));

interface Violation {
  readonly rule: { readonly name: string };
  readonly from: string;
  readonly to: string;
}

async function violationsOf(cwd: string): Promise<string[]> {
  const bin = `${ROOT}node_modules/.bin/depcruise`;
  const args = ['src', '--config', `${ROOT}.dependency-cruiser.cjs`, '--output-type', 'json'];
  // depcruise exits non-zero when it finds violations; the JSON on stdout is what counts.
  const { stdout } = await promisify(execFile)(bin, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((err: { stdout?: string }) => ({
    stdout: err.stdout ?? '',
  }));
  const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe('the dependency rules', () => {
  it('reject each wrong import of the fixture tree, and only those', async () => {
    expect(await violationsOf(FIXTURE)).toEqual([
      'commands-are-not-libraries: src/cli/report-command.ts → src/cli/bench-command.ts',
      'core-has-no-node-builtins: src/core/fs-reader.ts → fs',
      'core-is-pure: src/core/sample.ts → src/node/read-page.ts',
      'eval-below-train-and-bench: src/eval/run.ts → src/cli/args.ts',
      'extension-not-node: src/popup/app.ts → src/node/read-page.ts',
      'no-cycles: src/core/sample.ts → src/core/types.ts',
      'nothing-imports-cli: src/eval/run.ts → src/cli/args.ts',
    ]);
  }, 60_000);
});
