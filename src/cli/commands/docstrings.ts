// `ctxbench docstrings generate`: the "hard" variant of a task set, its docstrings written by a model.
import {
  createBackend,
  parseProvider,
  DEFAULT_DOCSTRING_TEMPLATE,
  generateDocstrings,
  loadDocstringTemplate,
  readFunctionTasks,
} from '../../models/index.ts';
import { holdRunFolder } from '../../runstore/index.ts';
import { commandLine, UsageError, type Command } from '../command.ts';
import { MODEL_OPTIONS, modelSettings } from '../model-options.ts';
import { textOption } from '../options.ts';
import { toolVersion } from '../version.ts';

const USAGE =
  'docstrings generate <tasks> --model P --out F [--template FILE] [--run DIR] [endpoint and sampling options]';

export const docstringsCommand: Command = {
  usage: USAGE,
  example:
    'ctxbench docstrings generate tasks.db --model openai:chat:gpt-4o --out tasks-hard.db --template ' +
    'my-docstring-template.yaml',
  options: {
    ...MODEL_OPTIONS,
    out: {
      type: 'string',
      valueName: 'F',
      description:
        'the hard variant: the same tasks with generated docstrings (the original in meta.originalDocstring), and ' +
        'its manifest',
    },
    template: {
      type: 'string',
      valueName: 'FILE',
      description:
        'prompt template (YAML; placeholders {docstring} {signature} {body} {name} {language} {path}); default: ' +
        'examples/docstring-template.yaml',
    },
    run: {
      type: 'string',
      valueName: 'DIR',
      description: 'run store of the calls (resumed when it exists; default <out>.run)',
    },
  },
  async run({ positionals, values }) {
    const [action, tasksPath, ...rest] = positionals;
    if (action !== 'generate' || tasksPath === undefined || rest.length > 0)
      throw new UsageError(`expected 'generate <tasks>'\nUsage: ctxbench ${USAGE}`);
    const out = textOption(values, 'out');
    const { model, endpoint, ...settings } = modelSettings(values);
    if (!model) throw new UsageError('--model is required\nSee: ctxbench docstrings --help');
    if (!out) throw new UsageError('--out is required\nSee: ctxbench docstrings --help');
    parseProvider(model);
    const template = loadDocstringTemplate(textOption(values, 'template') ?? DEFAULT_DOCSTRING_TEMPLATE);
    const tasks = readFunctionTasks(tasksPath);
    const runDir = textOption(values, 'run') ?? `${out}.run`;
    const folder = holdRunFolder(runDir, 'docstrings');
    try {
      const backend = await createBackend(model, endpoint);
      try {
        const { summary, failed } = await generateDocstrings({
          ...settings,
          tasksPath,
          tasks,
          runDir,
          backend,
          out,
          template,
          command: commandLine('docstrings', positionals, values),
          toolVersion: toolVersion(),
          progress: process.stderr,
        });
        console.log(
          `${summary.tasks - failed.length} of ${summary.tasks} docstrings generated (${summary.calls} calls, ` +
            `${summary.cacheHits} from cache) -> ${out}`,
        );
        if (failed.length > 0) {
          console.log(
            `${failed.length} tasks failed and are left out (first: ${failed[0]!.id}: ${failed[0]!.error}); rerun ` +
              `the same command with --retry-errors to try them again`,
          );
          return 1;
        }
        return 0;
      } finally {
        await backend.close();
      }
    } finally {
      folder.release();
    }
  },
};
