// Content-addressed blobs on the queue server: a task record or a check state is stored once under
// its SHA-256 (kept 30 days after its last use) and jobs carry only the hash. A worker keeps the
// blobs it has read in memory, so a task's file text crosses the network once per worker.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { InputError } from '../util/errors.ts';

const TTL_SECONDS = 30 * 24 * 3600;

function keyOf(hash: string): string {
  return `ctxbench:blob:${hash}`;
}

export function blobHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Stores the JSON of each value (once per distinct content); returns their hashes in order. */
export async function putBlobs(client: Redis, values: unknown[]): Promise<string[]> {
  const texts = values.map((value) => JSON.stringify(value));
  const hashes = texts.map(blobHash);
  const pipeline = client.pipeline();
  const seen = new Set<string>();
  texts.forEach((text, index) => {
    const hash = hashes[index]!;
    if (seen.has(hash)) return;
    seen.add(hash);
    pipeline.set(keyOf(hash), text, 'EX', TTL_SECONDS);
  });
  await pipeline.exec();
  return hashes;
}

/** Reads blobs by hash, remembering them; a missing or altered blob is an error naming its hash. */
export class BlobReader {
  private readonly known = new Map<string, Promise<unknown>>();
  constructor(private readonly client: Redis) {}

  get(hash: string): Promise<unknown> {
    let value = this.known.get(hash);
    if (!value) {
      value = this.fetch(hash);
      this.known.set(hash, value);
      value.catch(() => this.known.delete(hash));
    }
    return value;
  }

  private async fetch(hash: string): Promise<unknown> {
    const text = await this.client.get(keyOf(hash));
    if (text === null)
      throw new InputError(
        `blob ${hash} is not on the queue server (expired or deleted); run the coordinator again to store it`,
      );
    if (blobHash(text) !== hash) throw new InputError(`blob ${hash} on the queue server does not match its hash`);
    return JSON.parse(text) as unknown;
  }
}
