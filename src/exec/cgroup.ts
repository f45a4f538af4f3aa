// Per-sandbox resource caps through cgroups: total memory (tmpfs pages included: the kernel charges
// them to the cgroup of the process that wrote them), processes and threads, and CPU time. A sandbox's
// CPU weight is that of ctxbench's own nice value: a cgroup's default weight is a nice-0 process's, so
// `nice -n 19 ctxbench exec` would otherwise run its builds and tests at full priority.
//
// How: a child cgroup is made below ctxbench's OWN cgroup (so the host's limits on ctxbench still
// hold), one per sandboxed command; the command's wrapper shell writes its pid into it before it
// execs bubblewrap, so every process of the sandbox starts inside. Where:
// - cgroup v2 (unified): when ctxbench's own cgroup lets it create children with the memory and
//   pids controllers (root, or a systemd-delegated subtree for an ordinary user);
// - cgroup v1: when the memory, pids and cpu hierarchies are mounted and writable (root);
// - otherwise none: the per-process rlimits (data size, RLIMIT_NPROC per user, CPU seconds) and the
//   sizes of the private tmpfs mounts are the only caps. `describeCgroups()` says which is in use.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import type { Limits } from './types.ts';

const MIB = 1024 * 1024;
type Controller = 'memory' | 'pids' | 'cpu';
const CONTROLLERS: Controller[] = ['memory', 'pids', 'cpu'];

export interface CgroupSupport {
  kind: 'v2' | 'v1' | 'none';
  /** v2: the parent folder; v1: the parent folder per controller. */
  parents: Partial<Record<Controller | 'unified', string>>;
  reason: string;
}

/** One sandbox's cgroup(s): the files its wrapper joins, and how to end and remove it. */
export interface SandboxCgroup {
  procsFiles: string[];
  /** true when the memory cap killed a process. */
  memoryHit(): boolean;
  /** kills what is left in it and removes it. */
  remove(): void;
}

/** The kernel's CPU weight of each nice value, -20 to 19 (kernel/sched/core.c `sched_prio_to_weight`). */
const NICE_WEIGHTS = [
  88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916, 9548, 7620, 6100, 4904, 3906, 3121, 2501, 1991,
  1586, 1277, 1024, 820, 655, 526, 423, 335, 272, 215, 172, 137, 110, 87, 70, 56, 45, 36, 29, 23, 18, 15,
];

/** The cgroup v1 `cpu.shares` of a process at this nice value (1024 at nice 0, 15 at nice 19). */
function sharesForNice(nice: number): number {
  return NICE_WEIGHTS[Math.min(19, Math.max(-20, Math.trunc(nice))) + 20]!;
}

let detected: CgroupSupport | null = null;
let counter = 0;

function ownPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    if (match[1] === '') paths.set('unified', match[2]!);
    for (const name of match[1]!.split(',')) if (name) paths.set(name, match[2]!);
  }
  return paths;
}

function probe(parent: string): boolean {
  const dir = join(parent, `ctxbench-probe-${process.pid}`);
  try {
    mkdirSync(dir);
    rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

export function detectCgroups(): CgroupSupport {
  if (detected) return detected;
  if (process.env.CTXBENCH_CGROUPS === 'none')
    return (detected = { kind: 'none', parents: {}, reason: 'disabled by CTXBENCH_CGROUPS=none' });
  let own: Map<string, string>;
  try {
    own = ownPaths();
  } catch {
    return (detected = { kind: 'none', parents: {}, reason: '/proc/self/cgroup is unreadable' });
  }
  if (existsSync('/sys/fs/cgroup/cgroup.controllers') && own.has('unified')) {
    const parent = join('/sys/fs/cgroup', own.get('unified')!);
    pruneStale(parent);
    const dir = join(parent, `ctxbench-probe-${process.pid}`);
    try {
      mkdirSync(dir);
      const available = readFileSync(join(dir, 'cgroup.controllers'), 'utf8').split(/\s+/);
      rmdirSync(dir);
      if (available.includes('memory') && available.includes('pids'))
        return (detected = { kind: 'v2', parents: { unified: parent }, reason: `cgroup v2 below ${parent}` });
      return (detected = {
        kind: 'none',
        parents: {},
        reason:
          'cgroup v2: the memory and pids controllers are not delegated to ' + `${parent} (its cgroup.subtree_control)`,
      });
    } catch (error) {
      return (detected = {
        kind: 'none',
        parents: {},
        reason:
          `cgroup v2: cannot create a child of ${parent} (${(error as NodeJS.ErrnoException).code}); not ` +
          `delegated to this user`,
      });
    }
  }
  const parents: CgroupSupport['parents'] = {};
  for (const controller of CONTROLLERS) {
    const path = own.get(controller);
    const parent = path === undefined ? null : join('/sys/fs/cgroup', controller, path);
    if (parent === null || !existsSync(parent) || !probe(parent)) {
      return (detected = {
        kind: 'none',
        parents: {},
        reason:
          `cgroup v1: the ${controller} hierarchy is ` +
          `${parent === null ? 'not mounted' : `not writable at ${parent}`}`,
      });
    }
    parents[controller] = parent;
  }
  for (const parent of Object.values(parents)) pruneStale(parent);
  return (detected = { kind: 'v1', parents, reason: `cgroup v1 below ${Object.values(parents).join(', ')}` });
}

/**
 * Removes the empty sandbox cgroups a ctxbench process that no longer runs left behind (killed, or its removal
 * outwaited by an exiting process): they would otherwise pile up. A cgroup still holding a process stays.
 */
function pruneStale(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = /^ctxbench-(\d+)-/.exec(name)?.[1];
    if (owner === undefined || Number(owner) === process.pid || existsSync(`/proc/${owner}`)) continue;
    try {
      rmdirSync(join(parent, name));
    } catch {
      // not empty, or not ours to remove: left alone
    }
  }
}

/** A one-line description for progress output and docs. */
export function describeCgroups(): string {
  const support = detectCgroups();
  return support.kind === 'none'
    ? `no cgroups (${support.reason}): memory, processes and CPU are capped per process by rlimits only, ` +
        'and the tmpfs mounts by their sizes'
    : `caps per sandbox through ${support.reason}`;
}

function write(dir: string, file: string, value: string, optional = false): void {
  try {
    writeFileSync(join(dir, file), value);
  } catch (error) {
    if (!optional) throw error;
  }
}

function killAll(dir: string): void {
  try {
    for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone
      }
    }
  } catch {
    // gone
  }
}

function removeDir(dir: string): void {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      killAll(dir);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/** Creates the cgroup(s) of one sandboxed command; null when cgroups are not available. */
export function createSandboxCgroup(limits: Limits): SandboxCgroup | null {
  const support = detectCgroups();
  if (support.kind === 'none') return null;
  // (a random part too: a stale cgroup of an earlier process with the same pid never collides)
  const name = `ctxbench-${process.pid}-${++counter}-${randomBytes(3).toString('hex')}`;
  const memory = String(limits.memoryMb * MIB);
  const period = 100_000;
  if (support.kind === 'v2') {
    const dir = join(support.parents.unified!, name);
    mkdirSync(dir);
    write(dir, 'memory.max', memory);
    write(dir, 'memory.swap.max', '0', true);
    write(dir, 'pids.max', String(limits.processes));
    write(dir, 'cpu.max', `${limits.cpus * period} ${period}`, true);
    write(dir, 'cpu.weight.nice', String(getPriority()), true);
    return {
      procsFiles: [join(dir, 'cgroup.procs')],
      memoryHit: () => /^oom_kill [1-9]/m.test(safeRead(join(dir, 'memory.events'))),
      remove: () => {
        write(dir, 'cgroup.kill', '1', true);
        removeDir(dir);
      },
    };
  }
  const dirs = CONTROLLERS.map((controller) => join(support.parents[controller]!, name));
  for (const dir of dirs) mkdirSync(dir);
  const [memoryDir, pidsDir, cpuDir] = dirs as [string, string, string];
  write(memoryDir, 'memory.limit_in_bytes', memory);
  write(memoryDir, 'memory.memsw.limit_in_bytes', memory, true);
  write(pidsDir, 'pids.max', String(limits.processes));
  write(cpuDir, 'cpu.cfs_period_us', String(period), true);
  write(cpuDir, 'cpu.cfs_quota_us', String(limits.cpus * period), true);
  write(cpuDir, 'cpu.shares', String(sharesForNice(getPriority())), true);
  return {
    procsFiles: dirs.map((dir) => join(dir, 'cgroup.procs')),
    memoryHit: () => /^oom_kill [1-9]/m.test(safeRead(join(memoryDir, 'memory.oom_control'))),
    remove: () => {
      for (const dir of dirs) removeDir(dir);
    },
  };
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
