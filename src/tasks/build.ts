// Building a benchmark: open (or create) each repository's index, run one family, drop the tasks
// a model solves without cross-file context, and write the tasks with their manifest.
import { basename } from 'node:path';
import { writeTasks, type TaskRecord } from '../datasets/index.ts';
import { indexRepository, lineBlame, type IndexOptions } from '../index/index.ts';
import { InputError } from '../util/errors.ts';
import { writeFileAtomic } from '../util/jsonl.ts';
import { familyProblem, TASK_FAMILIES, type TaskFamily } from './family.ts';
import './families.ts';
import { firstCommitDate, repositoryCommit } from '../util/git.ts';
import { limitPerGroup } from './select.ts';
import {
  DEFAULT_BUCKETS,
  FilterLog,
  SPLITS,
  type BuildManifest,
  type BuildOptions,
  type Family,
  type FilterStep,
  type RepositoryInput,
  type Split,
} from './types.ts';

/** A library caller's family, checked before any repository is indexed (a plain TypeError otherwise). */
function familyOf(family: unknown): TaskFamily {
  const problem = familyProblem(family);
  if (problem !== null) throw new InputError(problem, { field: 'family' });
  return TASK_FAMILIES.get(family as string);
}

/** Decides whether a model completes a task exactly without cross-file context (`--drop-solved-by`). */
export interface SolvedCheck {
  /** the model, as the manifest names it. */
  model: string;
  solved(task: TaskRecord): Promise<boolean>;
  close(): Promise<void>;
}

export interface BuildRequest extends BuildOptions {
  family: Family;
  /** repository folders. */
  repos: string[];
  /** index options (one `db` only with one repository). */
  index?: Omit<IndexOptions, 'db'> & { db?: string };
  solvedBy?: SolvedCheck;
  /** the command line, recorded in the manifest. */
  command: string;
  toolVersion: string;
}

export interface BuildOutput {
  tasks: TaskRecord[];
  manifest: BuildManifest;
  /** the dev and train splits (`--dev`, `--train`), each with its own manifest. */
  splits: Partial<Record<Split, { tasks: TaskRecord[]; manifest: BuildManifest }>>;
}

/** Task counts per language and per label value. */
export function countLabels(tasks: TaskRecord[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = { language: {} };
  const bump = (group: string, value: string) => {
    counts[group] ??= {};
    counts[group]![value] = (counts[group]![value] ?? 0) + 1;
  };
  for (const task of tasks) {
    bump('language', task.language);
    for (const [label, value] of Object.entries(task.labels)) if (value !== undefined) bump(label, String(value));
  }
  return counts;
}

async function dropSolved(tasks: TaskRecord[], check: SolvedCheck, log: FilterLog): Promise<TaskRecord[]> {
  const solved = new Set<TaskRecord>();
  for (const task of tasks) if (await check.solved(task)) solved.add(task);
  return log.keep(`solved exactly without cross-file context by ${check.model}`, tasks, (task) => !solved.has(task));
}

/** Opens the repositories (indexing them when needed) and builds one family's tasks. */
export async function buildBenchmark(request: BuildRequest): Promise<BuildOutput> {
  familyOf(request.family);
  const repos: RepositoryInput[] = [];
  try {
    for (const path of request.repos) {
      const run = await indexRepository(path, { ...request.index });
      repos.push({
        name: basename(run.root),
        root: run.root,
        commit: repositoryCommit(run.root),
        store: run.store,
        inputs: run.inputs,
      });
    }
    return await buildFromIndexes(repos, request);
  } finally {
    for (const repo of repos) repo.store.close();
  }
}

/**
 * The leakage controls on dates: `--after` keeps tasks whose hole's lines changed after a model's
 * training cut-off (newest `git blame` date), `--created-after` those of repositories created
 * (first commit) after it, as CrossCodeEval compares repositories with the Stack's cut-off.
 */
function dateFilters(
  tasks: TaskRecord[],
  repos: RepositoryInput[],
  options: BuildOptions,
  log: FilterLog,
): TaskRecord[] {
  if (options.createdAfter !== undefined) {
    const created = new Map(repos.map((repo) => [repo.name, firstCommitDate(repo.root)]));
    tasks = log.keep(
      'repository creation date unknown (not a git checkout)',
      tasks,
      (task) => created.get(task.repo.name) !== null,
    );
    tasks = log.keep(
      `repository created on or before ${options.createdAfter}`,
      tasks,
      (task) => created.get(task.repo.name)! > options.createdAfter!,
    );
  }
  if (options.after !== undefined || options.window !== undefined) {
    const readers = new Map(repos.map((repo) => [repo.name, lineBlame(repo.store)]));
    const dates = new Map(
      tasks.map((task) => [
        task,
        readers.get(task.repo.name)?.(task.path, task.span.startLine, task.span.endLine) ?? null,
      ]),
    );
    tasks = log.keep('hole not dated (untracked file or no git)', tasks, (task) => dates.get(task) !== null);
    if (options.after !== undefined)
      tasks = log.keep(
        `hole last changed on or before ${options.after}`,
        tasks,
        (task) => dates.get(task)! > options.after!,
      );
    const window = options.window;
    if (window)
      tasks = log.keep(
        `hole last changed outside ${window.start} .. ${window.end} (end excluded)`,
        tasks,
        (task) => dates.get(task)! >= window.start && dates.get(task)! < window.end,
      );
  }
  return tasks;
}

/** Builds one family from repositories whose indexes are open. */
export async function buildFromIndexes(
  repos: RepositoryInput[],
  request: Omit<BuildRequest, 'repos' | 'index'>,
): Promise<BuildOutput> {
  const family = familyOf(request.family);
  // In a window, --limit samples the window's tasks: the builder keeps every task, the sample is drawn after the dates.
  const result = await family.build(repos, request.window ? { ...request, limit: undefined } : request);
  const log = FilterLog.from(result.filters);
  let tasks = dateFilters(result.tasks, repos, request, log);
  if (request.window) tasks = limitPerGroup(tasks, request.limit, request.seed, log);
  if (request.solvedBy) tasks = await dropSolved(tasks, request.solvedBy, log);
  const inputs = inputsOf(repos);
  const manifestOf = (split: BuildManifest['split'], kept: TaskRecord[], filters: FilterStep[]): BuildManifest => ({
    tool: 'ctxbench',
    version: request.toolVersion,
    command: request.command,
    family: request.family,
    split,
    seed: request.seed,
    options: {
      languages: request.languages ?? null,
      limit: request.limit ?? null,
      perLevel: request.perLevel ?? null,
      dev: request.dev ?? null,
      train: request.train ?? false,
      after: request.after ?? null,
      createdAfter: request.createdAfter ?? null,
      window: request.window ?? null,
      levels: request.levels ?? null,
      perFile: request.perFile ?? null,
      buckets: request.family === 'node' ? (request.buckets ?? DEFAULT_BUCKETS) : null,
      coverage: request.coverage ? request.coverage.sources : null,
      minPromptLines: request.minPromptLines ?? null,
      dropSolvedBy: request.solvedBy?.model ?? null,
    },
    repositories: repos.map((repo) => ({ name: repo.name, root: repo.root, commit: repo.commit })),
    filters,
    tasks: kept.length,
    notes: result.notes ?? [],
    counts: countLabels(kept),
    inputs,
  });
  const splits: BuildOutput['splits'] = {};
  for (const split of SPLITS) {
    const built = result.splits?.[split];
    if (!built) continue;
    const splitLog = FilterLog.from(built.filters);
    // The dates are a property of the evaluation sets: the training split keeps every date.
    const kept = split === 'train' ? built.tasks : dateFilters(built.tasks, repos, request, splitLog);
    splits[split] = { tasks: kept, manifest: manifestOf(split, kept, splitLog.steps) };
  }
  return { tasks, manifest: manifestOf('test', tasks, log.steps), splits };
}

/** The repositories' skipped and fallback-decoded files (RepositoryInput.inputs), for the manifest. */
function inputsOf(repos: RepositoryInput[]): BuildManifest['inputs'] {
  const inputs: BuildManifest['inputs'] = { skipped: [], decoded: [], counts: {} };
  for (const repo of repos) {
    for (const { path, action, reason } of repo.inputs ?? []) {
      inputs[action].push({ repository: repo.name, path, reason });
      inputs.counts[reason] = (inputs.counts[reason] ?? 0) + 1;
    }
  }
  return inputs;
}

/**
 * Warnings for the files no task could come from, and those decoded with a fallback: counts by reason, then each file.
 */
export function inputWarnings(inputs: BuildManifest['inputs']): string[] {
  const listed = [
    ...inputs.skipped.map((input) => ({ ...input, action: 'skipped' })),
    ...inputs.decoded.map((input) => ({ ...input, action: 'decoded' })),
  ];
  if (listed.length === 0) return [];
  const counts = Object.entries(inputs.counts)
    .map(([reason, count]) => `${count} ${reason}`)
    .join(', ');
  return [
    `warning: ${inputs.skipped.length} files skipped, ${inputs.decoded.length} decoded with a fallback (${counts}); ` +
      `the manifest lists them:`,
    ...listed.map((input) => `warning:   ${input.repository}/${input.path}: ${input.action}, ${input.reason}`),
  ];
}

export function manifestPath(out: string): string {
  return `${out}.manifest.json`;
}

/** Writes a task file and its manifest, each atomically. */
export function writeBuild(out: string, output: Pick<BuildOutput, 'tasks' | 'manifest'>): void {
  writeTasks(out, output.tasks);
  writeFileAtomic(manifestPath(out), `${JSON.stringify(output.manifest, null, 2)}\n`);
}
