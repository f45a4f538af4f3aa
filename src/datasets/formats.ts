// The formats `import` reads and `export` writes, one object each in two registries: a new format (a plugin's
// `importFormats` / `exportFormats`) is one more entry, and `import`/`export` list and dispatch from here.
import { resolve } from 'node:path';
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import { z } from 'zod';
import { InputError } from '../util/errors.ts';
import type { LanguageId } from '../languages/index.ts';
import { exportCceval, iterateCceval } from './cceval.ts';
import { exportHf, iterateHf } from './hf.ts';
import { iterateTasks, writeTasks } from './io.ts';
import { importYabloco, type YablocoImportManifest } from './yabloco.ts';
import type { TaskRecord } from './types.ts';

/** The options of `import` a format may read. */
export interface ImportOptions {
  /** yabloco: folder with the repository checkouts (or one checkout). */
  repo?: string;
  /** yabloco: only this repository's rows. */
  repository?: string;
  /** the language of every task (default: the format's own rule). */
  language?: LanguageId;
  onProgress?: (message: string) => void;
}

export interface ImportResult {
  tasks: Iterable<TaskRecord>;
  /** written beside the task set as `<out>.manifest.json` (where each row was found, say). */
  manifest?: unknown;
  /** lines `import` prints after the tasks (a relocation report). */
  report?: string[];
}

export interface ImportFormat {
  name: string;
  description: string;
  /** the inputs it takes, as the usage line names them (`FILE.jsonl`; `BENCH.csv`, `BENCH.json`; `DIR`). */
  inputs: string[];
  read(inputs: string[], options: ImportOptions): ImportResult | Promise<ImportResult>;
}

/** The options of `export` a format may read. */
export interface ExportOptions {
  split?: string;
  name?: string;
  /** keep each task's repo.root (a path on this machine). */
  keepRoot?: boolean;
}

export interface ExportFormat {
  name: string;
  description: string;
  /** what `--out` names (`DIR`, `FILE.jsonl`). */
  out: string;
  /** writes the tasks; returns how many. */
  write(tasks: Iterable<TaskRecord>, out: string, options: ExportOptions): number;
  /** what was written, for the closing line (`out (data/test.jsonl, README.md)`). */
  written(out: string, options: ExportOptions): string;
}

const BUILTIN_IMPORTS: readonly ImportFormat[] = [
  {
    name: 'cceval',
    description: "CrossCodeEval's JSONL (one record per line, crossfile_context kept as retrieved)",
    inputs: ['FILE.jsonl'],
    read: ([file]) => ({ tasks: iterateCceval(file!) }),
  },
  {
    name: 'yabloco',
    description:
      "YABLoCo's CSV and JSON; with --repo, each row relocated onto the checkout at hand (found, changed, dropped: " +
      'the manifest)',
    inputs: ['BENCH.csv', 'BENCH.json'],
    async read([csv, json], options) {
      const { tasks, report } = await importYabloco(csv!, json!, options);
      const manifest: YablocoImportManifest = {
        format: 'yabloco',
        csv: resolve(csv!),
        json: resolve(json!),
        checkout: options.repo ? resolve(options.repo) : null,
        repository: options.repository ?? null,
        relocation: report,
      };
      const lines = options.repo
        ? [
            `${report.rows} functions: ${report.unchanged} found unchanged (${report.atRecordedPosition} at the ` +
              `recorded lines, ${report.moved} at other lines, ${report.renamed} in another file), ${report.changed} ` +
              `found with a changed body (kept, meta.located 'changed'), ${report.dropped} not found ` +
              `(dropped)${
                report.withoutCheckout > 0
                  ? `, ${report.withoutCheckout} without a checkout of their repository (empty prefix and suffix)`
                  : ''
              }`,
            ...report.details
              .filter((detail) => detail.located === 'changed' || detail.located === 'missing')
              .map(
                (row) =>
                  `  ${row.located === 'missing' ? 'not found' : `changed (similarity ${row.similarity})`}: ` +
                  `${row.repository}/${row.path} ` +
                  `${row.name}${row.foundPath && row.foundPath !== row.path ? ` -> ${row.foundPath}` : ''}`,
              ),
          ]
        : [`${report.rows} functions; no --repo checkout: prefix and suffix are empty`];
      return { tasks, manifest, report: lines };
    },
  },
  {
    name: 'hf',
    description: 'a Hugging Face dataset folder that `export hf` wrote (data/<split>.jsonl)',
    inputs: ['DIR'],
    read: ([folder]) => ({ tasks: iterateHf(folder!) }),
  },
  {
    name: 'jsonl',
    description: 'ctxbench inline JSONL (every task with its whole prefix and suffix)',
    inputs: ['FILE.jsonl'],
    read: ([file]) => ({ tasks: iterateTasks(file!) }),
  },
];

const BUILTIN_EXPORTS: readonly ExportFormat[] = [
  {
    name: 'hf',
    description: 'a Hugging Face dataset folder: data/<split>.jsonl and a dataset card',
    out: 'DIR',
    write: (tasks, out, options) => exportHf(tasks, out, options),
    written: (out, options) => `${out} (data/${options.split ?? 'test'}.jsonl, README.md)`,
  },
  {
    name: 'cceval',
    description: "CrossCodeEval's JSONL records",
    out: 'FILE.jsonl',
    write: (tasks, out) => exportCceval(tasks, out),
    written: (out) => `${out} (CrossCodeEval records)`,
  },
  {
    name: 'jsonl',
    description: 'ctxbench inline JSONL',
    out: 'FILE.jsonl',
    write: (tasks, out) => {
      if (!out.endsWith('.jsonl')) throw new InputError('export jsonl: --out must end in .jsonl', { field: '--out' });
      return writeTasks(out, tasks);
    },
    written: (out) => `${out} (inline task records)`,
  },
];

export const IMPORT_FORMATS = new Registry<ImportFormat>('import format', 'importFormats', {
  key: 'importFormats',
  entry: pluginEntry('name', {
    description: z.string(),
    inputs: z.array(z.string().min(1)).min(1),
    read: pluginFunction,
  }),
  add: registerImportFormat,
});
export const EXPORT_FORMATS = new Registry<ExportFormat>('export format', 'exportFormats', {
  key: 'exportFormats',
  entry: pluginEntry('name', {
    description: z.string(),
    out: z.string().min(1),
    write: pluginFunction,
    written: pluginFunction,
  }),
  add: registerExportFormat,
});

export function registerImportFormat(format: ImportFormat): ImportFormat {
  return IMPORT_FORMATS.register(format.name, format);
}

export function registerExportFormat(format: ExportFormat): ExportFormat {
  return EXPORT_FORMATS.register(format.name, format);
}

for (const format of BUILTIN_IMPORTS) registerImportFormat(format);
for (const format of BUILTIN_EXPORTS) registerExportFormat(format);
