// `ctxbench exec <run>`: builds and tests every candidate of a run in the sandbox and stores the
// verdicts; `ctxbench exec check <env>`: checks an environment on the unmodified repository.
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { TaskRecord } from '../../datasets/index.ts';
import { UsageError, type Command } from '../command.ts';
import { integerOption, queueOption, queueOptionSpec, sandboxOption } from '../options.ts';
import { InputError } from '../../util/errors.ts';
import { formatTable } from '../../util/table.ts';
import { openRunStore, VERDICTS, type Verdict } from '../../runstore/index.ts';
import { lockFolder } from '../../util/lock.ts';
import { checkQueueServer, executeQueued, runIdentity, type QueuedItem, type QueuedOutput } from '../../queue/index.ts';
import {
  cheatFlags,
  checkEnvironment,
  ensureCheckState,
  executeCandidates,
  loadEnvironment,
  missingTools,
  regradeLog,
  SANDBOXES,
  withCheatFlags,
  type ExecEnvironment,
  type ExecEvent,
  type ExecOutput,
} from '../../exec/index.ts';

function printEvent(event: ExecEvent): void {
  process.stderr.write(`${event.kind === 'warning' ? '' : 'exec: '}${event.message}\n`);
}

function duration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return seconds >= 3600
    ? `${Math.floor(seconds / 3600)}h${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}m`
    : seconds >= 60
      ? `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`
      : `${seconds}s`;
}

async function runCheck(envFile: string, values: Record<string, unknown>): Promise<number> {
  const env = loadEnvironment(envFile, values.repo as string | undefined);
  const report = await checkEnvironment(env, {
    sandbox: sandboxOption(values),
    workDir: values['work-dir'] as string | undefined,
    onEvent: printEvent,
  });
  const { state } = report;
  console.log(`Environment ${env.file} on ${env.repo}`);
  console.log(
    formatTable(
      ['round', 'setup', 'build', 'tests'],
      state.rounds.map((round, index) => [
        index + 1,
        duration(round.setupMs),
        duration(round.buildMs),
        duration(round.testMs),
      ]),
    ),
  );
  const names = Object.keys(state.tests);
  if (names.length > 0)
    console.log(
      `\n${names.length} tests; mean time per test ` +
        `${duration(names.reduce((sum, name) => sum + state.tests[name]!.ms, 0) / names.length)}`,
    );
  if (report.suitePassed)
    console.log(
      `\nwhole suite (no test list): ${report.suitePassed.map((passed) => (passed ? 'passed' : 'FAILED')).join(', ')}`,
    );
  console.log(`flaky (excluded): ${state.flaky.length ? state.flaky.join(', ') : 'none'}`);
  console.log(
    `failing on the unmodified repository (excluded): ${state.failing.length ? state.failing.join(', ') : 'none'}`,
  );
  if (report.coverageFunctions !== null)
    console.log(`coverage: ${report.coverageFunctions} executed functions recorded`);
  for (const warning of report.warnings) console.log(`\nwarning: ${warning}`);
  console.log(`\nstate written to ${report.statePath}`);
  return 0;
}

async function runExec(runDir: string, values: Record<string, unknown>): Promise<number> {
  const envFiles = (values.env as string[] | undefined) ?? [];
  if (envFiles.length === 0) throw new UsageError('--env <environment file> is required');
  if (envFiles.length > 1 && values.repo !== undefined) throw new UsageError('--repo goes with a single --env');
  const envs = envFiles.map((file) => loadEnvironment(file, values.repo as string | undefined));
  for (const env of envs) {
    const missing = missingTools(env);
    if (missing.length > 0)
      throw new InputError(`needs ${missing.join(', ')}, not found on this machine (the environment's \`requires\`)`, {
        file: env.file,
      });
  }
  const store = openRunStore(resolve(runDir));
  let lock: { release(): void } | null = null;
  try {
    lock = lockFolder(resolve(runDir), 'exec');
    const tasks = new Map(store.tasks().map((task) => [task.id, task]));
    // One environment serves every task of a one-repository run (its checkout may be named otherwise:
    // `redis-7.0.15`); over several repositories, one or more environments are matched to tasks by their
    // checkout (the task's `repo.root`, where it was built) or by repository name (the folder name of the
    // environment's `repo`: an import names repositories as its data does, `bullet3` for `bullet3-6bb8d11/`),
    // and the others' candidates are skipped, said once.
    const byName = envs.length > 1 || new Set([...tasks.values()].map((task) => task.repo.name)).size > 1;
    const serves = (env: ExecEnvironment, task: TaskRecord) =>
      basename(env.repo) === task.repo.name || (!!task.repo.root && resolve(task.repo.root) === resolve(env.repo));
    const envFor = (task: TaskRecord) => (byName ? envs.find((env) => serves(env, task)) : envs[0]);
    if (values.regrade === true) return regrade(store, envFor);
    const candidates = store
      .candidates()
      .filter((candidate) => candidate.output !== null && (values.force === true || candidate.verdict === null));
    const itemsByEnv = new Map<ExecEnvironment, QueuedItem[]>(envs.map((env) => [env, []]));
    let unmatched = 0;
    const unservedRepos = new Set<string>();
    for (const candidate of candidates) {
      const task = tasks.get(candidate.taskId);
      if (!task) throw new UsageError(`candidate of unknown task ${candidate.taskId} in ${runDir}`);
      const env = envFor(task);
      if (!env) {
        unmatched++;
        unservedRepos.add(task.repo.name);
        continue;
      }
      itemsByEnv.get(env)!.push({
        task,
        sample: candidate.sample,
        candidate: candidate.output!,
        key: JSON.stringify([candidate.taskId, candidate.sample]),
      });
    }
    if (unmatched > 0)
      process.stderr.write(
        `exec: ${unmatched} candidates skipped: no --env for their repository (${[...unservedRepos].join(', ')})\n`,
      );
    const items = [...itemsByEnv.values()].flat();
    const skipped = store.candidates().length - items.length - unmatched;
    process.stderr.write(
      `exec: ${items.length} candidates to ` +
        `run${skipped ? ` (${skipped} skipped: already judged or without output)` : ''}\n`,
    );
    const counts = new Map<Verdict, number>(VERDICTS.map((verdict) => [verdict, 0]));
    // Ctrl-C: every stored verdict is complete (one row each); say so and how to go on.
    const interrupted = () => {
      const all = store.candidates();
      const judged = all.filter((candidate) => candidate.verdict !== null).length;
      console.error(
        `\nctxbench exec: interrupted; ${done} verdict${done === 1 ? '' : 's'} stored now, ${judged} of ` +
          `${all.length} candidates judged in ${runDir}. Run the same command again to resume (judged candidates are ` +
          `skipped).`,
      );
      lock?.release();
      store.close();
      process.exit(130);
    };
    process.once('SIGINT', interrupted);
    let done = 0;
    let executed = 0;
    let started = 0;
    // Queued runs: candidates per worker.
    const perWorker = new Map<string, number>();
    const progress = () => {
      const failures = VERDICTS.filter((verdict) => verdict !== 'pass' && counts.get(verdict)! > 0).map(
        (verdict) => `${verdict} ${counts.get(verdict)}`,
      );
      const remainingMs = ((Date.now() - started) / Math.max(1, executed)) * (items.length - done);
      const eta = executed > 0 ? ` · ETA ${duration(remainingMs)}` : '';
      const workers =
        perWorker.size > 0 ? ` · workers ${[...perWorker].map(([name, count]) => `${name} ${count}`).join(', ')}` : '';
      const line =
        `exec ${done}/${items.length} · pass ${counts.get('pass')} · fail ` +
        `${done - counts.get('pass')!}${failures.length ? ` (${failures.join(', ')})` : ''}${eta}${workers}`;
      if (process.stderr.isTTY) process.stderr.write(`\r${line}\u001b[K`);
      // A log gets a line per tenth of the run (at most every 10 candidates): every verdict of a short run.
      else if (done === items.length || done % Math.min(10, Math.ceil(items.length / 10)) === 0)
        process.stderr.write(`${line}\n`);
    };
    const onEvent = (event: ExecEvent) => {
      if (event.kind === 'start') started = Date.now();
      printEvent(event);
    };
    const options = {
      workers: integerOption(values, 'workers'),
      sandbox: sandboxOption(values),
      workDir: values['work-dir'] as string | undefined,
      onEvent,
      checkFirst: values['no-check'] !== true,
      rerun: values.force === true,
    };
    const connection = queueOption(values);
    if (connection) await checkQueueServer(connection);
    // Through the queue: the environment's check state (run here first when missing) goes with the jobs.
    const outputs = async function* (
      env: ExecEnvironment,
      envItems: QueuedItem[],
    ): AsyncIterable<ExecOutput & Partial<QueuedOutput>> {
      if (!connection) return yield* executeCandidates(env, envItems, options);
      const state = await ensureCheckState(env, options);
      started = Date.now();
      const judged = store
        .candidates()
        .filter(
          (candidate) =>
            candidate.verdict !== null &&
            candidate.output !== null &&
            tasks.has(candidate.taskId) &&
            envFor(tasks.get(candidate.taskId)!) === env,
        )
        .map((candidate) => ({
          task: tasks.get(candidate.taskId)!,
          sample: candidate.sample,
          candidate: candidate.output!,
          key: '',
        }));
      yield* executeQueued(env, envItems, {
        connection,
        judged,
        rerun: options.rerun,
        run: runIdentity(store.config()),
        state,
        sandbox: options.sandbox,
        logDir: join(resolve(runDir), 'exec-logs'),
        onEvent: (message) => printEvent({ kind: 'start', message }),
      });
    };
    let infra = 0;
    for (const [env, envItems] of itemsByEnv) {
      if (envItems.length === 0) continue;
      for await (const { key, result, infraError, worker } of outputs(env, envItems)) {
        const [taskId, sample] = JSON.parse(key) as [string, number];
        if (!result) {
          infra++;
          process.stderr.write(
            `exec: ${taskId}#${sample}: infrastructure failure, no verdict stored (${infraError})\n`,
          );
          continue;
        }
        store.putVerdict(taskId, sample, result);
        counts.set(result.verdict, counts.get(result.verdict)! + 1);
        done++;
        if (!result.cached) executed++;
        if (worker) perWorker.set(worker, (perWorker.get(worker) ?? 0) + 1);
        progress();
      }
    }
    process.off('SIGINT', interrupted);
    if (process.stderr.isTTY && items.length > 0) process.stderr.write('\n');
    // this command's verdicts, and the whole run's (earlier sessions included)
    const inRun = new Map<Verdict, number>(VERDICTS.map((verdict) => [verdict, 0]));
    for (const candidate of store.candidates())
      if (candidate.verdict) inRun.set(candidate.verdict.verdict, inRun.get(candidate.verdict.verdict)! + 1);
    console.log(
      formatTable(
        ['verdict', 'now', 'in the run'],
        VERDICTS.map((verdict) => [verdict, counts.get(verdict)!, inRun.get(verdict)!]),
      ),
    );
    if (infra > 0) {
      console.log(
        `\n${infra} candidates hit an infrastructure failure (sandbox, disk, reset) and have no verdict; run the ` +
          `same command again to retry them`,
      );
      return 1;
    }
    return 0;
  } finally {
    lock?.release();
    store.close();
  }
}

/** `exec --regrade`: recomputes every stored verdict from its saved log with the current grading; runs nothing. */
function regrade(
  store: ReturnType<typeof openRunStore>,
  envFor: (task: TaskRecord) => ExecEnvironment | undefined,
): number {
  const tasks = new Map(store.tasks().map((task) => [task.id, task]));
  let changed = 0;
  let missing = 0;
  let total = 0;
  for (const candidate of store.candidates()) {
    const task = tasks.get(candidate.taskId);
    const env = task ? envFor(task) : undefined;
    if (!candidate.verdict || !env) continue;
    total++;
    if (!candidate.verdict.log || !existsSync(candidate.verdict.log)) {
      missing++;
      continue;
    }
    const graded = regradeLog(env, candidate.verdict.log, candidate.verdict.selectedTests);
    if (!graded) continue;
    const result = withCheatFlags(graded, cheatFlags(task!.language, candidate.output ?? '', task!.reference));
    if (result.verdict !== candidate.verdict.verdict) changed++;
    store.putVerdict(candidate.taskId, candidate.sample, { ...result, cached: candidate.verdict.cached });
  }
  console.log(
    `regraded ${total - missing} verdicts from their logs: ${changed} ` +
      `changed${missing ? `; ${missing} have no saved log (run \`ctxbench exec --force\` for them)` : ''}`,
  );
  return 0;
}

export const execCommand: Command = {
  usage:
    'exec <run-dir> --env ENV.yaml [--repo DIR] [--workers N] [--sandbox NAME] [--queue redis://HOST:PORT]  |  exec ' +
    'check <ENV.yaml>',
  example:
    'ctxbench exec runs/redis-gpt4o --env examples/envs/redis.yaml --repo ~/src/redis-7.0.15 --workers 2   (on many ' +
    'machines: add --queue redis://queue-host:6379 and start `ctxbench worker` on each)',
  options: {
    env: {
      type: 'string',
      multiple: true,
      description:
        'environment file (YAML): how to set up, build and test the repository; repeat for a run over several ' +
        'repositories (matched to tasks by their checkout or by folder name)',
      valueName: 'FILE',
    },
    repo: {
      type: 'string',
      description: "the repository checkout (overrides the environment's `repo`)",
      valueName: 'DIR',
    },
    workers: {
      type: 'string',
      description: "worker copies of the prepared tree (default: the environment's `workers`, else one per core)",
      valueName: 'N',
    },
    sandbox: {
      type: 'string',
      description: SANDBOXES.list()
        .map((sandbox) => `${sandbox.name}: ${sandbox.description}`)
        .join('; '),
      valueName: 'NAME',
      default: 'bwrap',
    },
    'work-dir': {
      type: 'string',
      description: 'where prepared trees, coverage and the result cache live (default /var/tmp/ctxbench-exec-<uid>)',
      valueName: 'DIR',
    },
    force: {
      type: 'boolean',
      description: 'run candidates that already have a verdict again (not answered from the result cache either)',
    },
    regrade: {
      type: 'boolean',
      description:
        'recompute the stored verdicts from their saved logs with the current grading and check state; runs nothing',
    },
    queue: queueOptionSpec('run the candidates on `ctxbench worker`s through this Redis server instead of here'),
    'no-check': {
      type: 'boolean',
      description: 'stop (instead of running `exec check` first) when the environment has no check state',
    },
  },
  async run({ positionals, values }) {
    if (positionals[0] === 'check') {
      if (positionals.length !== 2) throw new UsageError('usage: ctxbench exec check <environment file>');
      return runCheck(positionals[1]!, values);
    }
    if (positionals.length !== 1) throw new UsageError('usage: ctxbench exec <run-dir> --env <environment file>');
    return runExec(positionals[0]!, values);
  },
};
