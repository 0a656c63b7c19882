/** Picks and opens an engine: chromium when the binary is there, else dom (and says which). */
import { existsSync } from 'node:fs';
import type { Engine, EngineName } from './engine.ts';
import { chromiumPath } from './engine.ts';
import { createChromiumEngine } from './chromium-engine.ts';
import { createDomEngine } from './dom-engine.ts';

export function defaultEngine(): EngineName {
  const name: EngineName = existsSync(chromiumPath()) ? 'chromium' : 'dom';
  if (name === 'dom') process.stderr.write(`article-lens: no Chromium at ${chromiumPath()}: using the dom engine (no layout)\n`);
  return name;
}

export async function openEngine(name: EngineName): Promise<Engine> {
  return name === 'chromium' ? createChromiumEngine() : createDomEngine();
}
