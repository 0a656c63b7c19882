/**
 * A JSON object (not null, not an array): what an options tree, a model file, a message and every record
 * read from outside must be before its fields are read.
 */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
