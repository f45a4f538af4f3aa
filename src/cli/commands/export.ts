// `ctxbench export <hf|cceval|jsonl> <tasks> --out PATH`: the inline forms of a task set (every task
// with its whole prefix and suffix), written one task at a time.
import { UsageError, type Command } from '../command.ts';
import { exportCceval } from '../../datasets/cceval.ts';
import { exportHf } from '../../datasets/hf.ts';
import { iterateTasks, writeTasks } from '../../datasets/io.ts';

interface ExportFormat {
  /** what `--out` names. */
  out: string;
  write(file: string, out: string, values: Record<string, unknown>): number;
  written(out: string, values: Record<string, unknown>): string;
}

const FORMATS: Record<string, ExportFormat> = {
  hf: {
    out: 'DIR',
    write: (file, out, values) => exportHf(iterateTasks(file), out, { split: values.split as string | undefined, name: values.name as string | undefined, keepRoot: values['keep-root'] === true }),
    written: (out, values) => `${out} (data/${(values.split as string | undefined) ?? 'test'}.jsonl, README.md)`,
  },
  cceval: {
    out: 'FILE.jsonl',
    write: (file, out) => exportCceval(iterateTasks(file), out),
    written: (out) => `${out} (CrossCodeEval records)`,
  },
  jsonl: {
    out: 'FILE.jsonl',
    write: (file, out) => {
      if (!out.endsWith('.jsonl')) throw new UsageError('export jsonl: --out must end in .jsonl');
      return writeTasks(out, iterateTasks(file));
    },
    written: (out) => `${out} (inline task records)`,
  },
};

export const exportCommand: Command = {
  usage: 'export <hf|cceval|jsonl> <tasks> --out DIR|FILE.jsonl [--split NAME] [--name TITLE] [--keep-root]',
  example: 'ctxbench export hf crossfile.tasks --out my-benchmark && python -c "import datasets; print(datasets.load_dataset(\'my-benchmark\'))"',
  options: {
    out: { type: 'string', description: 'hf: folder to create (must not exist or be empty); cceval, jsonl: file to write', valueName: 'PATH' },
    split: { type: 'string', description: 'hf: split name', valueName: 'NAME', default: 'test' },
    name: { type: 'string', description: 'hf: dataset title in the card (default: the folder name)', valueName: 'TITLE' },
    'keep-root': { type: 'boolean', description: "hf: keep each task's repo.root, a path on this machine (left out by default: a published dataset should not carry your folders)" },
  },
  async run({ positionals, values }) {
    const [format, file, ...rest] = positionals;
    const exporter = format === undefined ? undefined : FORMATS[format];
    if (!exporter || !file || rest.length > 0) throw new UsageError(`Usage: ctxbench ${this.usage}`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError(`--out ${exporter.out} is required`);
    const count = exporter.write(file, out, values);
    console.log(`${count} tasks exported to ${exporter.written(out, values)}`);
    return 0;
  },
};
