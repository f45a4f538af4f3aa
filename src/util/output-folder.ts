// Output folders that a command replaces on every run (the demo's): ctxbench only ever empties a
// folder it created itself, recognised by a marker file; the current folder, its parents and any
// other non-empty folder are refused with a message.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { InputError } from './errors.ts';
import { makeFolders } from './folders.ts';

const MARKER = '.ctxbench-output';

/**
 * Makes `dir` the output folder of `owner` (e.g. `demo`): creates and marks it when it is missing or
 * empty, accepts it when `owner` marked it before, refuses anything else. The caller may then replace
 * what it writes there.
 */
export function claimOutputFolder(dir: string, owner: string): string {
  const path = resolve(dir);
  const cwd = process.cwd();
  if (path === cwd || cwd.startsWith(path.endsWith(sep) ? path : path + sep) || path === homedir()) {
    throw new InputError(`refusing to write the ${owner} outputs into ${path}: it is the current folder, one of its parents or the home folder; pass a new folder, e.g. --out ctxbench-${owner}`);
  }
  if (!existsSync(path)) makeFolders(path);
  else if (!statSync(path).isDirectory()) throw new InputError(`${path} is a file, not a folder: pass a new folder for the ${owner} outputs`);
  else if (readdirSync(path).length > 0) {
    const marker = join(path, MARKER);
    const markedBy = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null;
    if (markedBy !== owner) {
      throw new InputError(`${path} is not empty and was not created by ctxbench ${owner}: refusing to replace its contents; pass a new or empty folder`);
    }
    return path;
  }
  writeFileSync(join(path, MARKER), `${owner}\n`);
  return path;
}
