// The shape of one CLI command. Each command lives in `src/cli/commands/<name>.ts` and is listed
// in `src/cli/commands/index.ts`; `main.ts` parses options with node's parseArgs and prints help.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>[string] & { description: string; valueName?: string };

export interface Command {
  name: string;
  /** one line for `ctxbench --help`. */
  summary: string;
  /** usage line after `ctxbench`, e.g. `index <repo> [--db F]`. */
  usage: string;
  /** a full example invocation. */
  example: string;
  options: Record<string, OptionSpec>;
  run(args: { positionals: string[]; values: Record<string, string | boolean | string[] | undefined> }): Promise<number>;
}

/** A user mistake (bad option, missing file): printed as one line without a stack trace. */
export class UsageError extends Error {}

export function commandHelp(command: Command): string {
  const lines = [`ctxbench ${command.usage}`, '', command.summary, ''];
  const entries = Object.entries(command.options);
  if (entries.length > 0) {
    lines.push('Options:');
    for (const [name, spec] of entries) {
      const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.type === 'string' ? ` ${spec.valueName ?? 'VALUE'}` : ''}`;
      lines.push(`  ${flag.padEnd(28)} ${spec.description}${spec.default !== undefined ? ` (default: ${String(spec.default)})` : ''}`);
    }
    lines.push('');
  }
  lines.push('Example:', `  ${command.example}`);
  return lines.join('\n');
}

export function parseCommandArgs(command: Command, argv: string[]) {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(command.options)) {
    const { description: _description, valueName: _valueName, ...parseSpec } = spec;
    options[name] = parseSpec;
  }
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nSee: ctxbench ${command.name} --help`);
  }
}
