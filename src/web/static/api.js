// Where the viewer's data comes from: the server's JSON API, or in an exported copy (opened from the
// file system, where fetch() is not allowed) script files that each hand one API answer to
// `window.ctxbenchData(path, value)`.
import { decodeRows } from './columns.js';
import { routes } from './routes.js';

export const isStatic = document.documentElement.dataset.mode === 'static';

const pending = new Map();
const loaded = new Map();

window.ctxbenchData = (path, value) => {
  loaded.set(path, value);
  pending.get(path)?.resolve(value);
  pending.delete(path);
};

function loadScript(path, file) {
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

async function get({ path, file }) {
  if (isStatic) {
    // An export holds the server's refusals too (`{error}`), e.g. runs that share no tasks.
    const value = await loadScript(path, file);
    if (value && typeof value === 'object' && typeof value.error === 'string') throw new Error(value.error);
    return value;
  }
  const response = await fetch(path, { cache: 'no-store' });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

function decodeAnswer({ version, total, ...columns }) {
  return { version, total, rows: decodeRows(columns) };
}

export const api = {
  runs: () => get(routes.runs()),
  run: (run) => get(routes.run(run)),
  /** `{version, total, rows}`: every task row (sent column by column). */
  rows: (run) => get(routes.rows(run)).then(decodeAnswer),
  /** `{version, total, rows}` with the rows of the first `limit` tasks only. */
  firstRows: (run, limit) => get(routes.firstRows(run, limit)).then(decodeAnswer),
  /**
   * `{version, total, since, rows}` with only the rows changed after `version`, or `{version, total, rows}` with all.
   */
  tasksSince: (run, version) => get(routes.tasksSince(run, version)),
  task: (run, row) => get(routes.task(run, row)),
  summary: (run) => get(routes.summary(run)),
  progress: (run) => get(routes.progress(run)),
  compare: (a, b) => get(routes.compare(a, b)),
};
