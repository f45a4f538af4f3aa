// The run folder of a command that writes candidates (eval, docstrings generate): made if missing
// and locked for the call. When the call ends (done, failed or interrupted) with no candidate
// stored in a folder it made, the folder goes again, so a failed first call leaves nothing behind;
// a folder that existed before (even empty) or that holds a candidate is never removed.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { makeFolders, removeMadeFolders } from '../util/folders.ts';
import { lockFolder, type FolderLock } from '../util/lock.ts';
import { openRunStore, runDatabasePath } from './store.ts';

export interface RunFolder {
  /** Unlocks the folder, and removes it when this call made it and no candidate is stored. */
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
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const discard = made.length > 0 && storedCandidates(dir) === 0;
      if (discard) for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${runDatabasePath(dir)}${suffix}`, { force: true });
      lock.release();
      if (discard) removeMadeFolders(made);
    },
  };
}
