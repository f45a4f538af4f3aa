// Folder locks: one process at a time works in a run folder or an exec work folder. The lock is a
// file created with O_EXCL holding the owner's pid, host and command; a lock whose owner process is
// gone (same host) is stale and taken over. A second process gets an error naming the holder.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InputError, errorReason } from './errors.ts';

export interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export interface FolderLock {
  readonly file: string;
  release(): void;
}

const LOCK_NAME = '.ctxbench.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of `dir` (which must exist) for `purpose`; throws an InputError naming the holder when another live
 * process has it.
 */
export function lockFolder(dir: string, purpose: string): FolderLock {
  const file = join(dir, LOCK_NAME);
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    command: `${purpose} (${process.argv.slice(1).join(' ')})`.slice(0, 500),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${JSON.stringify(owner)}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
      };
      process.on('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new InputError(`cannot lock the folder: ${errorReason(error)}`, { file: dir });
    }
    const holder = readOwner(file);
    if (holder && holder.pid === process.pid && holder.host === owner.host)
      throw new InputError(`this process already holds the lock (${holder.command})`, { file: dir });
    if (holder && (holder.host !== owner.host || alive(holder.pid))) {
      throw new InputError(
        `in use by another ctxbench process: pid ${holder.pid} on ${holder.host}, ${holder.command}, since ` +
          `${holder.since}; wait for it to finish (or, if that process is gone, delete ${file})`,
        { file: dir },
      );
    }
    // Stale (owner gone) or unreadable (a writer died between create and write): take it over atomically.
    const stale = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, stale);
      rmSync(stale, { force: true });
    } catch {
      // another process took it over first; try again
    }
  }
  throw new InputError('could not take the folder lock (contended)', { file: dir });
}
