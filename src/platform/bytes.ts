/**
 * Byte chunks made one array: a download read chunk by chunk (the CLI's URL fetch, src/node/fetch-page.ts),
 * a zip made or unpacked by streaming (the annotations' dataset zip, src/shared/annotation/dataset-zip.ts).
 * Host-neutral, like the rest of src/platform.
 */

/**
 * The chunks one after another in one array. `length`, when the caller counted it, saves a pass over the
 * chunks; a single chunk is handed back as it is, not copied.
 */
export function concatBytes(chunks: readonly Uint8Array[], length?: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  let total = length ?? 0;
  if (length === undefined) for (const c of chunks) total += c.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
