// `ctxbench view`: the result viewer, a local web app over one or more run stores, or a static copy of it.
import { UsageError, type Command } from '../command.ts';
import { integerOption, type OptionValues } from '../options.ts';
import { exportViewer, startViewer, exposureWarning } from '../../web/index.ts';

const DEFAULT_PORT = 8765;

/** `--port`, else `fallback`: 0 picks a free port. */
export const parsePort = (values: OptionValues, fallback: number): number =>
  integerOption(values, 'port', { min: 0, max: 65535 }) ?? fallback;

export const viewCommand: Command = {
  usage: 'view <run...> [--port P] [--host H] [--export DIR]',
  example: 'ctxbench view runs/infile runs/bm25 --port 8765',
  options: {
    port: {
      type: 'string',
      description: 'port to listen on; 0 picks a free one',
      valueName: 'P',
      default: String(DEFAULT_PORT),
    },
    host: {
      type: 'string',
      description: 'address to bind; anything but loopback exposes the runs to the network',
      valueName: 'H',
      default: '127.0.0.1',
    },
    export: {
      type: 'string',
      description: 'write a static copy (HTML + data files, opens from the file system) to DIR instead of serving',
      valueName: 'DIR',
    },
  },
  async run({ positionals, values }) {
    if (positionals.length === 0)
      throw new UsageError(`expected at least one run directory\nUsage: ctxbench ${this.usage}`);
    if (values.export !== undefined) {
      const summary = exportViewer(positionals, values.export as string);
      console.log(
        `wrote a static copy of ${summary.runs} run(s), ${summary.tasks} task(s) to ${summary.dir} (${summary.files} ` +
          `files); open ${summary.dir}/index.html`,
      );
      return 0;
    }
    const viewer = await startViewer(positionals, {
      port: parsePort(values, DEFAULT_PORT),
      host: values.host as string | undefined,
    });
    console.log(
      `ctxbench view: ${viewer.runs.runs.map((run) => run.id).join(', ')} at ${viewer.url}  (Ctrl-C to stop)`,
    );
    const warning = exposureWarning(viewer.host, 'these runs');
    if (warning) console.error(`ctxbench view: ${warning}`);
    await waitForStop();
    await viewer.close();
    return 0;
  },
};

/** Resolves at Ctrl-C or SIGTERM (a server's end). */
export function waitForStop(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
