// Worker trees: copying the prepared tree, fingerprinting a repository, and putting a worker back
// exactly into the prepared state after a candidate.
//
// Reset: every entry of the worker is compared with a snapshot taken when it was last clean, by
// inode and ctime (the kernel sets ctime on every change of content or metadata, and nothing can
// set it back, so a candidate cannot hide a change). Changed and deleted entries are copied back
// from the prepared tree with `cp -a` (content, mode, owner and timestamps, so build products and
// sources keep the mtimes of the prepared tree and `make` sees a consistent, built tree); new
// entries are removed. The spliced file, the objects its build rewrote and anything the tests
// wrote all go back, so nothing of one candidate survives into the next.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';

type EntryKind = 'file' | 'dir' | 'link' | 'other';
interface EntryStamp {
  kind: EntryKind;
  ino: bigint;
  ctimeNs: bigint;
}
/** Relative path -> stamp, parents before children. */
export type TreeSnapshot = Map<string, EntryStamp>;

function kindOf(stats: BigIntStats): EntryKind {
  return stats.isDirectory() ? 'dir' : stats.isSymbolicLink() ? 'link' : stats.isFile() ? 'file' : 'other';
}

/** Visits every entry below `root` in sorted pre-order (parents first). */
function walk(root: string, visit: (relative: string, stats: BigIntStats) => boolean | void, relative = ''): void {
  const names = readdirSync(join(root, relative)).sort();
  for (const name of names) {
    const child = relative === '' ? name : `${relative}/${name}`;
    const stats = lstatSync(join(root, child), { bigint: true });
    const descend = visit(child, stats);
    if (stats.isDirectory() && descend !== false) walk(root, visit, child);
  }
}

export function snapshotTree(root: string): TreeSnapshot {
  const snapshot: TreeSnapshot = new Map();
  walk(root, (relative, stats) => {
    snapshot.set(relative, { kind: kindOf(stats), ino: stats.ino, ctimeNs: stats.ctimeNs });
  });
  return snapshot;
}

function run(command: string, args: string[], cwd?: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 6).join(' ')}${args.length > 6 ? ' ...' : ''} failed: ${result.stderr || result.error?.message}`);
}

/** Copies a whole tree (`to` must not exist). Reflinks where the file system has them. */
export function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  run('cp', ['-a', '--reflink=auto', `${from}/.`, to]);
}

export function chownTree(root: string, identity: { uid: number; gid: number } | null): void {
  if (identity) run('chown', ['-R', `${identity.uid}:${identity.gid}`, root]);
}

export function removeTree(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** Puts `worker` back into the state of `base`; returns the paths it had to restore or remove and the new snapshot. */
export function resetTree(worker: string, base: string, clean: TreeSnapshot, identity: { uid: number; gid: number } | null): { changed: string[]; snapshot: TreeSnapshot } {
  const current = snapshotTree(worker);
  const remove: string[] = [];
  const restore: string[] = [];
  const restoreMode: string[] = [];
  const removedDirs = new Set<string>();
  const underRemoved = (relative: string) => ancestors(relative).some((parent) => removedDirs.has(parent));
  for (const [relative, stamp] of current) {
    if (underRemoved(relative)) continue;
    const before = clean.get(relative);
    if (!before || before.kind !== stamp.kind) {
      remove.push(relative);
      if (before) restore.push(relative);
      if (stamp.kind === 'dir') removedDirs.add(relative);
    } else if (before.ino !== stamp.ino || before.ctimeNs !== stamp.ctimeNs) {
      // A directory's ctime moves when entries come and go (handled one by one); its mode may have changed.
      if (stamp.kind === 'dir') restoreMode.push(relative);
      else {
        remove.push(relative);
        restore.push(relative);
      }
    }
  }
  const restoreSet = new Set(restore);
  const restoredDirs = new Set(restore.filter((relative) => clean.get(relative)!.kind === 'dir'));
  for (const [relative, before] of clean) {
    if (current.has(relative) && !removedDirs.has(relative)) continue;
    if (restoreSet.has(relative) || ancestors(relative).some((parent) => restoredDirs.has(parent))) continue;
    restore.push(relative);
    restoreSet.add(relative);
    if (before.kind === 'dir') restoredDirs.add(relative);
  }
  for (const relative of remove) rmSync(join(worker, relative), { recursive: true, force: true });
  for (let start = 0; start < restore.length; start += 500) {
    run('cp', ['-a', '--reflink=auto', '--parents', ...restore.slice(start, start + 500), worker], base);
  }
  for (const relative of restoreMode) {
    const stats = lstatSync(join(base, relative));
    chmodSync(join(worker, relative), stats.mode & 0o7777);
    if (identity) chownSync(join(worker, relative), identity.uid, identity.gid);
  }
  const changed = [...new Set([...remove, ...restore, ...restoreMode])].sort();
  return { changed, snapshot: changed.length === 0 ? clean : snapshotTree(worker) };
}

function ancestors(relative: string): string[] {
  const parts = relative.split('/');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** A hash of a repository's content (every file's path, mode, and bytes; `.git` folders skipped). */
export function fingerprintTree(root: string): string {
  const hash = createHash('sha256');
  walk(root, (relative, stats) => {
    if (stats.isDirectory()) {
      if (relative.split('/').pop() === '.git') return false;
      hash.update(`d ${relative} ${stats.mode}\n`);
    } else if (stats.isSymbolicLink()) {
      hash.update(`l ${relative} ${readlinkSync(join(root, relative))}\n`);
    } else if (stats.isFile()) {
      const content = createHash('sha256').update(readFileSync(join(root, relative))).digest('hex');
      hash.update(`f ${relative} ${stats.mode} ${content}\n`);
    }
    return true;
  });
  return hash.digest('hex');
}
