// JSONL reading with errors that name the file and line, and all-or-nothing writing.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { InputError } from './errors.ts';

/** Reads a JSONL file; `check` validates one parsed line and throws InputError naming the field. */
export function readJsonl<T>(file: string, check: (value: unknown, where: { file: string; line: number }) => T): T[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file });
  }
  const records: T[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new InputError(`malformed JSON (${(error as Error).message})`, { file, line: index + 1 });
    }
    records.push(check(value, { file, line: index + 1 }));
  }
  return records;
}

/** Writes text to `file` atomically: a temporary file in the same folder, fsync, rename. */
export function writeFileAtomic(file: string, text: string): void {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Writes records as JSONL, all or nothing. */
export function writeJsonl(file: string, records: Iterable<unknown>): void {
  const parts: string[] = [];
  for (const record of records) parts.push(JSON.stringify(record));
  writeFileAtomic(file, parts.length ? `${parts.join('\n')}\n` : '');
}
