// Creating output folders. Node's `mkdirSync(path, { recursive: true })` loops forever when a
// parent refuses new entries with ENOENT (e.g. under /proc), so folders are made one level at a
// time from the deepest existing ancestor, and the first refusal is thrown as is.
import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Makes `path` and its missing parents; throws the system error (with its path) of the first level
 * that fails. Returns the folders it made, outermost first.
 */
export function makeFolders(path: string): string[] {
  const missing: string[] = [];
  let current = resolve(path);
  for (;;) {
    try {
      if (statSync(current).isDirectory()) break;
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), {
        code: 'ENOTDIR',
        syscall: 'mkdir',
        path: current,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    missing.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  const made: string[] = [];
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
      made.push(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return made;
}

/** Removes the folders `makeFolders` made (its result), innermost first, up to the first one that is not empty. */
export function removeMadeFolders(made: readonly string[]): void {
  for (const folder of [...made].reverse()) {
    try {
      rmdirSync(folder);
    } catch {
      return;
    }
  }
}
