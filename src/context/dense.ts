// Embeddings from an OpenAI-compatible `/v1/embeddings` endpoint (plain fetch), cached on disk in
// SQLite by model and text hash. Every answered batch is stored at once, so a later endpoint
// failure loses nothing and cached texts never need the endpoint again.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { InputError } from '../util/errors.ts';
import { endpoint, HttpConnectionError, HttpStatusError, postJson } from '../util/http.ts';
import type { EmbeddingOptions } from './types.ts';

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

function defaultCacheDir(): string {
  return process.env.CTXBENCH_CACHE_DIR ?? join(homedir(), '.cache', 'ctxbench');
}

function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class EmbeddingClient {
  readonly model: string;
  readonly url: string;
  private readonly database: Database.Database;
  private readonly batchSize: number;
  private readonly timeoutMs: number;

  constructor(options: EmbeddingOptions) {
    this.model = options.model ?? DEFAULT_EMBEDDING_MODEL;
    const base = options.baseUrl ?? process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1';
    this.url = endpoint(base, 'embeddings');
    this.batchSize = options.batchSize ?? 64;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    const dir = options.cacheDir ?? defaultCacheDir();
    mkdirSync(dir, { recursive: true });
    this.database = new Database(join(dir, 'embeddings.sqlite'));
    this.database.pragma('journal_mode = WAL');
    this.database.exec(
      'CREATE TABLE IF NOT EXISTS embeddings (model TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL, PRIMARY ' +
        'KEY (model, hash))',
    );
  }

  /** Vectors of `texts` in order: from the cache, the rest from the endpoint. */
  async embed(texts: string[]): Promise<Float32Array[]> {
    const lookup = this.database.prepare('SELECT vector FROM embeddings WHERE model = ? AND hash = ?');
    const hashes = texts.map(textHash);
    const vectors: (Float32Array | undefined)[] = hashes.map((hash) => {
      const row = lookup.get(this.model, hash) as { vector: Buffer } | undefined;
      return row
        ? new Float32Array(
            row.vector.buffer.slice(row.vector.byteOffset, row.vector.byteOffset + row.vector.byteLength),
          )
        : undefined;
    });
    const missing = [...new Set(texts.filter((_, index) => vectors[index] === undefined))];
    const store = this.database.prepare('INSERT OR REPLACE INTO embeddings (model, hash, vector) VALUES (?, ?, ?)');
    const storeBatch = this.database.transaction((batch: string[], answer: Float32Array[]) => {
      batch.forEach((text, index) => store.run(this.model, textHash(text), Buffer.from(answer[index]!.buffer)));
    });
    const fetched = new Map<string, Float32Array>();
    for (let start = 0; start < missing.length; start += this.batchSize) {
      const batch = missing.slice(start, start + this.batchSize);
      const answer = await this.request(batch);
      storeBatch(batch, answer);
      batch.forEach((text, index) => fetched.set(text, answer[index]!));
    }
    return vectors.map((vector, index) => vector ?? fetched.get(texts[index]!)!);
  }

  private async request(input: string[]): Promise<Float32Array[]> {
    let json: unknown;
    try {
      json = await postJson(
        this.url,
        { model: this.model, input },
        { apiKey: process.env.OPENAI_API_KEY || null, timeoutMs: this.timeoutMs },
      );
    } catch (error) {
      if (error instanceof HttpConnectionError)
        throw new InputError(`embeddings endpoint unreachable (${error.detail})`, { file: this.url });
      if (error instanceof HttpStatusError)
        throw new InputError(`embeddings endpoint answered HTTP ${error.status}: ${error.body.slice(0, 200)}`, {
          file: this.url,
        });
      throw new InputError(`embeddings endpoint answered something that is ${(error as Error).message}`, {
        file: this.url,
      });
    }
    const data = (json as { data?: unknown } | null)?.data;
    if (!Array.isArray(data) || data.length !== input.length) {
      throw new InputError(`embeddings answer must have a 'data' array of ${input.length} items`, {
        file: this.url,
        field: 'data',
      });
    }
    const vectors: Float32Array[] = new Array(input.length);
    data.forEach((item: unknown, position) => {
      const { embedding, index } = (item ?? {}) as { embedding?: unknown; index?: unknown };
      const slot = typeof index === 'number' ? index : position;
      if (
        !Array.isArray(embedding) ||
        embedding.length === 0 ||
        !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))
      ) {
        throw new InputError('must be a non-empty array of finite numbers', {
          file: this.url,
          field: `data[${position}].embedding`,
        });
      }
      if (!Number.isInteger(slot) || slot < 0 || slot >= input.length || vectors[slot]) {
        throw new InputError(`index ${String(index)} is out of range or repeated`, {
          file: this.url,
          field: `data[${position}].index`,
        });
      }
      vectors[slot] = Float32Array.from(embedding as number[]);
    });
    const size = vectors[0]!.length;
    if (vectors.some((vector) => vector.length !== size))
      throw new InputError('embeddings of one answer differ in size', { file: this.url, field: 'data' });
    return vectors;
  }
}
