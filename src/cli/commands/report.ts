// `ctxbench report`: tables and charts of scored runs, and comparisons between runs of the same tasks.
import { extname } from 'node:path';
import { UsageError, type Command } from '../command.ts';
import { choiceOption, integerOption, listOption, textOption } from '../options.ts';
import { openRunStore } from '../../runstore/index.ts';
import {
  buildReport,
  chartsAvailable,
  CHARTS_MISSING,
  parseDimensions,
  compareRuns,
  readTaskFile,
  FORMATS,
  renderReport,
  cachedReader,
  writeFigureFiles,
  figuresOfRuns,
  PRESETS,
  runLabels,
  type Format,
} from '../../report/index.ts';
import { writeFileAtomic } from '../../util/jsonl.ts';
import { isCalendarDay } from '../../util/dates.ts';
import { readTaskLabels } from '../../tasks/index.ts';

/** The format a file name asks for by its extension (`r.html` -> html), or undefined. */
function formatOfFile(file: string | undefined): Format | undefined {
  const extension = file === undefined ? '' : extname(file).toLowerCase();
  return ({ '.html': 'html', '.htm': 'html', '.md': 'md', '.csv': 'csv', '.json': 'json', '.tex': 'latex' } as const)[
    extension as '.html'
  ];
}

/** `--cutoff MODEL=DATE[,MODEL=DATE]` (a model name may hold `=`: the date follows the last one). */
function cutoffOption(items: string[] | undefined): Record<string, string> | undefined {
  if (items === undefined) return undefined;
  return Object.fromEntries(
    items.map((item) => {
      const at = item.lastIndexOf('=');
      const [model, date] = [item.slice(0, at).trim(), item.slice(at + 1).trim()];
      if (at <= 0 || !isCalendarDay(date)) throw new UsageError(`--cutoff: expected MODEL=YYYY-MM-DD, got '${item}'`);
      return [model, date];
    }),
  );
}

export const reportCommand: Command = {
  usage:
    'report <run...> [--by DIMS] [--labels FILE] [--format text|md|csv|json|html|latex] [--html] [--preset NAME] ' +
    '[--figures DIR] [--out FILE] [--metrics LIST] [--cutoff MODEL=DATE]',
  example:
    'ctxbench report runs/infile runs/bm25 runs/bm25-ref --preset cceval --html --out report.html --figures figures/',
  options: {
    by: {
      type: 'string',
      description:
        "comma-separated: language,kind,level,bucket,semantic,lines,prompt-tokens,repo,window (a live benchmark's " +
        'time windows), or a label of --labels (e.g. contaminated)',
      valueName: 'DIMS',
    },
    labels: {
      type: 'string',
      description: 'extra task labels, JSONL {id, labels} (ctxbench contamination writes one): group by them with --by',
      valueName: 'FILE',
    },
    format: {
      type: 'string',
      description: `${FORMATS.join('|')} (default: from --out's extension, .html .md .csv .json .tex, else text)`,
      valueName: 'FORMAT',
    },
    out: { type: 'string', description: 'write to this file instead of standard output', valueName: 'FILE' },
    metrics: {
      type: 'string',
      description: 'comma-separated metric names (default: every scored metric, pass@k when executed)',
      valueName: 'LIST',
    },
    html: { type: 'boolean', description: 'the same as --format html: one offline HTML file with every figure' },
    preset: {
      type: 'string',
      description: `the tables and figures of a paper: ${PRESETS.map((p) => p.name).join('|')}`,
      valueName: 'NAME',
    },
    'chart-metric': {
      type: 'string',
      description: "metric of the charts and per-dimension tables (default: the preset's, else pass@1, es, em)",
      valueName: 'METRIC',
    },
    figures: {
      type: 'string',
      description:
        'also write each figure here: SVG, PNG and Vega-Lite spec of charts, LaTeX of tables, JSON data of all',
      valueName: 'DIR',
    },
    seed: { type: 'string', description: 'seed of the bootstrap intervals', valueName: 'N', default: '1' },
    cutoff: {
      type: 'string',
      description:
        "a model's stated training cut-off, MODEL=YYYY-MM-DD (the model as the run names it, or the run's folder " +
        'name), comma-separated for several: with --by window, its scores before and after and a note where they ' +
        'drop',
      valueName: 'LIST',
    },
  },
  async run({ positionals, values }) {
    if (positionals.length === 0)
      throw new UsageError(`expected at least one run directory\nUsage: ctxbench ${this.usage}`);
    const format: Format = values.html
      ? 'html'
      : (choiceOption(values, 'format', FORMATS) ?? formatOfFile(textOption(values, 'out')) ?? 'text');
    const seed = integerOption(values, 'seed', { min: -Infinity }) ?? 1;
    const labels = values.labels === undefined ? undefined : readTaskLabels(values.labels as string);
    const by = parseDimensions(
      values.by as string | undefined,
      new Set([...(labels?.values() ?? [])].flatMap((record) => Object.keys(record))),
    );
    const metrics = listOption(values, 'metrics');
    const cutoffs = cutoffOption(listOption(values, 'cutoff'));
    const opened = positionals.map((dir) => openRunStore(dir, { readonly: true }));
    const stores = opened.map((store) => cachedReader(store, labels));
    try {
      const named = new Set([
        ...stores.map((store) => store.config().model),
        ...runLabels(stores.map((store) => store.dir)),
      ]);
      const unknown = Object.keys(cutoffs ?? {}).filter((model) => !named.has(model));
      if (unknown.length > 0)
        throw new UsageError(
          `--cutoff: no run has the model or the name ${unknown.map((model) => `'${model}'`).join(', ')} (the runs: ` +
            `${[...named].join(', ')})`,
        );
      const report = buildReport(stores, by, metrics);
      // time windows: the per-window tables with their intervals, the chart and the cut-off notes are figures
      const wantFigures =
        format === 'html' ||
        format === 'latex' ||
        values.figures !== undefined ||
        values.preset !== undefined ||
        by.includes('window') ||
        cutoffs !== undefined;
      const request = {
        preset: values.preset as string | undefined,
        metric: values['chart-metric'] as string | undefined,
        dimensions: by.length ? by : undefined,
        seed,
        ...(cutoffs ? { cutoffs } : {}),
      };
      const figures = wantFigures ? figuresOfRuns(stores, report, request, readTaskFile) : [];
      if (!chartsAvailable && figures.some((figure) => figure.chart))
        console.error(
          `ctxbench report: ${CHARTS_MISSING.replace('chart not drawn: it needs', 'charts are not drawn: they need')}`,
        );
      if (values.figures) {
        const files = writeFigureFiles(figures, values.figures as string);
        console.error(`wrote ${figures.length} figure(s), ${files.length} file(s) to ${values.figures as string}`);
      }
      const text = renderReport(report, format, compareRuns(stores, report.metrics, seed), figures);
      if (values.out) {
        // Whole or not at all: an interrupted report never leaves a truncated file under that name.
        writeFileAtomic(values.out as string, text);
        console.log(`wrote ${values.out as string}`);
      } else {
        process.stdout.write(text);
      }
      return 0;
    } finally {
      for (const store of opened) store.close();
    }
  },
};
