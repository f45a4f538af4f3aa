// Every API answer the viewer asks for: its URL path on the server and the file that holds it in an
// exported copy. Shared by the browser (api.js) and the exporter (src/web/export.ts). Run ids are
// made of [A-Za-z0-9._-] only, so they are safe in file names.

const taskPath = (id) => encodeURIComponent(id);

export const routes = {
  runs: () => ({ path: '/api/runs', file: 'data/runs.js' }),
  run: (run) => ({ path: `/api/runs/${run}`, file: `data/${run}/run.js` }),
  rows: (run) => ({ path: `/api/runs/${run}/rows`, file: `data/${run}/rows.js` }),
  /** Live only: an exported copy holds the whole list. */
  firstRows: (run, limit) => ({ path: `/api/runs/${run}/rows?limit=${limit}`, file: `data/${run}/rows.js` }),
  tasksSince: (run, version) => ({ path: `/api/runs/${run}/tasks?since=${version}`, file: `data/${run}/rows.js` }),
  task: (run, row) => ({ path: `/api/runs/${run}/tasks/${taskPath(row.id)}`, file: `data/${run}/task-${row.ord}.js` }),
  summary: (run) => ({ path: `/api/runs/${run}/summary`, file: `data/${run}/summary.js` }),
  progress: (run) => ({ path: `/api/runs/${run}/progress`, file: `data/${run}/progress.js` }),
  compare: (a, b) => ({ path: `/api/compare?a=${a}&b=${b}`, file: `data/compare/${a}/${b}.js` }),
};
