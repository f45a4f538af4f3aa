// `ctxbench export hf <tasks.jsonl> --out DIR`: a folder Hugging Face `datasets` loads as is.
import { UsageError, type Command } from '../command.ts';
import { exportHf } from '../../datasets/hf.ts';
import { readTasks } from '../../datasets/io.ts';

export const exportCommand: Command = {
  usage: 'export hf <tasks.jsonl> --out DIR [--split NAME] [--name TITLE]',
  example: 'ctxbench export hf tasks.jsonl --out my-benchmark && python -c "import datasets; print(datasets.load_dataset(\'my-benchmark\'))"',
  options: {
    out: { type: 'string', description: 'folder to create (must not exist or be empty)', valueName: 'DIR' },
    split: { type: 'string', description: 'split name', valueName: 'NAME', default: 'test' },
    name: { type: 'string', description: 'dataset title in the card (default: the folder name)', valueName: 'TITLE' },
  },
  async run({ positionals, values }) {
    const [format, file, ...rest] = positionals;
    if (format !== 'hf' || !file || rest.length > 0) throw new UsageError(`Usage: ctxbench ${this.usage}`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('--out DIR is required');
    const tasks = readTasks(file);
    exportHf(tasks, out, { split: values.split as string | undefined, name: values.name as string | undefined });
    console.log(`${tasks.length} tasks exported to ${out} (data/${(values.split as string | undefined) ?? 'test'}.jsonl, README.md)`);
    return 0;
  },
};
