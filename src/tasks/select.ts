// Selection steps shared by the families: the `--limit` sample per repository and language.
import type { TaskRecord } from '../datasets/index.ts';
import { randomFor } from '../util/random.ts';
import type { FilterLog } from './types.ts';

/** Keeps at most `limit` tasks per repository and language: a seeded sample, in the original order. */
export function limitPerGroup(
  tasks: TaskRecord[],
  limit: number | undefined,
  seed: number,
  log: FilterLog,
): TaskRecord[] {
  if (limit === undefined) return tasks;
  const groups = new Map<string, TaskRecord[]>();
  for (const task of tasks) {
    const key = `${task.repo.name}\0${task.language}`;
    groups.set(key, [...(groups.get(key) ?? []), task]);
  }
  const kept = new Set<TaskRecord>();
  for (const [key, group] of groups) {
    const sample = group.length <= limit ? group : randomFor(seed, 'limit', key).shuffle(group).slice(0, limit);
    for (const task of sample) kept.add(task);
  }
  return log.keep(`beyond --limit ${limit} per repository and language`, tasks, (task) => kept.has(task));
}
