// The run folder of a command that writes candidates (eval, docstrings generate): made if missing
// and locked for the call. When the call ends (done, failed or interrupted) with no candidate
// stored, what it made goes again: the run store it created, and the folders it made (when empty),
// so a failed first call leaves nothing behind. A folder that existed before (even empty), a store
// that existed before, and a store holding a candidate are never removed.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { makeFolders, removeMadeFolders } from '../util/folders.ts';
import { lockFolder, type FolderLock } from '../util/lock.ts';
import { openRunStore, runDatabasePath } from './store.ts';

export interface RunFolder {
  /** Unlocks the folder; with no candidate stored, removes the run store and the folders this call made. */
  release(): void;
}

/** Candidates stored in the run folder `dir` (0 without a run store), or null when its store is unreadable. */
export function storedCandidates(dir: string): number | null {
  if (!existsSync(runDatabasePath(dir))) return 0;
  try {
    const store = openRunStore(dir, { readonly: true });
    try {
      return store.counts().candidates;
    } finally {
      store.close();
    }
  } catch {
    return null;
  }
}

export function holdRunFolder(dir: string, purpose: string): RunFolder {
  const made = makeFolders(dir);
  let lock: FolderLock;
  try {
    lock = lockFolder(resolve(dir), purpose);
  } catch (error) {
    removeMadeFolders(made);
    throw error;
  }
  const storeExisted = existsSync(runDatabasePath(dir));
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const unused = storedCandidates(dir) === 0;
      if (unused && !storeExisted)
        for (const suffix of ['', '-wal', '-shm', '-journal'])
          rmSync(`${runDatabasePath(dir)}${suffix}`, { force: true });
      lock.release();
      if (unused) removeMadeFolders(made);
    },
  };
}
