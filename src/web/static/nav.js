// The viewer's deep links (URL hash): every page, task and candidate has one, and the list's filters
// travel with them so that j/k on a task page walks the filtered list.
import { formatQuery } from './query.js';

const encode = encodeURIComponent;
const withParams = (path, params) => (params ? `${path}?${params}` : path);

function pageParams(query, view) {
  const params = new URLSearchParams(query ? formatQuery(query) : '');
  if (view) params.set('view', view);
  return params.toString();
}

export const href = {
  home: () => '#/',
  list: (run, query) => withParams(`#/run/${run}`, pageParams(query)),
  task: (run, id, sample, query, view) =>
    withParams(`#/run/${run}/task/${encode(id)}/${sample}`, pageParams(query, view)),
  summary: (run) => `#/run/${run}/summary`,
  progress: (run) => `#/run/${run}/progress`,
  compare: (a, b) => `#/compare/${a}/${b}`,
  compareTask: (a, b, id, samples, view) =>
    withParams(`#/compare/${a}/${b}/task/${encode(id)}/${samples.join('/')}`, pageParams(null, view)),
};

/** The current hash as decoded path segments and parameters. */
export function parseHash(hash) {
  const text = hash.replace(/^#/, '') || '/';
  const at = text.indexOf('?');
  const path = at < 0 ? text : text.slice(0, at);
  return {
    segments: path.split('/').filter(Boolean).map(decodeURIComponent),
    params: new URLSearchParams(at < 0 ? '' : text.slice(at + 1)),
  };
}

/** Changes the URL without a page change (the candidate or filter shown). */
export function replaceHash(hash) {
  if (location.hash !== hash) history.replaceState(null, '', hash);
}
