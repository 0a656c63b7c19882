/**
 * WARC records through an engine, as JSON lines: the pages of each file (read-records.ts) go to the engine
 * `concurrency` at a time (the dom engine's worker pool), and their lines are written in the records' order.
 * Memory stays bounded: a record is read only when a slot is free, at most a few finished lines wait for an
 * earlier page, and writing waits for the output to drain (backpressure from stdout or a file).
 * Nothing one record does stops the others: a page that cannot be decoded or extracted is a line with its
 * `error`; a file that is not a WARC, or stops being one, is a line with its `error` and the next file goes on.
 */
import type { Article, PartialOptions } from '../../core/index.ts';
import type { Engine, PageIssue } from '../engines/engine.ts';
import { usablePageUrl } from '../page-url.ts';
import { DecodeError, decodePage, decodeWarnings } from '../read-page.ts';
import { withCaptureMark } from './capture-mark.ts';
import type { ReadOptions, RecordRef, SkipReason, WarcItem, WarcSlice } from './read-records.ts';
import { DEFAULT_READ_OPTIONS, readRecords } from './read-records.ts';
import { WarcError } from './warc-start.ts';

/** One output line: where the record is, then the article's fields, an error, or why it was skipped. */
export type WarcLine = Readonly<Record<string, unknown>>;

export interface WarcRunOptions {
  readonly engine: Engine;
  readonly options: PartialOptions;
  /** Pages in the engine at once. */
  readonly concurrency: number;
  /** At most this many pages (HTML records) in all, or null. */
  readonly limit: number | null;
  /** Also a line for each skipped record, with its reason (`--skipped`); otherwise they are only counted. */
  readonly skippedLines: boolean;
  /** The article's fields in the output format (`extract --format`). */
  readonly render: (article: Article) => Readonly<Record<string, unknown>>;
  /** Writes one line (with its newline); resolves when the output can take more. */
  readonly write: (line: string) => Promise<void>;
  /** After each record. */
  readonly onRecord?: (tally: WarcTally) => void;
  readonly read?: ReadOptions;
}

/** What a run did, by record. */
export interface WarcTally {
  /** Every record read (pages, skipped, others). */
  records: number;
  /** HTML records sent to the engine. */
  pages: number;
  /** Pages that gave an article. */
  ok: number;
  /** Pages that gave an error line. */
  errors: number;
  /** Records of a page's kind skipped, by reason. */
  readonly skipped: Record<SkipReason, number>;
  /** Requests, metadata, warcinfo… */
  other: number;
  /** Files that could not be read, or stopped being a WARC, with why. */
  readonly fileErrors: { readonly warc: string; readonly error: string }[];
}

export function emptyTally(): WarcTally {
  return {
    records: 0,
    pages: 0,
    ok: 0,
    errors: 0,
    skipped: { 'not-html': 0, revisit: 0, truncated: 0, 'too-large': 0, 'http-status': 0, empty: 0 },
    other: 0,
    fileErrors: [],
  };
}

interface Slot {
  settled: boolean;
  line: WarcLine | null;
  readonly done: Promise<void>;
}

export async function extractWarcRecords(slices: AsyncIterable<WarcSlice> | Iterable<WarcSlice>, run: WarcRunOptions): Promise<WarcTally> {
  const tally = emptyTally();
  const concurrency = Math.max(1, run.concurrency);
  const queue: Slot[] = [];
  let inEngine = 0;
  let freed: (() => void) | null = null;
  const flushSettled = async (): Promise<void> => {
    while (queue[0]?.settled) {
      const slot = queue.shift() as Slot;
      if (slot.line) await run.write(`${JSON.stringify(slot.line)}\n`);
    }
  };
  const push = async (slot: Slot): Promise<void> => {
    queue.push(slot);
    await flushSettled();
    // The oldest line holds the others back: wait for it before reading on when the queue is long.
    while (queue.length > 4 * concurrency) {
      await (queue[0] as Slot).done;
      await flushSettled();
    }
  };
  const ready = (line: WarcLine | null): Slot => ({ settled: true, line, done: Promise.resolve() });

  outer: for await (const slice of slices) {
    try {
      for await (const item of readRecords(slice, run.read ?? DEFAULT_READ_OPTIONS)) {
        tally.records++;
        if (item.kind === 'other') tally.other++;
        else if (item.kind === 'skipped') {
          tally.skipped[item.reason]++;
          await push(ready(run.skippedLines ? { ...refFields(item.ref), skipped: item.reason, reason: item.detail } : null));
        } else {
          if (run.limit !== null && tally.pages >= run.limit) break outer;
          tally.pages++;
          while (inEngine >= concurrency) {
            await new Promise<void>((resolve) => (freed = resolve));
            await flushSettled();
          }
          inEngine++;
          const slot: Slot = {
            settled: false,
            line: null,
            done: extractPage(item, run).then((line) => {
              slot.line = line;
              slot.settled = true;
              if ('error' in line) tally.errors++;
              else tally.ok++;
              inEngine--;
              const wake = freed;
              freed = null;
              wake?.();
            }),
          };
          await push(slot);
        }
        run.onRecord?.(tally);
      }
    } catch (err) {
      if (!(err instanceof WarcError)) throw err;
      // Pages of the file already in the engine keep their place before the file's error line.
      tally.fileErrors.push({ warc: slice.path, error: err.message });
      await push(ready({ warc: slice.path, offset: slice.offset, error: err.message, errorKind: 'warc' }));
    }
  }
  for (const slot of [...queue]) await slot.done;
  await flushSettled();
  return tally;
}

function refFields(ref: RecordRef): WarcLine {
  return { warc: ref.warc, offset: ref.offset, recordId: ref.recordId, url: ref.url, warcDate: ref.warcDate };
}

/** One page through the engine: its line, with the article's fields or the one-line error. */
async function extractPage(item: Extract<WarcItem, { kind: 'page' }>, run: WarcRunOptions): Promise<WarcLine> {
  const fields = refFields(item.ref);
  const failed = (kind: PageIssue['kind'], error: string): WarcLine => ({ ...fields, error, errorKind: kind });
  let html: string;
  const notes: string[] = [];
  try {
    const decoded = decodePage(item.bytes, item.charset);
    html = withCaptureMark(decoded.html, item.ref.warcDate);
    notes.push(...decodeWarnings(decoded));
  } catch (err) {
    if (err instanceof DecodeError) return failed('input', err.message);
    throw err;
  }
  const { url, warning } = usablePageUrl(item.ref.url);
  if (warning) notes.push(warning);
  try {
    const result = await run.engine.extract({ html, url, linkTitle: null }, run.options);
    if (!result.ok) return failed(result.kind, result.error);
    const article = notes.length ? { ...result.article, warnings: [...notes, ...result.article.warnings] } : result.article;
    // The record's URL stands first; the article's own (the same, or null when it cannot be a base) is not repeated.
    const rendered: Record<string, unknown> = { ...run.render(article) };
    delete rendered['url'];
    return { ...fields, ...rendered };
  } catch (err) {
    return failed('extraction', `extraction failed: ${err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)}`);
  }
}
