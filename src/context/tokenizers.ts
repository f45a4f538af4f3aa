// Token counters of target models: bundled tiktoken encodings (js-tiktoken) or a Hugging Face
// tokenizer.json (@huggingface/tokenizers). Budgets are counted with these.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { Tiktoken } from 'js-tiktoken/lite';
import { InputError } from '../util/errors.ts';
import type { TokenCounter } from './types.ts';

export const BUNDLED_ENCODINGS = ['o200k_base', 'cl100k_base'] as const;
export const DEFAULT_TOKENIZER = 'o200k_base';

const counters = new Map<string, Promise<TokenCounter>>();
/** Pieces whose counts a bundled encoding keeps (then it starts again): a few tens of MiB at most. */
const PIECES_KEPT = 500_000;

/** Loads (once per process) a bundled encoding by name or a tokenizer.json by path. */
export function loadTokenizer(nameOrPath: string = DEFAULT_TOKENIZER): Promise<TokenCounter> {
  const bundled = (BUNDLED_ENCODINGS as readonly string[]).includes(nameOrPath);
  const key = bundled ? nameOrPath : resolve(nameOrPath);
  let counter = counters.get(key);
  if (!counter) {
    counter = bundled ? loadTiktoken(nameOrPath) : Promise.resolve().then(() => loadHuggingFace(nameOrPath));
    counters.set(key, counter);
    counter.catch(() => counters.delete(key));
  }
  return counter;
}

async function loadTiktoken(name: string): Promise<TokenCounter> {
  const ranks =
    name === 'cl100k_base'
      ? (await import('js-tiktoken/ranks/cl100k_base')).default
      : (await import('js-tiktoken/ranks/o200k_base')).default;
  const encoding = new Tiktoken(ranks);
  // tiktoken splits a text with its pattern and encodes each piece on its own (no merge crosses
  // pieces): a text's count is the sum of its pieces', and each piece's is kept. Budgets count the
  // same code again and again (fitLines' search, every prompt of a repository), and a piece met
  // before costs a lookup instead of js-tiktoken's byte-pair merging (prompts with bm25 on redis:
  // three quarters of their time was that).
  const pieces = new RegExp(ranks.pat_str, 'gu');
  const piecesTokens = new Map<string, number>();
  return {
    name,
    count: (text) => {
      let tokens = 0;
      for (const [piece] of text.matchAll(pieces)) {
        let count = piecesTokens.get(piece);
        if (count === undefined) {
          // Special-token text inside code (e.g. `<|endoftext|>`) is counted as ordinary text.
          count = encoding.encode(piece, [], []).length;
          if (piecesTokens.size >= PIECES_KEPT) piecesTokens.clear();
          piecesTokens.set(piece, count);
        }
        tokens += count;
      }
      return tokens;
    },
  };
}

function loadHuggingFace(path: string): TokenCounter {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'tokenizer.json') : path;
  if (!existsSync(file)) {
    throw new InputError(
      `tokenizer file not found (give ${BUNDLED_ENCODINGS.join(' or ')} or the path of a Hugging Face tokenizer.json)`,
      { file },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`not a tokenizer.json: ${(error as Error).message}`, { file });
  }
  const model = (json as { model?: { type?: unknown; vocab?: unknown } } | null)?.model;
  if (
    typeof json !== 'object' ||
    json === null ||
    typeof model !== 'object' ||
    model === null ||
    model.vocab === undefined
  ) {
    throw new InputError('not a tokenizer.json: no `model` with a `vocab`', { file, field: 'model' });
  }
  const configFile = join(dirname(file), 'tokenizer_config.json');
  let config: object = {};
  if (existsSync(configFile)) {
    try {
      config = JSON.parse(readFileSync(configFile, 'utf8')) as object;
    } catch (error) {
      throw new InputError(`malformed JSON: ${(error as Error).message}`, { file: configFile });
    }
  }
  let tokenizer: Tokenizer;
  try {
    tokenizer = new Tokenizer(json, config);
    tokenizer.encode('probe', { add_special_tokens: false });
  } catch (error) {
    throw new InputError(`not a usable tokenizer.json: ${(error as Error).message}`, { file });
  }
  return {
    name: file,
    count: (text) => (text === '' ? 0 : tokenizer.encode(text, { add_special_tokens: false }).ids.length),
  };
}
