// Every API answer the viewer asks for: its URL path on the server and the file that holds it in an
// exported copy. Shared by the browser (api.ts) and the exporter (src/web/export.ts). Run ids are
// made of [A-Za-z0-9._-] only, so they are safe in file names.

/** An API answer's URL path, and the file of an exported copy that holds it. */
export interface DataRoute {
  path: string;
  file: string;
}

const taskPath = (id: string) => encodeURIComponent(id);

export const routes = {
  runs: (): DataRoute => ({ path: '/api/runs', file: 'data/runs.js' }),
  run: (run: string): DataRoute => ({ path: `/api/runs/${run}`, file: `data/${run}/run.js` }),
  rows: (run: string): DataRoute => ({ path: `/api/runs/${run}/rows`, file: `data/${run}/rows.js` }),
  /** Live only: an exported copy holds the whole list. */
  firstRows: (run: string, limit: number): DataRoute => ({
    path: `/api/runs/${run}/rows?limit=${limit}`,
    file: `data/${run}/rows.js`,
  }),
  tasksSince: (run: string, version: number): DataRoute => ({
    path: `/api/runs/${run}/tasks?since=${version}`,
    file: `data/${run}/rows.js`,
  }),
  task: (run: string, row: { id: string; ord: number }): DataRoute => ({
    path: `/api/runs/${run}/tasks/${taskPath(row.id)}`,
    file: `data/${run}/task-${row.ord}.js`,
  }),
  summary: (run: string): DataRoute => ({ path: `/api/runs/${run}/summary`, file: `data/${run}/summary.js` }),
  progress: (run: string): DataRoute => ({ path: `/api/runs/${run}/progress`, file: `data/${run}/progress.js` }),
  compare: (a: string, b: string): DataRoute => ({
    path: `/api/compare?a=${a}&b=${b}`,
    file: `data/compare/${a}/${b}.js`,
  }),
};
