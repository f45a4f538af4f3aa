// Reading and writing task files. Two forms: a task set (one SQLite file, each file text stored
// once; what `build` and `import` write) and inline JSONL (every task with its whole prefix and
// suffix; read as before, written on request: a path ending in `.jsonl`). Both are read and
// written one task at a time, every record is checked against the schema both ways, ids must be
// unique, and a write either produces the complete file or leaves nothing behind.
import { statSync } from 'node:fs';
import { jsonlRecords, writeJsonl } from '../util/jsonl.ts';
import { InputError } from '../util/errors.ts';
import { hashFile } from '../util/file-hash.ts';
import { validateTask } from './schema.ts';
import { liveChainTasks, liveSource } from './live.ts';
import { isTaskSetFile, openTaskSet, writeTaskSet } from './taskset.ts';
import type { TaskRecord } from './types.ts';

export { hashFile };

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether a path names an inline JSONL task file (written with whole prefixes and suffixes). */
export function isInlinePath(file: string): boolean {
  return file.endsWith('.jsonl');
}

/** Checks ids for uniqueness while tasks stream by. */
function uniqueIds(
  tasks: Iterable<TaskRecord>,
  where: (index: number) => { file?: string; line?: number },
): Generator<TaskRecord> {
  return (function* () {
    const seen = new Map<string, number>();
    let index = 0;
    for (const task of tasks) {
      const first = seen.get(task.id);
      if (first !== undefined) {
        const firstWhere = where(first);
        throw new InputError(
          `duplicate task id '${task.id}' (first at ` +
            `${firstWhere.line !== undefined ? `line ${firstWhere.line}` : `record ${first + 1}`})`,
          { ...where(index), field: 'id' },
        );
      }
      seen.set(task.id, index++);
      yield task;
    }
  })();
}

/**
 * The tasks of a task set, an inline JSONL file or a live benchmark (its folder or live.json: every window's tasks in
 * order; `#family` after either: that family's), one at a time, validated; errors name the file, the line (or task) and
 * the field.
 */
export function* iterateTasks(file: string): Generator<TaskRecord> {
  const live = liveSource(file);
  if (live) {
    yield* uniqueIds(liveChainTasks(live), () => ({ file: live.chain }));
    return;
  }
  if (isFolder(file))
    throw new InputError(
      "a folder, not a task file (a live benchmark's folder holds live.json: ctxbench refresh makes it)",
      { file },
    );
  if (isTaskSetFile(file)) {
    const set = openTaskSet(file);
    try {
      yield* set.tasks();
    } finally {
      set.close();
    }
    return;
  }
  const lines: number[] = [];
  yield* uniqueIds(
    jsonlRecords(file, (value, where) => {
      lines.push(where.line);
      return validateTask(value, where);
    }),
    (index) => ({ file, line: lines[index] }),
  );
}

/** Reads and validates a whole task file (a task set or inline JSONL). */
export function readTasks(file: string): TaskRecord[] {
  return Array.from(iterateTasks(file));
}

/**
 * Validates every task while writing it: a task set, or inline JSONL when the path ends in
 * `.jsonl`. Nothing is written when one task is invalid. Returns the number of tasks.
 */
export function writeTasks(file: string, tasks: Iterable<TaskRecord>): number {
  let index = 0;
  const checked = uniqueIds(
    (function* () {
      for (const task of tasks) yield validateTask(task, { file, line: ++index });
    })(),
    (at) => ({ file, line: at + 1 }),
  );
  return isInlinePath(file) ? writeJsonl(file, checked) : writeTaskSet(file, checked);
}

/**
 * What a run records of its tasks file to notice a change: the hash of its bytes (of a live benchmark: of its chain).
 */
export function taskSourceHash(file: string): string {
  return hashFile(liveSource(file)?.chain ?? file);
}
