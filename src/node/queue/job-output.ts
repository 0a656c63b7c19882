/**
 * A job's output, written so that a killed worker loses nothing and a finished job is never written twice:
 * lines go to a temporary file of this worker's own (`.<name>.<pid>-<random>.tmp`), which is synced and then
 * linked to the final name only if that name does not exist yet (a hard link fails rather than replace), and
 * removed. A worker killed mid-job leaves only its temporary file, which no reader counts as output; the job
 * runs again elsewhere from the start. If two workers ever finish the same job, the first one's file stays.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { link, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Lines are written in blocks of about this size. */
const BLOCK_CHARS = 1 << 20;

export interface JobOutput {
  readonly tmpPath: string;
  readonly finalPath: string;
  /** Adds a line (with its newline); resolves once it is buffered or written. */
  write(line: string): Promise<void>;
  /** Writes the rest, syncs, and gives the file its final name: false if a finished one was there already. */
  commit(): Promise<boolean>;
  /** Closes and removes the temporary file. */
  discard(): Promise<void>;
}

/** True when the job's final output exists: the job is done. */
export function isJobDone(dir: string, name: string): boolean {
  return existsSync(join(dir, name));
}

export async function openJobOutput(dir: string, name: string): Promise<JobOutput> {
  const finalPath = join(dir, name);
  const tmpPath = join(dir, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const fh: FileHandle = await open(tmpPath, 'wx');
  let pending = '';
  let closed = false;
  const flush = async (): Promise<void> => {
    if (!pending) return;
    const text = pending;
    pending = '';
    await fh.write(text);
  };
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await fh.close();
  };
  return {
    tmpPath,
    finalPath,
    async write(line) {
      pending += line;
      if (pending.length >= BLOCK_CHARS) await flush();
    },
    async commit() {
      await flush();
      await fh.sync();
      await close();
      try {
        await link(tmpPath, finalPath);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') {
          await unlink(tmpPath);
          return false;
        }
        // A file system without hard links: a rename, unless the job's file has appeared meanwhile.
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw err;
        if (existsSync(finalPath)) {
          await unlink(tmpPath);
          return false;
        }
        await rename(tmpPath, finalPath);
        return true;
      }
      await unlink(tmpPath);
      return true;
    },
    async discard() {
      await close();
      await unlink(tmpPath).catch(() => undefined);
    },
  };
}
