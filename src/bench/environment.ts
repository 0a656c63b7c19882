/**
 * The facts a bench result records beside its figures: the @mozilla/readability version it ran, the
 * machine, and the size of the date model the core ships.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ModelSize } from './types.ts';

/** The date model as the bundles ship it (packed, src/core/pack/), from the repository root. */
export const DATE_MODEL_FILE = 'src/core/date-svm/default-model.packed.json';

/**
 * The size of `DATE_MODEL_FILE`, found like `pageBundlePath` finds the bundles: from src/bench/ (tests, tsx)
 * or from build/ (the built CLI).
 */
export function dateModelSize(): ModelSize | null {
  const candidates = [
    new URL('../core/date-svm/default-model.packed.json', import.meta.url),
    new URL(`../${DATE_MODEL_FILE}`, import.meta.url),
  ];
  for (const c of candidates) {
    const path = fileURLToPath(c);
    if (existsSync(path)) return { file: DATE_MODEL_FILE, bytes: statSync(path).size };
  }
  return null;
}

/** The installed @mozilla/readability's version (the one build/readability-page.js bundles). */
export function readabilityVersion(): string {
  try {
    const pkg = createRequire(import.meta.url)('@mozilla/readability/package.json') as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** "2 × <CPU model>, linux/x64": the cores, the CPU and the platform. */
export function machine(): string {
  const list = cpus();
  const model = list[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${list.length} × ${model}, ${process.platform}/${process.arch}`;
}
