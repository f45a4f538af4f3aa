// Validation of what a run store holds: a run.db may come from another machine, an older
// ctxbench, or a hand edit, so every task read back is checked like a line of tasks.jsonl, plus
// the rules later stages rely on (ids usable as keys and file names, paths inside the repository).
import { pathProblem } from '../datasets/schema.ts';
import type { TaskRecord } from '../datasets/types.ts';
import { InputError } from '../util/errors.ts';

/** Why a task id cannot be used as a key, or null. */
export function taskIdProblem(id: string): string | null {
  if (id === '') return 'is empty';
  if (/[\x00-\x1f\x7f]/.test(id)) return 'contains a NUL or control character';
  if (id.length > 1000) return 'is longer than 1,000 characters';
  return null;
}

/** Checks a task that is already typed (from any source) for what execution and storage rely on. */
export function checkTaskRecord<T extends Pick<TaskRecord, 'id' | 'path'>>(task: T, where: { file?: string; line?: number } = {}): T {
  const idProblem = taskIdProblem(task.id);
  if (idProblem) throw new InputError(`task id ${JSON.stringify(task.id.slice(0, 60))} ${idProblem}`, { ...where, field: 'id' });
  const problem = pathProblem(task.path);
  if (problem) throw new InputError(`path '${task.path}' ${problem}`, { ...where, field: 'path' });
  return task;
}
