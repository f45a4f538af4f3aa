// Canonical JSON: object keys sorted at every level, so a record's text (and its hash) does not depend on
// the order its fields were written in.
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** SHA-256 (hex) of a record's canonical JSON. */
export function recordHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
