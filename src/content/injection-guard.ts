/**
 * Idempotent injection (STYLE.md §8.9): the content script can arrive twice in the same tab (declared in
 * the manifest, then injected again by the popup's fallback, or again after an extension update). Each
 * start stops the previous instance's listeners before adding its own, and gets a new generation number,
 * so a tab never holds two sets of listeners.
 */

const STATE = Symbol.for('article-lens/content-script');

interface InjectionState {
  generation: number;
  stop: (() => void) | null;
}

type GuardedGlobal = typeof globalThis & { [STATE]?: InjectionState };

/** Runs `start` as the only live instance in this world; returns its generation (1 for the first). */
export function claimInjection(start: (generation: number) => () => void, global: object = globalThis): number {
  const g = global as GuardedGlobal;
  const state = (g[STATE] ??= { generation: 0, stop: null });
  try {
    state.stop?.();
  } catch {
    // The previous instance belonged to an extension context that is gone; its listeners are inert.
  }
  state.generation += 1;
  state.stop = start(state.generation);
  return state.generation;
}
