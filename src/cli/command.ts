// The shape of one CLI command. Each command lives in `src/cli/commands/<name>.ts` and is listed
// (name, summary, loader) in `src/cli/commands/index.ts`; `main.ts` parses options with node's
// parseArgs and prints help.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>[string] & { description: string; valueName?: string };

/** What `ctxbench --help` needs of a command without loading it. */
export interface CommandEntry {
  name: string;
  /** one line for `ctxbench --help`. */
  summary: string;
  load(): Promise<Command>;
}

/**
 * What a command needs to take `--spec FILE` (src/cli/spec.ts): its positional's key, and which options name files or
 * folders.
 */
export interface SpecShape {
  /** the spec key holding the (one) positional, e.g. `tasks`. */
  positional: string;
  /** options whose value is a path (resolved against the spec's folder). */
  paths: string[];
  /** options whose value is a name or a path: resolved when a file of that name is beside the spec. */
  namesOrPaths: string[];
}

export interface Command {
  /** usage line after `ctxbench`, e.g. `index <repo> [--db F]`. */
  usage: string;
  /** a full example invocation. */
  example: string;
  options: Record<string, OptionSpec>;
  /** the command takes its whole invocation from a spec file too (`--spec FILE`, an option of its own). */
  spec?: SpecShape;
  /** `commands`: every command of the CLI, for a command that runs others (the demo), handed over by `main.ts`. */
  run(args: {
    positionals: string[];
    values: Record<string, string | boolean | string[] | undefined>;
    commands?: readonly CommandEntry[];
  }): Promise<number>;
}

/** A user mistake (bad option, missing file): printed as one line without a stack trace. */
export class UsageError extends Error {}

export function commandHelp(entry: CommandEntry, command: Command): string {
  const lines = [`ctxbench ${command.usage}`, '', entry.summary, ''];
  const entries = Object.entries(command.options);
  if (entries.length > 0) {
    lines.push('Options:');
    for (const [name, spec] of entries) {
      const short = spec.short ? `-${spec.short}, ` : '';
      const value = spec.type === 'string' ? ` ${spec.valueName ?? 'VALUE'}` : '';
      const flag = `${short}--${name}${value}`;
      lines.push(
        `  ${flag.padEnd(28)} ` +
          `${spec.description}${spec.default !== undefined ? ` (default: ${String(spec.default)})` : ''}`,
      );
    }
    lines.push('');
  }
  lines.push('Example:', `  ${command.example}`);
  return lines.join('\n');
}

/** Edit distance with adjacent transpositions (optimal string alignment), for "did you mean" hints. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** The known name closest to `typed` (within a third of its length), for a "did you mean" hint. */
export function nearestName(typed: string, known: string[]): string | null {
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(typed, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(typed.length / 3)) ? best.name : null;
}

export function parseCommandArgs(name: string, command: Command, argv: string[]) {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(command.options)) {
    const { description: _description, valueName: _valueName, ...parseSpec } = spec;
    options[name] = parseSpec;
  }
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const unknown = /^Unknown option '-{1,2}([^']+)'/.exec((error as Error).message)?.[1];
    const nearest = unknown === undefined ? null : nearestName(unknown, Object.keys(command.options));
    const message =
      unknown === undefined
        ? (error as Error).message
        : `Unknown option '${unknown.length === 1 ? '-' : '--'}${unknown}'.`;
    throw new UsageError(`${message}${nearest ? ` Did you mean --${nearest}?` : ''}\nSee: ctxbench ${name} --help`);
  }
}

/** A command as it could be typed again (recorded in manifests). */
export function commandLine(name: string, positionals: string[], values: Record<string, unknown>): string {
  const quote = (text: string) => (/^[\w./:,=@+-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`);
  const options = Object.entries(values).flatMap(([option, value]) => {
    if (value === undefined || value === false) return [];
    if (value === true) return [`--${option}`];
    return (Array.isArray(value) ? value : [value]).map((item) => `--${option} ${quote(String(item))}`);
  });
  return ['ctxbench', name, ...positionals.map(quote), ...options].join(' ');
}
