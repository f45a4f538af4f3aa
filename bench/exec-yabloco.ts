// YABLoCo whole (`npm run bench -- exec-yabloco [--only bullet3|redis|openssl|llvm] [--limit N]`): per repository of
// YABLoCo's published test split, where its rows are found in the checkout ctxbench has (the exact
// commit for bullet3, Debian's versions of openssl and LLVM: relocation), then, where an environment
// exists, every found row executed twice (its reference must pass, a broken body must fail) with
// ctxbench against YABLoCo's own recipe for the same candidates, measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { writeTasks } from '../src/datasets/io.ts';
import { importYabloco } from '../src/datasets/yabloco.ts';
import { loadEnvironment } from '../src/exec/env.ts';
import { run as runExecBench } from './exec.ts';
import { YABLOCO_DATA, YABLOCO_REPOSITORIES } from './sources.ts';

// --limit N: only the first N rows of each repository are executed (all are relocated); --work-dir DIR: the work
// folder, whose check state (`exec check --work-dir DIR`, or copied there) is reused; --queue N: the first N rows'
// candidates again through the queue (one worker on the same work folder), their verdicts compared with the local
// run's; --again N: the first N rows run twice, their verdicts compared (default 3); --naive N: candidates judged by YABLoCo's recipe too (default 2: the first row's reference and broken body; 0:
// none); --functions PATH:NAME,...: only these rows, in this order (the relocated path and the function's name)
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    limit: { type: 'string' },
    'work-dir': { type: 'string' },
    queue: { type: 'string' },
    again: { type: 'string' },
    naive: { type: 'string' },
    functions: { type: 'string' },
  },
});
const limit = values.limit === undefined ? undefined : Number(values.limit);
const wanted = values.only?.split(',') ?? [];
const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-bench-yabloco-'));
try {
  for (const repository of YABLOCO_REPOSITORIES) {
    if (wanted.length > 0 && !wanted.includes(repository.name)) continue;
    const checkout = repository.checkout();
    const started = performance.now();
    const { tasks, report } = await importYabloco(
      join(YABLOCO_DATA, 'bench-v0.7.csv'),
      join(YABLOCO_DATA, 'bench-v0.7.json'),
      { repo: checkout, repository: repository.name },
    );
    console.log(
      `\n${repository.name} (${checkout}): ${report.rows} published rows; ${report.unchanged} found unchanged ` +
        `(${report.atRecordedPosition} at their lines, ${report.moved} at other lines, ${report.renamed} in another ` +
        `file), ${report.changed} with a changed body, ${report.dropped} not found ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const row of report.details.filter((detail) => detail.located === 'changed' || detail.located === 'missing')) {
      console.log(
        `  ${row.located === 'missing' ? 'not found' : `changed (similarity ${row.similarity})`}: ${row.path} ${row.name}${row.foundPath && row.foundPath !== row.path ? ` -> ${row.foundPath}` : ''}`,
      );
    }
    const exec = repository.exec;
    if (!exec) continue;
    const env = loadEnvironment(exec.env, checkout);
    const executed = exec.folders
      ? tasks.filter((task) => exec.folders!.some((folder) => task.path.startsWith(folder)))
      : tasks;
    if (exec.folders)
      console.log(
        `  executed: the ${executed.length} found rows in ${exec.folders.join(', ')} (${basename(exec.env)}); the ` +
          `other ${tasks.length - executed.length} need the whole of LLVM (the queue's recipe)`,
      );
    const tasksFile = join(scratch, `${repository.name}.jsonl`);
    writeTasks(tasksFile, executed);
    await runExecBench({
      env: exec.env,
      repo: checkout,
      tasks: tasksFile,
      limit: limit ?? executed.length,
      functions: values.functions
        ?.split(',')
        .map((pick) => pick.trim())
        .filter(Boolean),
      workers: 1,
      naive: values.naive === undefined ? 2 : Number(values.naive),
      workDir: values['work-dir'],
      naiveImage: exec.naiveImage ?? env.setup.join(' && '),
      naiveSetup: exec.naiveBuild ?? env.build.join(' && '),
      naiveTest: exec.naiveTest,
      target: exec.target,
      again: values.again === undefined ? 3 : Number(values.again),
      queue: values.queue === undefined ? undefined : Number(values.queue),
    });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
