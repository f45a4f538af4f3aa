// The queue server's address: `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS.
// Parsed here (rather than handed to ioredis as a string) so a bad address is a clear error and the
// password never reaches a log: `describeQueue` prints the address without it.
import { Queue, QueueEvents } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
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
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new InputError(`the queue URL must start with redis:// or rediss://, not ${url.protocol}// (${FORM})`, { field: 'queue' });
  if (url.hostname === '') throw new InputError(`the queue URL has no host (${FORM})`, { field: 'queue' });
  const port = url.port === '' ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!/^\d*$/.test(path) || !Number.isInteger(db) || db > 15) throw new InputError(`the queue URL's database must be a number 0-15, not '${path}' (${FORM})`, { field: 'queue' });
  if (url.search !== '' || url.hash !== '') throw new InputError(`the queue URL takes no query or fragment (${FORM})`, { field: 'queue' });
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
  return `${connection.tls ? 'rediss' : 'redis'}://${connection.host.includes(':') ? `[${connection.host}]` : connection.host}:${connection.port}/${connection.db}`;
}

/** A client of its own (for the blobs and the reachability check). */
export function redisClient(connection: QueueConnection, extra: RedisOptions = {}): Redis {
  return new Redis({ ...connection, ...extra });
}

/** Fails fast, naming the address, when the server cannot be reached or refuses the password (ioredis alone would retry forever). */
export async function checkQueueServer(connection: QueueConnection): Promise<void> {
  const client = redisClient(connection, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  // The cause (a refused password, a refused connection) comes as an error event; the rejection then only says the connection closed.
  let cause: Error | null = null;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new InputError(`cannot use the queue server at ${describeQueue(connection)}: ${(cause ?? (error as Error)).message}`, { field: 'queue' });
  } finally {
    client.disconnect();
  }
}

/** The producer's side of one queue: a client for blobs, the queue and its events (ready to listen). */
export interface QueueHandle {
  client: Redis;
  queue: Queue;
  events: QueueEvents;
  close(): Promise<void>;
}

export async function openQueue(name: string, connection: QueueConnection): Promise<QueueHandle> {
  const client = redisClient(connection);
  const queue = new Queue(name, { connection });
  const events = new QueueEvents(name, { connection });
  // Every failure of the connections surfaces through the commands that use them.
  client.on('error', () => {});
  queue.on('error', () => {});
  events.on('error', () => {});
  const close = async () => {
    await Promise.allSettled([events.close(), queue.close()]);
    client.disconnect();
  };
  try {
    await events.waitUntilReady();
  } catch (error) {
    await close();
    throw error;
  }
  return { client, queue, events, close };
}
