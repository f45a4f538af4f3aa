// Live benchmarks (`ctxbench refresh <spec.yaml>`): task sets rebuilt from code written after a model's
// training cut-off, one per time window. Each run fetches the spec's repositories into the live folder's own
// git stores (the user's checkouts are only read), builds every window that has closed since the last run
// from a checkout of its newest commit, keeps the tasks whose hole's lines last changed inside the window
// (git blame), and appends the window to the chain (datasets/live.ts). A window once built is never built
// again unless the spec changes; a run killed at any point leaves the windows before intact.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import {
  LIVE_CHAIN_FILE,
  readLiveChain,
  setContentHash,
  windowHash,
  type LiveChain,
  type LiveSet,
  type LiveWindow,
  type TaskRecord,
} from '../datasets/index.ts';
import { defaultIndexPath, LEVEL_MODES } from '../index/index.ts';
import { LanguageSchema } from '../languages/index.ts';
import { recordHash } from '../util/canonical-json.ts';
import { dayOf, daySeconds, isCalendarDay } from '../util/dates.ts';
import { InputError, errorReason } from '../util/errors.ts';
import { writeFileAtomic } from '../util/jsonl.ts';
import { lockFolder } from '../util/lock.ts';
import { parseRecord } from '../util/schema.ts';
import { readYamlFile } from '../util/yaml-lines.ts';
import { buildBenchmark, writeBuild } from './build.ts';
import { familyProblem } from './family.ts';
import type { BuildManifest, Family, TimeWindow } from './types.ts';

const DateSchema = z.string().refine(isCalendarDay, { error: 'expected a day YYYY-MM-DD' });
const LENGTH = /^([1-9]\d{0,4})\s*(day|week|month|year)s?$/;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 31, year: 366 };
/**
 * Windows a live folder holds at most: a typo in the start or the length (a day from year 24) would make hundreds of
 * thousands.
 */
export const MAX_WINDOWS = 1000;
/** git reads a leading `-` as an option: a source or ref may not start with one. */
const NOT_AN_OPTION = { error: 'must not start with "-" (git would read it as an option)' };

const RepositorySchema = z
  .strictObject({
    /** the name in task ids and reports (default: the last part of path or url). */
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'letters, digits, ".", "_" and "-" only' })
      .optional(),
    /** a local git checkout (relative to the spec's folder)... */
    path: z.string().min(1).optional(),
    /** ...or anything `git fetch` takes (needs the network where it is remote). */
    url: z
      .string()
      .min(1)
      .refine((url) => !url.startsWith('-'), NOT_AN_OPTION)
      .optional(),
    /** the branch or ref followed (default: the source's HEAD). */
    ref: z
      .string()
      .min(1)
      .refine((ref) => !ref.startsWith('-'), NOT_AN_OPTION)
      .optional(),
  })
  .refine((repo) => (repo.path === undefined) !== (repo.url === undefined), { error: 'give one of path or url' });

const FamilySchema = z.strictObject({
  family: z
    .string()
    .refine((name) => familyProblem(name) === null, { error: (issue) => familyProblem(issue.input)! })
    .describe("a task family: function, crossfile, node, or a plugin's"),
  seed: z.int().min(0).default(0),
  /** at most this many tasks per window, repository and language (a seeded sample of the window's tasks). */
  limit: z.int().min(1).optional(),
  languages: z.array(LanguageSchema).min(1).optional(),
  /** function: how call levels are classified. */
  levels: z.enum(LEVEL_MODES).optional(),
  /** crossfile: minimum prompt lines per language. */
  minPromptLines: z.record(LanguageSchema, z.int().min(0)).optional(),
  /** node: holes drawn per file. */
  perFile: z.int().min(1).optional(),
});

export const LiveSpecSchema = z.strictObject({
  repositories: z.array(RepositorySchema).min(1),
  families: z.array(FamilySchema).min(1),
  window: z.strictObject({
    /** the first window's first day (UTC). */
    start: DateSchema,
    /** each window's length: `N day(s)`, `N week(s)`, `N month(s)` or `N year(s)`. */
    length: z
      .string()
      .regex(LENGTH, { error: 'expected N days, N weeks, N months or N years (e.g. 1 month)' })
      .refine(
        (length) => {
          const match = LENGTH.exec(length);
          return match === null || Number(match[1]) * UNIT_DAYS[match[2]!]! <= 36600;
        },
        { error: 'a window of 100 years at most' },
      ),
  }),
  /** files of each repository to index (globs; default every file of a known language). */
  include: z.array(z.string()).optional(),
  exclude: z.array(z.string()).optional(),
  /** the live folder (relative to the spec's folder; default `<spec name>.live` beside the spec). */
  out: z.string().min(1).optional(),
});

export type LiveSpec = z.output<typeof LiveSpecSchema>;

/**
 * A spec read from its file: relative paths made absolute, names filled in, and the hash of what decides the windows'
 * tasks.
 */
export interface LoadedSpec {
  file: string;
  spec: LiveSpec;
  repositories: { name: string; source: string; ref: string | null }[];
  out: string;
  hash: string;
}

export function loadLiveSpec(file: string): LoadedSpec {
  const { value, where } = readYamlFile(file, 'spec');
  const spec = parseRecord(LiveSpecSchema, value, where);
  const folder = dirname(resolve(file));
  const window = spec.window;
  if (/month|year/.test(window.length) && Number(window.start.slice(8)) > 28) {
    throw new InputError(
      `a window of months or years starts on day 28 at most (months differ in length), got ${window.start}`,
      { file, line: where.lineOf?.(['window', 'start']), field: 'window.start' },
    );
  }
  const repositories = spec.repositories.map((repo, index) => {
    const source = repo.path !== undefined ? resolve(folder, repo.path) : repo.url!;
    const name = repo.name ?? basename(source.replace(/\/+$/, '')).replace(/\.git$/, '');
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name))
      throw new InputError(`cannot name this repository from its source (${JSON.stringify(name)}): give it a name`, {
        file,
        line: where.lineOf?.(['repositories', index]),
        field: `repositories[${index}].name`,
      });
    return { name, source, ref: repo.ref ?? null };
  });
  const names = repositories.map((repo) => repo.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice)
    throw new InputError(`two repositories are named ${twice}: give them names`, { file, field: 'repositories' });
  const out =
    spec.out !== undefined
      ? resolve(folder, spec.out)
      : join(folder, `${basename(file).replace(/\.(ya?ml|json)$/i, '')}.live`);
  // the hash is of the spec's settings as written (a relative path stays relative): a live folder moved with its spec
  // keeps its windows
  const { out: _out, ...settings } = spec;
  return { file: resolve(file), spec, repositories, out, hash: recordHash(settings) };
}

/** `start` moved by `count` lengths (UTC calendar arithmetic). */
function addLength(start: string, length: string, count: number): string {
  const [, amount, unit] = LENGTH.exec(length)!;
  const step = Number(amount) * count;
  const date = new Date(`${start}T00:00:00Z`);
  if (unit === 'day') date.setUTCDate(date.getUTCDate() + step);
  else if (unit === 'week') date.setUTCDate(date.getUTCDate() + 7 * step);
  else if (unit === 'month') date.setUTCMonth(date.getUTCMonth() + step);
  else date.setUTCFullYear(date.getUTCFullYear() + step);
  return date.toISOString().slice(0, 10);
}

/**
 * The windows to have built: from the spec's start, each closed by `until` (its end on or before that day),
 * up to the one holding the newest commit (windows after the last commit wait for one).
 */
export function windowsUntil(window: LiveSpec['window'], newest: string | null, until: string): TimeWindow[] {
  const windows: TimeWindow[] = [];
  if (newest === null) return windows;
  for (let k = 0; ; k++) {
    const next = windowAt(window, k);
    if (next.start > newest || next.end > until) return windows;
    windows.push(next);
  }
}

/** The spec's window number `k` (from 0). */
function windowAt(window: LiveSpec['window'], k: number): TimeWindow {
  return { start: addLength(window.start, window.length, k), end: addLength(window.start, window.length, k + 1) };
}

interface Commit {
  hash: string;
  /** committer date, seconds (git blame dates lines by it too); 0 for a date beyond year 9999. */
  time: number;
  /** the newest committer date of the commit and its ancestors: its tree holds code that new. */
  newest: number;
}

/** git's answer; a failure is git's own `fatal:` line (else its last), worded by `failure`. */
function git(
  dir: string,
  args: string[],
  failure = (reason: string) => new InputError(`git ${args[0]} failed: ${reason}`, { file: dir }),
): string {
  try {
    return execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    const lines = String((error as { stderr?: unknown }).stderr ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const reason = lines.find((line) => /^(fatal|error):/.test(line)) ?? lines.at(-1) ?? errorReason(error);
    throw failure(reason.replace(/^(fatal|error):\s*/, ''));
  }
}

/** Fetches a repository's followed ref into the live folder's own bare store; its commits, newest first. */
function fetchCommits(store: string, source: string, ref: string | null): Commit[] {
  if (!existsSync(join(store, 'HEAD'))) {
    mkdirSync(store, { recursive: true });
    git(store, ['init', '--quiet', '--bare']);
  }
  git(
    store,
    ['fetch', '--quiet', '--no-tags', '--force', '--', source, `${ref ?? 'HEAD'}:refs/live/tip`],
    (reason) => new InputError(`cannot fetch ${ref ?? 'HEAD'} of ${source}: ${reason}`),
  );
  // parents before children: a commit's code is as new as its newest ancestor (dates need not grow along the history)
  const commits: Commit[] = [];
  const reached = new Map<string, number>();
  for (const line of git(store, ['log', '--topo-order', '--reverse', '--format=%H %ct %P', 'refs/live/tip']).split(
    '\n',
  )) {
    const [hash, time, ...parents] = line.split(' ');
    if (!hash) continue;
    const own = dayOf(Number(time)) === null ? 0 : Number(time);
    const newest = parents.reduce((max, parent) => Math.max(max, reached.get(parent) ?? 0), own);
    reached.set(hash, newest);
    commits.push({ hash, time: own, newest });
  }
  return commits.reverse();
}

/** What a refresh did (or, with `dryRun`, would do). */
export interface RefreshResult {
  out: string;
  /** the windows built by this run (to build, with `dryRun`). */
  added: { window: TimeWindow; repositories: LiveWindow['repositories']; tasks: Record<string, number> }[];
  /** every window of the chain after the run. */
  windows: number;
  /** the spec changed since the windows were built: every window was built again. */
  rebuilt: boolean;
  notes: string[];
}

export interface RefreshOptions {
  /** windows ending after this day stay open (default: today, UTC). */
  until?: string;
  dryRun?: boolean;
  toolVersion: string;
  /** the command line, recorded in each set's manifest. */
  command: string;
  /** one line per step (fetching, each window). */
  onProgress?: (line: string) => void;
}

/** The checkout of one window's commit (a worktree of the live folder's store), made afresh. */
function checkout(store: string, folder: string, commit: string): void {
  if (existsSync(folder)) rmSync(folder, { recursive: true, force: true });
  git(store, ['worktree', 'prune']);
  mkdirSync(dirname(folder), { recursive: true });
  git(store, ['worktree', 'add', '--quiet', '--force', '--detach', folder, commit]);
  // an index the repository carries is not ours: its cached blame dates could date old code into the window
  rmSync(join(folder, '.ctxbench'), { recursive: true, force: true });
}

/**
 * The task set's records in a window: ids and labels name the window, so sets of several windows stay apart in one run.
 */
function inWindow(tasks: TaskRecord[], window: TimeWindow): TaskRecord[] {
  return tasks.map((task) => ({
    ...task,
    id: `${task.id}@${window.start}`,
    labels: { ...task.labels, window: window.start },
  }));
}

/** Marks a folder as a live folder: only in one does a refresh remove what it made before. */
const MARKER = '.ctxbench-live';

/** The folders a refresh writes in (and removes its leftovers from). */
const OWN_FOLDERS = ['sets', 'git', 'checkouts'];

/**
 * The live folder, made and marked when new (or empty); a folder holding anything else is refused, never cleaned,
 * and so is one whose own folders are links (a refresh deletes only inside folders it made).
 */
function liveFolder(out: string): void {
  if (!existsSync(join(out, MARKER))) {
    const entries = existsSync(out) ? readdirSync(out) : [];
    if (entries.length > 0)
      throw new InputError(
        `not a live folder: it holds other files ` +
          `(${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}); name a new or empty folder in ` +
          `the spec's out`,
        { file: out },
      );
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, MARKER),
      "made by ctxbench refresh: the live benchmark's folder (live.json, sets/, git/, checkouts/)\n",
    );
  }
  for (const name of OWN_FOLDERS) {
    const path = join(out, name);
    if (existsSync(path) && lstatSync(path).isSymbolicLink())
      throw new InputError(
        `${name} is a symbolic link: a refresh removes its leftovers there and never through a link; make it a ` +
          `folder of the live folder`,
        { file: path },
      );
  }
}

export async function refreshLive(spec: LoadedSpec, options: RefreshOptions): Promise<RefreshResult> {
  const out = spec.out;
  const progress = options.onProgress ?? (() => {});
  liveFolder(out);
  const lock = lockFolder(out, 'ctxbench refresh');
  try {
    const chainFile = join(out, LIVE_CHAIN_FILE);
    const before: LiveChain | null = existsSync(chainFile) ? readLiveChain(chainFile) : null;
    if (before && before.spec.file !== spec.file && existsSync(before.spec.file)) {
      throw new InputError(
        `this live folder is ${before.spec.file}'s: two specs cannot share one (name another out in ${spec.file})`,
        { file: out },
      );
    }
    const rebuilt = before !== null && before.spec.hash !== spec.hash;
    const kept = before && !rebuilt ? before.windows : [];
    const notes: string[] = [];
    const commits = new Map<string, Commit[]>();
    for (const repo of spec.repositories) {
      progress(`fetching ${repo.name} from ${repo.source}${repo.ref ? ` (${repo.ref})` : ''}`);
      const list = fetchCommits(join(out, 'git', `${repo.name}.git`), repo.source, repo.ref);
      const undated = list.filter((commit) => commit.time === 0).length;
      if (undated > 0) notes.push(`${repo.name}: ${undated} commit(s) dated beyond year 9999 are counted in no window`);
      commits.set(repo.name, list);
    }
    const newestTime = [...commits.values()].reduce(
      (max, list) => list.reduce((inner, commit) => Math.max(inner, commit.newest), max),
      0,
    );
    const until = options.until ?? new Date().toISOString().slice(0, 10);
    const windows = windowsUntil(spec.spec.window, newestTime > 0 ? dayOf(newestTime) : null, until);
    if (windows.length > MAX_WINDOWS) {
      throw new InputError(
        `the spec makes ${windows.length.toLocaleString('en-US')} windows from ${spec.spec.window.start} ` +
          `(${spec.spec.window.length} each) up to its newest commit: more than ${MAX_WINDOWS}; choose a later start ` +
          `or longer windows`,
        { file: spec.file, field: 'window' },
      );
    }
    kept.forEach((window, index) => {
      const expected = windowAt(spec.spec.window, index);
      if (expected.start !== window.start || expected.end !== window.end) {
        throw new InputError(
          `the chain's window ${window.start} .. ${window.end} is not the spec's window ${index + 1} ` +
            `(${expected.start} .. ${expected.end})`,
          { file: chainFile },
        );
      }
    });
    const inside = (list: Commit[], window: TimeWindow) =>
      list.filter((commit) => commit.time >= daySeconds(window.start) && commit.time < daySeconds(window.end)).length;
    for (const window of kept) {
      const built = new Map(window.repositories.map((repo) => [repo.name, repo]));
      for (const repo of spec.repositories) {
        const list = commits.get(repo.name)!;
        const was = built.get(repo.name);
        if (inside(list, window) > (was?.commits ?? 0))
          notes.push(
            `${repo.name} has commits dated in the window ${window.start} .. ${window.end} that came after it was ` +
              `built (a built window is never built again)`,
          );
        if (was?.commit && !list.some((commit) => commit.hash === was.commit))
          notes.push(
            `${repo.name}'s history no longer holds ${was.commit.slice(0, 12)}, the commit of the window ` +
              `${window.start} (rewritten?): the window keeps it`,
          );
      }
    }
    const toBuild = windows.slice(kept.length);
    // a window's checkout: the commit with the newest code that is all older than the window's end
    const windowRepositories = (window: TimeWindow) =>
      spec.repositories.map((repo) => {
        const list = commits.get(repo.name)!;
        let head: Commit | null = null;
        for (const commit of list)
          if (commit.newest < daySeconds(window.end) && (head === null || commit.newest > head.newest)) head = commit;
        return { name: repo.name, commit: head?.hash ?? null, commits: inside(list, window) };
      });
    const result: RefreshResult = { out, added: [], windows: kept.length, rebuilt, notes };
    if (options.dryRun) {
      for (const window of toBuild) result.added.push({ window, repositories: windowRepositories(window), tasks: {} });
      return result;
    }
    let chain: LiveChain = {
      format: 'ctxbench-live',
      version: 1,
      spec: { file: spec.file, hash: spec.hash },
      toolVersion: options.toolVersion,
      windows: [...kept],
    };
    const writeChain = () => writeFileAtomic(chainFile, `${JSON.stringify(chain, null, 2)}\n`);
    if (rebuilt) {
      progress(
        `the spec changed since the windows were built (${before!.windows.length}): building every window again`,
      );
      // the new spec's (empty) chain first: a kill from here on leaves a chain that names nothing removed
      writeChain();
      rmSync(join(out, 'checkouts'), { recursive: true, force: true });
    }
    repairKept(out, kept);
    if (before && before.spec.file !== spec.file) writeChain();
    for (const window of toBuild) {
      const repositories = windowRepositories(window);
      const changed = repositories.filter((repo) => repo.commits > 0 && repo.commit !== null);
      progress(
        `window ${window.start} .. ${window.end}: ` +
          repositories
            .map((repo) => {
              const commit = repo.commit ? repo.commit.slice(0, 12) : '(no commit yet)';
              return `${repo.name} ${commit}, ${repo.commits} commit(s) in the window`;
            })
            .join('; '),
      );
      const checkouts: string[] = [];
      for (const repo of changed) {
        const folder = join(out, 'checkouts', window.start, repo.name);
        checkout(join(out, 'git', `${repo.name}.git`), folder, repo.commit!);
        // the index of the repository's last checkout seeds this one's: only the files that changed are parsed again
        const seed = chain.windows
          .map((built) => defaultIndexPath(join(out, 'checkouts', built.start, repo.name)))
          .findLast((path) => existsSync(path));
        if (seed) {
          mkdirSync(dirname(defaultIndexPath(folder)), { recursive: true });
          copyFileSync(seed, defaultIndexPath(folder));
        }
        checkouts.push(folder);
      }
      const sets: LiveSet[] = [];
      mkdirSync(join(out, 'sets'), { recursive: true });
      for (const family of spec.spec.families) {
        let tasks: TaskRecord[] = [];
        let filters: LiveSet['filters'] = [
          { filter: 'no repository has a commit in the window', removed: 0, remaining: 0 },
        ];
        let build: { tasks: TaskRecord[]; manifest: BuildManifest } | null = null;
        if (checkouts.length > 0) {
          const output = await buildBenchmark({
            family: family.family,
            repos: checkouts,
            index: { include: spec.spec.include, exclude: spec.spec.exclude },
            seed: family.seed,
            limit: family.limit,
            languages: family.languages,
            levels: family.levels,
            minPromptLines: family.minPromptLines,
            perFile: family.perFile,
            window,
            command: options.command,
            toolVersion: options.toolVersion,
          });
          tasks = inWindow(output.tasks, window);
          filters = output.manifest.filters;
          build = {
            tasks,
            manifest: {
              ...output.manifest,
              counts: { ...output.manifest.counts, window: { [window.start]: tasks.length } },
            },
          };
        }
        const contentHash = setContentHash(tasks);
        const file = `sets/${family.family}-${window.start}.${contentHash.slice(0, 16)}.tasks`;
        writeBuild(
          join(out, file),
          build ?? { tasks, manifest: emptyManifest(family.family, window, options, filters) },
        );
        sets.push({ family: family.family, file, tasks: tasks.length, contentHash, filters });
      }
      const entry: Omit<LiveWindow, 'hash'> = {
        start: window.start,
        end: window.end,
        repositories,
        sets,
        previous: chain.windows.at(-1)?.hash ?? null,
        builtAt: new Date().toISOString(),
      };
      chain = { ...chain, windows: [...chain.windows, { ...entry, hash: windowHash(entry) }] };
      // the window's sets are whole on disk before the chain names them: a kill before this line loses this window only
      writeChain();
      const counts = Object.fromEntries(sets.map((set) => [set.family, set.tasks]));
      progress(`window ${window.start}: ${sets.map((set) => `${set.family} ${set.tasks} task(s)`).join(', ')}`);
      result.added.push({ window, repositories, tasks: counts });
    }
    if (toBuild.length === 0 && before !== null && !rebuilt) progress('nothing new: every closed window is built');
    removeUnlisted(
      out,
      chain,
      spec.repositories.map((repo) => repo.name),
    );
    result.windows = chain.windows.length;
    return result;
  } finally {
    lock.release();
  }
}

/**
 * Sets and checkouts no window of the chain names (a spec changed, a run killed mid-window) are ctxbench's own
 * leftovers. The checkouts of the chain's windows stay: retrieval reads a task's repository at its window's commit.
 */
function removeUnlisted(out: string, chain: LiveChain, repositories: string[]): void {
  const listed = new Set(
    chain.windows.flatMap((window) => window.sets.flatMap((set) => [set.file, `${set.file}.manifest.json`])),
  );
  const setsFolder = join(out, 'sets');
  if (existsSync(setsFolder)) {
    for (const name of readdirSync(setsFolder)) {
      const file = `sets/${name}`;
      if (!listed.has(file) && /^[a-z]+-\d{4}-\d{2}-\d{2}\.[0-9a-f]{16}\.tasks(\.manifest\.json)?$/.test(name))
        rmSync(join(out, file), { force: true });
    }
  }
  const starts = new Set(chain.windows.map((window) => window.start));
  const checkouts = join(out, 'checkouts');
  if (existsSync(checkouts)) {
    for (const start of readdirSync(checkouts))
      if (/^\d{4}-\d{2}-\d{2}$/.test(start) && !starts.has(start))
        rmSync(join(checkouts, start), { recursive: true, force: true });
  }
  for (const name of repositories) {
    const store = join(out, 'git', `${name}.git`);
    if (existsSync(join(store, 'HEAD'))) git(store, ['worktree', 'prune']);
  }
}

/**
 * The kept windows' checkouts made again where they went missing (retrieval reads them); their sets must all be there.
 */
function repairKept(out: string, kept: LiveWindow[]): void {
  for (const window of kept) {
    for (const set of window.sets) {
      if (!existsSync(join(out, set.file)))
        throw new InputError(
          `window ${window.start}'s ${set.family} set is missing (${set.file}): the live folder is damaged; restore ` +
            `the file, or build the benchmark again in a new folder`,
          { file: join(out, LIVE_CHAIN_FILE) },
        );
    }
    for (const repo of window.repositories) {
      const folder = join(out, 'checkouts', window.start, repo.name);
      if (repo.commits > 0 && repo.commit !== null && !existsSync(folder))
        checkout(join(out, 'git', `${repo.name}.git`), folder, repo.commit);
    }
  }
}

function emptyManifest(
  family: Family,
  window: TimeWindow,
  options: RefreshOptions,
  filters: LiveSet['filters'],
): BuildManifest {
  return {
    tool: 'ctxbench',
    version: options.toolVersion,
    command: options.command,
    family,
    split: 'test',
    seed: 0,
    options: { window },
    repositories: [],
    filters,
    tasks: 0,
    notes: ['no repository has a commit in the window: no code changed in it'],
    counts: {},
    inputs: { skipped: [], decoded: [], counts: {} },
  };
}
