// `ctxbench review`: docstring review of a task set. Without a subcommand it serves the review page
// for one reviewer; `stats`, `apply`, `import` and `export` work on the reviews file beside the set.
import { existsSync } from 'node:fs';
import { readTasks } from '../../datasets/index.ts';
import {
  applyReviews,
  BLANK_MODES,
  formatReviewStats,
  readReviewSheet,
  REVIEW_RULES,
  reviewRule,
  reviewSheetCells,
  ReviewStore,
  reviewsPath,
  reviewStats,
  sheetReviews,
  writeSheet,
  type BlankMode,
} from '../../review/index.ts';
import { writeDerived } from '../../tasks/index.ts';
import { InputError } from '../../util/errors.ts';
import { startReviewServer, exposureWarning } from '../../web/index.ts';
import { commandLine, UsageError, type Command } from '../command.ts';
import { choiceOption, textOption, type OptionValues } from '../options.ts';
import { toolVersion } from '../version.ts';
import { parsePort, waitForStop } from './view.ts';

const DEFAULT_REVIEW_PORT = 8766;

const SUBCOMMANDS = ['stats', 'apply', 'import', 'export'] as const;
const USAGE =
  'review <tasks> --reviewer NAME [--port P] | review stats <tasks> [--json] | review apply <tasks> --out F [--rule ' +
  'R] | review import <tasks> <sheet.xlsx|.csv> | review export <tasks> <sheet.xlsx|.csv>';

function openReviews(tasksPath: string): ReviewStore {
  const file = reviewsPath(tasksPath);
  if (!existsSync(file))
    throw new InputError(
      `no reviews yet (start with 'ctxbench review ${tasksPath} --reviewer NAME' or 'ctxbench review import ` +
        `${tasksPath} SHEET')`,
      { file },
    );
  return new ReviewStore(file, { readonly: true });
}

function allReviews(tasksPath: string) {
  const store = openReviews(tasksPath);
  try {
    return store.all();
  } finally {
    store.close();
  }
}

function expect(positionals: string[], count: number, usage: string): string[] {
  if (positionals.length !== count) throw new UsageError(`expected ${usage}\nSee: ctxbench review --help`);
  return positionals;
}

async function serve(tasksPath: string, values: OptionValues): Promise<number> {
  const reviewer = values.reviewer;
  if (typeof reviewer !== 'string' || reviewer.trim() === '')
    throw new UsageError('--reviewer NAME is required (one reviewer per session)\nSee: ctxbench review --help');
  const server = await startReviewServer(tasksPath, {
    reviewer,
    port: parsePort(values, DEFAULT_REVIEW_PORT),
    host: textOption(values, 'host'),
  });
  console.log(
    `ctxbench review: ${tasksPath} as ${reviewer} at ${server.url}  (marks saved to ${server.reviewsFile}; Ctrl-C to ` +
      `stop)`,
  );
  const warning = exposureWarning(textOption(values, 'host') ?? '127.0.0.1', 'these tasks and write review marks');
  if (warning) console.error(`ctxbench review: ${warning}`);
  await waitForStop();
  await server.close();
  return 0;
}

function stats(tasksPath: string, values: OptionValues): number {
  const result = reviewStats(allReviews(tasksPath));
  console.log(values.json === true ? JSON.stringify(result, null, 2) : formatReviewStats(result).join('\n'));
  return 0;
}

function apply(tasksPath: string, positionals: string[], values: OptionValues): number {
  const out = values.out;
  if (typeof out !== 'string') throw new UsageError('--out F is required\nSee: ctxbench review --help');
  const rule = reviewRule(textOption(values, 'rule')!);
  const { kept, application } = applyReviews(readTasks(tasksPath), allReviews(tasksPath), rule);
  writeDerived(out, kept, tasksPath, {
    version: toolVersion(),
    command: commandLine('review', positionals, values),
    transform: 'review-apply',
    details: { ...application },
  });
  const { counts } = application;
  console.log(
    `${rule.name}: kept ${counts.kept} of ${counts.tasks} tasks, dropped ${counts.dropped} (${counts.unreviewed} ` +
      `unreviewed) -> ${out}`,
  );
  if (application.unknownTasks.length > 0)
    console.log(
      `note: ${application.unknownTasks.length} reviewed tasks are not in ${tasksPath} (the set changed since they ` +
        `were reviewed)`,
    );
  return 0;
}

async function importSheet(tasksPath: string, sheetPath: string, values: OptionValues): Promise<number> {
  const blank: BlankMode = choiceOption(values, 'blank', BLANK_MODES) ?? 'auto';
  const sheet = await readReviewSheet(sheetPath, { sheet: textOption(values, 'sheet'), blank });
  const result = sheetReviews(sheet, readTasks(tasksPath), new Date().toISOString());
  const store = new ReviewStore(reviewsPath(tasksPath));
  try {
    store.putAll(result.reviews);
  } finally {
    store.close();
  }
  console.log(
    `imported ${result.reviews.length} reviews by ${sheet.reviewers.length} reviewers ` +
      `(${sheet.reviewers.join(', ')}) for ${result.matched} of ${result.rows} rows (blank marks read as ` +
      `${sheet.blank === 'plus' ? "'+'" : 'not reviewed'}) into ${reviewsPath(tasksPath)}`,
  );
  if (result.unmatched.length > 0)
    console.log(
      `${result.unmatched.length} rows name no task of ${tasksPath} (first: ` +
        `${result.unmatched.slice(0, 3).join(', ')})`,
    );
  if (result.docDiffers.length > 0)
    console.log(
      `warning: ${result.docDiffers.length} rows reviewed a docstring that differs from the task's (first: ` +
        `${result.docDiffers.slice(0, 3).join(', ')})`,
    );
  return 0;
}

async function exportSheet(tasksPath: string, sheetPath: string): Promise<number> {
  const tasks = readTasks(tasksPath);
  const reviews = existsSync(reviewsPath(tasksPath)) ? allReviews(tasksPath) : [];
  await writeSheet(sheetPath, reviewSheetCells(tasks, reviews));
  console.log(`wrote ${tasks.length} tasks with ${reviews.length} reviews to ${sheetPath}`);
  return 0;
}

export const reviewCommand: Command = {
  usage: USAGE,
  example: [
    [
      'ctxbench review tasks.db --reviewer alice',
      'review in the browser: keys - ? +, a note; resumes where you stopped',
    ],
    ['ctxbench review stats tasks.db', "counts per mark, per-pair agreement, Fleiss' kappa"],
    ['ctxbench review apply tasks.db --out reviewed.db', 'drop tasks marked - by two or more reviewers (YABLoCo)'],
    ['ctxbench review import tasks.db docstring_labeling.xlsx', "YABLoCo's sheet (or one exported by ctxbench)"],
    ['ctxbench review export tasks.db reviews.xlsx', 'the same layout, with a note column per reviewer'],
  ]
    .map(([command, comment], index) => `${index ? '  ' : ''}${command!.padEnd(56)}# ${comment}`)
    .join('\n'),
  options: {
    reviewer: {
      type: 'string',
      valueName: 'NAME',
      description: 'who is reviewing (one reviewer per session; several reviewers share the reviews file)',
    },
    port: {
      type: 'string',
      valueName: 'P',
      description: `port of the review page; 0 picks a free one (default: ${DEFAULT_REVIEW_PORT})`,
    },
    host: {
      type: 'string',
      valueName: 'H',
      description: 'address to bind; anything but loopback exposes the tasks to the network (default: 127.0.0.1)',
    },
    out: {
      type: 'string',
      valueName: 'F',
      description: 'apply: the filtered task set (its manifest records the rule and the counts)',
    },
    rule: {
      type: 'string',
      valueName: 'R',
      description: `apply: which tasks stay: ${REVIEW_RULES.list()
        .map((rule) => `${rule.name} (${rule.description})`)
        .join('; ')}`,
      default: 'yabloco',
    },
    sheet: {
      type: 'string',
      valueName: 'NAME',
      description: "import: the spreadsheet's sheet (default: the first with 'Reviewer <name>' columns)",
    },
    blank: {
      type: 'string',
      valueName: 'B',
      description:
        "import: a blank mark is '+' (plus, YABLoCo's convention), not reviewed (skip), or auto: plus unless the " +
        "sheet has ctxbench's 'Note <name>' columns (default: auto)",
    },
    json: { type: 'boolean', description: 'stats: print JSON' },
  },
  async run({ positionals, values }) {
    const [first, ...rest] = positionals;
    if (first === undefined) throw new UsageError(`expected a task set\nUsage: ctxbench ${USAGE}`);
    switch (first as (typeof SUBCOMMANDS)[number]) {
      case 'stats':
        return stats(expect(rest, 1, 'review stats <tasks>')[0]!, values);
      case 'apply':
        return apply(expect(rest, 1, 'review apply <tasks> --out F')[0]!, positionals, values);
      case 'import': {
        const [tasksPath, sheetPath] = expect(rest, 2, 'review import <tasks> <sheet.xlsx|.csv>');
        return importSheet(tasksPath!, sheetPath!, values);
      }
      case 'export': {
        const [tasksPath, sheetPath] = expect(rest, 2, 'review export <tasks> <sheet.xlsx|.csv>');
        return exportSheet(tasksPath!, sheetPath!);
      }
      default:
        return serve(expect(positionals, 1, 'one task set')[0]!, values);
    }
  },
};
