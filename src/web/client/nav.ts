// The viewer's deep links (URL hash): every page, task and candidate has one, and the list's filters
// travel with them so that j/k on a task page walks the filtered list.
import type { TaskQuery } from '../types.ts';
import { formatQuery } from './query.ts';

const encode = encodeURIComponent;
const withParams = (path: string, params: string) => (params ? `${path}?${params}` : path);

function pageParams(query: TaskQuery | null | undefined, view?: string | null): string {
  const params = new URLSearchParams(query ? formatQuery(query) : '');
  if (view) params.set('view', view);
  return params.toString();
}

export const href = {
  home: () => '#/',
  list: (run: string, query?: TaskQuery | null) => withParams(`#/run/${run}`, pageParams(query)),
  task: (run: string, id: string, sample: number, query?: TaskQuery | null, view?: string | null) =>
    withParams(`#/run/${run}/task/${encode(id)}/${sample}`, pageParams(query ?? null, view)),
  summary: (run: string) => `#/run/${run}/summary`,
  progress: (run: string) => `#/run/${run}/progress`,
  compare: (a: string, b: string) => `#/compare/${a}/${b}`,
  compareTask: (a: string, b: string, id: string, samples: readonly number[], view?: string | null) =>
    withParams(`#/compare/${a}/${b}/task/${encode(id)}/${samples.join('/')}`, pageParams(null, view)),
};

/** The current hash as decoded path segments and parameters. */
export function parseHash(hash: string): { segments: string[]; params: URLSearchParams } {
  const text = hash.replace(/^#/, '') || '/';
  const at = text.indexOf('?');
  const path = at < 0 ? text : text.slice(0, at);
  return {
    segments: path.split('/').filter(Boolean).map(decodeURIComponent),
    params: new URLSearchParams(at < 0 ? '' : text.slice(at + 1)),
  };
}

/** Changes the URL without a page change (the candidate or filter shown). */
export function replaceHash(hash: string): void {
  if (location.hash !== hash) history.replaceState(null, '', hash);
}
