// Records are defined once, as zod schemas: the schema gives the TypeScript type (`z.output`), the
// validation of everything read from disk, and the published JSON Schema (docs/schema/, written by
// `npm run schemas`). This helper turns zod's issues into the one error form of the project: an
// InputError naming the file, the line and the field (`oracle[2].path`).
import type { z } from 'zod';
import { InputError } from './errors.ts';

/** Where a record came from: a file, the line of a JSONL record, or a line per field (YAML). */
export interface RecordLocation {
  file?: string;
  line?: number;
  /** the line of a field path inside the file (YAML documents); falls back to `line`. */
  lineOf?: (path: readonly PropertyKey[]) => number | undefined;
}

/** `['oracle', 2, 'path']` -> `oracle[2].path`; the empty path is the record itself. */
export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(record)';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `a string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value} ${String(value)}`;
}

/** zod's default messages, reworded where they would say less than the old hand-written checks did. */
function message(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'missing field';
    const expected =
      issue.expected === 'int'
        ? 'an integer'
        : issue.expected === 'object' || issue.expected === 'array'
          ? `an ${issue.expected}`
          : `a ${issue.expected}`;
    return `expected ${expected}, got ${describe(issue.input)}`;
  }
  if (issue.code === 'invalid_value')
    return issue.input === undefined
      ? `missing field (expected ${issue.values.map(String).join(' or ')})`
      : `expected one of ${issue.values.map(String).join(', ')}, got ${describe(issue.input)}`;
  if (issue.code === 'too_small') {
    if (issue.origin === 'string' || issue.origin === 'array')
      return Number(issue.minimum) === 1
        ? 'must not be empty'
        : `needs at least ${String(issue.minimum)} ${issue.origin === 'string' ? 'characters' : 'entries'}`;
    return (
      `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}, got ` +
      `${String(issue.input)}`
    );
  }
  if (issue.code === 'too_big') {
    if (issue.origin === 'string' || issue.origin === 'array')
      return `has more than ${String(issue.maximum)} ${issue.origin === 'string' ? 'characters' : 'entries'}`;
    return (
      `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}, got ` +
      `${String(issue.input)}`
    );
  }
  if (issue.code === 'invalid_union' && 'discriminator' in issue) {
    const value = (issue.input as Record<string, unknown>)[String(issue.discriminator)];
    const options = (issue as unknown as { options: unknown[] }).options.map(String).join(', ');
    return value === undefined
      ? `missing field (one of ${options})`
      : `expected one of ${options}, got ${describe(value)}`;
  }
  if (issue.code === 'unrecognized_keys')
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
  return undefined;
}

/** The first issue of a failed parse, with the path of the field (an unknown key: its own path). */
function firstIssue(error: z.ZodError): { path: PropertyKey[]; message: string } {
  const issue = error.issues[0]!;
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  return { path: unknownKey === undefined ? issue.path : [...issue.path, unknownKey], message: issue.message };
}

/**
 * Validates `value` against `schema` and returns it typed; the first problem becomes an InputError
 * naming the file, the line (of the record, or of the field in a YAML file) and the field;
 * `advice` follows the message (how to recover, for files ctxbench wrote).
 */
export function parseRecord<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: RecordLocation = {},
  advice?: string,
): z.output<S> {
  // Valid records take zod's fast path; only a failure is parsed again for the worded message.
  const fast = schema.safeParse(value);
  if (fast.success) return fast.data;
  const result = schema.safeParse(value, { error: message, reportInput: true });
  if (result.success) return result.data;
  const { path, message: text } = firstIssue(result.error);
  throw new InputError(advice ? `${text}; ${advice}` : text, {
    file: where.file,
    line: where.lineOf?.(path) ?? where.line,
    field: fieldName(path),
  });
}

/** A record type without the index signature of a loose schema (kept fields stay at run time, not in the type). */
export type Known<T> = T extends unknown
  ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] }
  : never;

/**
 * A schema's message for a value of the wrong type (`{ error: expected('a list of names') }`); a missing value or an
 * unknown key keep theirs.
 */
export function expected(message: string): (issue: z.core.$ZodRawIssue) => string | undefined {
  return (issue) => (issue.code === 'invalid_type' && issue.input !== undefined ? message : undefined);
}
