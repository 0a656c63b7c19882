/**
 * Everything the Node hosts print to a terminal goes through here: page text, ids, dates, zip entry names
 * and field names come from outside, and a raw ESC in them is a terminal command (issue 40: a page's text
 * cleared the screen and printed "ALL GOOD"). Control characters are shown as visible marks instead —
 * C0 as their Unicode control pictures (ESC as ␛), DEL as ␡, C1 as U+FFFD — but the newline and the tab,
 * which are layout. The one escape the CLI writes itself, clearing a progress line, is added after.
 * An eslint rule keeps `process.stdout.write` and `process.stderr.write` out of every other file.
 */

/** C0 controls but tab and newline, DEL, C1 controls. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/** What a terminal reads as "go back to the line's start and clear it", before a progress line. */
const CLEAR_LINE = '\r\x1b[K';

/** `text` with its control characters (but \n and \t) made visible. */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
  });
}

/**
 * JSON text with DEL and the C1 controls written as `\u00XX` escapes (JSON.stringify escapes only C0):
 * the same data, nothing a terminal acts on.
 */
export function terminalJson(json: string): string {
  return json.replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Prints to stdout, made printable. */
export function writeOut(text: string): void {
  process.stdout.write(printable(text));
}

/**
 * Prints to stderr, made printable; `clearLine` first clears a progress line the CLI drew there (the
 * caller says when stderr is a terminal).
 */
export function writeErr(text: string, clearLine = false): void {
  process.stderr.write(`${clearLine ? CLEAR_LINE : ''}${printable(text)}`);
}

/** stdout's reader has gone (`… | head`): a batch stops writing, quietly. */
export class OutputClosedError extends Error {}

let stdoutClosed = false;
let watchingStdout = false;

/**
 * Prints to stdout, made printable, and resolves once stdout can take more: a batch that writes line after
 * line waits for a slow reader (a pipe, a file on a slow disk) instead of holding its lines in memory.
 * Rejects with OutputClosedError once the reader has closed the pipe.
 */
export function writeOutDrained(text: string): Promise<void> {
  if (!watchingStdout) {
    watchingStdout = true;
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      stdoutClosed = true;
      process.stdout.emit('drain');
    });
  }
  if (stdoutClosed) return Promise.reject(new OutputClosedError('stdout was closed'));
  if (process.stdout.write(printable(text))) return Promise.resolve();
  return new Promise((resolve) => process.stdout.once('drain', () => resolve()));
}
