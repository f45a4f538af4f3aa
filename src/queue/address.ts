// The queue server's address: `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS.
// Parsed here (rather than handed to ioredis as a string) so a bad address is a clear error and the
// password never reaches a log: `describeQueue` prints the address without it.
import { InputError } from '../util/errors.ts';

export interface QueueConnection {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  /** `rediss://`: TLS with the system's CAs (NODE_EXTRA_CA_CERTS adds a private CA). */
  tls?: { servername: string };
  /** BullMQ's workers block on Redis: a command must never give up on its own. */
  maxRetriesPerRequest: null;
}

const FORM = 'redis://[:password@]host[:port][/db] or rediss://... for TLS';

export function parseQueueUrl(text: string): QueueConnection {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InputError(`not a Redis URL: '${text}' (${FORM})`, { field: 'queue' });
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new InputError(`the queue URL must start with redis:// or rediss://, not ${url.protocol}// (${FORM})`, {
      field: 'queue',
    });
  if (url.hostname === '') throw new InputError(`the queue URL has no host (${FORM})`, { field: 'queue' });
  const port = url.port === '' ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!/^\d*$/.test(path) || !Number.isInteger(db) || db > 15)
    throw new InputError(`the queue URL's database must be a number 0-15, not '${path}' (${FORM})`, { field: 'queue' });
  if (url.search !== '' || url.hash !== '')
    throw new InputError(`the queue URL takes no query or fragment (${FORM})`, { field: 'queue' });
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host: hostname,
    port,
    db,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: { servername: hostname } } : {}),
    maxRetriesPerRequest: null,
  };
}

/** The address for messages: never the password. */
export function describeQueue(connection: QueueConnection): string {
  const host = connection.host.includes(':') ? `[${connection.host}]` : connection.host;
  return `${connection.tls ? 'rediss' : 'redis'}://${host}:${connection.port}/${connection.db}`;
}
