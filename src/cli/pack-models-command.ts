/**
 * `article-lens pack-models [--check]`: the shipped models' packed form (what the bundles carry) written
 * from their JSON (what `train-date` and `train-body` write), or, with `--check`, whether it is current.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DateModel } from '../core/date-svm/date-model.ts';
import type { BodyModel } from '../core/combine/learned/body-model-format.ts';
import { packBodyModel, packDateModel } from '../train/pack-models.ts';
import { UsageError } from './options-flags.ts';
import { writeErr, writeOut } from '../node/terminal-text.ts';

/** The shipped models, from the repository's root (the CLI runs from build/ or src/cli/). */
const MODELS = [
  {
    json: 'src/core/date-svm/default-model.json',
    packed: 'src/core/date-svm/default-model.packed.json',
    pack: (m: unknown) => packDateModel(m as DateModel),
  },
  {
    json: 'src/core/combine/learned/body-model.json',
    packed: 'src/core/combine/learned/body-model.packed.json',
    pack: (m: unknown) => packBodyModel(m as BodyModel),
  },
];

/** A path of the repository: the root is one folder up from build/cli.js, two from src/cli/ (the tests). */
function repoPath(path: string): string {
  const up = existsSync(fileURLToPath(new URL('../package.json', import.meta.url))) ? '../' : '../../';
  return fileURLToPath(new URL(`${up}${path}`, import.meta.url));
}

export function packModelsCommand(args: readonly string[]): number {
  const check = args.includes('--check');
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length) throw new UsageError(`pack-models takes only --check, got ${unknown.join(' ')}`);
  let stale = 0;
  for (const m of MODELS) {
    const text = `${JSON.stringify(m.pack(JSON.parse(readFileSync(repoPath(m.json), 'utf8'))))}\n`;
    const target = repoPath(m.packed);
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // not written yet
    }
    if (current === text) {
      writeOut(`${m.packed}: current (${text.length} bytes, ${m.json} ${readFileSync(repoPath(m.json)).length} bytes)\n`);
      continue;
    }
    if (check) {
      stale++;
      writeErr(`article-lens: ${m.packed} is not the packed form of ${m.json}: run article-lens pack-models\n`);
      continue;
    }
    writeFileSync(target, text);
    writeOut(`${m.packed}: written (${text.length} bytes, from ${m.json})\n`);
  }
  return stale ? 1 : 0;
}
