/**
 * The error of a set that cannot be read (dataset.ts: a bad gold line; dataset-zip.ts: a zip that is not
 * a set, or not safe to unpack). The command line prints its message as one line and exits 1. In a
 * module of its own so that both loaders throw it without importing each other (no import cycles).
 */
export class DatasetError extends Error {}
