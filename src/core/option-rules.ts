/**
 * The rules an option's value must keep, as data: each method's options file (core/<method>/options.ts)
 * lists the rules of its section beside its defaults, and core/options.ts runs them all with `brokenRule`
 * when it resolves options. A rule names a value by its path in the section (`simThresholdPct`,
 * `dateConfidence.url`), or every entry of a group by `group.*` (`dateConfidence.*`).
 *
 * This file imports nothing, so that every options file may import its types without a cycle.
 */

/**
 * The dotted paths of a section's values of type `Leaf` (and `group.*` for a group whose every entry is
 * one); any string for a section whose keys are not known.
 */
export type OptionPath<T, Leaf> = string extends keyof T
  ? string
  : {
      [K in keyof T & string]: T[K] extends Leaf
        ? K
        : T[K] extends readonly unknown[]
          ? never
          : T[K] extends object
            ? (T[K][keyof T[K]] extends Leaf ? `${K}.*` : never) | `${K}.${OptionPath<T[K], Leaf>}`
            : never;
    }[keyof T & string];

type NumberPath<T> = OptionPath<T, number>;

/** A rule on the values of options section `T` (its paths checked against `T`). */
export type OptionRule<T = Record<string, unknown>> =
  /** A finite number ≥ `min`: "… must be a number ≥ 0, got -1". */
  | { readonly path: NumberPath<T>; readonly check: 'min'; readonly min: number }
  /** A whole number ≥ `min`: "… must be a whole number ≥ 1, got 0.5". */
  | { readonly path: NumberPath<T>; readonly check: 'integer'; readonly min: number }
  /**
   * A number in [`min`, `max`], or [`min`, `max`) with `maxExclusive`: "… must be in [0, 100], got 120".
   * NaN is outside every range.
   */
  | { readonly path: NumberPath<T>; readonly check: 'range'; readonly min: number; readonly max: number; readonly maxExclusive?: boolean }
  /** A finite number (any sign): "… must be a number, got NaN". */
  | { readonly path: NumberPath<T>; readonly check: 'finite' }
  /** One of `values`: `… must be one of code, text, got "css"`. */
  | { readonly path: OptionPath<T, string>; readonly check: 'choice'; readonly values: readonly string[] };

/**
 * The message of the first rule, in the order given, that a value of `section` breaks (its path named
 * after `prefix`, e.g. "titleAnchor"), or undefined when it keeps them all. The comparisons are written as
 * `!(v >= min && v <= max)` and the like, so that NaN breaks every numeric rule.
 */
export function brokenRule(section: unknown, rules: readonly OptionRule[], prefix = ''): string | undefined {
  for (const rule of rules) {
    for (const [name, value] of valuesAt(section, rule.path, prefix)) {
      const message = breach(rule, name, value);
      if (message !== undefined) return message;
    }
  }
  return undefined;
}

/** The values a rule's path names, each with its full name: one, or every entry of a group for `group.*`. */
function valuesAt(section: unknown, path: string, prefix: string): [string, unknown][] {
  const keys = path.split('.');
  const group = keys.at(-1) === '*';
  if (group) keys.pop();
  let value = section;
  for (const key of keys) value = (value as Record<string, unknown>)[key];
  const name = prefix === '' ? keys.join('.') : `${prefix}.${keys.join('.')}`;
  if (!group) return [[name, value]];
  return Object.entries(value as object).map(([key, v]): [string, unknown] => [`${name}.${key}`, v]);
}

function breach(rule: OptionRule, name: string, value: unknown): string | undefined {
  // Read as a number and compared as JavaScript compares, so a value of the wrong type passes or fails
  // exactly as it did when these checks were written out by hand.
  const v = value as number;
  switch (rule.check) {
    case 'min':
      return !Number.isFinite(v) || v < rule.min ? `${name} must be a number ≥ ${rule.min}, got ${v}` : undefined;
    case 'integer':
      return !Number.isInteger(v) || v < rule.min ? `${name} must be a whole number ≥ ${rule.min}, got ${v}` : undefined;
    case 'range':
      if (rule.maxExclusive === true)
        return v >= rule.min && v < rule.max ? undefined : `${name} must be in [${rule.min}, ${rule.max}), got ${v}`;
      return v >= rule.min && v <= rule.max ? undefined : `${name} must be in [${rule.min}, ${rule.max}], got ${v}`;
    case 'finite':
      return Number.isFinite(v) ? undefined : `${name} must be a number, got ${v}`;
    case 'choice':
      return rule.values.includes(value as string) ? undefined : `${name} must be one of ${rule.values.join(', ')}, got "${v}"`;
  }
}
