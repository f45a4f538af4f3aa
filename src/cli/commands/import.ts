// `ctxbench import <cceval|yabloco|hf> ...`: read a published benchmark into ctxbench task records.
import { UsageError, type Command } from '../command.ts';
import { formatTable } from '../../util/table.ts';
import { iterateCceval } from '../../datasets/cceval.ts';
import { iterateHf } from '../../datasets/hf.ts';
import { isInlinePath, iterateTasks, writeTasks } from '../../datasets/io.ts';
import { importYabloco } from '../../datasets/yabloco.ts';
import type { TaskRecord } from '../../datasets/types.ts';
import { isLanguageId } from '../../languages/registry.ts';
import type { LanguageId } from '../../languages/types.ts';

const FORMATS = ['cceval', 'yabloco', 'hf', 'jsonl'] as const;

function expectFiles(positionals: string[], count: number, usage: string): string[] {
  if (positionals.length !== count) throw new UsageError(`expected ${count === 1 ? 'one file' : `${count} files`}\nUsage: ctxbench ${usage}`);
  return positionals;
}

export const importCommand: Command = {
  usage: 'import <cceval FILE.jsonl | yabloco BENCH.csv BENCH.json [--repo DIR] | hf DIR | jsonl FILE.jsonl> --out FILE',
  example: 'ctxbench import yabloco bench-v0.7.csv bench-v0.7.json --repo checkouts --out yabloco.tasks',
  options: {
    out: { type: 'string', description: 'task set to write (each file text once); a name ending in .jsonl writes inline JSONL', valueName: 'FILE' },
    repo: { type: 'string', description: 'yabloco: folder with the repository checkouts (or one checkout) for prefix and suffix', valueName: 'DIR' },
    language: { type: 'string', description: 'yabloco: language of every task (default: from the path; .h by its text)', valueName: 'ID' },
  },
  async run({ positionals, values }) {
    const [format, ...files] = positionals;
    if (!format || !(FORMATS as readonly string[]).includes(format)) throw new UsageError(`expected a format (${FORMATS.join(', ')})\nUsage: ctxbench ${this.usage}`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('--out FILE is required');
    const language = values.language as string | undefined;
    if (language !== undefined && !isLanguageId(language)) throw new UsageError(`--language: unknown language '${language}'`);
    let source: Iterable<TaskRecord>;
    if (format === 'yabloco') {
      const [csv, json] = expectFiles(files, 2, this.usage);
      const result = importYabloco(csv!, json!, { repo: values.repo as string | undefined, language: language as LanguageId | undefined });
      source = result.tasks;
      const { report } = result;
      console.log(values.repo
        ? `${report.rows} functions: ${report.atRecordedPosition} found at the recorded pos/code_length, ${report.moved} found at other lines, ${report.missing} not found in the checkout`
        : `${report.rows} functions; no --repo checkout: prefix and suffix are empty`);
    } else {
      const [file] = expectFiles(files, 1, this.usage);
      source = format === 'cceval' ? iterateCceval(file!) : format === 'hf' ? iterateHf(file!) : iterateTasks(file!);
    }
    // Counted while the tasks stream through to the writer.
    const languages = new Map<string, number>();
    const count = writeTasks(out, (function* () {
      for (const task of source) {
        languages.set(task.language, (languages.get(task.language) ?? 0) + 1);
        yield task;
      }
    })());
    console.log(formatTable(['language', 'tasks'], [...languages].sort(([a], [b]) => a.localeCompare(b))));
    console.log(`${count} tasks written to ${out}${isInlinePath(out) ? ' (inline JSONL)' : ''}`);
    return 0;
  },
};
