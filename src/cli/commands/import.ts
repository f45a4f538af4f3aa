// `ctxbench import <format> ...`: read a published benchmark into ctxbench task records (formats: datasets/formats.ts).
import { UsageError, type Command } from '../command.ts';
import { formatTable } from '../../util/table.ts';
import { IMPORT_FORMATS, isInlinePath, writeTasks } from '../../datasets/index.ts';
import { manifestPath } from '../../tasks/index.ts';
import { writeFileAtomic } from '../../util/jsonl.ts';
import { isLanguageId, type LanguageId } from '../../languages/index.ts';

function expectFiles(positionals: string[], count: number, usage: string): string[] {
  if (positionals.length !== count)
    throw new UsageError(`expected ${count === 1 ? 'one file' : `${count} files`}\nUsage: ctxbench ${usage}`);
  return positionals;
}

export const importCommand: Command = {
  get usage() {
    return `import <${IMPORT_FORMATS.list()
      .map((format) => [format.name, ...format.inputs].join(' '))
      .join(' | ')}> --out FILE [--repo DIR] [--repository NAME] [--language ID]`;
  },
  example: 'ctxbench import yabloco bench-v0.7.csv bench-v0.7.json --repo checkouts --out yabloco.tasks',
  options: {
    out: {
      type: 'string',
      description: 'task set to write (each file text once); a name ending in .jsonl writes inline JSONL',
      valueName: 'FILE',
    },
    repo: {
      type: 'string',
      description: 'yabloco: folder with the repository checkouts (or one checkout) for prefix and suffix',
      valueName: 'DIR',
    },
    repository: {
      type: 'string',
      description: "yabloco: only this repository's rows (redis, bullet3, openssl, llvm)",
      valueName: 'NAME',
    },
    language: {
      type: 'string',
      description: 'yabloco: language of every task (default: from the path; .h by its text)',
      valueName: 'ID',
    },
  },
  async run({ positionals, values }) {
    const [name, ...files] = positionals;
    const format = name === undefined ? undefined : IMPORT_FORMATS.find(name);
    if (!format)
      throw new UsageError(`expected a format (${IMPORT_FORMATS.names().join(', ')})\nUsage: ctxbench ${this.usage}`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('--out FILE is required');
    const language = values.language as string | undefined;
    if (language !== undefined && !isLanguageId(language))
      throw new UsageError(`--language: unknown language '${language}'`);
    const inputs = expectFiles(files, format.inputs.length, this.usage);
    const {
      tasks: source,
      manifest,
      report,
    } = await format.read(inputs, {
      repo: values.repo as string | undefined,
      repository: values.repository as string | undefined,
      language: language as LanguageId | undefined,
      onProgress: (message) => process.stderr.write(`${message}\n`),
    });
    for (const line of report ?? []) console.log(line);
    // Counted while the tasks stream through to the writer.
    const languages = new Map<string, number>();
    const count = writeTasks(
      out,
      (function* () {
        for (const task of source) {
          languages.set(task.language, (languages.get(task.language) ?? 0) + 1);
          yield task;
        }
      })(),
    );
    console.log(
      formatTable(
        ['language', 'tasks'],
        [...languages].sort(([a], [b]) => a.localeCompare(b)),
      ),
    );
    console.log(`${count} tasks written to ${out}${isInlinePath(out) ? ' (inline JSONL)' : ''}`);
    if (manifest !== undefined) {
      writeFileAtomic(manifestPath(out), `${JSON.stringify(manifest, null, 2)}\n`);
      console.log(`where each row was found: ${manifestPath(out)}`);
    }
    return 0;
  },
};
