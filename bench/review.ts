// Review benchmark: YABLoCo's own docstring review sheet (../shared/yabloco/docstring_labeling.xlsx)
// read as `ctxbench review import` reads it (every mark, and YABLoCo's sums `minuses`, `questions`,
// `agree` checked row by row), its counts, per-pair agreement and Fleiss' kappa per sheet and per
// repository, and YABLoCo's rule (drop with two or more '-') against the published redis splits:
// a function the rule drops should be in neither the test nor the dev split.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCsv } from '../src/datasets/csv.ts';
import { writeTasks } from '../src/datasets/io.ts';
import { importYabloco } from '../src/datasets/yabloco.ts';
import { formatReviewStats, readReviewSheet, reviewRule, reviewStats, sheetReviews } from '../src/review/index.ts';
import { cli } from '../test/capture-cli.ts';

const SHARED = new URL('../../shared/yabloco/', import.meta.url).pathname;
const SHEET = join(SHARED, 'docstring_labeling.xlsx');
if (!existsSync(SHEET)) {
  console.log(`skipped: ${SHEET} is missing`);
  process.exit(0);
}

const rule = reviewRule('yabloco');
for (const name of ['docstring_215_similarity_webber', 'bench6diff']) {
  const started = performance.now();
  const sheet = await readReviewSheet(SHEET, { sheet: name });
  const { reviews } = sheetReviews(sheet, null, 'bench');
  console.log(
    `\nsheet ${name}: ${sheet.rows.length} rows read and checked in ${(performance.now() - started).toFixed(0)} ms ` +
      `(blank marks read as '+')`,
  );
  console.log(
    formatReviewStats(reviewStats(reviews))
      .map((line) => `  ${line}`)
      .join('\n'),
  );
  const kept = sheet.rows.filter((row) => rule.keeps(row.marks.map((m) => m.mark)));
  console.log(`  YABLoCo's rule keeps ${kept.length} of ${sheet.rows.length}`);
  const repositories = [...new Set(sheet.rows.map((row) => row.repository ?? '?'))].sort();
  for (const repository of repositories) {
    const ids = new Set(sheet.rows.filter((row) => (row.repository ?? '?') === repository).map((row) => row.id));
    const stats = reviewStats(reviews.filter((review) => ids.has(review.taskId)));
    const keptHere = kept.filter((row) => ids.has(row.id)).length;
    console.log(
      `  ${repository}: ${ids.size} functions; - ${stats.counts['-']}, ? ${stats.counts['?']}, + ` +
        `${stats.counts['+']}; Fleiss' kappa ${stats.fleiss.kappa?.toFixed(4) ?? '–'}; the rule keeps ${keptHere}`,
    );
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-bench-review-'));
try {
  // The published redis test split as a task set, the sheet imported into it, the rule applied (the CLI path).
  const { tasks } = await importYabloco(join(SHARED, 'redis_bench-v0.7.csv'), join(SHARED, 'redis_bench-v0.7.json'));
  const tasksPath = join(scratch, 'redis-test.db');
  writeTasks(tasksPath, tasks);
  const imported = await cli(['review', 'import', tasksPath, SHEET]);
  console.log(
    `\nredis test split as a task set (${tasks.length} functions): ${imported.stdout.split('\n').join('; ')}`,
  );
  const applied = await cli(['review', 'apply', tasksPath, '--out', join(scratch, 'kept.db')]);
  console.log(`  review apply: ${applied.stdout}`);
  const sheet = await readReviewSheet(SHEET);
  const reviewed = new Set(sheet.rows.map((row) => row.id));
  const dropped = new Set(sheet.rows.filter((row) => !rule.keeps(row.marks.map((m) => m.mark))).map((row) => row.id));
  for (const split of ['redis_bench-v0.7.csv', 'redis_dev-v0.7.csv', 'redis_train.csv']) {
    const ids = parseCsv(readFileSync(join(SHARED, split), 'utf8'), split).map(
      (row) => row.values['Unnamed: 0'] ?? row.values.id ?? '',
    );
    console.log(
      `  ${split}: ${ids.length} functions, ${ids.filter((id) => reviewed.has(id)).length} in the review sheet, ` +
        `${ids.filter((id) => dropped.has(id)).length} of those dropped by YABLoCo's rule`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
