// Entry point of the `ctxbench` command: dispatches to the commands of `commands/index.ts`.
import { readFileSync } from 'node:fs';
import { commands } from './commands/index.ts';
import { commandHelp, parseCommandArgs, UsageError } from './command.ts';

export function toolVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function mainHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `ctxbench ${toolVersion()}: measure how well code models use repository context.`,
    '',
    'Usage: ctxbench <command> [options]    (ctxbench <command> --help for its options and an example)',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(mainHelp());
    return name ? 0 : 1;
  }
  if (name === '--version') {
    console.log(toolVersion());
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.error(`ctxbench: unknown command '${name}'. Run 'ctxbench --help' for the list.`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(commandHelp(command));
    return 0;
  }
  try {
    const { positionals, values } = parseCommandArgs(command, rest);
    return await command.run({ positionals, values: values as Record<string, string | boolean | string[] | undefined> });
  } catch (error) {
    if (error instanceof UsageError || (error as { userFacing?: boolean }).userFacing) {
      console.error(`ctxbench ${name}: ${(error as Error).message}`);
      return 2;
    }
    throw error;
  }
}
