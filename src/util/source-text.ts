// Decoding source files: UTF-8, or Latin-1 where the bytes are not valid UTF-8 (a stray byte in a
// comment must not drop a file with all its functions). Latin-1 maps each byte to one character, so
// line and column positions stay those of the file.
import { readFileSync } from 'node:fs';

export interface DecodedSource {
  text: string;
  encoding: 'utf-8' | 'latin1';
}

export function decodeSource(bytes: Uint8Array): DecodedSource {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), encoding: 'latin1' };
  }
}

/** A source file's text, decoded as the index decodes it. */
export function readSourceText(path: string): string {
  return decodeSource(readFileSync(path)).text;
}
