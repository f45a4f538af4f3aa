// `ctxbench export <format> <tasks> --out PATH`: the inline forms of a task set (every task with its whole
// prefix and suffix), written one task at a time (formats: datasets/formats.ts).
import { UsageError, type Command } from '../command.ts';
import { EXPORT_FORMATS, iterateTasks } from '../../datasets/index.ts';

export const exportCommand: Command = {
  get usage() {
    return (
      `export <${EXPORT_FORMATS.names().join('|')}> <tasks> --out ` +
      `${[...new Set(EXPORT_FORMATS.list().map((format) => format.out))].join('|')} [--split NAME] [--name TITLE] ` +
      `[--keep-root]`
    );
  },
  example:
    'ctxbench export hf crossfile.tasks --out my-benchmark && python -c "import datasets; ' +
    "print(datasets.load_dataset('my-benchmark'))\"",
  options: {
    out: {
      type: 'string',
      description: 'hf: folder to create (must not exist or be empty); cceval, jsonl: file to write',
      valueName: 'PATH',
    },
    split: { type: 'string', description: 'hf: split name', valueName: 'NAME', default: 'test' },
    name: {
      type: 'string',
      description: 'hf: dataset title in the card (default: the folder name)',
      valueName: 'TITLE',
    },
    'keep-root': {
      type: 'boolean',
      description:
        "hf: keep each task's repo.root, a path on this machine (left out by default: a published dataset should not " +
        'carry your folders)',
    },
  },
  async run({ positionals, values }) {
    const [format, file, ...rest] = positionals;
    const exporter = format === undefined ? undefined : EXPORT_FORMATS.find(format);
    if (!exporter || !file || rest.length > 0) throw new UsageError(`Usage: ctxbench ${this.usage}`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError(`--out ${exporter.out} is required`);
    const options = {
      split: values.split as string | undefined,
      name: values.name as string | undefined,
      keepRoot: values['keep-root'] === true,
    };
    const count = exporter.write(iterateTasks(file), out, options);
    console.log(`${count} tasks exported to ${exporter.written(out, options)}`);
    return 0;
  },
};
