// Decoding source files: UTF-8; UTF-16 where a byte order mark or the pattern of zero bytes says so;
// else Latin-1 where the bytes are not valid UTF-8 (a stray byte in a comment must not drop a file with
// all its functions; Latin-1 maps each byte to one character, so line and column positions stay those
// of the file). A file with other zero bytes is binary: no text.
import { readFileSync } from 'node:fs';

export type SourceEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1';

export interface DecodedSource {
  text: string;
  encoding: SourceEncoding;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The UTF-16 byte order of text without a byte order mark: zero high bytes on one side of most characters (ASCII-heavy
 * code).
 */
function utf16Order(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < bytes.length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = bytes.length / 2;
  if (oddZeros >= 0.6 * pairs && evenZeros === 0) return 'utf-16le';
  if (evenZeros >= 0.6 * pairs && oddZeros === 0) return 'utf-16be';
  return null;
}

/** A file's text and how it was decoded; null for binary content (zero bytes that are no UTF-16). */
export function decodeSource(bytes: Uint8Array): DecodedSource | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  if (bytes.includes(0)) {
    const order = utf16Order(bytes);
    return order ? { text: new TextDecoder(order).decode(bytes), encoding: order } : null;
  }
  try {
    return { text: UTF8.decode(bytes), encoding: 'utf-8' };
  } catch {
    return {
      text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
      encoding: 'latin1',
    };
  }
}

/** What a fallback decoding means, for the warning that names the file. */
export const ENCODING_NOTES: Record<Exclude<SourceEncoding, 'utf-8'>, string> = {
  'utf-16le': 'UTF-16 (little-endian), decoded',
  'utf-16be': 'UTF-16 (big-endian), decoded',
  latin1: 'not valid UTF-8, decoded as Latin-1 (text in another encoding, such as Shift_JIS, reads garbled)',
};

/** A source file's text, decoded as the index decodes it ('' for binary content, which the index skips). */
export function readSourceText(path: string): string {
  return decodeSource(readFileSync(path))?.text ?? '';
}
