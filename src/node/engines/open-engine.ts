/** Picks and opens an engine: chromium when the binary is there, else dom (and says which). */
import { existsSync } from 'node:fs';
import type { Engine, EngineName } from './engine.ts';
import { DEFAULT_PAGE_TIME_LIMIT_MS, chromiumPath } from './engine.ts';
import { DEFAULT_CHROMIUM_OPTIONS, createChromiumEngine } from './chromium-engine.ts';
import { createDomEngine } from './dom-engine.ts';
import { writeErr } from '../terminal-text.ts';

export function defaultEngine(): EngineName {
  const name: EngineName = existsSync(chromiumPath()) ? 'chromium' : 'dom';
  if (name === 'dom') writeErr(`article-lens: no Chromium at ${chromiumPath()}: using the dom engine (no layout)\n`);
  return name;
}

/** What every engine takes. */
export interface EngineSettings {
  /** Time one page may take (`--time-limit`), in ms: in the chromium engine, to load and again to extract. */
  readonly timeLimitMs: number;
}

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = { timeLimitMs: DEFAULT_PAGE_TIME_LIMIT_MS };

export async function openEngine(name: EngineName, settings: EngineSettings = DEFAULT_ENGINE_SETTINGS): Promise<Engine> {
  return name === 'chromium'
    ? createChromiumEngine({ ...DEFAULT_CHROMIUM_OPTIONS, loadTimeoutMs: settings.timeLimitMs, timeLimitMs: settings.timeLimitMs })
    : createDomEngine({ timeLimitMs: settings.timeLimitMs });
}
