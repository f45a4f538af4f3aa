// Shared pieces of the context tests: the fixture repository copied to a temporary folder, its
// target task, a word-level tokenizer.json written on the fly, and a real embeddings server.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FunctionTask, TaskRecord } from '../../src/datasets/types.ts';

export const FIXTURES = new URL('../fixtures/context/', import.meta.url).pathname;
export const MARKER = 'LEAK_MARKER_7f3a';

/** A fresh copy of test/fixtures/context/repo plus a node_modules folder (git ignores those). */
export function copyRepo(): string {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-context-'));
  cpSync(join(FIXTURES, 'repo'), root, { recursive: true });
  mkdirSync(join(root, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(
    join(root, 'node_modules', 'dep', 'index.py'),
    'def format_balance(total):\n    return "node_modules is never walked"\n',
  );
  return root;
}

/** The cross-file task of the fixture: complete `format_balance(total)` on line 8 of app/main.py. */
export function mainTask(root: string, kind: 'function'): FunctionTask;
export function mainTask(root: string, kind?: string): TaskRecord;
export function mainTask(root: string, kind = 'crossfile'): TaskRecord {
  const text = readFileSync(join(root, 'app', 'main.py'), 'utf8');
  const holeStart = text.indexOf('format_balance(total)\n# LEAK');
  const reference = 'format_balance(total)';
  const task = {
    id: `fixture/${kind}`,
    language: 'python' as const,
    repo: { name: 'fixture-bank', commit: null, root },
    path: 'app/main.py',
    prefix: text.slice(0, holeStart),
    suffix: text.slice(holeStart + reference.length),
    reference,
    span: { startLine: 8, startColumn: 12, endLine: 8, endColumn: 33 },
    labels: { lines: 1 },
  };
  return kind === 'function'
    ? { ...task, kind, name: 'report', signature: 'def report(account_id):', docstring: null }
    : { ...task, kind };
}

/** A WordLevel tokenizer.json: one token per whitespace-separated word; `special` words are added tokens. */
export function writeWordTokenizer(dir: string, words: Iterable<string>, special: string[] = []): string {
  const vocab: Record<string, number> = { '[UNK]': 0 };
  for (const word of [...special, ...words]) if (!(word in vocab)) vocab[word] = Object.keys(vocab).length;
  const json = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: ['[UNK]', ...special].map((content) => ({
      id: vocab[content],
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: null,
    pre_tokenizer: { type: 'WhitespaceSplit' },
    post_processor: null,
    decoder: null,
    model: { type: 'WordLevel', vocab, unk_token: '[UNK]' },
  };
  const file = join(dir, 'tokenizer.json');
  writeFileSync(file, JSON.stringify(json));
  return file;
}

export type EmbeddingMode = 'ok' | 'not-json' | 'wrong-count' | 'nan' | 'http-500' | 'fail-after-first';

export interface EmbeddingServer {
  url: string;
  requests: string[][];
  /** the Authorization header of each request. */
  authorizations: (string | undefined)[];
  mode: EmbeddingMode;
  close(): Promise<void>;
}

/** Deterministic embedding: 16 buckets of lower-cased word counts (a tiny bag-of-words model). */
export function bagOfWords(text: string): number[] {
  const vector = new Array<number>(16).fill(0);
  for (const word of text.toLowerCase().match(/\w+/g) ?? []) {
    let hash = 7;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % 65521;
    vector[hash % 16]! += 1;
  }
  return vector;
}

/** A real OpenAI-compatible /v1/embeddings server on 127.0.0.1. */
export async function startEmbeddingServer(mode: EmbeddingMode = 'ok'): Promise<EmbeddingServer> {
  const state: EmbeddingServer = { url: '', requests: [], authorizations: [], mode, close: async () => {} };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const { input } = JSON.parse(body) as { input: string[] };
      state.requests.push(input);
      state.authorizations.push(request.headers.authorization);
      const failing = state.mode === 'http-500' || (state.mode === 'fail-after-first' && state.requests.length > 1);
      if (request.url !== '/v1/embeddings' || failing) {
        response.writeHead(failing ? 500 : 404).end('{"error":"boom"}');
        return;
      }
      if (state.mode === 'not-json') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>');
        return;
      }
      const items = input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: state.mode === 'nan' && index === 1 ? [1, 'x'] : bagOfWords(text),
      }));
      const data = state.mode === 'wrong-count' ? items.slice(1) : items;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data, model: 'bow-16' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
