// Output folders that a command writes whole (the demo's, a viewer export, an HF export): ctxbench
// only ever replaces a folder it created itself, recognised by a marker file; the current folder,
// its parents and any other non-empty folder are refused with a message. A folder written whole
// appears complete or not at all: it is built as a temporary sibling and renamed into place.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { InputError, errorReason } from './errors.ts';
import { makeFolders } from './folders.ts';

const MARKER = '.ctxbench-output';

/**
 * Whether `path` may become the output folder of `owner`: refused when it is the current folder,
 * a parent of it, the home folder, a file, or a non-empty folder `owner` did not mark (with no
 * owner, any non-empty folder). Returns whether it exists with contents (marked by `owner`).
 */
function checkReplaceable(path: string, owner: string | null, what: string): boolean {
  const cwd = process.cwd();
  if (path === cwd || cwd.startsWith(path.endsWith(sep) ? path : path + sep) || path === homedir()) {
    throw new InputError(
      `refusing to write the ${what} into ${path}: it is the current folder, one of its parents or the home folder; ` +
        `pass a new folder (e.g. ctxbench-${owner ?? 'out'})`,
    );
  }
  if (!existsSync(path)) return false;
  if (!statSync(path).isDirectory())
    throw new InputError(`${path} is a file, not a folder: pass a new folder for the ${what}`);
  if (readdirSync(path).length === 0) return false;
  const marker = join(path, MARKER);
  const markedBy = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null;
  if (owner === null)
    throw new InputError(
      `${path} exists and is not empty: refusing to replace its contents; pass a new or empty folder`,
    );
  if (markedBy !== owner)
    throw new InputError(
      `${path} is not empty and was not created by ctxbench ${owner}: refusing to replace its contents; pass a new ` +
        `or empty folder`,
    );
  return true;
}

/**
 * Makes `dir` the output folder of `owner` (e.g. `demo`): creates and marks it when it is missing or
 * empty, accepts it when `owner` marked it before, refuses anything else. The caller may then replace
 * what it writes there.
 */
export function claimOutputFolder(dir: string, owner: string): string {
  const path = resolve(dir);
  if (checkReplaceable(path, owner, `${owner} outputs`)) return path;
  if (!existsSync(path)) makeFolders(path);
  writeFileSync(join(path, MARKER), `${owner}\n`);
  return path;
}

/**
 * Writes the folder `dir` whole: `fill` writes into a temporary sibling, which replaces `dir` once
 * complete; on any failure `dir` is left as it was and the temporary folder removed. `dir` must be
 * missing or empty, or (with `owner`) a folder that owner wrote before; with `owner` the result is
 * marked as its. Returns what `fill` returns.
 */
export function writeFolderWhole<T>(
  dir: string,
  fill: (temporary: string) => T,
  options: { owner?: string; what: string },
): T {
  const target = resolve(dir);
  const owner = options.owner ?? null;
  const replacing = checkReplaceable(target, owner, options.what);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  const previous = join(dirname(target), `.${basename(target)}.${process.pid}.old`);
  rmSync(temporary, { recursive: true, force: true });
  try {
    mkdirSync(temporary, { recursive: true });
    const result = fill(temporary);
    if (owner) writeFileSync(join(temporary, MARKER), `${owner}\n`);
    if (replacing) renameSync(target, previous);
    else if (existsSync(target)) rmdirSync(target);
    renameSync(temporary, target);
    if (replacing) rmSync(previous, { recursive: true, force: true });
    return result;
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    if (replacing && !existsSync(target) && existsSync(previous)) renameSync(previous, target);
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot write the ${options.what}: ${errorReason(error)}`, { file: target });
  }
}
