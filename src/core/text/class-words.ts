/** The lower-case words of a class or id value: split at non-letters and at camelCase humps. */
export function classTokens(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t.length > 1);
}
