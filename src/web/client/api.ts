// Where the viewer's data comes from: the server's JSON API, or in an exported copy (opened from the
// file system, where fetch() is not allowed) script files that each hand one API answer to
// `window.ctxbenchData(path, value)`.
import type { RunComparison, RunInfo, RunProgress, RunSummary, TaskDetail, TaskRow } from '../types.ts';
import { decodeRows, type RowColumns } from './columns.ts';
import { routes, type DataRoute } from './routes.ts';

declare global {
  interface Window {
    /** An exported copy's data scripts call this with the API path they answer and the answer. */
    ctxbenchData(path: string, value: unknown): void;
  }
}

/** The task rows of a run: all of them, or (a live poll's answer with `since`) only those changed after `since`. */
export interface RowsAnswer {
  version: number;
  total: number;
  since?: number;
  rows: TaskRow[];
}

export const isStatic = document.documentElement.dataset.mode === 'static';

const pending = new Map<string, { resolve(value: unknown): void }>();
const loaded = new Map<string, unknown>();

window.ctxbenchData = (path, value) => {
  loaded.set(path, value);
  pending.get(path)?.resolve(value);
  pending.delete(path);
};

function loadScript(path: string, file: string): Promise<unknown> {
  if (loaded.has(path)) return Promise.resolve(loaded.get(path));
  return new Promise((resolve, reject) => {
    pending.set(path, { resolve });
    const script = document.createElement('script');
    script.src = file;
    script.onerror = () => {
      pending.delete(path);
      reject(new Error(`${file} is not part of this export`));
    };
    document.head.append(script);
  });
}

/** The API's answer at a route (in an exported copy, its data script's); an `{error}` answer is thrown. */
async function get<T>({ path, file }: DataRoute): Promise<T> {
  if (isStatic) {
    // An export holds the server's refusals too (`{error}`), e.g. runs that share no tasks.
    const value = await loadScript(path, file);
    const error = value && typeof value === 'object' ? (value as { error?: unknown }).error : undefined;
    if (typeof error === 'string') throw new Error(error);
    return value as T;
  }
  const response = await fetch(path, { cache: 'no-store' });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

function decodeAnswer({ version, total, ...columns }: RowColumns & { version: number; total: number }): RowsAnswer {
  return { version, total, rows: decodeRows(columns) };
}

type ColumnsAnswer = RowColumns & { version: number; total: number };

export const api = {
  runs: () => get<RunInfo[]>(routes.runs()),
  run: (run: string) => get<RunInfo>(routes.run(run)),
  /** `{version, total, rows}`: every task row (sent column by column). */
  rows: (run: string) => get<ColumnsAnswer>(routes.rows(run)).then(decodeAnswer),
  /** `{version, total, rows}` with the rows of the first `limit` tasks only. */
  firstRows: (run: string, limit: number) => get<ColumnsAnswer>(routes.firstRows(run, limit)).then(decodeAnswer),
  /**
   * `{version, total, since, rows}` with only the rows changed after `version`, or `{version, total, rows}` with all.
   */
  tasksSince: (run: string, version: number) => get<RowsAnswer>(routes.tasksSince(run, version)),
  task: (run: string, row: { id: string; ord: number }) => get<TaskDetail>(routes.task(run, row)),
  summary: (run: string) => get<RunSummary>(routes.summary(run)),
  progress: (run: string) => get<RunProgress>(routes.progress(run)),
  compare: (a: string, b: string) => get<RunComparison>(routes.compare(a, b)),
};
