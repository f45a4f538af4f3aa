// `ctxbench import <cceval|yabloco|hf> ...`: read a published benchmark into ctxbench task records.
import { resolve } from 'node:path';
import { UsageError, type Command } from '../command.ts';
import { formatTable } from '../../util/table.ts';
import { iterateCceval } from '../../datasets/cceval.ts';
import { iterateHf } from '../../datasets/hf.ts';
import { isInlinePath, iterateTasks, writeTasks } from '../../datasets/io.ts';
import { importYabloco, type YablocoImportManifest } from '../../datasets/yabloco.ts';
import type { TaskRecord } from '../../datasets/types.ts';
import { manifestPath } from '../../tasks/build.ts';
import { writeFileAtomic } from '../../util/jsonl.ts';
import { isLanguageId } from '../../languages/registry.ts';
import type { LanguageId } from '../../languages/types.ts';

const FORMATS = ['cceval', 'yabloco', 'hf', 'jsonl'] as const;

function expectFiles(positionals: string[], count: number, usage: string): string[] {
  if (positionals.length !== count) throw new UsageError(`expected ${count === 1 ? 'one file' : `${count} files`}\nUsage: ctxbench ${usage}`);
  return positionals;
}

export const importCommand: Command = {
  usage: 'import <cceval FILE.jsonl | yabloco BENCH.csv BENCH.json [--repo DIR] [--repository NAME] | hf DIR | jsonl FILE.jsonl> --out FILE',
  example: 'ctxbench import yabloco bench-v0.7.csv bench-v0.7.json --repo checkouts --out yabloco.tasks',
  options: {
    out: { type: 'string', description: 'task set to write (each file text once); a name ending in .jsonl writes inline JSONL', valueName: 'FILE' },
    repo: { type: 'string', description: 'yabloco: folder with the repository checkouts (or one checkout) for prefix and suffix', valueName: 'DIR' },
    repository: { type: 'string', description: "yabloco: only this repository's rows (redis, bullet3, openssl, llvm)", valueName: 'NAME' },
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
    let manifest: YablocoImportManifest | null = null;
    if (format === 'yabloco') {
      const [csv, json] = expectFiles(files, 2, this.usage);
      const result = await importYabloco(csv!, json!, { repo: values.repo as string | undefined, repository: values.repository as string | undefined, language: language as LanguageId | undefined, onProgress: (message) => process.stderr.write(`${message}\n`) });
      source = result.tasks;
      const { report } = result;
      if (values.repo) {
        console.log(`${report.rows} functions: ${report.unchanged} found unchanged (${report.atRecordedPosition} at the recorded lines, ${report.moved} at other lines, ${report.renamed} in another file), ${report.changed} found with a changed body (kept, meta.located 'changed'), ${report.dropped} not found (dropped)${report.withoutCheckout > 0 ? `, ${report.withoutCheckout} without a checkout of their repository (empty prefix and suffix)` : ''}`);
        for (const row of report.details.filter((detail) => detail.located === 'changed' || detail.located === 'missing')) {
          console.log(`  ${row.located === 'missing' ? 'not found' : `changed (similarity ${row.similarity})`}: ${row.repository}/${row.path} ${row.name}${row.foundPath && row.foundPath !== row.path ? ` -> ${row.foundPath}` : ''}`);
        }
      } else console.log(`${report.rows} functions; no --repo checkout: prefix and suffix are empty`);
      manifest = { format: 'yabloco', csv: resolve(csv!), json: resolve(json!), checkout: values.repo ? resolve(values.repo as string) : null, repository: (values.repository as string | undefined) ?? null, relocation: report };
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
    if (manifest) {
      writeFileAtomic(manifestPath(out), `${JSON.stringify(manifest, null, 2)}\n`);
      console.log(`where each row was found: ${manifestPath(out)}`);
    }
    return 0;
  },
};
