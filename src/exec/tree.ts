// Worker trees: copying the prepared tree, fingerprinting a repository, and putting a worker back
// exactly into the prepared state after a candidate.
//
// Reset: every entry of the worker, the root folder itself included, is compared with a snapshot
// taken when it was last clean, by inode and ctime (the kernel sets ctime on every change of
// content or metadata, and nothing can set it back, so a candidate cannot hide a change). Changed
// and deleted entries are copied back from the prepared tree with `cp -a` (content, mode, owner and
// timestamps, so `make` sees a consistent, built tree); new entries are removed; a folder whose
// metadata changed gets the prepared mode and owner back (xattrs and ACLs cannot be set inside the
// sandbox: seccomp.ts), and every folder the candidate or the reset changed gets its times back.
// Then the worker is VERIFIED against the prepared tree's manifest (every entry's kind, mode, owner,
// size (not a folder's), mtime and link target). Whatever the walk cannot read (a name
// that is not UTF-8, a tree deeper than MAX_DEPTH, a folder the host cannot open) or a failed
// verification makes the worker be rebuilt: removed with rm -rf (after making every folder
// writable) and copied again. Only a worker that verifies runs a candidate.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  unlinkSync,
  utimesSync,
  type BigIntStats,
} from 'node:fs';
import { isAbsolute, join } from 'node:path';

/** Deeper trees are not walked (a path would pass PATH_MAX): the worker is rebuilt instead. */
export const MAX_DEPTH = 200;

/** A tree the host-side walk cannot read entry by entry; the caller rebuilds instead. */
export class UnreadableTreeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableTreeError';
  }
}

/**
 * The worker could not be put back (or rebuilt): an infrastructure failure, never a candidate's verdict. The CLI prints
 * it as one line.
 */
export class ResetError extends Error {
  readonly userFacing = true;
  /** kept when the error crosses from a worker thread (tree-thread.ts). */
  readonly code = 'ERESET';
  constructor(message: string) {
    super(message);
    this.name = 'ResetError';
  }
}

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

/**
 * Visits every entry below `root` in sorted pre-order (parents first); throws UnreadableTreeError on what it cannot
 * represent.
 */
function walk(
  root: string,
  visit: (relative: string, stats: BigIntStats) => boolean | void,
  relative = '',
  depth = 0,
): void {
  if (depth > MAX_DEPTH)
    throw new UnreadableTreeError(`deeper than ${MAX_DEPTH} levels at ${relative.slice(0, 200)}...`);
  let raw: Buffer[];
  try {
    raw = readdirSync(join(root, relative), { encoding: 'buffer' });
  } catch (error) {
    throw new UnreadableTreeError(`cannot list ${relative || '.'}: ${(error as NodeJS.ErrnoException).code}`);
  }
  const names = raw.map((name) => {
    const text = name.toString('utf8');
    if (!Buffer.from(text, 'utf8').equals(name))
      throw new UnreadableTreeError(`a name that is not UTF-8 in ${relative || '.'}`);
    return text;
  });
  for (const name of names.sort()) {
    const child = relative === '' ? name : `${relative}/${name}`;
    let stats: BigIntStats;
    try {
      stats = lstatSync(join(root, child), { bigint: true });
    } catch (error) {
      throw new UnreadableTreeError(`cannot read ${child}: ${(error as NodeJS.ErrnoException).code}`);
    }
    const descend = visit(child, stats);
    if (stats.isDirectory() && descend !== false) walk(root, visit, child, depth + 1);
  }
}

/** The stamps of every entry; '' is the root folder itself. */
export function snapshotTree(root: string): TreeSnapshot {
  const snapshot: TreeSnapshot = new Map();
  const rootStats = lstatSync(root, { bigint: true });
  snapshot.set('', { kind: kindOf(rootStats), ino: rootStats.ino, ctimeNs: rootStats.ctimeNs });
  walk(root, (relative, stats) => {
    snapshot.set(relative, { kind: kindOf(stats), ino: stats.ino, ctimeNs: stats.ctimeNs });
  });
  return snapshot;
}

interface ManifestEntry {
  kind: EntryKind;
  mode: bigint;
  uid: bigint;
  gid: bigint;
  size: bigint;
  mtimeNs: bigint;
  link: string | null;
}
/** What a clean tree looks like, entry by entry ('' = the root folder): the reference a reset is verified against. */
export type TreeManifest = Map<string, ManifestEntry>;

export function manifestOf(root: string): TreeManifest {
  const manifest: TreeManifest = new Map();
  const entry = (path: string, stats: BigIntStats): ManifestEntry => {
    const kind = kindOf(stats);
    // A folder's size moves with its entries; its mtime is put back by the reset, to the millisecond (utimes takes no
    // nanoseconds).
    return {
      kind,
      mode: stats.mode,
      uid: stats.uid,
      gid: stats.gid,
      size: kind === 'dir' ? 0n : stats.size,
      mtimeNs: kind === 'dir' ? (stats.mtimeNs + 500_000n) / 1_000_000n : stats.mtimeNs,
      link: kind === 'link' ? readlinkSync(path) : null,
    };
  };
  manifest.set('', entry(root, lstatSync(root, { bigint: true })));
  walk(root, (relative, stats) => {
    manifest.set(relative, entry(join(root, relative), stats));
  });
  return manifest;
}

/** The first difference between two manifests (ownership compared as `identity` when given), or null. */
export function manifestDifference(
  actual: TreeManifest,
  expected: TreeManifest,
  identity: { uid: number; gid: number } | null,
): string | null {
  for (const [relative, want] of expected) {
    const have = actual.get(relative);
    const name = relative || '(root folder)';
    if (!have) return `${name} is missing`;
    if (have.kind !== want.kind) return `${name} is a ${have.kind}, not a ${want.kind}`;
    if (have.mode !== want.mode) return `${name} has mode ${have.mode.toString(8)}, not ${want.mode.toString(8)}`;
    const uid = identity ? BigInt(identity.uid) : want.uid;
    const gid = identity ? BigInt(identity.gid) : want.gid;
    if (have.uid !== uid || have.gid !== gid) return `${name} is owned by ${have.uid}:${have.gid}, not ${uid}:${gid}`;
    if (have.size !== want.size || have.mtimeNs !== want.mtimeNs) return `${name} differs in size or mtime`;
    if (have.link !== want.link) return `${name} points elsewhere`;
  }
  for (const relative of actual.keys()) if (!expected.has(relative)) return `${relative} should not exist`;
  return null;
}

function run(command: string, args: string[], cwd?: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.slice(0, 6).join(' ')}${args.length > 6 ? ' ...' : ''} failed: ` +
        `${result.stderr || result.error?.message}`,
    );
}

/** Copies a whole tree (`to` must not exist). Reflinks where the file system has them. */
export function copyTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  run('cp', ['-a', '--reflink=auto', `${from}/.`, to]);
}

export function chownTree(root: string, identity: { uid: number; gid: number } | null): void {
  if (identity) run('chown', ['-R', `${identity.uid}:${identity.gid}`, root]);
}

/**
 * Removes a tree whatever a candidate left in it (unreadable folders, odd names, any depth): rm -rf,
 * after making folders writable when needed. A link is removed itself, never followed (rm -rf walks
 * without following links; chmod would follow one named on its command line).
 */
export function removeTree(root: string): void {
  const stats = lstatSync(root, { throwIfNoEntry: false });
  if (!stats) return;
  if (!stats.isDirectory()) {
    try {
      unlinkSync(root);
    } catch (error) {
      throw new ResetError(`cannot remove ${root}: ${(error as NodeJS.ErrnoException).code}`);
    }
    return;
  }
  spawnSync('rm', ['-rf', '--', root]);
  if (!lstatSync(root, { throwIfNoEntry: false })) return;
  spawnSync('chmod', ['-R', 'u+rwx', '--', root]);
  const result = spawnSync('rm', ['-rf', '--', root], { encoding: 'utf8' });
  if (lstatSync(root, { throwIfNoEntry: false }))
    throw new ResetError(`cannot remove ${root}: ${String(result.stderr).trim().split('\n')[0] ?? ''}`);
}

/**
 * Where `relative` lies below `root` on the host, walking it one name at a time without following
 * a link: `blocked` is the first name on the way that is not a real folder (a link or file a
 * candidate may have planted), `missing` the first that does not exist. Host-side work inside a
 * worker tree goes through this, so a planted link never takes it outside the tree.
 */
export function walkInside(root: string, relative: string): { path: string; blocked: string | null; missing: boolean } {
  const parts = relative.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..') || isAbsolute(relative))
    throw new Error(`path '${relative}' leaves its tree`);
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = join(current, part);
    const stats = lstatSync(current, { throwIfNoEntry: false });
    if (!stats) return { path: join(root, ...parts), blocked: null, missing: true };
    if (index < parts.length - 1 && !stats.isDirectory())
      return { path: join(root, ...parts), blocked: current, missing: false };
  }
  return { path: current, blocked: null, missing: false };
}

/**
 * Removes `relative` below `root`; when a link or file stands on the way, that entry is removed instead (it is inside
 * the tree; its target is never touched).
 */
export function removeInside(root: string, relative: string): void {
  const { path, blocked, missing } = walkInside(root, relative);
  if (blocked !== null) removeTree(blocked);
  else if (!missing) removeTree(path);
}

/**
 * The host path of `relative` below `root` when every folder on the way is a real folder and the entry itself is no
 * link; else null.
 */
export function realPathInside(root: string, relative: string): string | null {
  const { path, blocked, missing } = walkInside(root, relative);
  if (blocked !== null || missing || lstatSync(path).isSymbolicLink()) return null;
  return path;
}

/**
 * The text of the regular file `relative` below `root` (at most `maxBytes`), reached through real folders only and
 * opened without following a link; null when there is none.
 */
export function readInside(root: string, relative: string, maxBytes = Number.MAX_SAFE_INTEGER): string | null {
  const path = realPathInside(root, relative);
  if (path === null) return null;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return null;
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes));
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Folders and files that carry the reference outside the source tree: the repository's history and ctxbench's index.
 */
export const REFERENCE_TRACES = ['.git', '.ctxbench'];

/** Removes every `.git` and `.ctxbench` entry (at any depth) from a copied tree. */
export function stripReferenceTraces(root: string): void {
  const result = spawnSync(
    'find',
    [
      root,
      '(',
      ...REFERENCE_TRACES.flatMap((name, index) => [...(index > 0 ? ['-o'] : []), '-name', name]),
      ')',
      '-prune',
      '-print0',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`find in ${root} failed: ${String(result.stderr)}`);
  for (const path of result.stdout.toString('utf8').split('\0').filter(Boolean)) removeTree(path);
}

/**
 * Puts `worker` back into the state of `base` and verifies it against `manifest`; rebuilds it from
 * `base` when the reset cannot be done or does not verify (then `changed`, the paths the reset put
 * back, is null). Throws ResetError when even the rebuilt worker does not verify.
 */
export function restoreWorker(
  worker: string,
  base: string,
  clean: TreeSnapshot,
  manifest: TreeManifest,
  identity: { uid: number; gid: number } | null,
): { snapshot: TreeSnapshot; rebuilt: string | null; changed: string[] | null } {
  let problem: string | null;
  try {
    const { snapshot, changed } = resetTree(worker, base, clean, identity);
    problem = manifestDifference(manifestOf(worker), manifest, identity);
    if (problem === null) return { snapshot, rebuilt: null, changed };
  } catch (error) {
    problem = (error as Error).message;
  }
  return { snapshot: rebuildWorker(worker, base, manifest, identity), rebuilt: problem, changed: null };
}

/** A fresh copy of `base`, verified; throws ResetError when it does not verify. */
export function rebuildWorker(
  worker: string,
  base: string,
  manifest: TreeManifest,
  identity: { uid: number; gid: number } | null,
): TreeSnapshot {
  try {
    removeTree(worker);
    copyTree(base, worker);
    const problem = manifestDifference(manifestOf(worker), manifest, identity);
    if (problem !== null) throw new ResetError(`a fresh copy of the prepared tree does not verify: ${problem}`);
    return snapshotTree(worker);
  } catch (error) {
    throw error instanceof ResetError
      ? error
      : new ResetError(`cannot rebuild the worker ${worker}: ${(error as Error).message}`);
  }
}

/**
 * Puts `worker` back into the state of `base` (without verifying); returns the paths it had to restore or remove and
 * the new snapshot.
 */
export function resetTree(
  worker: string,
  base: string,
  clean: TreeSnapshot,
  identity: { uid: number; gid: number } | null,
): { changed: string[]; snapshot: TreeSnapshot } {
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
  for (const relative of remove) removeTree(join(worker, relative));
  for (let start = 0; start < restore.length; start += 500) {
    // `--`: a repository's file may be named like an option (`-t../base`)
    run(
      'cp',
      ['-a', '--reflink=auto', '--parents', `--target-directory=${worker}`, '--', ...restore.slice(start, start + 500)],
      base,
    );
  }
  for (const relative of restoreMode) {
    const stats = lstatSync(relative === '' ? base : join(base, relative));
    chmodSync(join(worker, relative), stats.mode & 0o7777);
    if (identity) chownSync(join(worker, relative), identity.uid, identity.gid);
  }
  // Folders get their times back: the ones the candidate changed, and the ones whose entries the reset removed or
  // restored.
  const folders = new Set(restoreMode);
  for (const relative of [...remove, ...restore]) {
    const parent = ancestors(relative).pop() ?? '';
    if (clean.get(parent)?.kind === 'dir') folders.add(parent);
  }
  for (const relative of folders) {
    const path = relative === '' ? worker : join(worker, relative);
    if (!lstatSync(path, { throwIfNoEntry: false })?.isDirectory()) continue;
    const stats = lstatSync(relative === '' ? base : join(base, relative), { bigint: true });
    utimesSync(path, Number(stats.atimeNs) / 1e9, Number(stats.mtimeNs) / 1e9);
  }
  const changed = [...new Set([...remove, ...restore, ...restoreMode])].sort();
  return { changed, snapshot: changed.length === 0 ? clean : snapshotTree(worker) };
}

function ancestors(relative: string): string[] {
  if (relative === '') return [];
  const parts = relative.split('/');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'));
}

/**
 * A hash of a repository's content (every file's path, mode, and bytes); `.git` and `.ctxbench` are skipped: they never
 * reach a prepared tree, and an index rebuilt meanwhile must not make the environment look new.
 */
export function fingerprintTree(root: string): string {
  const hash = createHash('sha256');
  walk(root, (relative, stats) => {
    if (stats.isDirectory()) {
      if (REFERENCE_TRACES.includes(relative.split('/').pop()!)) return false;
      hash.update(`d ${relative} ${stats.mode}\n`);
    } else if (stats.isSymbolicLink()) {
      hash.update(`l ${relative} ${readlinkSync(join(root, relative))}\n`);
    } else if (stats.isFile()) {
      const content = createHash('sha256')
        .update(readFileSync(join(root, relative)))
        .digest('hex');
      hash.update(`f ${relative} ${stats.mode} ${content}\n`);
    }
    return true;
  });
  return hash.digest('hex');
}
