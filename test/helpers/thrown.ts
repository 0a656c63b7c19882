/**
 * The error of class `kind` that `fn` throws; fails the test when it throws nothing (or rethrows anything
 * else, so its message shows).
 */
export function thrown<E extends Error>(kind: abstract new (...args: never[]) => E, fn: () => unknown): E {
  try {
    fn();
  } catch (err) {
    if (err instanceof kind) return err;
    throw err;
  }
  throw new Error(`expected a ${kind.name}`);
}
