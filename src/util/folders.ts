// Creating output folders. Node's `mkdirSync(path, { recursive: true })` loops forever when a
// parent refuses new entries with ENOENT (e.g. under /proc), so folders are made one level at a
// time from the deepest existing ancestor, and the first refusal is thrown as is.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Makes `path` and its missing parents; throws the system error (with its path) of the first level that fails. */
export function makeFolders(path: string): void {
  const missing: string[] = [];
  let current = resolve(path);
  for (;;) {
    try {
      if (statSync(current).isDirectory()) break;
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), { code: 'ENOTDIR', syscall: 'mkdir', path: current });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    missing.push(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
