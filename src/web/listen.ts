// What every local server of ctxbench shares (the viewer, the review page): the security headers,
// the Host check against DNS rebinding (on every address it binds), the files of assets.ts, the
// request path split into segments, errors answered as JSON, and listening with errors a user can
// act on (a port in use, an address that cannot be bound). A server adds only its API.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { InputError } from '../util/errors.ts';
import { staticFiles, type Asset } from './assets.ts';

/** Scripts and styles only from the server itself: even a rendering mistake could not run injected markup. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri " +
  "'none'; form-action 'none'; frame-ancestors 'none'";

export const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
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

/** A request URL (`/api/runs/x?limit=5`) as its path segments and its query. */
export function parseRequestUrl(url: string): { segments: string[]; params: URLSearchParams } {
  if (!url.startsWith('/')) throw new HttpError(400, 'bad request path');
  const queryAt = url.indexOf('?');
  return {
    segments: pathSegments(queryAt < 0 ? url : url.slice(0, queryAt)),
    params: new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1)),
  };
}

/** A static file name: no empty, `.` or `..` segment (also encoded), no separator or NUL inside one. */
export function assertPlainFileSegments(segments: string[]): void {
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment))
      throw new HttpError(403, 'path not allowed');
  }
}

export function sendJson(response: ServerResponse, status: number, value: unknown, serialized?: string): void {
  const body = serialized ?? JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
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

/** Answers with a file of the static folder (`index` for `/`); throws HttpError. */
function sendStatic(
  files: Map<string, Asset>,
  segments: string[],
  request: IncomingMessage,
  response: ServerResponse,
  index: string,
): void {
  assertPlainFileSegments(segments);
  const file = files.get(segments.length === 0 ? index : `/${segments.join('/')}`);
  if (!file) throw new HttpError(404, 'not found');
  response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' });
  response.end(request.method === 'HEAD' ? undefined : file.body());
}

/**
 * The warning a server bound elsewhere than 127.0.0.1/localhost/::1 prints at start (null there): beyond loopback it
 * has no authentication; on a loopback alias only that name is answered.
 */
export function exposureWarning(host: string, what: string): string | null {
  if (LOOPBACK_NAMES.has(host.toLowerCase())) return null;
  if (/^127\./.test(host))
    return (
      `warning: ${host} is a loopback alias: requests must name it as their host (http://${host}:PORT/); ` +
      `localhost and 127.0.0.1 are answered too, any other host name is refused`
    );
  return (
    `warning: listening on ${host}, not loopback: anyone who can reach this machine can read ${what} (there is ` +
    `no authentication); requests must name this machine by one of its addresses or its host name (DNS rebinding is ` +
    `refused)`
  );
}

/**
 * The Host header values a server bound to `host` answers (lower case, without port): the loopback
 * names, the bound address, and, bound to every interface (0.0.0.0, ::), each interface's address
 * and the machine's name. Any other name is refused: a page of another site that got its name
 * resolved to this machine (DNS rebinding) cannot read through the browser.
 */
export function allowedHosts(host: string): Set<string> {
  const names = new Set([...LOOPBACK_NAMES, host.toLowerCase(), `[${host.toLowerCase()}]`]);
  if (host === '0.0.0.0' || host === '::') {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const { address } of addresses ?? [])
        names.add(address.includes(':') ? `[${address.toLowerCase()}]` : address);
    }
    names.add(hostname().toLowerCase());
  }
  return names;
}

/**
 * Sets the security headers; false (after answering 403) when a request names a host this server is not (allowedHosts).
 */
function guardRequest(request: IncomingMessage, response: ServerResponse, allowed: ReadonlySet<string>): boolean {
  response.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('referrer-policy', 'no-referrer');
  // Host names are case-insensitive (RFC 9110): `LOCALHOST` is this host too.
  const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  if (allowed.has(host)) return true;
  response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ error: 'unexpected Host header' }));
  return false;
}

/** One API request: the path segments after `/api`, the query and the whole URL. */
export interface ApiRequest {
  segments: string[];
  params: URLSearchParams;
  url: string;
}

export interface LocalSite {
  /** the static page served for `/` (`/index.html`, `/review.html`). */
  index: string;
  /** answers `/api/...` (or throws HttpError / InputError, answered as JSON). */
  api(request: IncomingMessage, response: ServerResponse, api: ApiRequest): void | Promise<void>;
}

/**
 * The request handler of a site: security headers and the Host check, static files (GET/HEAD), the API, errors as JSON.
 */
function siteHandler(site: LocalSite, allowed: ReadonlySet<string>): RequestListener {
  const files = staticFiles();
  return (request, response) => {
    if (!guardRequest(request, response, allowed)) return;
    const answer = async () => {
      const url = request.url ?? '/';
      const { segments, params } = parseRequestUrl(url);
      if (segments[0] === 'api') return site.api(request, response, { segments: segments.slice(1), params, url });
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
      sendStatic(files, segments, request, response, site.index);
    };
    answer().catch((error: unknown) => sendError(response, error));
  };
}

/**
 * Listens on host:port (0 picks a free port) and returns the URL; a port in use or an unknown address is an InputError
 * naming the option.
 */
async function listenLocal(
  server: Server,
  port: number,
  host: string,
): Promise<{ url: string; host: string; port: number }> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new InputError(`port ${port} is in use; pick another with --port (0 picks a free one)`, {
        field: '--port',
      });
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new InputError(`cannot bind ${host}`, { field: '--host' });
    throw error;
  }
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${urlHost}:${address.port}/`, host: address.address, port: address.port };
}

export interface LocalServer {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves a site on `host` (127.0.0.1 by default; requests naming a host it is not are refused:
 * allowedHosts) and `port` (0: a free one). `release` frees what the site holds (run stores, the
 * reviews file), on close and when the server cannot listen.
 */
export async function serveLocal(
  site: LocalSite,
  options: { port?: number; host?: string },
  release: () => void,
): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer(siteHandler(site, allowedHosts(host)));
  let address;
  try {
    address = await listenLocal(server, options.port ?? 0, host);
  } catch (error) {
    release();
    throw error;
  }
  return {
    ...address,
    close: async () => {
      await new Promise<void>((resolve) => {
        // kept-alive connections would hold the server open
        server.closeAllConnections();
        server.close(() => resolve());
      });
      release();
    },
  };
}
