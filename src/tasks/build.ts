// Building a benchmark: open (or create) each repository's index, run one family, drop the tasks
// a model solves without cross-file context, and write the tasks with their manifest.
import { basename } from 'node:path';
import type { TaskRecord } from '../datasets/types.ts';
import { writeTasks } from '../datasets/io.ts';
import { indexRepository, type IndexOptions } from '../index/indexer.ts';
import { writeFileAtomic } from '../util/jsonl.ts';
import { buildCrossfileTasks } from './crossfile.ts';
import { buildFunctionTasks } from './function.ts';
import { repositoryCommit } from './git.ts';
import { buildNodeTasks } from './node.ts';
import { DEFAULT_BUCKETS, FilterLog, type BuildManifest, type BuildOptions, type Family, type FamilyResult, type RepositoryInput } from './types.ts';

const BUILDERS: Record<Family, (repos: RepositoryInput[], options: BuildOptions) => Promise<FamilyResult>> = {
  function: buildFunctionTasks,
  crossfile: buildCrossfileTasks,
  node: buildNodeTasks,
};

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
  const repos: RepositoryInput[] = [];
  try {
    for (const path of request.repos) {
      const run = await indexRepository(path, { ...request.index });
      repos.push({ name: basename(run.root), root: run.root, commit: repositoryCommit(run.root), store: run.store });
    }
    return await buildFromIndexes(repos, request);
  } finally {
    for (const repo of repos) repo.store.close();
  }
}

/** Builds one family from repositories whose indexes are open. */
export async function buildFromIndexes(repos: RepositoryInput[], request: Omit<BuildRequest, 'repos' | 'index'>): Promise<BuildOutput> {
  const result = await BUILDERS[request.family](repos, request);
  const log = FilterLog.from(result.filters);
  const tasks = request.solvedBy ? await dropSolved(result.tasks, request.solvedBy, log) : result.tasks;
  const manifest: BuildManifest = {
    tool: 'ctxbench',
    version: request.toolVersion,
    command: request.command,
    family: request.family,
    seed: request.seed,
    options: {
      languages: request.languages ?? null,
      limit: request.limit ?? null,
      perLevel: request.perLevel ?? null,
      levels: request.levels ?? null,
      perFile: request.perFile ?? null,
      buckets: request.family === 'node' ? (request.buckets ?? DEFAULT_BUCKETS) : null,
      coverage: request.coverage ? request.coverage.sources : null,
      minPromptLines: request.minPromptLines ?? null,
      dropSolvedBy: request.solvedBy?.model ?? null,
    },
    repositories: repos.map((repo) => ({ name: repo.name, root: repo.root, commit: repo.commit })),
    filters: log.steps,
    tasks: tasks.length,
    notes: result.notes ?? [],
    counts: countLabels(tasks),
  };
  return { tasks, manifest };
}

export function manifestPath(out: string): string {
  return `${out}.manifest.json`;
}

/** Writes the task file and its manifest, each atomically. */
export function writeBuild(out: string, output: BuildOutput): void {
  writeTasks(out, output.tasks);
  writeFileAtomic(manifestPath(out), `${JSON.stringify(output.manifest, null, 2)}\n`);
}
