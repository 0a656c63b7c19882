/**
 * The repository's own pages the hosts-agree tests read (test/core/model/hosts-agree.test.ts,
 * test/e2e/model-hosts.test.ts): every page.html of the golden fixtures, and the .html pages of xss/,
 * clobber/ and cli/ — every .html file under test/fixtures/.
 */
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const MODEL_FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** The pages, as paths under `MODEL_FIXTURES`, sorted. */
export function modelPages(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.html')) out.push(path);
    }
  };
  walk(MODEL_FIXTURES);
  return out.map((p) => p.slice(MODEL_FIXTURES.length));
}
