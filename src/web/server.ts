// `ctxbench view`'s HTTP server (node:http): a small read-only JSON API over the run stores and the
// static files of `static/`. Only files listed in that folder at start-up are served; nothing of a
// run directory is served as a file. Binds 127.0.0.1 unless told otherwise, and then also refuses
// requests whose Host header names another host (DNS rebinding).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, parseRequestUrl, sendJson, serveLocal, type ApiRequest, type LocalSite } from './listen.ts';
import { RunCollection } from './run-view.ts';
import { encodeRows } from './client/columns.ts';
import { parseQuery, runQuery } from './client/query.ts';

export { CONTENT_SECURITY_POLICY } from './listen.ts';
export { STATIC_DIR } from './assets.ts';

export interface ViewerOptions {
  /** 0 picks a free port. */
  port?: number;
  /** address to bind; 127.0.0.1 by default. */
  host?: string;
}

export interface Viewer {
  url: string;
  host: string;
  port: number;
  runs: RunCollection;
  close(): Promise<void>;
}

function apiRoute(runs: RunCollection, segments: string[], params: URLSearchParams): unknown {
  const run = (id: string | undefined) => {
    const view = id === undefined ? null : runs.get(id);
    if (!view) throw new HttpError(404, `no run '${id ?? ''}' (runs: ${runs.runs.map((r) => r.id).join(', ')})`);
    return view;
  };
  const [resource, id, part, taskId, ...rest] = segments;
  if (resource === 'runs' && id === undefined) return runs.runs.map((r) => r.info());
  if (resource === 'runs' && rest.length === 0) {
    const view = run(id);
    if (part === undefined) return view.info();
    if (part === 'summary' && taskId === undefined) return view.summary();
    if (part === 'progress' && taskId === undefined) return view.progress();
    if (part === 'rows' && taskId === undefined) {
      // The list as the browser loads it: column by column; `limit`: the first tasks only (shown while the rest loads).
      if (!params.has('limit'))
        return { version: view.version(), total: view.rows().length, ...encodeRows(view.rows()) };
      const limit = Number(params.get('limit'));
      if (!Number.isInteger(limit) || limit < 0)
        throw new HttpError(400, `limit must be a whole number, got '${params.get('limit')}'`);
      return { version: view.version(), total: view.info().tasks, first: true, ...encodeRows(view.firstRows(limit)) };
    }
    if (part === 'tasks' && taskId === undefined && params.has('since')) {
      // A live run's poll: only the rows changed since the client's version (all of them when it is too old).
      const since = Number(params.get('since'));
      const changed = Number.isInteger(since) ? view.rowsSince(since) : null;
      const version = view.version();
      if (changed) return { version, total: view.info().tasks, since, rows: changed };
      const rows = view.rows();
      return { version, total: rows.length, rows };
    }
    if (part === 'tasks' && taskId === undefined) {
      const result = runQuery(view.rows(), parseQuery(params));
      const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
      const limit = params.has('limit') ? Math.max(0, Number(params.get('limit')) || 0) : result.rows.length;
      return {
        version: view.version(),
        total: result.total,
        count: result.rows.length,
        offset,
        facets: result.facets,
        rows: result.rows.slice(offset, offset + limit),
      };
    }
    if (part === 'tasks' && taskId !== undefined) {
      const detail = view.detail(taskId);
      if (!detail) throw new HttpError(404, `run '${view.id}' has no task '${taskId}'`);
      return detail;
    }
  }
  if (resource === 'compare' && id === undefined)
    return runs.compare(run(params.get('a') ?? undefined), run(params.get('b') ?? undefined));
  throw new HttpError(404, 'no such API route');
}

/**
 * Reads, without stalling other requests, what the answer to an API request will need of its runs:
 * every route of a run but its info, a task page and the first rows reads the whole list.
 */
async function prepareRuns(runs: RunCollection, segments: string[], params: URLSearchParams): Promise<void> {
  const [resource, id, part, taskId] = segments;
  const needsList =
    resource === 'runs' &&
    id !== undefined &&
    part !== undefined &&
    taskId === undefined &&
    !(part === 'rows' && params.has('limit'));
  const ids = resource === 'compare' ? [params.get('a'), params.get('b')] : needsList ? [id] : [];
  for (const runId of ids) await runs.get(runId ?? '')?.prepare();
}

/** Answers an API request (`/api/...?...`, as the browser asks it); throws HttpError. */
export function answerApi(runs: RunCollection, url: string): unknown {
  const { segments, params } = parseRequestUrl(url);
  if (segments[0] !== 'api') throw new HttpError(404, 'not an API path');
  return apiRoute(runs, segments.slice(1), params);
}

/** The viewer (read-only): the API under /api/, else a file of the static folder. */
export function viewerSite(runs: RunCollection): LocalSite {
  // The whole task list of a run, serialized once per version of the run (MBs for 100k tasks).
  const lists = new Map<string, { version: number; text: string }>();
  const wholeList = (url: string): string | null => {
    const match = /^\/api\/runs\/([^/?]+)\/rows$/.exec(url);
    const view = match ? runs.get(decodeURIComponent(match[1]!)) : null;
    if (!view) return null;
    const version = view.version();
    const cached = lists.get(view.id);
    if (cached?.version === version) return cached.text;
    const text = JSON.stringify(answerApi(runs, url));
    lists.set(view.id, { version, text });
    return text;
  };
  return {
    index: '/index.html',
    async api(request: IncomingMessage, response: ServerResponse, { segments, params, url }: ApiRequest) {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'the viewer is read-only');
      await prepareRuns(runs, segments, params);
      const list = wholeList(url);
      if (list !== null) sendJson(response, 200, null, list);
      else sendJson(response, 200, apiRoute(runs, segments, params));
    },
  };
}

/** Opens the runs and serves the viewer until `close()`. */
export async function startViewer(dirs: readonly string[], options: ViewerOptions = {}): Promise<Viewer> {
  const runs = new RunCollection(dirs);
  const server = await serveLocal(viewerSite(runs), options, () => runs.close());
  return { ...server, runs };
}
