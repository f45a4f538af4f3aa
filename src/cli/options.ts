// Option values of every command, parsed one way: numbers with their bounds, names from a fixed
// list, comma-separated lists. Errors name the option and repeat what was typed.
import { parseQueueUrl, type QueueConnection } from '../queue/index.ts';
import { SANDBOXES } from '../exec/index.ts';
import { isLanguageId, LANGUAGES, type LanguageId } from '../languages/index.ts';
import { UsageError, type OptionSpec } from './command.ts';

export type OptionValues = Readonly<Record<string, unknown>>;

/** A string option's value, or undefined when it was not given. */
export function textOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export interface NumberBounds {
  integer?: boolean;
  min?: number;
  max?: number;
}

/** A number option within bounds (`--top-k 5`); undefined when not given (parseArgs applies defaults). */
export function numberOption(values: OptionValues, name: string, bounds: NumberBounds = {}): number | undefined {
  const raw = textOption(values, name);
  if (raw === undefined) return undefined;
  const { integer = false, min = -Infinity, max = Infinity } = bounds;
  const value = Number(raw);
  if (
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    (integer && !Number.isInteger(value)) ||
    value < min ||
    value > max
  ) {
    const range =
      min > -Infinity && max < Infinity
        ? ` between ${min} and ${max}`
        : min > -Infinity
          ? ` >= ${min}`
          : max < Infinity
            ? ` <= ${max}`
            : '';
    throw new UsageError(`--${name} must be ${integer ? 'an integer' : 'a number'}${range}, got '${raw}'`);
  }
  return value;
}

/** An integer option (default lower bound 1: counts, sizes and workers; pass `min: 0` where 0 means something). */
export function integerOption(
  values: OptionValues,
  name: string,
  bounds: Omit<NumberBounds, 'integer'> = {},
): number | undefined {
  return numberOption(values, name, { min: 1, ...bounds, integer: true });
}

/** One of a list of names (`--format md`). */
export function choiceOption<T extends string>(values: OptionValues, name: string, known: readonly T[]): T | undefined {
  const raw = textOption(values, name);
  if (raw === undefined) return undefined;
  if (!(known as readonly string[]).includes(raw))
    throw new UsageError(`--${name} must be one of ${known.join(', ')}, not '${raw}'`);
  return raw as T;
}

/** A comma-separated list (`--metrics em,es`), items trimmed, empty items dropped; an empty list is an error. */
export function listOption(values: OptionValues, name: string): string[] | undefined {
  const raw = textOption(values, name);
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`--${name} needs at least one name, got '${raw}'`);
  return items;
}

/** The `--languages` option, listing the registered languages. */
export function languagesOptionSpec(): OptionSpec {
  return {
    type: 'string',
    description: `only these languages (comma-separated): ${LANGUAGES.names().join(', ')}`,
    valueName: 'LIST',
  };
}

/** `--languages a,b`: registered language ids. */
export function languagesOption(values: OptionValues): LanguageId[] | undefined {
  const list = listOption(values, 'languages');
  if (list === undefined) return undefined;
  for (const language of list)
    if (!isLanguageId(language)) throw new UsageError(`--languages: unknown language '${language}'`);
  return list as LanguageId[];
}

/** `--sandbox NAME`: one of the registered sandboxes (default bwrap). */
export function sandboxOption(values: OptionValues): string {
  return choiceOption(values, 'sandbox', SANDBOXES.names()) ?? 'bwrap';
}

/**
 * Where the queue server's password comes from: never the command line, which `ps` shows to every user of the machine.
 */
export const QUEUE_PASSWORD_ENV = 'CTXBENCH_QUEUE_PASSWORD';

/**
 * The `--queue` URL's connection, with the password from $CTXBENCH_QUEUE_PASSWORD; a password in the URL itself is
 * refused.
 */
export function queueOption(values: OptionValues): QueueConnection | null {
  const url = textOption(values, 'queue');
  if (url === undefined) return null;
  const connection = parseQueueUrl(url);
  if (connection.password !== undefined) {
    throw new UsageError(
      `--queue holds a password, which \`ps\` shows to every user of this machine: leave it out of the URL and set ` +
        `${QUEUE_PASSWORD_ENV} (e.g. \`read -rs ${QUEUE_PASSWORD_ENV}; export ${QUEUE_PASSWORD_ENV}\`, or from a ` +
        `root-only file with systemd's EnvironmentFile)`,
    );
  }
  const password = process.env[QUEUE_PASSWORD_ENV];
  return password ? { ...connection, password } : connection;
}

/** The `--queue` option's help, the same for every command that takes it. */
export function queueOptionSpec(what: string): OptionSpec {
  return {
    type: 'string',
    valueName: 'URL',
    description:
      `${what}: redis://[user@]host[:port][/db], rediss:// for TLS; the password from ` +
      `$${QUEUE_PASSWORD_ENV}, never in the URL (docs/queue.md)`,
  };
}
