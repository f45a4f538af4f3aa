// `ctxbench view`'s HTTP server (node:http): a small read-only JSON API over the run stores and the
// static files of `static/`. Only files listed in that folder at start-up are served; nothing of a
// run directory is served as a file. Binds 127.0.0.1 unless told otherwise, and then also refuses
// requests whose Host header names another host (DNS rebinding).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../util/errors.ts';
import { closeServer, guardRequest, listenLocal, LOOPBACK_NAMES } from './listen.ts';
import { RunCollection } from './run-view.ts';
import { encodeRows } from './static/columns.js';
import { parseQuery, runQuery } from './static/query.js';

export const STATIC_DIR = fileURLToPath(new URL('./static/', import.meta.url));

export { CONTENT_SECURITY_POLICY } from './listen.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Every servable file of the static folder, by its URL path (`/app.js`, `/style.css`). */
export function staticFiles(): Map<string, string> {
  const files = new Map<string, string>();
  // Relative names rather than Dirent.parentPath, which Node 20 only has from 20.12 (engines: >=20).
  for (const name of readdirSync(STATIC_DIR, { recursive: true, encoding: 'utf8' })) {
    const path = join(STATIC_DIR, name);
    if (!(extname(name) in CONTENT_TYPES) || !statSync(path).isFile()) continue;
    files.set(`/${name.split('\\').join('/')}`, path);
  }
  return files;
}

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * The decoded segments of a request path (a trailing slash adds none). A literal `.` or `..`
 * segment is refused everywhere (403); API segments are only looked up by name, so a task id may
 * contain an encoded `/`.
 */
export function pathSegments(rawPath: string): string[] {
  const segments = rawPath.split('/').slice(1);
  if (segments[segments.length - 1] === '') segments.pop();
  return segments.map((segment) => {
    if (segment === '.' || segment === '..') throw new HttpError(403, 'path not allowed');
    try {
      return decodeURIComponent(segment);
    } catch {
      throw new HttpError(400, 'malformed URL encoding');
    }
  });
}

/** A static file name: no empty, `.` or `..` segment (also encoded), no separator or NUL inside one. */
export function assertPlainFileSegments(segments: string[]): void {
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) throw new HttpError(403, 'path not allowed');
  }
}

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

export function sendJson(response: ServerResponse, status: number, value: unknown, serialized?: string): void {
  const body = serialized ?? JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
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
      if (!params.has('limit')) return { version: view.version(), total: view.rows().length, ...encodeRows(view.rows()) };
      const limit = Number(params.get('limit'));
      if (!Number.isInteger(limit) || limit < 0) throw new HttpError(400, `limit must be a whole number, got '${params.get('limit')}'`);
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
      return { version: view.version(), total: result.total, count: result.rows.length, offset, facets: result.facets, rows: result.rows.slice(offset, offset + limit) };
    }
    if (part === 'tasks' && taskId !== undefined) {
      const detail = view.detail(taskId);
      if (!detail) throw new HttpError(404, `run '${view.id}' has no task '${taskId}'`);
      return detail;
    }
  }
  if (resource === 'compare' && id === undefined) return runs.compare(run(params.get('a') ?? undefined), run(params.get('b') ?? undefined));
  throw new HttpError(404, 'no such API route');
}

/**
 * Reads, without stalling other requests, what the answer to an API request will need of its runs:
 * every route of a run but its info, a task page and the first rows reads the whole list.
 */
async function prepareRuns(runs: RunCollection, segments: string[], params: URLSearchParams): Promise<void> {
  const [, resource, id, part, taskId] = segments;
  const needsList = resource === 'runs' && id !== undefined && part !== undefined && taskId === undefined && !(part === 'rows' && params.has('limit'));
  const ids = resource === 'compare' ? [params.get('a'), params.get('b')] : needsList ? [id] : [];
  for (const runId of ids) await runs.get(runId ?? '')?.prepare();
}

/** Answers an API request (`/api/...?...`, as the browser asks it); throws HttpError. */
export function answerApi(runs: RunCollection, url: string): unknown {
  const queryAt = url.indexOf('?');
  const segments = pathSegments(queryAt < 0 ? url : url.slice(0, queryAt));
  if (segments[0] !== 'api') throw new HttpError(404, 'not an API path');
  return apiRoute(runs, segments.slice(1), new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1)));
}

/** The request handler: the API under /api/, else a file of the static folder. */
export function viewerHandler(runs: RunCollection, options: { checkHost: boolean }) {
  const files = staticFiles();
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
  return async (request: IncomingMessage, response: ServerResponse) => {
    if (!guardRequest(request, response, options.checkHost)) return;
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'the viewer is read-only');
      const url = request.url ?? '/';
      if (!url.startsWith('/')) throw new HttpError(400, 'bad request path');
      const queryAt = url.indexOf('?');
      const segments = pathSegments(queryAt < 0 ? url : url.slice(0, queryAt));
      if (segments[0] === 'api') {
        await prepareRuns(runs, segments, new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1)));
        const list = wholeList(url);
        if (list !== null) sendJson(response, 200, null, list);
        else sendJson(response, 200, answerApi(runs, url));
        return;
      }
      sendStatic(files, segments, request, response, '/index.html');
    } catch (error) {
      sendError(response, error);
    }
  };
}

/** Answers with a file of the static folder (`index` for `/`); throws HttpError. */
export function sendStatic(files: Map<string, string>, segments: string[], request: IncomingMessage, response: ServerResponse, index: string): void {
  assertPlainFileSegments(segments);
  const file = files.get(segments.length === 0 ? index : `/${segments.join('/')}`);
  if (!file) throw new HttpError(404, 'not found');
  response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)]!, 'cache-control': 'no-cache' });
  response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
}

/** A failed request as JSON: its HTTP status, 400 for bad input, else 500 (logged). */
export function sendError(response: ServerResponse, error: unknown): void {
  if (error instanceof HttpError) sendJson(response, error.status, { error: error.message });
  else if (error instanceof InputError) sendJson(response, 400, { error: error.message });
  else {
    console.error(error);
    sendJson(response, 500, { error: (error as Error).message });
  }
}

/** Opens the runs and serves the viewer until `close()`. */
export async function startViewer(dirs: readonly string[], options: ViewerOptions = {}): Promise<Viewer> {
  const host = options.host ?? '127.0.0.1';
  const runs = new RunCollection(dirs);
  const server = createServer(viewerHandler(runs, { checkHost: LOOPBACK_NAMES.has(host) }));
  let address;
  try {
    address = await listenLocal(server, options.port ?? 0, host);
  } catch (error) {
    runs.close();
    throw error;
  }
  return {
    ...address,
    runs,
    close: async () => {
      await closeServer(server);
      runs.close();
    },
  };
}
