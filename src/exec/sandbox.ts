// Sandboxes by name (SANDBOXES): `bwrap` and `none` are built in and registered like a plugin's.
// A Sandbox runs one shell command on a worker tree; the built-ins share runCommand below, which
// runs inside bubblewrap unless the mode is `none`.
//
// The sandbox shows only what a build needs: the worker's tree (writable, always at SANDBOX_TREE so that a tree
// prepared once can be copied to every worker: builds record absolute paths), the system's toolchain folders read-only
// (/usr and the /bin, /sbin, /lib* links or folders), a minimal /etc (users, name service, dynamic linker,
// alternatives, time zone, Java's configuration), private size-limited /tmp and /dev/shm, a minimal /dev and its own
// /proc. Never the host's home folders, /root, /var, /run, /opt, ctxbench's checkout (only its node_modules, for
// bundled tools), run stores, the prepared base tree or other workers; extra read-only folders only where the
// environment file declares them (`mounts`); the tree's test files read-only for the candidate's build and tests
// (`testFiles`, their parent folders pinned in place). New user, PID, network, IPC and UTS namespaces (the network one
// has only its own loopback), and no user namespace made inside it where bubblewrap can forbid it; no capabilities; a
// seccomp filter that refuses extended attributes and ACLs (seccomp.ts);
// a clean environment; per-process rlimits (CPU time, data size, processes, file size); per-sandbox cgroup caps where
// the machine allows (cgroup.ts: total memory including tmpfs, processes, CPU); a watchdog on the tree's size
// (`diskMb`); the output capped; a wall-clock timeout that kills the process group, which takes the PID namespace with
// it. When ctxbench runs as root the sandbox runs as an unprivileged user (setpriv), because the kernel never enforces
// RLIMIT_NPROC for root.
import { fileURLToPath } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../util/errors.ts';
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import { z } from 'zod';
import { createSandboxCgroup, type SandboxCgroup } from './cgroup.ts';
import { FILTER_KILL_STATUS, openSeccompFd } from './seccomp.ts';
import { realPathInside } from './tree.ts';
import type { ExecEnvironment, Limits, RunOutcome, SandboxMode } from './types.ts';

/** Where a worker's tree appears inside the sandbox. */
export const SANDBOX_TREE = '/tmp/ctxbench/tree';
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const MIB = 1024 * 1024;
/** The stall detector's period (ms). */
const STALL_TICK_MS = 100;
/** The host file system's room is checked every this many stall ticks (statfs, microseconds). */
const HOST_CHECK_TICKS = 3;

export interface CommandRun {
  mode: SandboxMode;
  /** host path of the tree, the only writable place besides the private /tmp. */
  tree: string;
  command: string;
  /** variables on top of the clean defaults (PATH, HOME, TMPDIR, LANG). */
  env: Record<string, string>;
  timeoutMs: number;
  limits: Limits;
  /** share the host network (environment setup with `setupNetwork` only). */
  network?: boolean;
  /** bytes of output kept for the log and verdict markers (default DEFAULT_KEPT_BYTES). */
  keepBytes?: number;
  /**
   * the tree's size (bytes, as `treeSize` measures it) its growth is counted from (default: its size when the command
   * starts): the commands of one candidate share one `diskMb`.
   */
  diskBaseline?: number;
  /** extra host folders shown read-only at the same path. */
  mounts?: string[];
  /**
   * files and folders of the tree (relative; no symbolic link on the way) shown read-only, their
   * parent folders pinned (they cannot be renamed or removed, so nothing takes their place): the
   * tests that judge a candidate. Confined sandboxes must honour it.
   */
  readOnly?: string[];
}

export type SandboxRun = Omit<CommandRun, 'mode'>;

export interface Sandbox {
  name: string;
  /** one line for `ctxbench exec --help`. */
  description: string;
  /** false: commands run with the user's rights and `exec` warns before it starts. */
  confined: boolean;
  /**
   * Throws an InputError naming what is missing when the sandbox cannot run on this machine (called before anything is
   * prepared).
   */
  check(): void;
  /** the user commands run as when it is not ctxbench's own (worker trees are handed to it), else null. */
  identity(): { uid: number; gid: number } | null;
  /** the tree's path as the commands see it (`$CTXBENCH_TREE`). */
  treePath(tree: string): string;
  /**
   * Runs the command and resolves when it and everything it started have ended (never rejects: failures are outcomes).
   */
  run(run: SandboxRun): Promise<RunOutcome>;
}

export const SANDBOXES = new Registry<Sandbox>('sandbox', 'sandbox', {
  key: 'sandboxes',
  entry: pluginEntry('name', {
    description: z.string(),
    confined: z.boolean(),
    check: pluginFunction,
    identity: pluginFunction,
    treePath: pluginFunction,
    run: pluginFunction,
  }),
  add: registerSandbox,
});

export function registerSandbox(sandbox: Sandbox): Sandbox {
  return SANDBOXES.register(sandbox.name, sandbox);
}

/** The user sandboxed commands run as when ctxbench runs as root (null: ctxbench's own user). */
export function sandboxIdentity(mode: SandboxMode): { uid: number; gid: number } | null {
  if (mode === 'none' || process.getuid?.() !== 0) return null;
  const id = Number(process.env.CTXBENCH_SANDBOX_UID ?? 65534);
  if (!Number.isInteger(id) || id <= 0)
    throw new InputError(
      `CTXBENCH_SANDBOX_UID must be a positive whole number, got '${process.env.CTXBENCH_SANDBOX_UID}'`,
    );
  return { uid: id, gid: id };
}

/** The tree's path as the commands see it. */
export function treePathInside(mode: SandboxMode, tree: string): string {
  return mode === 'bwrap' ? SANDBOX_TREE : tree;
}

let sandboxChecked = false;

/** Throws a clear error when bubblewrap is missing or cannot create its namespaces here. */
export function ensureSandboxWorks(mode: SandboxMode): void {
  if (mode === 'none' || sandboxChecked) return;
  // the probe's tree is `/`, which every user may enter: a private TMPDIR must not look like missing namespaces
  const probe = spawnSync(
    'bwrap',
    [...bwrapArgs({ tree: '/', network: false, limits: null, mounts: [] }), 'true'],
    spawnIdentity(mode),
  );
  if (probe.error && (probe.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new InputError(
      'bubblewrap (bwrap) is not installed: run scripts/setup-system.sh (Debian package `bubblewrap`), or pass ' +
        '--sandbox none at your own risk',
    );
  }
  if (probe.status !== 0) {
    throw new InputError(
      `bubblewrap cannot create its sandbox on this machine ` +
        `(${String(probe.stderr).trim() || `exit ${probe.status}`}); user namespaces may be disabled (sysctl ` +
        `kernel.unprivileged_userns_clone / user.max_user_namespaces)`,
    );
  }
  sandboxChecked = true;
}

let userNamespacesLockable: boolean | undefined;

/**
 * Whether this machine's bubblewrap can forbid new user namespaces inside the sandbox (`--disable-userns`, bubblewrap
 * 0.8 and later, with a user namespace of its own): probed once.
 */
function canLockUserNamespaces(mode: SandboxMode): boolean {
  userNamespacesLockable ??=
    spawnSync(
      'bwrap',
      [...bwrapArgs({ tree: '/', network: false, limits: null, mounts: [], lockUserNamespaces: true }), 'true'],
      spawnIdentity(mode),
    ).status === 0;
  return userNamespacesLockable;
}

function spawnIdentity(mode: SandboxMode): { uid?: number; gid?: number } {
  const identity = sandboxIdentity(mode);
  return identity ? { uid: identity.uid, gid: identity.gid } : {};
}

const CTXBENCH_HOME = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const SANDBOX_CTXBENCH_HOME = '/tmp/ctxbench/home';
/** The toolchain: shown read-only (a link such as /bin -> usr/bin is recreated as the same link). */
const SYSTEM_FOLDERS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** The part of /etc that compilers, interpreters and test runners read; nothing with secrets. */
const ETC_ENTRIES = [
  'passwd',
  'group',
  'hosts',
  'host.conf',
  'nsswitch.conf',
  'protocols',
  'services',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'alternatives',
  'localtime',
  'timezone',
  'os-release',
  'debian_version',
  'locale.alias',
  'mime.types',
  'magic',
  'papersize',
];
/** With the network (setup only): name resolution and certificates. */
const ETC_NETWORK_ENTRIES = ['resolv.conf', 'ssl', 'ca-certificates', 'ca-certificates.conf', 'gai.conf'];

function etcEntries(network: boolean): string[] {
  let names: string[] = [];
  try {
    names = readdirSync('/etc');
  } catch {
    // no /etc
  }
  // Java reads its security configuration through /usr/lib/jvm/*/conf -> /etc/java-*; python and perl their site files.
  const versioned = names.filter((name) => /^(java-\d+-openjdk|python3(\.\d+)?|perl)$/.test(name));
  return [...ETC_ENTRIES, ...(network ? ETC_NETWORK_ENTRIES : []), ...versioned]
    .filter((name) => names.includes(name))
    .map((name) => `/etc/${name}`);
}

function systemBinds(): string[] {
  const args: string[] = [];
  for (const folder of SYSTEM_FOLDERS) {
    let stats;
    try {
      stats = lstatSync(folder);
    } catch {
      continue;
    }
    if (stats.isSymbolicLink()) args.push('--symlink', readlinkSync(folder), folder);
    else if (stats.isDirectory()) args.push('--ro-bind', folder, folder);
  }
  return args;
}

/** The environment's required tools that this host lacks: checked before anything is prepared or run. */
export function missingTools(env: Pick<ExecEnvironment, 'requires'>): string[] {
  const onPath = (name: string) =>
    (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, name)));
  return env.requires.filter((tool) => {
    if (!tool.includes('/')) return !onPath(tool);
    return !existsSync(tool.replace(/^\$CTXBENCH_HOME(?=\/|$)/, () => CTXBENCH_HOME));
  });
}

function nodeModules(): string | null {
  try {
    return realpathSync(join(CTXBENCH_HOME, 'node_modules'));
  } catch {
    return null;
  }
}

/**
 * Binds showing `readOnly` (paths of the tree) read-only: each parent folder bound onto itself
 * first (a mount point cannot be renamed or removed: nothing can take the place of a test file's
 * folder), then each path read-only.
 */
function readOnlyBinds(tree: string, readOnly: readonly string[]): string[] {
  const parents = new Set<string>();
  for (const path of readOnly) {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth++) parents.add(parts.slice(0, depth).join('/'));
  }
  // bwrap resolves a bind's source on the host: a path reached through a link is never bound (it would show the link's
  // host target).
  const real = (path: string) => realPathInside(tree, path) !== null;
  const pinned = [...parents].filter(real).sort((a, b) => a.split('/').length - b.split('/').length);
  return [
    ...pinned.flatMap((path) => ['--bind', join(tree, path), `${SANDBOX_TREE}/${path}`]),
    ...readOnly.filter(real).flatMap((path) => ['--ro-bind', join(tree, path), `${SANDBOX_TREE}/${path}`]),
  ];
}

function bwrapArgs(options: {
  tree: string;
  network: boolean;
  limits: Limits | null;
  mounts: string[];
  readOnly?: readonly string[];
  seccompFd?: number | null;
  /** no user namespace can be made inside (`--disable-userns`): no mounts of its own past the caps */
  lockUserNamespaces?: boolean;
}): string[] {
  const args = [...systemBinds(), '--dir', '/etc'];
  for (const entry of etcEntries(options.network)) args.push('--ro-bind', entry, entry);
  args.push('--dev', '/dev', '--proc', '/proc');
  if (options.limits) args.push('--size', String(options.limits.tmpMb * MIB));
  args.push('--tmpfs', '/tmp');
  if (options.limits) args.push('--size', String(options.limits.shmMb * MIB));
  args.push('--tmpfs', '/dev/shm');
  args.push(
    '--dir',
    '/tmp/home',
    '--bind',
    options.tree,
    SANDBOX_TREE,
    ...readOnlyBinds(options.tree, options.readOnly ?? []),
    '--chdir',
    SANDBOX_TREE,
  );
  // ctxbench's bundled tools (node_modules only, read-only, at a fixed path): never its checkout, which may hold run
  // stores.
  const modules = nodeModules();
  if (modules) args.push('--ro-bind', modules, `${SANDBOX_CTXBENCH_HOME}/node_modules`);
  for (const mount of options.mounts) args.push('--ro-bind', mount, mount);
  args.push(
    '--unshare-all',
    ...(options.lockUserNamespaces ? ['--unshare-user', '--disable-userns'] : []),
    ...(options.network ? ['--share-net'] : []),
    '--cap-drop',
    'ALL',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'ctxbench',
  );
  if (options.seccompFd !== undefined && options.seccompFd !== null) args.push('--seccomp', '3');
  return args;
}

function prlimitArgs(limits: Limits): string[] {
  return [
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--data=${limits.memoryMb * MIB}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileSizeMb * MIB}`,
    '--core=0',
  ];
}

/**
 * Joins the cgroup files given first, then execs the rest (so every sandbox process starts inside); failing to join,
 * bwrap never starts (an infrastructure failure).
 */
const JOIN_CGROUP =
  'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n - 1)); done; exec "$@"';

/**
 * Below this much free space on the tree's file system, a failure is the machine's (a full disk), not the command's.
 */
const HOST_DISK_RESERVE = 256 * MIB;
/** Free inodes kept on the tree's file system: 1% of them, at least this many. */
const HOST_INODE_RESERVE = 10_000;

/** Whether the file system under the tree is (nearly) out of space or of inodes. */
function hostDiskFull(tree: string): boolean {
  try {
    const stats = statfsSync(tree);
    return (
      stats.bavail * stats.bsize < HOST_DISK_RESERVE ||
      (stats.files > 0 && stats.ffree < Math.max(HOST_INODE_RESERVE, stats.files / 100))
    );
  } catch {
    return false;
  }
}

/** The tree's size in bytes (du), or null when it cannot be measured. */
export function treeSize(tree: string): number | null {
  const result = spawnSync('du', ['-sx', '--block-size=1', tree], { encoding: 'utf8' });
  const bytes = Number.parseInt(String(result.stdout), 10);
  return Number.isFinite(bytes) ? bytes : null;
}

/** The process and its descendants, from /proc (the sandbox's processes: its own PID namespace shows other numbers). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid ...: the name may hold spaces and parentheses
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(name));
      children.set(parent, list);
    } catch {
      // gone meanwhile
    }
  }
  const found = [root];
  for (let index = 0; index < found.length; index++) found.push(...(children.get(found[index]!) ?? []));
  return found;
}

/**
 * Bytes held by files in the tree that the sandbox's processes unlinked but keep open: `du` cannot
 * see them, yet they fill the host's disk. Each file once (by device and inode), by allocated blocks.
 */
function unlinkedOpenBytes(root: number): number {
  const seen = new Set<string>();
  let total = 0;
  for (const pid of processTree(root)) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    // files mapped after their descriptor was closed: `maps` lines ending in `<tree path> (deleted)`, sized through
    // map_files
    let maps = '';
    try {
      maps = readFileSync(`/proc/${pid}/maps`, 'utf8');
    } catch {
      // gone meanwhile
    }
    for (const line of maps.split('\n')) {
      const mapped = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ (\S+) (\d+)\s+(.*) \(deleted\)$/.exec(line);
      if (!mapped || !mapped[5]!.startsWith(`${SANDBOX_TREE}/`)) continue;
      const key = `${mapped[3]}:${mapped[4]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      try {
        total += Number(statSync(`/proc/${pid}/map_files/${mapped[1]}-${mapped[2]}`, { bigint: true }).blocks) * 512;
      } catch {
        // map_files needs privileges: the mapping's length stands in
        total += Number.parseInt(mapped[2]!, 16) - Number.parseInt(mapped[1]!, 16);
      }
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (!target.startsWith(`${SANDBOX_TREE}/`) || !target.endsWith(' (deleted)')) continue;
        const stats = statSync(`/proc/${pid}/fd/${fd}`, { bigint: true });
        const key = `${stats.dev}:${stats.ino}`;
        if (seen.has(key)) continue;
        seen.add(key);
        total += Number(stats.blocks) * 512;
      } catch {
        // closed meanwhile
      }
    }
  }
  return total;
}

/** The longest unfinished line of one stream held back so that the other stream's lines do not cut it (bytes). */
const PARTIAL_LINE_BYTES = 64 * 1024;

/**
 * How often the disk cap is checked at most, and how many times its last measurement's duration the watchdog waits
 * before the next.
 */
const DISK_CHECK_MS = 500;
const DISK_CHECK_COST_FACTOR = 4;

/**
 * The bytes a tree occupies on disk (du: robust to deep trees and odd names; allocated blocks, so space reserved with
 * `fallocate` counts), or null when it cannot be measured.
 */
function treeBytes(tree: string): Promise<number | null> {
  return new Promise((resolvePromise) => {
    const child = spawn('du', ['-sx', '--block-size=1', tree], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', () => resolvePromise(null));
    child.on('close', () => {
      const bytes = Number.parseInt(text, 10);
      resolvePromise(Number.isFinite(bytes) ? bytes : null);
    });
  });
}

/** Bytes of a command's output kept for its log and grading, unless the caller says otherwise. */
export const DEFAULT_KEPT_BYTES = 4 * MIB;

/** O_CLOEXEC in /proc/self/fdinfo's octal `flags`. */
const O_CLOEXEC = 0o2000000;

/**
 * Closes the descriptors this process inherited without close-on-exec (a CI runner's, a make jobserver's, a wrapper's
 * open folder): every child would inherit them, and a sandboxed command could read, write or walk the host through
 * `/proc/self/fd/N`. Node's own descriptors are close-on-exec; its IPC channel with a parent is kept.
 */
function closeInheritedDescriptors(): void {
  const channel = (process.channel as { fd?: number } | undefined)?.fd;
  let entries: string[];
  try {
    entries = readdirSync('/proc/self/fd');
  } catch {
    return; // no /proc: not Linux, where bwrap does not run either
  }
  for (const entry of entries) {
    const fd = Number(entry);
    if (!(fd > 2) || fd === channel) continue;
    let flags: number;
    try {
      const info = readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').match(/^flags:\s*([0-7]+)/m);
      if (!info) continue;
      flags = Number.parseInt(info[1]!, 8);
    } catch {
      continue; // closed meanwhile (the listing's own descriptor)
    }
    if ((flags & O_CLOEXEC) === 0) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
    }
  }
}

/** Runs the command and resolves when it and everything it started have ended. */
export function runCommand(run: CommandRun): Promise<RunOutcome> {
  closeInheritedDescriptors();
  const env: Record<string, string> = {
    PATH: DEFAULT_PATH,
    HOME: run.mode === 'bwrap' ? '/tmp/home' : tmpdir(),
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
    CTXBENCH_TREE: treePathInside(run.mode, run.tree),
    // ctxbench's own folder (read-only inside the sandbox): environments reach its bundled tools, e.g.
    // `$CTXBENCH_HOME/node_modules/.bin/tsc`.
    CTXBENCH_HOME: run.mode === 'bwrap' ? SANDBOX_CTXBENCH_HOME : CTXBENCH_HOME,
    ...run.env,
  };
  // Inside the sandbox the shell first writes one byte to fd 4 (then closes it): without that byte the sandbox did not
  // start.
  const script = run.mode === 'bwrap' ? `printf s >&4; exec 4>&-; ${run.command}` : run.command;
  const shell = ['prlimit', ...prlimitArgs(run.limits), '--', '/bin/sh', '-c', script];
  const keepBytes = run.keepBytes ?? DEFAULT_KEPT_BYTES;
  const outputLimit = run.limits.outputMb * MIB;
  const started = Date.now();
  let cgroup: SandboxCgroup | null = null;
  let seccompFd: number | null = null;
  let file: string;
  let args: string[];
  if (run.mode === 'bwrap') {
    cgroup = createSandboxCgroup(run.limits);
    seccompFd = openSeccompFd();
    const identity = sandboxIdentity(run.mode);
    const sandbox = [
      'bwrap',
      ...bwrapArgs({
        tree: run.tree,
        network: run.network ?? false,
        limits: run.limits,
        mounts: run.mounts ?? [],
        readOnly: run.readOnly,
        seccompFd,
        lockUserNamespaces: canLockUserNamespaces(run.mode),
      }),
      '--clearenv',
      ...Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]),
      '--',
      ...shell,
    ];
    const dropped = identity
      ? ['setpriv', `--reuid=${identity.uid}`, `--regid=${identity.gid}`, '--clear-groups', '--', ...sandbox]
      : sandbox;
    [file, args] = [
      '/bin/sh',
      [
        '-c',
        JOIN_CGROUP,
        'join-cgroup',
        String(cgroup?.procsFiles.length ?? 0),
        ...(cgroup?.procsFiles ?? []),
        ...dropped,
      ],
    ];
  } else {
    [file, args] = [shell[0]!, shell.slice(1)];
  }
  const filtered = seccompFd !== null;
  return new Promise((resolvePromise) => {
    let child;
    try {
      child = spawn(file, args, {
        cwd: run.mode === 'bwrap' ? '/' : run.tree,
        env: run.mode === 'bwrap' ? { PATH: DEFAULT_PATH } : env,
        stdio:
          run.mode === 'bwrap' ? ['ignore', 'pipe', 'pipe', seccompFd ?? 'ignore', 'pipe'] : ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
    } finally {
      if (seccompFd !== null) closeSync(seccompFd);
    }
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let bytes = 0;
    let timedOut = false;
    let outputLimited = false;
    let diskLimited = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let settled = false;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const keep = (chunk: Buffer) => {
      if (chunk.length === 0) return;
      kept.push(chunk);
      keptBytes += chunk.length;
      while (keptBytes - kept[0]!.length >= keepBytes) keptBytes -= kept.shift()!.length;
    };
    // stdout and stderr are joined line by line, never in the middle of a line: a test runner's line on stdout
    // (googletest's `[       OK ] name`, which per-test grading reads) stays whole when a test writes to stderr
    // meanwhile. A line longer than PARTIAL_LINE_BYTES is kept in pieces.
    const partial: Record<'stdout' | 'stderr', Buffer[]> = { stdout: [], stderr: [] };
    const flushPartial = (stream: 'stdout' | 'stderr') => {
      keep(Buffer.concat(partial[stream]));
      partial[stream] = [];
    };
    const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
      bytes += chunk.length;
      const lastNewline = chunk.lastIndexOf(0x0a);
      if (lastNewline < 0) {
        partial[stream].push(chunk);
        if (partial[stream].reduce((sum, piece) => sum + piece.length, 0) > PARTIAL_LINE_BYTES) flushPartial(stream);
      } else {
        partial[stream].push(chunk.subarray(0, lastNewline + 1));
        flushPartial(stream);
        if (lastNewline + 1 < chunk.length) partial[stream].push(chunk.subarray(lastNewline + 1));
      }
      if (bytes > outputLimit && !outputLimited) {
        outputLimited = true;
        killGroup();
      }
    };
    child.stdout!.on('data', onData('stdout'));
    child.stderr!.on('data', onData('stderr'));
    let sandboxStarted = false;
    const status = child.stdio[4] as NodeJS.ReadableStream | null | undefined;
    status?.on('data', () => {
      sandboxStarted = true;
    });
    status?.on('error', () => {});
    // How long the event loop stands still meanwhile (a stall makes the exit be seen late: classify does not trust such
    // a timeout).
    let lastTick = performance.now();
    let stalledMs = 0;
    // A file system that had room when the command started and runs out while it runs (bytes, or inodes: empty files
    // that du hardly sees) was filled by the command: it is stopped there, before the host is.
    const roomAtStart = run.mode === 'bwrap' && !hostDiskFull(run.tree);
    let ticks = 0;
    const tick = () => {
      const now = performance.now();
      stalledMs = Math.max(stalledMs, now - lastTick - STALL_TICK_MS);
      lastTick = now;
      if (roomAtStart && ++ticks % HOST_CHECK_TICKS === 0 && !diskLimited && !settled && hostDiskFull(run.tree)) {
        diskLimited = true;
        killGroup();
      }
    };
    const stallTimer = setInterval(tick, STALL_TICK_MS);
    const timer = setTimeout(
      () => {
        tick();
        timedOut = true;
        killGroup();
      },
      Math.min(run.timeoutMs, 2 ** 31 - 1),
    );
    // The disk cap: the tree may grow by `diskMb` during the command, unlinked files still open
    // counted. Measured every half second, or less often on a tree so large that du is slow: the
    // watchdog takes at most a fifth of a core (du over LLVM's 3 GB build tree takes 0.4 s).
    let baseline: number | null = run.diskBaseline ?? null;
    let diskTimer: NodeJS.Timeout | undefined;
    const measureDisk = () => {
      const started = performance.now();
      void treeBytes(run.tree).then((bytes) => {
        if (settled) return;
        if (bytes !== null) {
          baseline ??= bytes;
          const unlinked = child.pid === undefined ? 0 : unlinkedOpenBytes(child.pid);
          if (bytes + unlinked - baseline > run.limits.diskMb * MIB && !diskLimited) {
            diskLimited = true;
            killGroup();
          }
        }
        diskTimer = setTimeout(
          measureDisk,
          Math.max(DISK_CHECK_MS, DISK_CHECK_COST_FACTOR * (performance.now() - started)),
        );
      });
    };
    if (run.mode === 'bwrap') measureDisk();
    const finish = (spawnError?: Error) => {
      if (settled) return;
      settled = true;
      tick();
      clearInterval(stallTimer);
      clearTimeout(timer);
      clearTimeout(diskTimer);
      clearTimeout(drainTimer);
      const memoryLimited = cgroup?.memoryHit() ?? false;
      cgroup?.remove();
      // A command that wrote fast and ended between two samples is measured once more.
      const fullNow = hostDiskFull(run.tree);
      if (roomAtStart && fullNow) diskLimited = true;
      if (run.mode === 'bwrap' && !diskLimited && baseline !== null) {
        const bytes = treeSize(run.tree);
        if (bytes !== null && bytes - baseline > run.limits.diskMb * MIB) diskLimited = true;
      }
      flushPartial('stdout');
      flushPartial('stderr');
      let output = Buffer.concat(kept).toString('utf8');
      if (output.length > keepBytes) output = output.slice(output.length - keepBytes);
      if (spawnError) output += `\n[ctxbench] cannot start ${file}: ${spawnError.message}`;
      const sandboxFailed = spawnError !== undefined || (run.mode === 'bwrap' && !sandboxStarted && !timedOut);
      resolvePromise({
        exitCode: spawnError ? 127 : (exit?.code ?? null),
        signal: exit?.signal ?? null,
        timedOut,
        outputLimited,
        diskLimited,
        memoryLimited,
        // The command's process ended by SIGSYS under the filter: it made a call the sandbox forbids (seccomp.ts).
        forbiddenCall: filtered && (exit?.signal === 'SIGSYS' || exit?.code === FILTER_KILL_STATUS),
        sandboxFailed,
        hostDiskFull: fullNow,
        hostStalledMs: Math.round(stalledMs),
        ms: Date.now() - started,
        output,
        bytes,
      });
    };
    let drainTimer: NodeJS.Timeout | undefined;
    child.on('error', (error) => finish(error));
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // Without the sandbox a daemonised grandchild could hold the pipes open forever (in the
      // sandbox it died with the PID namespace).
      if (run.mode === 'none') killGroup();
      drainTimer = setTimeout(() => {
        child.stdout!.destroy();
        child.stderr!.destroy();
        (status as { destroy?: () => void } | null | undefined)?.destroy?.();
        finish();
      }, 2000);
    });
    child.on('close', () => finish());
  });
}

function builtInSandbox(mode: SandboxMode, description: string): Sandbox {
  return {
    name: mode,
    description,
    confined: mode !== 'none',
    check: () => ensureSandboxWorks(mode),
    identity: () => sandboxIdentity(mode),
    treePath: (tree) => treePathInside(mode, tree),
    run: (run) => runCommand({ ...run, mode }),
  };
}

registerSandbox(
  builtInSandbox(
    'bwrap',
    'bubblewrap: only the tree and the toolchain visible, no network, seccomp, cgroup or rlimit caps',
  ),
);
registerSandbox(builtInSandbox('none', 'UNSANDBOXED: commands run with your rights, for trusted code only'));
