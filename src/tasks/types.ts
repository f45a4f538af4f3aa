// Records of the task-building stage: what a build takes, what each filter removed (the papers'
// Fig. 1 as numbers), and the manifest written beside every task file.
import type { TaskRecord } from '../datasets/index.ts';
import type { IndexStore, LevelMode, InputNote, InputReason } from '../index/index.ts';
import type { LanguageId } from '../languages/index.ts';
import type { Coverage } from './coverage.ts';

/** A task family's name (tasks/family.ts): `function`, `crossfile`, `node`, or a plugin's. */
export type Family = string;

/** One indexed repository to build from. */
export interface RepositoryInput {
  /** the folder name, used in task ids. */
  name: string;
  /** absolute path of the checkout. */
  root: string;
  /** `git rev-parse HEAD`, null outside git. */
  commit: string | null;
  store: IndexStore;
  /** the files of a known language its index skipped or decoded with a fallback (IndexRun.inputs). [none] */
  inputs?: InputNote[];
}

export interface BuildOptions {
  seed: number;
  /** only these languages (all when absent). */
  languages?: LanguageId[];
  /** at most this many tasks per repository and language (after every filter; a seeded sample). */
  limit?: number;
  /** function family: at most this many per repository and context level (YABLoCo: 12). */
  perLevel?: number;
  /**
   * function family: how call levels are classified for the `level` label and per-level sampling (default `default`).
   */
  levels?: LevelMode;
  /** function family: the dev split, the next N per repository and level after the test ones (YABLoCo). */
  dev?: number;
  /**
   * function family: also build the training split (YABLoCo's train set: the remaining functions, filtered and
   * de-duplicated).
   */
  train?: boolean;
  /** keep tasks whose hole's lines changed after this date (YYYY-MM-DD; newest `git blame` date). */
  after?: string;
  /** keep tasks of repositories created (first commit) after this date (YYYY-MM-DD). */
  createdAfter?: string;
  /**
   * keep tasks whose hole's lines last changed inside this window (newest `git blame` date, start inclusive, end
   * exclusive; YYYY-MM-DD, UTC): a live benchmark's window (`ctxbench refresh`). `limit` then samples the window's
   * tasks.
   */
  window?: TimeWindow;
  /** function family: keep functions with test hits > 0 only, sorted by hits after the commit date. */
  coverage?: Coverage;
  /** crossfile family: minimum prompt lines per language (defaults: CROSSFILE_PROMPT_LINES). */
  minPromptLines?: Partial<Record<LanguageId, number>>;
  /** node family: holes drawn per file (default 1). */
  perFile?: number;
  /** node family: how depths are read for buckets (default: root = 1, N = deepest named node). */
  buckets?: BucketConvention;
}

/** Dates from `start` (inclusive) to `end` (exclusive), YYYY-MM-DD in UTC. */
export interface TimeWindow {
  start: string;
  end: string;
}

/** How the node family reads depths for buckets (docs/tasks.md). */
export interface BucketConvention {
  /** the root's layer number: 1 (default) or 0. */
  rootDepth: 0 | 1;
  /** N: the deepest named node (default) or the deepest node of any kind. */
  treeDepth: 'named' | 'all';
}
export const DEFAULT_BUCKETS: BucketConvention = { rootDepth: 1, treeDepth: 'named' };

/** How many candidates a filter removed, in the order the filters ran. */
export interface FilterStep {
  filter: string;
  removed: number;
  remaining: number;
  /** candidates swapped for others (the node family's multi-line redraws). */
  replaced?: number;
}

/** Splits written beside the test set (`--dev`, `--train`). */
export type Split = 'dev' | 'train';
export const SPLITS: readonly Split[] = ['dev', 'train'];

export interface FamilyResult {
  tasks: TaskRecord[];
  filters: FilterStep[];
  /** the other splits, each with its own filter chain. */
  splits?: Partial<Record<Split, { tasks: TaskRecord[]; filters: FilterStep[] }>>;
  /** anything the user should know about the result (a target the data could not meet). */
  notes?: string[];
}

export interface BuildManifest {
  tool: string;
  version: string;
  command: string;
  family: Family;
  /** which split this file holds (test unless `--dev`/`--train` wrote it). */
  split: 'test' | Split;
  seed: number;
  options: Record<string, unknown>;
  repositories: { name: string; root: string; commit: string | null }[];
  /** first step = the candidates, then one step per filter. */
  filters: FilterStep[];
  tasks: number;
  notes: string[];
  /** task counts per language and per label value (`level=project`, `bucket=3`, `lines=1`). */
  counts: Record<string, Record<string, number>>;
  /** the repositories' files of a known language that no task could come from (skipped: too large, binary,
   *  unreadable, a link) or whose text was decoded with a fallback (UTF-16, Latin-1), with counts by reason. */
  inputs: {
    skipped: { repository: string; path: string; reason: InputReason }[];
    decoded: { repository: string; path: string; reason: InputReason }[];
    counts: Partial<Record<InputReason, number>>;
  };
}

/** Counts candidates through a chain of filters. */
export class FilterLog {
  readonly steps: FilterStep[] = [];

  constructor(candidates: string, count: number) {
    this.steps.push({ filter: candidates, removed: 0, remaining: count });
  }

  /** Continues a chain of steps recorded elsewhere. */
  static from(steps: FilterStep[]): FilterLog {
    const log = new FilterLog(steps[0]!.filter, steps[0]!.remaining);
    log.steps.splice(0, 1, ...steps);
    return log;
  }

  get remaining(): number {
    return this.steps[this.steps.length - 1]!.remaining;
  }

  /** Keeps the items that pass and records how many did not. */
  keep<T>(filter: string, items: T[], passes: (item: T, index: number) => boolean): T[] {
    const kept = items.filter(passes);
    this.record(filter, items.length - kept.length);
    return kept;
  }

  /** Records a filter that removed `removed` candidates. */
  record(filter: string, removed: number): void {
    this.steps.push({ filter, removed, remaining: this.remaining - removed });
  }
}
