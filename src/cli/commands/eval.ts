// `ctxbench eval`: generate candidates for a tasks file into a run store (resumable).
import {
  AgentWorkspace,
  createPromptBuilder,
  defaultAgentTools,
  defaultTemplate,
  loadTokenizer,
  parseRetrievalCompatibility,
  splitAgentStrategy,
} from '../../context/index.ts';
import { loadEnvironment, openDraftTesting, type DraftTesting } from '../../exec/index.ts';
import {
  checkAgentSettings,
  DEFAULT_AGENT_BUDGET,
  createBackend,
  parseProvider,
  resolveBaseUrl,
  readTasksFile,
  runGeneration,
  type AgentSettings,
  type Backend,
} from '../../models/index.ts';
import { checkQueueServer, createQueueBackend } from '../../queue/index.ts';
import { holdRunFolder, storedCandidates } from '../../runstore/index.ts';
import { toolVersion } from '../version.ts';
import { UsageError, type Command } from '../command.ts';
import { specOf } from '../spec.ts';
import { loadedPlugins } from '../../plugins/index.ts';
import { MODEL_OPTIONS, modelSettings } from '../model-options.ts';
import {
  integerOption,
  listOption,
  numberOption,
  queueOption,
  queueOptionSpec,
  textOption,
  type OptionValues,
} from '../options.ts';

/**
 * Agent mode's settings from the options: the tools (checked against the backend), the budgets, the workspace per task.
 */
async function agentSettings(
  values: OptionValues,
  backend: Backend,
  tokenizer: string | undefined,
  repo: string | undefined,
  testing: DraftTesting | null,
): Promise<AgentSettings> {
  const tools = listOption(values, 'agent-tools') ?? defaultAgentTools();
  checkAgentSettings(backend, tools);
  if (tools.includes('run_tests') !== (testing !== null))
    throw new UsageError(
      testing
        ? '--env is for the run_tests tool: name it in --agent-tools'
        : 'the run_tests tool needs --env ENV.yaml (the environment that builds and tests a draft)',
    );
  const counter = backend.tokenCounter ?? (await loadTokenizer(tokenizer));
  return {
    tools,
    budget: {
      turns: integerOption(values, 'agent-turns') ?? DEFAULT_AGENT_BUDGET.turns,
      toolCalls: integerOption(values, 'agent-tool-calls', { min: 0 }) ?? DEFAULT_AGENT_BUDGET.toolCalls,
      tokens: integerOption(values, 'agent-tokens') ?? DEFAULT_AGENT_BUDGET.tokens,
      seconds: numberOption(values, 'agent-seconds', { min: 0.001 }) ?? DEFAULT_AGENT_BUDGET.seconds,
    },
    workspace: (task) => new AgentWorkspace(task, repo, testing?.test),
    countTokens: (text) => counter.count(text),
  };
}

export const evalCommand: Command = {
  usage:
    'eval <tasks> --model P --context S --run DIR [--template T] [-n N] [--concurrency C] [sampling and endpoint ' +
    'options] | eval --spec run.yaml [overrides]',
  example:
    'ctxbench eval crossfile.tasks --model openai:completion:Qwen2.5-Coder-7B --base-url http://127.0.0.1:8000/v1 ' +
    '--context bm25 --template qwen2.5-coder --run runs/qwen-bm25',
  spec: { positional: 'tasks', paths: ['run', 'repo', 'env', 'cache-dir'], namesOrPaths: ['template', 'tokenizer'] },
  options: {
    spec: {
      type: 'string',
      valueName: 'FILE',
      description:
        'a run spec (YAML or JSON): the tasks as `tasks`, any option of this command by its name, `plugins` (files, ' +
        "each with its sha256); options given here override it. `ctxbench results RUN --spec` writes a run's " +
        '(docs/runs.md, "Run specs")',
    },
    ...MODEL_OPTIONS,
    context: {
      type: 'string',
      valueName: 'S',
      description:
        'context strategy: none, infile, oracle, precomputed, bm25, oracle+bm25, ... (see docs/context.md); +agent ' +
        'last (bm25+agent, or agent alone): the model then calls repository tools',
    },
    'agent-tools': {
      type: 'string',
      valueName: 'LIST',
      description: `agent mode: the tools offered (default: ${defaultAgentTools().join(',')})`,
    },
    'agent-turns': {
      type: 'string',
      valueName: 'N',
      description: `agent mode: model turns per task at most (default ${DEFAULT_AGENT_BUDGET.turns})`,
    },
    'agent-tool-calls': {
      type: 'string',
      valueName: 'N',
      description: `agent mode: tool calls per task at most (default ${DEFAULT_AGENT_BUDGET.toolCalls})`,
    },
    'agent-tokens': {
      type: 'string',
      valueName: 'N',
      description:
        `agent mode: prompt + completion tokens per task at most, over its turns (default ` +
        `${DEFAULT_AGENT_BUDGET.tokens})`,
    },
    'agent-seconds': {
      type: 'string',
      valueName: 'S',
      description: `agent mode: wall-clock seconds per task at most (default ${DEFAULT_AGENT_BUDGET.seconds})`,
    },
    env: {
      type: 'string',
      valueName: 'ENV.yaml',
      description:
        'agent mode with the run_tests tool: the environment that builds and tests a draft in the sandbox (its `exec ' +
        'check` done first)',
    },
    template: {
      type: 'string',
      valueName: 'T',
      description:
        'prompt template name or file (default by task kind: yabloco; cceval, or cceval-chat for a chat model; m2rc, ' +
        'or m2rc-chat for a chat model)',
    },
    samples: { type: 'string', short: 'n', valueName: 'N', description: 'candidates per task', default: '1' },
    run: {
      type: 'string',
      valueName: 'DIR',
      description:
        'run directory (created, or resumed when it exists; a call that stores no candidate removes the run it ' +
        'created)',
    },
    repo: {
      type: 'string',
      valueName: 'DIR',
      description: "repository checkout for retrieval (overrides the tasks' repo.root)",
    },
    tokenizer: {
      type: 'string',
      valueName: 'F',
      description:
        "tokenizer that counts the budget: o200k_base, cl100k_base or a tokenizer.json (default: a llamacpp model's " +
        'own, else o200k_base)',
    },
    budget: { type: 'string', valueName: 'N', description: "prompt token budget (default: the template's)" },
    queue: queueOptionSpec(
      'send the calls to `ctxbench worker --model P` processes through this Redis server (each holds the backend and ' +
        'its key)',
    ),
    'retrieval-compat': {
      type: 'string',
      valueName: 'C',
      description:
        "ctxbench or crosscodeeval (CrossCodeEval's candidate rules and tie order; default: the template's, else " +
        'ctxbench)',
    },
  },
  async run({ positionals, values }) {
    if (positionals.length !== 1)
      throw new UsageError(`expected one tasks file, got ${positionals.length}\nSee: ctxbench eval --help`);
    const [tasksPath] = positionals as [string];
    const model = textOption(values, 'model');
    const context = textOption(values, 'context');
    const runDir = textOption(values, 'run');
    for (const [name, value] of [
      ['model', model],
      ['context', context],
      ['run', runDir],
    ] as const) {
      if (!value) throw new UsageError(`--${name} is required\nSee: ctxbench eval --help`);
    }
    parseProvider(model!);
    const { opening, agent } = splitAgentStrategy(context!);
    const samples = integerOption(values, 'samples')!;
    const budget = integerOption(values, 'budget') ?? null;
    const { endpoint, model: _model, ...settings } = modelSettings(values);
    const connection = queueOption(values);
    // One process per run folder: a second eval (or exec) on the same run says who holds it.
    const folder = holdRunFolder(runDir!, 'eval');
    const interrupted = () => {
      // Every stored candidate is complete (each is one transaction).
      const count = storedCandidates(runDir!) ?? 0;
      console.error(
        `\nctxbench eval: interrupted; ` +
          `${count === 0 ? 'no candidates are' : `${count} candidate${count === 1 ? ' is' : 's are'}`} saved in ` +
          `${runDir}. Run the same command again to resume.`,
      );
      folder.release();
      process.exit(130);
    };
    process.once('SIGINT', interrupted);
    let backend: Backend | undefined;
    let testing: DraftTesting | null = null;
    try {
      if (connection) await checkQueueServer(connection);
      if (connection && agent)
        throw new UsageError('agent mode runs here, not through --queue (its tools read the checkout)');
      backend = await (connection ? createQueueBackend(model!, connection) : createBackend(model!, endpoint));
      const envFile = textOption(values, 'env');
      if (envFile && !agent)
        throw new UsageError("--env is for agent mode's run_tests tool (end --context with +agent)");
      if (envFile) testing = await openDraftTesting(loadEnvironment(envFile, textOption(values, 'repo')), {});
      if (backend.agentOnly && !agent)
        throw new UsageError(
          `${model} answers only in agent mode: end the context strategy with +agent (e.g. --context agent or ` +
            `bm25+agent)`,
        );
      const tokenizer = textOption(values, 'tokenizer');
      const template =
        textOption(values, 'template') ??
        defaultTemplate(
          readTasksFile(tasksPath).tasks.map((task) => task.kind),
          backend.accepts,
        );
      const promptBuilder = await createPromptBuilder({
        strategy: opening,
        template,
        // without --tokenizer, a local model's own tokenizer counts the budget (o200k_base otherwise)
        ...(tokenizer ? { tokenizer } : backend.tokenCounter ? { tokenCounter: backend.tokenCounter } : {}),
        ...(budget !== null ? { budget } : {}),
        ...(textOption(values, 'repo') ? { repoRoot: textOption(values, 'repo')! } : {}),
        ...(textOption(values, 'retrieval-compat')
          ? { retrieval: { compatibility: parseRetrievalCompatibility(textOption(values, 'retrieval-compat')!) } }
          : {}),
      });
      const plugins = loadedPlugins();
      const summary = await runGeneration({
        tasksPath,
        runDir: runDir!,
        plugins,
        // the template in effect, also when it was chosen by default: the spec reproduces the run whatever the defaults
        // become
        spec: specOf(evalCommand, evalCommand.spec!, tasksPath, { ...values, template }, plugins),
        backend,
        promptBuilder,
        ...(agent
          ? { agent: await agentSettings(values, backend, tokenizer, textOption(values, 'repo'), testing) }
          : {}),
        ...settings,
        samples,
        toolVersion: toolVersion(),
        baseUrl: model!.startsWith('openai:') && !connection ? resolveBaseUrl(endpoint) : null,
        budget,
        progress: process.stderr,
      });
      const failures = summary.failures.map((failure) => `${failure.count} ${failure.reason}`).join('; ');
      console.log(
        `${summary.candidates} candidates for ${summary.tasks} tasks in ${runDir}: ${summary.written} written now ` +
          `(${summary.calls} calls, ${summary.cacheHits} from cache) in ${(summary.elapsedMs / 1000).toFixed(1)} s; ` +
          `${summary.failed} failed${failures ? ` (${failures})` : ''}`,
      );
      if (summary.failed > 0)
        console.log(`rerun the same command with --retry-errors to try the failed candidates again`);
      return summary.allFailed ? 1 : 0;
    } finally {
      process.off('SIGINT', interrupted);
      testing?.close();
      await backend?.close();
      folder.release();
    }
  },
};
