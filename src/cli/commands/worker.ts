// `ctxbench worker`: serves queued execution jobs (`exec --queue`) for the environments it is given, and generation
// jobs (`eval --queue`) for the models it holds, until stopped (SIGINT/SIGTERM finish the jobs in hand first).
import { InputError } from '../../util/errors.ts';
import { loadEnvironment, missingTools, SANDBOXES } from '../../exec/index.ts';
import { checkQueueServer, describeQueue, startWorker } from '../../queue/index.ts';
import { createBackend } from '../../models/index.ts';
import { UsageError, type Command } from '../command.ts';
import { integerOption, queueOption, queueOptionSpec, sandboxOption, textOption } from '../options.ts';

export const workerCommand: Command = {
  usage:
    'worker --queue URL (--env ENV.yaml [--env ...] | --model P [--base-url U]) [--concurrency N] [--work-dir DIR] ' +
    '[--name NAME]',
  example:
    'ctxbench worker --queue redis://queue-host:6379 --env examples/envs/redis.yaml --repo /srv/src/redis-7.0.15 ' +
    '--concurrency 2   (the password in $CTXBENCH_QUEUE_PASSWORD)',
  options: {
    queue: queueOptionSpec('the Redis server of the coordinator'),
    env: {
      type: 'string',
      multiple: true,
      description:
        'an environment this worker runs (the allow-list: jobs of other environments never reach it); repeat for ' +
        'several',
      valueName: 'FILE',
    },
    repo: {
      type: 'string',
      description: "this machine's repository checkout (overrides the environment's `repo`; with a single --env)",
      valueName: 'DIR',
    },
    model: {
      type: 'string',
      multiple: true,
      description:
        'answer generation jobs (`eval --queue`) of this model with a backend of this machine (its key from this ' +
        "machine's environment); repeatable",
      valueName: 'P',
    },
    'base-url': {
      type: 'string',
      description:
        'OpenAI-compatible endpoint of --model on this machine (default: $OPENAI_BASE_URL, else api.openai.com)',
      valueName: 'U',
    },
    'api-key-env': {
      type: 'string',
      description: "environment variable holding this machine's API key (default OPENAI_API_KEY)",
      valueName: 'NAME',
    },
    concurrency: {
      type: 'string',
      description: 'candidates at once per environment (worker copies of the prepared tree); about one per core',
      valueName: 'N',
      default: '1',
    },
    sandbox: {
      type: 'string',
      description: `${SANDBOXES.list()
        .map((sandbox) => `${sandbox.name}: ${sandbox.description}`)
        .join('; ')} (must match the coordinator's)`,
      valueName: 'NAME',
      default: 'bwrap',
    },
    'work-dir': {
      type: 'string',
      description: 'where prepared trees and the result cache live (default /var/tmp/ctxbench-exec-<uid>)',
      valueName: 'DIR',
    },
    name: {
      type: 'string',
      description: "how this worker is named in the coordinator's progress (default host:pid)",
      valueName: 'NAME',
    },
    'stalled-ms': {
      type: 'string',
      description: 'how long a job of a worker that died keeps its lock before another worker takes it over',
      valueName: 'MS',
      default: '30000',
    },
  },
  async run({ values }) {
    const connection = queueOption(values);
    if (connection === null) throw new UsageError('--queue <redis URL> is required');
    const envFiles = (values.env as string[] | undefined) ?? [];
    const models = (values.model as string[] | undefined) ?? [];
    if (envFiles.length === 0 && models.length === 0)
      throw new UsageError(
        '--env <environment file> or --model <provider> is required: a worker runs only the environments and models ' +
          'it is given',
      );
    if (envFiles.length > 1 && values.repo !== undefined) throw new UsageError('--repo goes with a single --env');
    const sandbox = sandboxOption(values);
    const envs = envFiles.map((file) => loadEnvironment(file, textOption(values, 'repo')));
    for (const env of envs) {
      const missing = missingTools(env);
      if (missing.length > 0)
        throw new InputError(
          `needs ${missing.join(', ')}, not found on this machine (the environment's \`requires\`)`,
          { file: env.file },
        );
    }
    await checkQueueServer(connection);
    const log = (message: string) => process.stderr.write(`worker: ${message}\n`);
    const backends = await Promise.all(
      models.map((model) =>
        createBackend(model, { baseUrl: textOption(values, 'base-url'), apiKeyEnv: textOption(values, 'api-key-env') }),
      ),
    );
    const worker = await startWorker({
      connection,
      envs,
      backends,
      sandbox,
      concurrency: integerOption(values, 'concurrency')!,
      stalledMs: integerOption(values, 'stalled-ms')!,
      workDir: textOption(values, 'work-dir'),
      name: textOption(values, 'name'),
      onEvent: log,
    });
    log(`connected to ${describeQueue(connection)}; stop with Ctrl-C (jobs in hand finish first)`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        log('stopping: finishing the jobs in hand');
        process.once('SIGINT', () => process.exit(130));
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await worker.close();
    await Promise.all(backends.map((backend) => backend.close()));
    log(
      `stopped; ` +
        `${[...worker.done].map(([name, count]) => `${name}: ${count} candidates`).join(', ') || 'no candidates run'}`,
    );
    return 0;
  },
};
