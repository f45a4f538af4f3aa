// Task sets derived from another one (filtered by reviews, docstrings rewritten by a model): the
// new set and a manifest that names the source (path, hash, its own manifest) and the transform
// with its figures, so a derived set says how it was made as a built one does.
import { existsSync, readFileSync } from 'node:fs';
import { hashFile, writeTasks, type TaskRecord } from '../datasets/index.ts';
import { InputError } from '../util/errors.ts';
import { writeFileAtomic } from '../util/jsonl.ts';
import { countLabels, manifestPath } from './build.ts';

export interface DerivedManifest {
  tool: 'ctxbench';
  version: string;
  command: string;
  /** what was done: `review-apply`, `docstrings`. */
  transform: string;
  source: { tasks: string; hash: string; manifest: Record<string, unknown> | null };
  /** the transform's own record (rule and counts, model and template, ...). */
  details: Record<string, unknown>;
  tasks: number;
  counts: Record<string, Record<string, number>>;
}

/** The manifest beside a task file, or null when it has none. */
export function readManifest(tasksPath: string): Record<string, unknown> | null {
  const file = manifestPath(tasksPath);
  if (!existsSync(file)) return null;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`malformed manifest: ${(error as Error).message}`, { file });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError('a manifest is a JSON object', { file });
  return value as Record<string, unknown>;
}

/** Writes the derived task set (a task set, or inline JSONL for `.jsonl`) and its manifest, each atomically. */
export function writeDerived(
  out: string,
  tasks: TaskRecord[],
  source: string,
  step: { version: string; command: string; transform: string; details: Record<string, unknown> },
): DerivedManifest {
  const manifest: DerivedManifest = {
    tool: 'ctxbench',
    version: step.version,
    command: step.command,
    transform: step.transform,
    source: { tasks: source, hash: hashFile(source), manifest: readManifest(source) },
    details: step.details,
    tasks: tasks.length,
    counts: countLabels(tasks),
  };
  writeTasks(out, tasks);
  writeFileAtomic(manifestPath(out), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
