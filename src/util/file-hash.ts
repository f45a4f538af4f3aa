// SHA-256 of a file, read in pieces (task files, plugin files).
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { InputError, errorReason } from './errors.ts';

/** SHA-256 of a file's bytes, read in pieces. */
export function hashFile(file: string): string {
  const hash = createHash('sha256');
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new InputError(`cannot read: ${errorReason(error)}`, { file });
  }
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let bytes = readSync(fd, buffer); bytes > 0; bytes = readSync(fd, buffer))
      hash.update(buffer.subarray(0, bytes));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
