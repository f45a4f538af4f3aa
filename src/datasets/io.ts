// Reading and writing task files (JSONL): every record is checked against the schema both ways,
// ids must be unique, and a write either produces the complete file or leaves nothing behind.
import { readJsonl, writeJsonl } from '../util/jsonl.ts';
import { InputError } from '../util/errors.ts';
import { validateTask } from './schema.ts';
import type { TaskRecord } from './types.ts';

function checkUniqueIds(tasks: TaskRecord[], where: (index: number) => { file?: string; line?: number }): void {
  const seen = new Map<string, number>();
  tasks.forEach((task, index) => {
    const first = seen.get(task.id);
    if (first !== undefined) {
      const firstWhere = where(first);
      throw new InputError(`duplicate task id '${task.id}' (first at ${firstWhere.line !== undefined ? `line ${firstWhere.line}` : `record ${first + 1}`})`, { ...where(index), field: 'id' });
    }
    seen.set(task.id, index);
  });
}

/** Reads and validates a task file; errors name the file, the line and the field. */
export function readTasks(file: string): TaskRecord[] {
  const lines: number[] = [];
  const tasks = readJsonl(file, (value, where) => {
    lines.push(where.line);
    return validateTask(value, where);
  });
  checkUniqueIds(tasks, (index) => ({ file, line: lines[index] }));
  return tasks;
}

/** Validates every task, then writes the file atomically (nothing is written when one is invalid). */
export function writeTasks(file: string, tasks: TaskRecord[]): void {
  const checked = tasks.map((task, index) => validateTask(task, { file, line: index + 1 }));
  checkUniqueIds(checked, (index) => ({ file, line: index + 1 }));
  writeJsonl(file, checked);
}
