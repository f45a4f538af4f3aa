// Entry point of the `ctxbench` command: dispatches to the commands of `commands/index.ts`, loading
// only the one that runs. Every failure a user can cause ends as one line on stderr.
import { commands } from './commands/index.ts';
import { commandHelp, nearestName, parseCommandArgs, UsageError } from './command.ts';
import { describeSystemError } from './system-errors.ts';
import { toolVersion } from './version.ts';
import { existsSync } from 'node:fs';
import { CONFIG_FILE } from '../util/config-file.ts';
const GLOBAL_OPTIONS_HELP = [
  'Options of every command:',
  '  --plugin FILE    load a plugin (.ts or .js; default export definePlugin({...})): retrievers, backends, metrics,',
  '                   templates, sandboxes, figures, report parsers, languages, review rules; repeatable.',
  '                   Example: ctxbench eval t.tasks --plugin ./my-retriever.ts --context mine ...',
  `  --config FILE    a config file whose \`plugins:\` list is loaded. ./${CONFIG_FILE} is read when present, but its`,
  `                   plugins (code that runs) load only when it is named: --config ./${CONFIG_FILE}`,
].join('\n');

export { toolVersion };

function mainHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `ctxbench ${toolVersion()}: measure how well code models use repository context.`,
    '',
    'Usage: ctxbench <command> [options]    (ctxbench <command> --help for its options and an example)',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    GLOBAL_OPTIONS_HELP,
  ].join('\n');
}

/**
 * Options of every command, taken out before the command parses the rest: plugins load before the
 * command does, so its help and checks list what they add.
 */
function globalOptions(argv: string[]): { rest: string[]; plugins: string[]; config?: string } {
  const rest: string[] = [];
  const plugins: string[] = [];
  let config: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const match = /^--(plugin|config)(?:=(.*))?$/.exec(argv[i]!);
    if (!match) {
      rest.push(argv[i]!);
      continue;
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`--${match[1]} needs a file`);
    if (match[1] === 'plugin') plugins.push(value);
    else config = value;
  }
  return { rest, plugins, config };
}

/** `--spec FILE` taken out of a command's arguments (the spec stands for the rest of the command line). */
function takeSpecOption(argv: string[]): { file: string; rest: string[] } | null {
  const at = argv.findIndex((token) => token === '--spec' || token.startsWith('--spec='));
  if (at < 0) return null;
  const inline = argv[at]!.startsWith('--spec=') ? argv[at]!.slice('--spec='.length) : undefined;
  const file = inline ?? argv[at + 1];
  if (file === undefined || file === '' || (inline === undefined && file.startsWith('-')))
    throw new UsageError('--spec needs a file');
  return { file, rest: [...argv.slice(0, at), ...argv.slice(at + (inline === undefined ? 2 : 1))] };
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
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    const nearest = nearestName(
      name,
      commands.map((c) => c.name),
    );
    console.error(
      `ctxbench: unknown command '${name}'.${nearest ? ` Did you mean '${nearest}'?` : ''} Run 'ctxbench --help' for ` +
        `the list.`,
    );
    return 2;
  }
  try {
    const global = globalOptions(rest);
    if (global.plugins.length > 0 || global.config !== undefined || existsSync(CONFIG_FILE)) {
      // loaded only when asked for: `ctxbench --help` and plain commands never import the registries' stages here
      const { loadPlugins } = await import('../plugins/index.ts');
      await loadPlugins({ plugins: global.plugins, config: global.config });
    }
    const command = await entry.load();
    if (global.rest.includes('--help') || global.rest.includes('-h')) {
      console.log(`${commandHelp(entry, command)}\n\n${GLOBAL_OPTIONS_HELP}`);
      return 0;
    }
    // a command with a spec shape takes --spec FILE: the file stands for the rest of its command line
    const specFile = command.spec ? takeSpecOption(global.rest) : null;
    let argv = specFile?.rest ?? global.rest;
    if (specFile) {
      const { readSpec } = await import('./spec.ts');
      const spec = readSpec(specFile.file, command, command.spec!, argv);
      argv = spec.argv;
      if (spec.plugins.length > 0) await (await import('../plugins/index.ts')).loadPlugins({ plugins: spec.plugins });
    }
    const { positionals, values } = parseCommandArgs(name, command, argv);
    return await command.run({
      positionals,
      values: values as Record<string, string | boolean | string[] | undefined>,
      commands,
    });
  } catch (error) {
    if (error instanceof UsageError || (error as { userFacing?: boolean }).userFacing) {
      console.error(`ctxbench ${name}: ${(error as Error).message}`);
      return 2;
    }
    const system = describeSystemError(error);
    if (system) {
      console.error(`ctxbench ${name}: ${system}`);
      return 1;
    }
    throw error;
  }
}

/** The process around `main`: a reader that closes the pipe early (`| head`) ends the output quietly. */
export async function run(argv: string[]): Promise<void> {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  try {
    process.exitCode = await main(argv);
  } catch (error) {
    // A bug rather than a user mistake: one line, the stack trace only on request.
    const stack = process.env.CTXBENCH_DEBUG
      ? `\n${(error as Error).stack}`
      : ' (CTXBENCH_DEBUG=1 shows the stack trace; please report it)';
    console.error(`ctxbench ${argv[0] ?? ''}: unexpected error: ${(error as Error).message ?? String(error)}${stack}`);
    process.exitCode = 70;
  }
}
