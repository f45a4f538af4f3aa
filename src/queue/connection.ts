// The connections to the queue server (ioredis for blobs and the reachability check, BullMQ's queue and
// events): loaded only when a queue is used (index.ts), since bullmq and ioredis are optional packages.
import { Queue, QueueEvents } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { InputError } from '../util/errors.ts';
import { describeQueue, type QueueConnection } from './address.ts';

/** A client of its own (for the blobs and the reachability check). */
export function redisClient(connection: QueueConnection, extra: RedisOptions = {}): Redis {
  return new Redis({ ...connection, ...extra });
}

/**
 * Fails fast, naming the address, when the server cannot be reached or refuses the password (ioredis alone would retry
 * forever).
 */
export async function checkQueueServer(connection: QueueConnection): Promise<void> {
  const client = redisClient(connection, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // The cause (a refused password, a refused connection) comes as an error event; the rejection then only says the
  // connection closed.
  let cause: Error | null = null;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new InputError(
      `cannot use the queue server at ${describeQueue(connection)}: ${(cause ?? (error as Error)).message}`,
      { field: 'queue' },
    );
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
