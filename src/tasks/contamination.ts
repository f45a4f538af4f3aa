// Leakage check (`ctxbench contamination`): the share of each reference's token n-grams that occur
// in a corpus the user supplies (a model's training data, or a sample of it). The corpus is read
// as a stream, one line at a time, so its size does not matter: only the references' n-grams are
// held in memory, and a corpus window is looked up only when every one of its tokens occurs in
// some reference.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskRecord } from '../datasets/index.ts';
import { InputError } from '../util/errors.ts';
import { jsonlRecords, textLines } from '../util/jsonl.ts';
import type { TaskLabelRecord } from './labels.ts';

/** Identifiers and numbers as one token each, every other non-space character alone. */
export function overlapTokens(text: string): string[] {
  return text.match(/[A-Za-z0-9_]+|[^\sA-Za-z0-9_]/g) ?? [];
}

export interface ContaminationOptions {
  /**
   * n-gram length in tokens (13, as GPT-3's contamination study); shorter references count as one gram of their length.
   */
  n: number;
  /** a task is `contaminated` when at least this share of its distinct n-grams occurs in the corpus. */
  threshold: number;
}

export const DEFAULT_CONTAMINATION: ContaminationOptions = { n: 13, threshold: 0.5 };

export interface ContaminationResult {
  labels: TaskLabelRecord[];
  /** corpus documents (files, or string fields of JSONL records) and tokens read. */
  documents: number;
  tokens: number;
}

/** Files under the given paths (folders walked, `.git` skipped), in a stable order. */
function corpusFiles(paths: string[]): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      throw new InputError('corpus path does not exist', { file: path });
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path).sort()) if (entry !== '.git') walk(join(path, entry));
    } else if (stats.isFile()) {
      files.push(path);
    }
  };
  for (const path of paths) walk(path);
  return files;
}

/** Every string inside a JSON value: the documents of one JSONL record. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) yield* strings(item);
}

/** The documents of a corpus: each plain file is one (read line by line), each string of a JSONL record one. */
function* documents(paths: string[]): Generator<Iterable<string>> {
  for (const file of corpusFiles(paths)) {
    if (file.endsWith('.jsonl')) {
      for (const record of jsonlRecords(file, (value) => value)) for (const value of strings(record)) yield [value];
    } else {
      yield (function* () {
        for (const { text } of textLines(file)) yield `${text}\n`;
      })();
    }
  }
}

/**
 * Labels each task `contaminated: yes|no` and `overlap` (share of its distinct n-grams found in the corpus, 4
 * decimals).
 */
export function measureContamination(
  tasks: Iterable<TaskRecord>,
  corpus: string[],
  options: ContaminationOptions = DEFAULT_CONTAMINATION,
): ContaminationResult {
  const vocabulary = new Map<string, number>();
  const grams = new Set<string>();
  const perTask: { id: string; grams: string[] }[] = [];
  const lengths = new Set<number>();
  for (const task of tasks) {
    const ids = overlapTokens(task.reference).map((token) => {
      let id = vocabulary.get(token);
      if (id === undefined) vocabulary.set(token, (id = vocabulary.size));
      return id;
    });
    const length = Math.min(options.n, ids.length);
    const own = new Set<string>();
    if (length > 0) {
      lengths.add(length);
      for (let end = length; end <= ids.length; end++) own.add(ids.slice(end - length, end).join(','));
    }
    perTask.push({ id: task.id, grams: [...own] });
    for (const gram of own) grams.add(gram);
  }
  const found = new Set<string>();
  const windowLengths = [...lengths].sort((a, b) => a - b);
  const longest = windowLengths[windowLengths.length - 1] ?? 0;
  let documentCount = 0;
  let tokenCount = 0;
  for (const document of documents(corpus)) {
    documentCount++;
    const window: number[] = [];
    let known = 0; // tokens at the window's end that occur in some reference
    for (const piece of document) {
      for (const token of overlapTokens(piece)) {
        tokenCount++;
        const id = vocabulary.get(token);
        if (id === undefined) {
          known = 0;
          window.length = 0;
          continue;
        }
        known++;
        window.push(id);
        if (window.length > longest) window.shift();
        for (const length of windowLengths) {
          if (length > known) break;
          const gram = window.slice(window.length - length).join(',');
          if (grams.has(gram)) found.add(gram);
        }
      }
    }
  }
  const labels = perTask.map(({ id, grams: own }): TaskLabelRecord => {
    const overlap = own.length === 0 ? 0 : own.filter((gram) => found.has(gram)).length / own.length;
    return {
      id,
      labels: {
        contaminated: overlap >= options.threshold && own.length > 0 ? 'yes' : 'no',
        overlap: Math.round(overlap * 10000) / 10000,
      },
    };
  });
  return { labels, documents: documentCount, tokens: tokenCount };
}
