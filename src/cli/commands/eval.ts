// `ctxbench eval`: generate candidates for a tasks file into a run store (resumable).
import { createPromptBuilder, defaultTemplate, parseRetrievalCompatibility } from '../../context/index.ts';
import { createBackend, parseProvider, providerForms, resolveBaseUrl } from '../../models/provider.ts';
import { readTasksFile, runGeneration } from '../../models/runner.ts';
import { responseCacheFile } from '../../runstore/cache.ts';
import { openRunStore } from '../../runstore/store.ts';
import { toolVersion } from '../version.ts';
import { makeFolders } from '../../util/folders.ts';
import { lockFolder } from '../../util/lock.ts';
import { resolve } from 'node:path';
import { UsageError, type Command } from '../command.ts';
import { integerOption, numberOption, textOption } from '../options.ts';

/** What an interrupted run has stored (every stored candidate is complete: each is one transaction). */
function savedCandidates(runDir: string): string {
  try {
    const store = openRunStore(runDir, { readonly: true });
    try {
      const count = store.candidates().length;
      return `${count} candidate${count === 1 ? ' is' : 's are'}`;
    } finally {
      store.close();
    }
  } catch {
    return 'no candidates are';
  }
}

export const evalCommand: Command = {
  usage: 'eval <tasks.jsonl> --model P --context S --run DIR [--template T] [-n N] [--concurrency C] [sampling and endpoint options]',
  example: 'ctxbench eval tasks.jsonl --model openai:completion:Qwen2.5-Coder-7B --base-url http://127.0.0.1:8000/v1 --context bm25 --template qwen2.5-coder --run runs/qwen-bm25',
  options: {
    model: { type: 'string', valueName: 'P', description: providerForms() },
    context: { type: 'string', valueName: 'S', description: 'context strategy: none, infile, oracle, precomputed, bm25, oracle+bm25, ... (see docs/context.md)' },
    template: { type: 'string', valueName: 'T', description: 'prompt template name or file (default by task kind: yabloco; cceval, or cceval-chat for a chat model; m2rc, or m2rc-chat for a chat model)' },
    samples: { type: 'string', short: 'n', valueName: 'N', description: 'candidates per task', default: '1' },
    run: { type: 'string', valueName: 'DIR', description: 'run directory (created, or resumed when it exists)' },
    concurrency: { type: 'string', valueName: 'C', description: 'calls in flight at most (lowered automatically on 429/503)', default: '4' },
    'base-url': { type: 'string', valueName: 'U', description: 'OpenAI-compatible endpoint (default: $OPENAI_BASE_URL, else api.openai.com)' },
    'api-key-env': { type: 'string', valueName: 'NAME', description: 'environment variable holding the API key (default OPENAI_API_KEY)' },
    'max-tokens': { type: 'string', valueName: 'M', description: 'tokens generated at most per candidate', default: '256' },
    temperature: { type: 'string', valueName: 'T', description: 'sampling temperature (default 0 for -n 1, else 0.8)' },
    'top-p': { type: 'string', valueName: 'P', description: 'nucleus sampling (default 1 when greedy, else 0.95)' },
    stop: { type: 'string', multiple: true, valueName: 'S', description: 'stop sequence (repeatable)' },
    seed: { type: 'string', valueName: 'N', description: 'sampling seed; sample i is sent with seed + i' },
    'no-cache': { type: 'boolean', description: 'bypass the shared response cache' },
    'cache-dir': { type: 'string', valueName: 'DIR', description: 'response cache folder (default $CTXBENCH_CACHE_DIR, else ~/.cache/ctxbench)' },
    'retry-errors': { type: 'boolean', description: 'also redo candidates that failed in an earlier session of this run' },
    timeout: { type: 'string', valueName: 'SEC', description: 'seconds to wait for one answer', default: '600' },
    repo: { type: 'string', valueName: 'DIR', description: 'repository checkout for retrieval (overrides the tasks\' repo.root)' },
    tokenizer: { type: 'string', valueName: 'F', description: 'tokenizer that counts the budget: o200k_base, cl100k_base or a tokenizer.json (default: a llamacpp model\'s own, else o200k_base)' },
    budget: { type: 'string', valueName: 'N', description: 'prompt token budget (default: the template\'s)' },
    'retrieval-compat': { type: 'string', valueName: 'C', description: 'ctxbench or crosscodeeval (CrossCodeEval\'s candidate rules and tie order; default: the template\'s, else ctxbench)' },
  },
  async run({ positionals, values }) {
    if (positionals.length !== 1) throw new UsageError(`expected one tasks file, got ${positionals.length}\nSee: ctxbench eval --help`);
    const [tasksPath] = positionals as [string];
    const model = textOption(values, 'model');
    const context = textOption(values, 'context');
    const runDir = textOption(values, 'run');
    for (const [name, value] of [['model', model], ['context', context], ['run', runDir]] as const) {
      if (!value) throw new UsageError(`--${name} is required\nSee: ctxbench eval --help`);
    }
    parseProvider(model!);
    const samples = integerOption(values, 'samples')!;
    const concurrency = integerOption(values, 'concurrency', { max: 1024 })!;
    const maxTokens = integerOption(values, 'max-tokens')!;
    const temperature = numberOption(values, 'temperature', { min: 0, max: 2 }) ?? null;
    const topP = numberOption(values, 'top-p', { min: 0, max: 1 }) ?? null;
    const seed = integerOption(values, 'seed', { min: -Infinity }) ?? null;
    const timeout = numberOption(values, 'timeout', { min: 1 })!;
    const budget = integerOption(values, 'budget') ?? null;

    const endpoint = { baseUrl: textOption(values, 'base-url'), apiKeyEnv: textOption(values, 'api-key-env'), timeoutMs: timeout * 1000 };
    // One process per run folder: a second eval (or exec) on the same run says who holds it.
    makeFolders(runDir!);
    const lock = lockFolder(resolve(runDir!), 'eval');
    const backend = await createBackend(model!, endpoint).catch((error: unknown) => {
      lock.release();
      throw error;
    });
    const interrupted = () => {
      console.error(`\nctxbench eval: interrupted; ${savedCandidates(runDir!)} saved in ${runDir}. Run the same command again to resume.`);
      process.exit(130);
    };
    process.once('SIGINT', interrupted);
    try {
      const template = textOption(values, 'template') ?? defaultTemplate(readTasksFile(tasksPath).tasks.map((task) => task.kind), backend.accepts);
      const promptBuilder = await createPromptBuilder({
        strategy: context!,
        template,
        // without --tokenizer, a local model's own tokenizer counts the budget (o200k_base otherwise)
        ...(textOption(values, 'tokenizer') ? { tokenizer: textOption(values, 'tokenizer')! } : backend.tokenCounter ? { tokenCounter: backend.tokenCounter } : {}),
        ...(budget !== null ? { budget } : {}),
        ...(textOption(values, 'repo') ? { repoRoot: textOption(values, 'repo')! } : {}),
        ...(textOption(values, 'retrieval-compat') ? { retrieval: { compatibility: parseRetrievalCompatibility(textOption(values, 'retrieval-compat')!) } } : {}),
      });
      const summary = await runGeneration({
        tasksPath,
        runDir: runDir!,
        backend,
        promptBuilder,
        samples,
        temperature,
        topP,
        maxTokens,
        stop: (values.stop as string[] | undefined) ?? [],
        seed,
        concurrency,
        cacheFile: values['no-cache'] === true ? null : responseCacheFile(textOption(values, 'cache-dir')),
        retryErrors: values['retry-errors'] === true,
        toolVersion: toolVersion(),
        baseUrl: model!.startsWith('openai:') ? resolveBaseUrl(endpoint) : null,
        budget,
        progress: process.stderr,
      });
      const failures = summary.failures.map((failure) => `${failure.count} ${failure.reason}`).join('; ');
      console.log(
        `${summary.candidates} candidates for ${summary.tasks} tasks in ${runDir}: ${summary.written} written now ` +
          `(${summary.calls} calls, ${summary.cacheHits} from cache) in ${(summary.elapsedMs / 1000).toFixed(1)} s; ` +
          `${summary.failed} failed${failures ? ` (${failures})` : ''}`,
      );
      if (summary.failed > 0) console.log(`rerun the same command with --retry-errors to try the failed candidates again`);
      return summary.allFailed ? 1 : 0;
    } finally {
      process.off('SIGINT', interrupted);
      await backend.close();
      lock.release();
    }
  },
};
