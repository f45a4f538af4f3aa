// Plugins end to end: the worked examples (examples/plugins: a retriever, a backend, a metric, a
// template, a sandbox, a report figure, a test-report format, a language, a review rule, an agent tool and import and
// export formats), loaded
// from the fixture folder's config file, are used by index, prompt, eval, score, report, exec and
// review and shown in the viewer; malformed plugins are errors naming the file.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cli } from '../capture-cli.ts';
import { readTasks, writeTasks } from '../../src/datasets/io.ts';
import { isFunctionTask } from '../../src/datasets/types.ts';
import { ReviewStore, reviewsPath, type Mark } from '../../src/review/index.ts';
import { indexRepository, listFunctions } from '../../src/index/index.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { answerApi, startViewer } from '../../src/web/server.ts';
import { FIXTURES as EXEC_FIXTURES, functionTask, functionText, makeWorkDir } from '../exec/helpers.ts';
import { launchChromium } from '../fixtures/web/browser.ts';
import { answerBody, startServer, toolCallBody } from '../models/openai-server.ts';

const PLUGINS = fileURLToPath(new URL('../fixtures/plugins/', import.meta.url));
const CONFIG = join(PLUGINS, 'ctxbench.config.yaml');
const work = makeWorkDir('plugins');
after(work.remove);

const repo = join(EXEC_FIXTURES, 'c', 'repo');
const reference = functionText(repo, 'src/mathx.c', 'long factorial(');
const fromFile = functionTask(repo, 'src/mathx.c', 'c', reference, 'factorial');
// the retriever's query is a function task's docstring and signature
const task = isFunctionTask(fromFile)
  ? { ...fromFile, name: 'factorial', signature: 'long factorial(int n)', docstring: 'n! for small n.' }
  : fromFile;
const tasksFile = join(work.dir, 'tasks.jsonl');
writeTasks(tasksFile, [task]);
// the replayed completion: the reference with one comment line more (passes its test; not an exact match)
const completion = reference.replace('{\n', '{\n    /* replayed */\n');
const answers = join(work.dir, 'answers.jsonl');
writeFileSync(answers, `${JSON.stringify({ taskId: 'factorial', completion })}\n`);
const runDir = join(work.dir, 'run');

async function ok(args: string[]): Promise<string> {
  const result = await cli([...args, '--config', CONFIG]);
  assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

test('a retriever and a template from plugins build the prompt', async () => {
  const out = await ok([
    'prompt',
    tasksFile,
    '--id',
    'factorial',
    '--context',
    'identifier-overlap',
    '--template',
    'starcoder2-repo',
    '--repo',
    repo,
    '--top-k',
    '1',
    '--no-next-chunk',
    '--json',
  ]);
  const prompt = JSON.parse(out) as { prompt: string; retrieved: { path: string; score: number }[] };
  // query identifiers: n, for, small, long, factorial, int; mathx.h has n, long, factorial, int
  assert.deepEqual(
    prompt.retrieved.map(({ path, score }) => ({ path, score })),
    [{ path: 'src/mathx.h', score: 4 / 6 }],
  );
  assert.ok(
    prompt.prompt.startsWith('<repo_name>fixture<file_sep>src/mathx.h\n#ifndef MATHX_H\n'),
    prompt.prompt.slice(0, 80),
  );
  assert.ok(prompt.prompt.endsWith('<fim_suffix><fim_middle>'));
});

test('a backend, a metric and a sandbox from plugins: eval, score, report and exec use them', async () => {
  await ok([
    'eval',
    tasksFile,
    '--model',
    `replay:${answers}`,
    '--context',
    'identifier-overlap',
    '--template',
    'starcoder2-repo',
    '--repo',
    repo,
    '--run',
    runDir,
  ]);
  await ok(['score', runDir, '--metrics', 'em,length-ratio']);
  let store = openRunStore(runDir, { readonly: true });
  const [candidate] = store.candidates();
  store.close();
  assert.equal(candidate!.output, completion);
  // (the run store keeps 15 significant digits)
  assert.deepEqual(candidate!.metrics, {
    em: 0,
    'length-ratio': Number((reference.length / completion.length).toPrecision(15)),
  });

  const reportFile = join(work.dir, 'report.json');
  await ok(['report', runDir, '--metrics', 'length-ratio', '--format', 'json', '--out', reportFile]);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    metrics: string[];
    rows: { means: Record<string, number> }[];
  };
  assert.deepEqual(report.metrics, ['length-ratio']);
  // fractions are reported as percentages, like the built-ins of that scale
  assert.ok(
    Math.abs(report.rows[0]!.means['length-ratio']! - (100 * reference.length) / completion.length) < 1e-9,
    JSON.stringify(report.rows),
  );

  const envFile = join(work.dir, 'c-env.yaml');
  writeFileSync(
    envFile,
    readFileSync(join(EXEC_FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${repo}`),
  );
  const audit = join(work.dir, 'audit.log');
  process.env.CTXBENCH_AUDIT_LOG = audit;
  try {
    await ok([
      'exec',
      runDir,
      '--env',
      envFile,
      '--sandbox',
      'bwrap-audited',
      '--work-dir',
      work.dir,
      '--workers',
      '1',
    ]);
  } finally {
    delete process.env.CTXBENCH_AUDIT_LOG;
  }
  store = openRunStore(runDir, { readonly: true });
  assert.equal(store.candidates()[0]!.verdict?.verdict, 'pass');
  store.close();
  const commands = readFileSync(audit, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { command: string; exitCode: number });
  assert.ok(
    commands.some((entry) => entry.command === './build/test_runner factorial' && entry.exitCode === 0),
    JSON.stringify(commands),
  );
});

test("a test-report format from a plugin grades exec: the environment names it, exec check and exec read the runner's lines with it", async () => {
  // the fixture's runner prints `ok <test>`; rewritten as `go test -v` prints its results
  const goEnv = join(work.dir, 'c-go.yaml');
  writeFileSync(
    goEnv,
    readFileSync(join(EXEC_FIXTURES, 'c', 'env.yaml'), 'utf8')
      .replace(/^repo: .*$/m, `repo: ${repo}`)
      .replace(
        /^test: .*$/m,
        `test: './build/test_runner {tests} | sed -E -e "s/^ok (.*)/--- PASS: \\1 (0.00s)/" -e "s/^FAIL (.*)/--- ` +
          `FAIL: \\1/"'`,
      )
      .replace(/^report:\n( {2}.*\n)+/m, 'report:\n  format: go-test\n'),
  );
  // a misspelt format: the error lists the registry, the plugin's format included
  const typo = join(work.dir, 'c-typo.yaml');
  writeFileSync(typo, readFileSync(goEnv, 'utf8').replace('format: go-test', 'format: go-tests'));
  const unknown = await cli(['exec', 'check', typo, '--config', CONFIG]);
  assert.equal(unknown.code, 2);
  assert.equal(
    unknown.stderr,
    `ctxbench exec: ${typo}, line 17, field 'report.format': unknown test-report format 'go-tests' (known: tap, ` +
      `junit, unittest, regex, go-test)`,
  );
  await ok(['exec', 'check', goEnv, '--work-dir', work.dir]);
  const state = JSON.parse(readFileSync(join(work.dir, 'c-go.state.json'), 'utf8')) as {
    reported: Record<string, string[]>;
  };
  assert.deepEqual(state.reported.factorial, ['factorial']);
  await ok(['exec', runDir, '--env', goEnv, '--work-dir', work.dir, '--workers', '1', '--force']);
  const store = openRunStore(runDir, { readonly: true });
  assert.equal(store.candidates()[0]!.verdict?.verdict, 'pass');
  store.close();
});

test("a report figure from a plugin is drawn by report --figures and on the viewer's Summary page", async () => {
  const dir = join(work.dir, 'figures');
  await ok(['report', runDir, '--figures', dir]);
  assert.ok(readdirSync(dir).includes('score-spread-pass_1.svg'), readdirSync(dir).join(' '));
  const figure = JSON.parse(readFileSync(join(dir, 'score-spread-pass_1.json'), 'utf8')) as {
    kind: string;
    data: unknown[];
  };
  assert.equal(figure.kind, 'score-spread');
  assert.deepEqual(figure.data, [{ run: 'run', task: 'factorial', value: 100 }]);
  const viewer = await startViewer([runDir], { port: 0 });
  try {
    const summary = answerApi(viewer.runs, '/api/runs/run/summary') as {
      kinds: { id: string }[];
      figures: { kind: string; svg: string | null }[];
    };
    assert.ok(summary.kinds.some((kind) => kind.id === 'score-spread'));
    assert.match(summary.figures.find((drawn) => drawn.kind === 'score-spread')?.svg ?? '', /^<svg/);
  } finally {
    await viewer.close();
  }
});

test('a language from a plugin is indexed (in worker threads) and resolved: its files, a call into its header, its runtime calls as stdlib', async () => {
  const project = join(work.dir, 'cuda');
  cpSync(join(PLUGINS, 'cuda'), project, { recursive: true });
  const indexed = await ok(['index', project]);
  assert.match(indexed, /cuda/, indexed);
  const run = await indexRepository(project);
  const functions = listFunctions(run.store);
  run.store.close();
  assert.deepEqual(
    functions.map(({ name, path, language, level }) => ({ name, path, language, level })),
    [
      { name: 'saxpy', path: 'saxpy.cu', language: 'cuda', level: 'package' },
      { name: 'run_saxpy', path: 'saxpy.cu', language: 'cuda', level: 'stdlib' },
      { name: 'clamp_unit', path: 'scale.cuh', language: 'cuda', level: 'none' },
    ],
  );
  assert.deepEqual(
    functions[0]!.callees.map(({ name, path, level }) => ({ name, path, level })),
    [{ name: 'clamp_unit', path: 'scale.cuh', level: 'package' }],
  );
  assert.deepEqual(
    functions[1]!.callees.map(({ name, level }) => `${name}:${level}`),
    ['cudaMalloc:stdlib', 'cudaMemcpy:stdlib', 'cudaFree:stdlib'],
  );
});

test('a review rule from a plugin: review apply keeps the tasks it keeps and records it', async () => {
  const set = join(work.dir, 'reviewed.jsonl');
  writeTasks(set, [task, { ...task, id: 'factorial-2' }]);
  const review = (taskId: string, reviewer: string, mark: Mark) => ({
    taskId,
    reviewer,
    kind: 'original' as const,
    mark,
    note: '',
    docstring: task.docstring ?? null,
    at: '2026-01-01T00:00:00Z',
  });
  const store = new ReviewStore(reviewsPath(set));
  store.putAll([
    review('factorial', 'alice', '+'),
    review('factorial', 'bob', '+'),
    review('factorial-2', 'alice', '+'),
    review('factorial-2', 'bob', '?'),
  ]);
  store.close();
  const out = join(work.dir, 'strict.jsonl');
  const printed = await ok(['review', 'apply', set, '--out', out, '--rule', 'unanimous-plus']);
  assert.match(printed, /^unanimous-plus: kept 1 of 2 tasks, dropped 1 \(0 unreviewed\)/m);
  assert.deepEqual(
    readTasks(out).map((kept) => kept.id),
    ['factorial'],
  );
  const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, 'utf8')) as { details: { rule: string } };
  assert.equal(manifest.details.rule, 'unanimous-plus');
});

test('an agent tool from a plugin: agent mode offers it when named and runs it when the model calls it', async () => {
  // a copy: the tool reads the repository's index, which agent mode writes into the checkout
  const copy = join(work.dir, 'agent-repo');
  cpSync(repo, copy, { recursive: true });
  const server = await startServer((request, index) => ({
    json:
      index === 0
        ? toolCallBody(request, [{ name: 'symbols', arguments: { path: 'src/mathx.c' } }])
        : answerBody(request, completion),
  }));
  try {
    await ok([
      'eval',
      tasksFile,
      '--model',
      'openai:chat:m',
      '--base-url',
      server.url,
      '--context',
      'agent',
      '--agent-tools',
      'open,symbols',
      '--repo',
      copy,
      '--run',
      join(work.dir, 'agent-run'),
    ]);
    assert.deepEqual(
      (server.requests[0]!.body as { tools: { function: { name: string } }[] }).tools.map((tool) => tool.function.name),
      ['open', 'symbols'],
    );
    const sent = (server.requests[1]!.body as { messages: { role: string; content: string }[] }).messages.at(-1)!;
    assert.deepEqual(sent, { role: 'tool', tool_call_id: 'call_1', content: '4-12 gcd\n15-21 factorial\n24-27 clamp' });
  } finally {
    await server.close();
  }
});

test('an import and an export format from a plugin: export writes its pairs, import reads them back as tasks', async () => {
  const pairs = join(work.dir, 'pairs.jsonl');
  const exported = await ok(['export', 'prompt-completion', tasksFile, '--out', pairs]);
  assert.match(exported, /^1 tasks exported to .*pairs\.jsonl \(prompt\/completion pairs\)$/m);
  assert.deepEqual(
    readFileSync(pairs, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line)),
    [{ id: 'factorial', prompt: task.prefix, completion: task.reference }],
  );
  const back = join(work.dir, 'pairs.tasks');
  const imported = await ok(['import', 'prompt-completion', pairs, '--out', back, '--language', 'c']);
  assert.match(imported, /^1 prompt\/completion pairs$/m);
  const [read] = readTasks(back);
  assert.deepEqual(
    [read!.id, read!.language, read!.prefix, read!.reference, read!.suffix],
    ['factorial', 'c', task.prefix, task.reference, ''],
  );
  // both formats are listed with the built-ins
  const help = await cli(['import', '--help', '--config', CONFIG]);
  assert.match(
    help.stdout,
    /import <cceval FILE\.jsonl \| yabloco BENCH\.csv BENCH\.json \| hf DIR \| jsonl FILE\.jsonl \| prompt-completion FILE\.jsonl>/,
  );
  assert.match(
    (await cli(['export', 'nope', tasksFile, '--out', pairs, '--config', CONFIG])).stderr,
    /Usage: ctxbench export <hf\|cceval\|jsonl\|prompt-completion>/,
  );
});

test("the plugin's metric is a column of the viewer's task list", async () => {
  const viewer = await startViewer([runDir], { port: 0 });
  const browser = await launchChromium();
  try {
    assert.deepEqual((answerApi(viewer.runs, '/api/runs/run') as { tableMetrics: string[] }).tableMetrics, [
      'pass@1',
      'em',
      'es',
      'id-f1',
      'codebleu',
      'length-ratio',
    ]);
    const page = await browser.newPage();
    await page.goto(`${viewer.url}#/run/run`);
    await page.waitForSelector('.vt-row');
    const headers = await page.$$eval('.vt-head .vt-cell', (cells) => cells.map((cell) => cell.textContent?.trim()));
    assert.ok(headers.includes('length-ratio'), headers.join(' | '));
    assert.ok(headers.includes('em'));
  } finally {
    await browser.close();
    await viewer.close();
  }
});

test('a task family from a plugin, end to end: build, eval, score, report, exec and the viewer read its tasks', async () => {
  const project = join(work.dir, 'returns');
  cpSync(repo, project, { recursive: true });
  const tasksOut = join(work.dir, 'returns.jsonl');
  const built = await ok(['build', 'return-value', project, '--out', tasksOut]);
  assert.match(built, /^3 return-value tasks written to /m, built);
  const tasks = readTasks(tasksOut);
  assert.deepEqual(
    tasks.map(({ kind, path, reference, span, labels }) => ({ kind, path, reference, line: span.startLine, labels })),
    [
      { kind: 'return-value', path: 'src/mathx.c', reference: 'a', line: 11, labels: { lines: 1, depth: 4 } },
      { kind: 'return-value', path: 'src/strx.c', reference: 's', line: 13, labels: { lines: 1, depth: 4 } },
      { kind: 'return-value', path: 'tests/test_main.c', reference: '0', line: 24, labels: { lines: 1, depth: 8 } },
    ],
  );
  // the family's post-processing keeps the answer's first line up to its `;`; `s + 1` breaks reverse()
  const replies = join(work.dir, 'returns-answers.jsonl');
  const answer = ['a;\n}\n', 's + 1; /* off by one */', '0;'];
  writeFileSync(replies, tasks.map((t, i) => `${JSON.stringify({ taskId: t.id, completion: answer[i] })}\n`).join(''));
  const returnsRun = join(work.dir, 'returns-run');
  await ok(['eval', tasksOut, '--model', `replay:${replies}`, '--context', 'bm25', '--run', returnsRun]);
  await ok(['score', returnsRun, '--metrics', 'em']);
  const envFile = join(work.dir, 'returns-env.yaml');
  writeFileSync(
    envFile,
    readFileSync(join(EXEC_FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${project}`),
  );
  await ok(['exec', returnsRun, '--env', envFile, '--work-dir', work.dir, '--workers', '1']);
  const store = openRunStore(returnsRun, { readonly: true });
  assert.equal(store.config().template, 'cceval');
  assert.deepEqual(
    store.candidates().map(({ output, postprocess: rule, metrics, verdict }) => ({
      output,
      rule,
      em: metrics?.em,
      verdict: verdict?.verdict,
    })),
    [
      { output: 'a', rule: 'return-value-line', em: 1, verdict: 'pass' },
      { output: 's + 1', rule: 'return-value-line', em: 0, verdict: 'test-fail' },
      { output: '0', rule: 'return-value-line', em: 1, verdict: 'pass' },
    ],
  );
  store.close();
  // the family's dimension: a report groups by it, with the family's grouping
  const reportFile = join(work.dir, 'returns-report.json');
  await ok(['report', returnsRun, '--by', 'depth', '--metrics', 'em', '--format', 'json', '--out', reportFile]);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    rows: { group: string[]; means: Record<string, number> }[];
  };
  assert.deepEqual(
    report.rows.map(({ group, means }) => [group, means.em]),
    [
      [['nested'], 100],
      [['top level'], 50],
    ],
  );
  const viewer = await startViewer([returnsRun], { port: 0 });
  try {
    const list = answerApi(viewer.runs, '/api/runs/returns-run/tasks') as {
      rows: { kind: string }[];
      facets: Record<string, Record<string, number>>;
    };
    assert.deepEqual(
      list.rows.map((row) => row.kind),
      ['return-value', 'return-value', 'return-value'],
    );
    assert.deepEqual(list.facets.depth, { '4': 2, '8': 1 });
    const summary = answerApi(viewer.runs, '/api/runs/returns-run/summary') as { tables: { by: string[] }[] };
    assert.ok(
      summary.tables.some((table) => table.by[0] === 'depth'),
      JSON.stringify(summary.tables.map((table) => table.by)),
    );
    // in the browser: the list filters by the family's label, a task page shows the task and its candidate
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${viewer.url}#/run/returns-run?depth=8`);
      await page.waitForSelector('.vt-row');
      assert.equal(await page.textContent('#count'), '1 of 3 tasks');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#pane-0 .code.candidate');
      assert.equal(await page.textContent('#task-title'), `tests/test_main.c:24 ${tasks[2]!.id}`);
      assert.equal(await page.textContent('#pane-0 .code.candidate pre.text'), '0');
      assert.match((await page.textContent('#original .facts'))!, /kindreturn-value/);
    } finally {
      await browser.close();
    }
  } finally {
    await viewer.close();
  }
});

test('a plugin whose loading never completes: the command stops and says so, instead of exiting silently', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const result = spawnSync(
    process.execPath,
    [join(root, 'bin/ctxbench.js'), 'score', '--help', '--plugin', join(PLUGINS, 'never-loads.js')],
    { encoding: 'utf8', timeout: 60_000 },
  );
  assert.equal(result.status, 13);
  assert.equal(
    result.stderr,
    'ctxbench: stopped while waiting for something that can never finish (a plugin whose loading never completes?)\n',
  );
});

test('a malformed plugin is one error naming the file and the field', async () => {
  const cases: [string, string][] = [
    ['malformed.js', "field 'retrievers[0].score': must be a function"],
    [
      'no-default.js',
      "field '(default export)': no default export; write `export default definePlugin({ name, ... })`",
    ],
    ['duplicate.js', "field 'metrics[0]': a metric named 'em' is already registered"],
    ['language-taken.js', "field 'languages[0]': extension '.py' already belongs to the language 'python'"],
    [
      'commonjs.cjs',
      'cannot load the plugin: it is loaded as CommonJS and cannot require ctxbench, an ES module: name it .mjs ' +
        '(.mts), or add "type": "module" to the package.json of its folder',
    ],
  ];
  for (const [file, message] of cases) {
    const result = await cli([
      'prompt',
      tasksFile,
      '--id',
      'factorial',
      '--context',
      'infile',
      '--plugin',
      join(PLUGINS, file),
    ]);
    assert.equal(result.code, 2, file);
    assert.equal(
      result.stderr,
      `ctxbench prompt: ${join(PLUGINS, file)}${message.startsWith('cannot') ? ':' : ','} ${message}`,
    );
  }
  const missing = await cli([
    'prompt',
    tasksFile,
    '--id',
    'factorial',
    '--context',
    'infile',
    '--plugin',
    join(PLUGINS, 'missing.js'),
  ]);
  assert.equal(missing.stderr, `ctxbench prompt: ${join(PLUGINS, 'missing.js')}: plugin file not found`);
  // A config file's entry that does not exist: the config file and the entry are named.
  const config = join(work.dir, 'missing-plugin.yaml');
  writeFileSync(config, 'plugins:\n  - ./gone.ts\n');
  const listed = await cli(['prompt', tasksFile, '--id', 'factorial', '--context', 'infile', '--config', config]);
  assert.equal(
    listed.stderr,
    `ctxbench prompt: ${config}, field 'plugins[0]': plugin file not found: ${join(work.dir, 'gone.ts')}`,
  );
});

test('a config file found in the working folder loads no plugin: it is refused until named with --config', () => {
  // An untrusted clone: its config lists a plugin that leaves a mark when it runs.
  const clone = join(work.dir, 'clone');
  mkdirSync(clone);
  writeFileSync(
    join(clone, 'mark.mjs'),
    "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./ran', import.meta.url), 'ran');\nexport " +
      "default { name: 'mark' };\n",
  );
  writeFileSync(join(clone, 'ctxbench.config.yaml'), 'plugins:\n  - ./mark.mjs\n');
  const ctxbench = (args: string[]) =>
    spawnSync(process.execPath, [fileURLToPath(new URL('../../bin/ctxbench.js', import.meta.url)), ...args], {
      cwd: clone,
      encoding: 'utf8',
      timeout: 60_000,
    });
  const found = ctxbench(['score', '--help']);
  assert.equal(found.status, 2);
  assert.equal(
    found.stderr,
    `ctxbench score: ${join(clone, 'ctxbench.config.yaml')}, field 'plugins': this config file was found in the ` +
      `current folder, not named, and its plugins run code: ctxbench loads none of them; to allow them, pass ` +
      `--config ctxbench.config.yaml\n`,
  );
  assert.equal(found.stdout, '');
  assert.equal(existsSync(join(clone, 'ran')), false, 'the plugin did not run');
  // Named, the same file loads its plugin; a found config without plugins is read as before.
  const named = ctxbench(['score', '--help', '--config', 'ctxbench.config.yaml']);
  assert.equal(named.status, 0, named.stderr);
  assert.equal(readFileSync(join(clone, 'ran'), 'utf8'), 'ran');
  writeFileSync(join(clone, 'ctxbench.config.yaml'), '# no plugins\nplugins: []\n');
  assert.equal(ctxbench(['score', '--help']).status, 0);
});
