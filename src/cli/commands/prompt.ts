// `ctxbench prompt`: assemble and print the prompt of one task, with its token counts per part:
// with the same options and defaults as `ctxbench eval`, exactly the prompt eval would send.
import { iterateTasks, type TaskRecord } from '../../datasets/index.ts';
import {
  createPromptBuilder,
  defaultTemplate,
  DEFAULT_TOKENIZER,
  listStrategies,
  listTemplates,
  parseRetrievalCompatibility,
  type RetrievalOptions,
} from '../../context/index.ts';
import { parseProvider } from '../../models/index.ts';
import { InputError } from '../../util/errors.ts';
import { UsageError, type Command } from '../command.ts';
import { integerOption } from '../options.ts';

export const promptCommand: Command = {
  usage: 'prompt <tasks> --id ID --context S [--template T | --model P] [--tokenizer F] [--budget N] [--repo DIR]',
  example:
    'ctxbench prompt function.tasks --id 4076cbcb0c806997 --context oracle+bm25 --template yabloco --budget 4096 ' +
    '--repo ~/src/redis',
  options: {
    id: {
      type: 'string',
      valueName: 'ID',
      description: 'task id to assemble (an unknown id is answered with the first ids of the set)',
    },
    context: {
      type: 'string',
      valueName: 'S',
      description: `context strategy (required, as for eval): ${listStrategies()
        .map((s) => s.name)
        .join(', ')}; combine with +`,
    },
    template: {
      type: 'string',
      valueName: 'T',
      description: `template name (${listTemplates()
        .map((t) => t.name)
        .join(', ')}) or a JSON/YAML template file (default: eval's for the task's kind and --model)`,
    },
    model: {
      type: 'string',
      valueName: 'P',
      description: 'the model eval would call: an openai:chat model gets the chat form of the default template',
    },
    tokenizer: {
      type: 'string',
      valueName: 'F',
      default: DEFAULT_TOKENIZER,
      description: 'o200k_base, cl100k_base, or a Hugging Face tokenizer.json',
    },
    budget: {
      type: 'string',
      valueName: 'N',
      description: "total prompt tokens (default: the template's, else unlimited)",
    },
    reserve: { type: 'string', valueName: 'N', description: 'tokens kept free for the completion' },
    'crossfile-budget': { type: 'string', valueName: 'N', description: 'cap on cross-file context tokens' },
    repo: {
      type: 'string',
      valueName: 'DIR',
      description: "repository checkout for retrieval (overrides the task's repo.root)",
    },
    'top-k': { type: 'string', valueName: 'K', description: 'retrieved chunks (default 5)' },
    'chunk-lines': { type: 'string', valueName: 'N', description: 'lines per chunk (default 10)' },
    stride: { type: 'string', valueName: 'N', description: 'lines between chunk starts (default 10)' },
    'query-lines': {
      type: 'string',
      valueName: 'N',
      description: 'query = last N non-blank prompt lines (default 10)',
    },
    'no-next-chunk': { type: 'boolean', description: "keep the hits themselves instead of RG1's next chunk" },
    'retrieval-compat': {
      type: 'string',
      valueName: 'C',
      description:
        "ctxbench or crosscodeeval (CrossCodeEval's candidate rules and tie order; default: the template's, else " +
        'ctxbench)',
    },
    'embedding-model': { type: 'string', valueName: 'M', description: 'model for the dense retriever' },
    'embedding-url': {
      type: 'string',
      valueName: 'URL',
      description: 'OpenAI-compatible base URL (default OPENAI_BASE_URL)',
    },
    json: { type: 'boolean', description: 'print the assembled prompt record as JSON' },
  },
  async run({ positionals, values }) {
    const [file] = positionals;
    if (!file || positionals.length > 1)
      throw new UsageError('give exactly one tasks file\nSee: ctxbench prompt --help');
    if (typeof values.id !== 'string') throw new UsageError('--id is required');
    if (typeof values.context !== 'string')
      throw new UsageError('--context is required (as for eval)\nSee: ctxbench prompt --help');
    let task: TaskRecord | undefined;
    let count = 0;
    const first: string[] = [];
    for (const candidate of iterateTasks(file)) {
      count++;
      if (first.length < 3) first.push(`'${candidate.id}'`);
      if (candidate.id === values.id) {
        task = candidate;
        break;
      }
    }
    // A task set is a database: the ids a user can pick from are shown here.
    if (!task)
      throw new InputError(
        `no task with id '${values.id}' (${count} tasks${count ? `, the first: ${first.join(', ')}` : ''})`,
        { file },
      );
    const retrieval: Partial<RetrievalOptions> = {};
    const topK = integerOption(values, 'top-k');
    const chunkLines = integerOption(values, 'chunk-lines');
    const stride = integerOption(values, 'stride');
    const queryLines = integerOption(values, 'query-lines');
    if (topK !== undefined) retrieval.topK = topK;
    if (chunkLines !== undefined) retrieval.chunkLines = chunkLines;
    if (stride !== undefined) retrieval.stride = stride;
    if (queryLines !== undefined) retrieval.queryLines = queryLines;
    if (values['no-next-chunk']) retrieval.nextChunk = false;
    if (typeof values['retrieval-compat'] === 'string')
      retrieval.compatibility = parseRetrievalCompatibility(values['retrieval-compat']);
    const shape = typeof values.model === 'string' ? parseProvider(values.model).accepts : 'any';
    const builder = await createPromptBuilder({
      strategy: values.context,
      template: typeof values.template === 'string' ? values.template : defaultTemplate([task.kind], shape),
      tokenizer: String(values.tokenizer),
      budget: integerOption(values, 'budget', { min: 0 }),
      reserveTokens: integerOption(values, 'reserve', { min: 0 }),
      crossfileBudget: integerOption(values, 'crossfile-budget', { min: 0 }),
      repoRoot: typeof values.repo === 'string' ? values.repo : undefined,
      retrieval,
      embeddings: {
        model: typeof values['embedding-model'] === 'string' ? values['embedding-model'] : undefined,
        baseUrl: typeof values['embedding-url'] === 'string' ? values['embedding-url'] : undefined,
      },
    });
    const built = await builder.build(task);
    if (values.json) {
      console.log(
        JSON.stringify(
          {
            taskId: task.id,
            strategy: builder.strategy,
            template: builder.template,
            tokenizer: builder.tokenizerName,
            ...built,
          },
          null,
          2,
        ),
      );
      return 0;
    }
    if (built.messages) {
      for (const message of built.messages) console.log(`=== ${message.role} ===\n${message.content}`);
    } else {
      console.log(built.prompt);
    }
    console.log(`\n=== tokens (${builder.tokenizerName}) ===`);
    for (const [part, count] of Object.entries(built.tokens)) console.log(`${part.padEnd(12)} ${count}`);
    console.log(`\n=== snippets (${built.snippets.length}) ===`);
    for (const s of built.snippets)
      console.log(
        `${s.source.padEnd(9)} ` +
          `${s.path}:${s.startLine}-${s.endLine}${s.score === null ? '' : `  score ${s.score.toFixed(4)}`}`,
      );
    return 0;
  },
};
