// Runs one shell command on a worker tree, inside bubblewrap unless the mode is `none`.
//
// The sandbox: the host file system read-only (`--ro-bind / /`); the worker's tree writable, always
// mounted at SANDBOX_TREE so that a tree prepared once can be copied to every worker (builds record
// absolute paths); a private /tmp; /run hidden (it holds the host's Unix sockets, which a
// read-only mount does not stop a process from connecting to); new user, PID, network, IPC and
// UTS namespaces (the network one has only its own loopback); no capabilities (`--cap-drop ALL`:
// bwrap keeps them when started by root, and with them the sandbox could remount / read-write);
// a clean environment (no API keys leak in); prlimit limits on CPU time, data size, processes and
// file size; the output capped; a wall-clock timeout that kills the process group, which takes the
// PID namespace (and every process in it) with it. When ctxbench runs as root the sandbox runs as
// an unprivileged user, because the kernel never enforces RLIMIT_NPROC for root.
import { fileURLToPath } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { InputError } from '../util/errors.ts';
import type { Limits, RunOutcome, SandboxMode } from './types.ts';

/** Where a worker's tree appears inside the sandbox. */
export const SANDBOX_TREE = '/tmp/ctxbench/tree';
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const MIB = 1024 * 1024;

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
  /** bytes of output kept for the log tail and verdict markers (default 256 KiB). */
  keepBytes?: number;
}

/** The user sandboxed commands run as when ctxbench runs as root (null: ctxbench's own user). */
export function sandboxIdentity(mode: SandboxMode): { uid: number; gid: number } | null {
  if (mode === 'none' || process.getuid?.() !== 0) return null;
  const id = Number(process.env.CTXBENCH_SANDBOX_UID ?? 65534);
  if (!Number.isInteger(id) || id <= 0) throw new InputError(`CTXBENCH_SANDBOX_UID must be a positive whole number, got '${process.env.CTXBENCH_SANDBOX_UID}'`);
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
  const probe = spawnSync('bwrap', [...bwrapArgs({ tree: tmpdir(), network: false, limits: null }), 'true'], spawnIdentity(mode));
  if (probe.error && (probe.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new InputError('bubblewrap (bwrap) is not installed: run scripts/setup-system.sh (Debian package `bubblewrap`), or pass --sandbox none at your own risk');
  }
  if (probe.status !== 0) {
    throw new InputError(`bubblewrap cannot create its sandbox on this machine (${String(probe.stderr).trim() || `exit ${probe.status}`}); user namespaces may be disabled (sysctl kernel.unprivileged_userns_clone / user.max_user_namespaces)`);
  }
  sandboxChecked = true;
}

function spawnIdentity(mode: SandboxMode): { uid?: number; gid?: number } {
  const identity = sandboxIdentity(mode);
  return identity ? { uid: identity.uid, gid: identity.gid } : {};
}

const CTXBENCH_HOME = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const SANDBOX_CTXBENCH_HOME = '/tmp/ctxbench/home';

function bwrapArgs(options: { tree: string; network: boolean; limits: Limits | null }): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  if (options.limits) args.push('--size', String(options.limits.tmpMb * MIB));
  args.push('--tmpfs', '/tmp');
  // /run keeps DNS configuration on some systems: hidden only when the network is off anyway.
  if (!options.network && existsSync('/run')) args.push('--tmpfs', '/run');
  args.push('--dir', '/tmp/home', '--bind', options.tree, SANDBOX_TREE, '--chdir', SANDBOX_TREE);
  // ctxbench's own folder, read-only at a fixed path: it may itself live under the host's /tmp, which the sandbox replaces.
  args.push('--ro-bind', CTXBENCH_HOME, SANDBOX_CTXBENCH_HOME);
  args.push('--unshare-all', ...(options.network ? ['--share-net'] : []), '--cap-drop', 'ALL', '--die-with-parent', '--new-session', '--hostname', 'ctxbench');
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


/** Runs the command and resolves when it and everything it started have ended. */
export function runCommand(run: CommandRun): Promise<RunOutcome> {
  const env: Record<string, string> = {
    PATH: DEFAULT_PATH,
    HOME: run.mode === 'bwrap' ? '/tmp/home' : tmpdir(),
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
    CTXBENCH_TREE: treePathInside(run.mode, run.tree),
    // ctxbench's own folder (read-only inside the sandbox): environments reach its bundled tools, e.g. `$CTXBENCH_HOME/node_modules/.bin/tsc`.
    CTXBENCH_HOME: run.mode === 'bwrap' ? SANDBOX_CTXBENCH_HOME : CTXBENCH_HOME,
    ...run.env,
  };
  const shell = ['prlimit', ...prlimitArgs(run.limits), '--', '/bin/sh', '-c', run.command];
  const [file, args] = run.mode === 'bwrap'
    ? ['bwrap', [...bwrapArgs({ tree: run.tree, network: run.network ?? false, limits: run.limits }), '--clearenv', ...Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]), '--', ...shell]]
    : [shell[0]!, shell.slice(1)];
  const keepBytes = run.keepBytes ?? 256 * 1024;
  const outputLimit = run.limits.outputMb * MIB;
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(file, args as string[], {
      cwd: run.mode === 'bwrap' ? '/' : run.tree,
      env: run.mode === 'bwrap' ? {} : env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      ...spawnIdentity(run.mode),
    });
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let bytes = 0;
    let timedOut = false;
    let outputLimited = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let settled = false;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      kept.push(chunk);
      keptBytes += chunk.length;
      while (keptBytes - kept[0]!.length >= keepBytes) keptBytes -= kept.shift()!.length;
      if (bytes > outputLimit && !outputLimited) {
        outputLimited = true;
        killGroup();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, run.timeoutMs);
    const finish = (spawnError?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drainTimer);
      let output = Buffer.concat(kept).toString('utf8');
      if (output.length > keepBytes) output = output.slice(output.length - keepBytes);
      if (spawnError) output += `\n[ctxbench] cannot start ${file}: ${spawnError.message}`;
      resolvePromise({
        exitCode: spawnError ? 127 : exit?.code ?? null,
        signal: exit?.signal ?? null,
        timedOut,
        outputLimited,
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
        finish();
      }, 2000);
    });
    child.on('close', () => finish());
  });
}
