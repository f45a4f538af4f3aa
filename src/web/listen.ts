// What every local server of ctxbench shares (the viewer, the review page): the security headers,
// the Host check against DNS rebinding when bound to loopback, and listening with errors a user
// can act on (a port in use, an address that cannot be bound).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InputError } from '../util/errors.ts';

/** Scripts and styles only from the server itself: even a rendering mistake could not run injected markup. */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Sets the security headers; false (after answering 403) when a loopback-bound server is asked for another host. */
export function guardRequest(request: IncomingMessage, response: ServerResponse, checkHost: boolean): boolean {
  response.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('referrer-policy', 'no-referrer');
  if (!checkHost) return true;
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  if (LOOPBACK_NAMES.has(host)) return true;
  response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ error: 'unexpected Host header' }));
  return false;
}

/** Listens on host:port (0 picks a free port) and returns the URL; a port in use or an unknown address is an InputError naming the option. */
export async function listenLocal(server: Server, port: number, host: string): Promise<{ url: string; host: string; port: number }> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new InputError(`port ${port} is in use; pick another with --port (0 picks a free one)`, { field: '--port' });
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new InputError(`cannot bind ${host}`, { field: '--host' });
    throw error;
  }
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${urlHost}:${address.port}/`, host: address.address, port: address.port };
}

/** Closes a server, dropping kept-alive connections. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
