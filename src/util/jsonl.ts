// JSONL reading and writing that never holds a whole file in one string: records are read line by
// line (errors name the file and line) and written through a buffer into a temporary file that is
// renamed into place, so a file appears complete or not at all.
import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { InputError, errorReason } from './errors.ts';

const READ_CHUNK_BYTES = 1 << 20;
const WRITE_BUFFER_CHARS = 1 << 20;

function openForReading(file: string): number {
  try {
    return openSync(file, 'r');
  } catch (error) {
    throw new InputError(`cannot read: ${errorReason(error)}`, { file });
  }
}

/** The lines of a text file, one at a time (1-based line numbers; a final line break ends no extra line). */
export function* textLines(file: string): Generator<{ text: string; line: number }> {
  const fd = openForReading(file);
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
  let pending = '';
  let line = 0;
  try {
    for (;;) {
      let bytes: number;
      try {
        bytes = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        throw new InputError(`cannot read: ${errorReason(error)}`, { file, line: line + 1 });
      }
      const chunk = bytes > 0 ? decoder.write(buffer.subarray(0, bytes)) : decoder.end();
      let start = 0;
      let newline = chunk.indexOf('\n');
      if (newline >= 0 && pending !== '') {
        line++;
        yield { text: pending + chunk.slice(0, newline), line };
        pending = '';
        start = newline + 1;
        newline = chunk.indexOf('\n', start);
      }
      while (newline >= 0) {
        line++;
        yield { text: chunk.slice(start, newline), line };
        start = newline + 1;
        newline = chunk.indexOf('\n', start);
      }
      pending += chunk.slice(start);
      if (bytes === 0) break;
    }
    if (pending !== '') yield { text: pending, line: line + 1 };
  } finally {
    closeSync(fd);
  }
}

/**
 * The records of a JSONL file, one at a time; `check` validates one parsed line and throws InputError naming the field.
 */
export function* jsonlRecords<T>(
  file: string,
  check: (value: unknown, where: { file: string; line: number }) => T,
): Generator<T> {
  for (const { text, line } of textLines(file)) {
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new InputError(`malformed JSON (${(error as Error).message})`, { file, line });
    }
    yield check(value, { file, line });
  }
}

/** Reads a whole JSONL file into an array (line by line: the file is never one string). */
export function readJsonl<T>(file: string, check: (value: unknown, where: { file: string; line: number }) => T): T[] {
  return Array.from(jsonlRecords(file, check));
}

/**
 * A file written in pieces into a temporary file beside it; `commit()` syncs and renames it into
 * place, `abort()` removes it. Nothing appears under the target name until the commit.
 */
export class AtomicFile {
  readonly temporary: string;
  private readonly fd: number;
  private buffer: (string | Uint8Array)[] = [];
  private buffered = 0;
  private done = false;

  constructor(readonly file: string) {
    this.temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
    try {
      this.fd = openSync(this.temporary, 'w');
    } catch (error) {
      throw new InputError(`cannot write: ${errorReason(error)}`, { file });
    }
  }

  write(text: string | Uint8Array): void {
    this.buffer.push(text);
    this.buffered += text.length;
    if (this.buffered >= WRITE_BUFFER_CHARS) this.flush();
  }

  private flush(): void {
    // One piece at a time: a joined buffer of huge pieces could exceed V8's string limit.
    for (const piece of this.buffer) {
      // writeSync's string and bytes forms are separate overloads.
      if (typeof piece === 'string') writeSync(this.fd, piece);
      else writeSync(this.fd, piece);
    }
    this.buffer = [];
    this.buffered = 0;
  }

  commit(): void {
    try {
      this.flush();
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.done = true;
      renameSync(this.temporary, this.file);
    } catch (error) {
      this.abort();
      throw new InputError(`cannot write: ${errorReason(error)}`, { file: this.file });
    }
  }

  abort(): void {
    if (!this.done) {
      this.done = true;
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
    }
    rmSync(this.temporary, { force: true });
  }
}

/** Writes text (or bytes) to `file` atomically: a temporary file in the same folder, fsync, rename. */
export function writeFileAtomic(file: string, text: string | Uint8Array): void {
  const out = new AtomicFile(file);
  try {
    out.write(text);
  } catch (error) {
    out.abort();
    throw error;
  }
  out.commit();
}

/** Writes records as JSONL, one line at a time, all or nothing (a throwing iterator leaves nothing behind). */
export function writeJsonl(file: string, records: Iterable<unknown>): number {
  const out = new AtomicFile(file);
  let count = 0;
  try {
    for (const record of records) {
      out.write(`${JSON.stringify(record)}\n`);
      count++;
    }
  } catch (error) {
    out.abort();
    throw error;
  }
  out.commit();
  return count;
}
