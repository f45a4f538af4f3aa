// Live benchmarks as task files: a folder that `ctxbench refresh` keeps, holding one task set per time window
// and per family, and `live.json`, the chain of its windows. Each window's entry names its sets by their
// content hash and carries the hash of the entry before it, so a chain that was edited, truncated in the
// middle or mixed from two folders is refused. Anything that reads a task file reads a live folder (or its
// live.json) as the windows' tasks in order, `redis.live#function` as one family's: `eval redis.live#function
// --run R` runs them, and again after a refresh the run grows by the new windows' tasks.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { canonicalJson, recordHash } from '../util/canonical-json.ts';
import { InputError, errorReason } from '../util/errors.ts';
import { parseRecord } from '../util/schema.ts';
import { RelativePathSchema } from './schema.ts';
import { openTaskSet } from './taskset.ts';
import type { TaskRecord } from './types.ts';

export const LIVE_CHAIN_FILE = 'live.json';
const FORMAT = 'ctxbench-live';

const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'expected a date YYYY-MM-DD' });

const FilterStepSchema = z.strictObject({
  filter: z.string(),
  removed: z.int(),
  remaining: z.int(),
  replaced: z.int().optional(),
});

/** One family's task set of one window. */
const LiveSetSchema = z.strictObject({
  family: z.string(),
  /** the task set, relative to the live folder; its name holds `contentHash`'s first 16 characters. */
  file: RelativePathSchema,
  tasks: z.int().min(0),
  /** SHA-256 over the set's task records in order (canonical JSON): equal sets, equal hashes. */
  contentHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** the build's filter chain (the papers' Fig. 1 as numbers), the window's own step included. */
  filters: z.array(FilterStepSchema),
});

const LiveWindowSchema = z.strictObject({
  /** the window's dates, start inclusive, end exclusive (UTC). */
  start: DateSchema,
  end: DateSchema,
  /**
   * per repository: the commit the window was built from (its newest before `end`; null: none yet) and how many commits
   * are dated inside the window.
   */
  repositories: z.array(z.strictObject({ name: z.string(), commit: z.string().nullable(), commits: z.int().min(0) })),
  sets: z.array(LiveSetSchema),
  /** the hash of the window before (null for the first). */
  previous: z.string().nullable(),
  /** SHA-256 of this entry without `hash` (canonical JSON). */
  hash: z.string(),
  builtAt: z.string(),
});

export const LiveChainSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  /**
   * the refresh spec the windows were built with: its file and the hash of its settings (a changed spec rebuilds every
   * window).
   */
  spec: z.strictObject({ file: z.string(), hash: z.string() }),
  toolVersion: z.string(),
  windows: z.array(LiveWindowSchema),
});

export type LiveChain = z.output<typeof LiveChainSchema>;
export type LiveWindow = z.output<typeof LiveWindowSchema>;
export type LiveSet = z.output<typeof LiveSetSchema>;

/** A set's content hash: SHA-256 over its task records in order, each as canonical JSON (fed task by task). */
export function setContentHash(tasks: Iterable<TaskRecord>): string {
  const hash = createHash('sha256');
  let first = true;
  for (const task of tasks) {
    hash.update(`${first ? '[' : ','}${JSON.stringify(canonicalJson(task))}`);
    first = false;
  }
  return hash.update(first ? '[]' : ']').digest('hex');
}

/** The hash a window entry carries: of everything but the hash itself. */
export function windowHash(window: Omit<LiveWindow, 'hash'>): string {
  return recordHash({ ...window, hash: undefined });
}

/**
 * A live benchmark named as a task file: its chain, and the one family asked for (`redis.live#function`), or null for
 * all.
 */
export interface LiveSource {
  chain: string;
  family: string | null;
}

/** The chain of a live folder, of its `live.json`, or of either with `#family`; null when `path` names none of them. */
export function liveSource(path: string): LiveSource | null {
  const hash = path.lastIndexOf('#');
  const family = hash > 0 && /^[a-z]+$/.test(path.slice(hash + 1)) ? path.slice(hash + 1) : null;
  const base = family === null ? path : path.slice(0, hash);
  try {
    if (statSync(base).isDirectory()) {
      const file = join(base, LIVE_CHAIN_FILE);
      return existsSync(file) ? { chain: file, family } : null;
    }
  } catch {
    return null;
  }
  return basename(base) === LIVE_CHAIN_FILE ? { chain: base, family } : null;
}

/** Reads and checks a chain: the schema, then each window's link to the one before and its own hash. */
export function readLiveChain(file: string): LiveChain {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`cannot read the live benchmark's chain: ${errorReason(error)}`, { file });
  }
  const chain = parseRecord(
    LiveChainSchema,
    value,
    { file },
    'the chain is written by `ctxbench refresh`; run it again to rebuild the windows',
  );
  let previous: string | null = null;
  chain.windows.forEach((window, index) => {
    const field = `windows[${index}]`;
    if (window.previous !== previous)
      throw new InputError(
        `window ${window.start} does not follow the window before it (previous ${JSON.stringify(window.previous)}, ` +
          `expected ${JSON.stringify(previous)})`,
        { file, field: `${field}.previous` },
      );
    const { hash, ...rest } = window;
    if (windowHash(rest) !== hash)
      throw new InputError(`window ${window.start} was changed after it was written (its hash does not match)`, {
        file,
        field: `${field}.hash`,
      });
    previous = hash;
  });
  return chain;
}

/**
 * The tasks of every window of a chain in order (of one family's sets, or all), each set checked against its recorded
 * count.
 */
export function* liveChainTasks({ chain: file, family }: LiveSource): Generator<TaskRecord> {
  const chain = readLiveChain(file);
  const families = [...new Set(chain.windows.flatMap((window) => window.sets.map((set) => set.family)))];
  if (family !== null && !families.includes(family))
    throw new InputError(
      `this live benchmark has no ${family} sets (it has: ${families.join(', ') || 'no window yet'})`,
      { file },
    );
  const folder = dirname(file);
  for (const window of chain.windows) {
    for (const entry of window.sets.filter((set) => family === null || set.family === family)) {
      const path = join(folder, entry.file);
      if (!existsSync(path))
        throw new InputError(`window ${window.start}'s ${entry.family} set is missing: ${entry.file}`, { file });
      // the whole set is checked against its content hash before any of its tasks is used
      const set = openTaskSet(path);
      let tasks: TaskRecord[];
      try {
        tasks = [...set.tasks()];
      } finally {
        set.close();
      }
      if (tasks.length !== entry.tasks)
        throw new InputError(
          `window ${window.start}'s ${entry.family} set holds ${tasks.length} tasks, the chain says ${entry.tasks}`,
          { file: path },
        );
      if (setContentHash(tasks) !== entry.contentHash)
        throw new InputError(
          `window ${window.start}'s ${entry.family} set was changed after it was built (its content hash is not the ` +
            `chain's)`,
          { file: path },
        );
      yield* tasks;
    }
  }
}
