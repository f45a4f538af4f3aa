// Records defined once: the published JSON Schemas are current, they accept the project's own
// fixtures and what the pipeline writes (the demo's steps on one sample repository), and a bad
// record of every kind is refused naming the file, the line and the field.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Database from 'better-sqlite3';
import { parse as parseYaml } from 'yaml';
import { jsonSchemaOf, PUBLISHED_SCHEMAS } from '../../src/cli/schemas.ts';
import { loadTemplateFile } from '../../src/context/template-schema.ts';
import { readTasks } from '../../src/datasets/io.ts';
import { parseEnvironment } from '../../src/exec/env.ts';
import { readState } from '../../src/exec/prepare.ts';
import { loadDocstringTemplate } from '../../src/models/docstrings.ts';
import { pluginsOfConfig } from '../../src/plugins/index.ts';
import { execJobSchema } from '../../src/queue/records.ts';
import { ReviewStore } from '../../src/review/store.ts';
import { readTaskLabels } from '../../src/tasks/labels.ts';
import { parseRecord } from '../../src/util/schema.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { cli } from '../capture-cli.ts';
import { createSampleRun } from '../fixtures/web/sample.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map(PUBLISHED_SCHEMAS.map((entry) => [entry.name, ajv.compile(jsonSchemaOf(entry))]));

/** Asserts that `value` is valid under the published schema `name`, naming where it came from. */
function assertValid(name: string, value: unknown, where: string): void {
  const validate = validators.get(name)!;
  assert.ok(validate(value), `${where} is not a valid ${name}: ${ajv.errorsText(validate.errors)}`);
}

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-schemas-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Every JSON-valued row of a run.db, by the schema it is published under (read with SQL, not through the store). */
function runRows(dir: string): [string, unknown, string][] {
  const db = new Database(join(dir, 'run.db'), { readonly: true });
  try {
    const rows: [string, unknown, string][] = [];
    const config = db.prepare<[], { value: string }>(`SELECT value FROM meta WHERE key = 'config'`).get()!;
    rows.push(['run-config', JSON.parse(config.value), `${dir} config`]);
    for (const row of db.prepare<[], { task_id: string; parts: string }>('SELECT task_id, parts FROM prompts').all())
      rows.push(['prompt-parts', JSON.parse(row.parts), `${dir} prompt ${row.task_id}`]);
    return rows;
  } finally {
    db.close();
  }
}

describe('published JSON Schemas', () => {
  it('docs/schema/ holds exactly the schemas the zod definitions generate (npm run schemas)', () => {
    const committed = readdirSync(join(ROOT, 'docs', 'schema')).sort();
    assert.deepEqual(committed, PUBLISHED_SCHEMAS.map((entry) => `${entry.name}.schema.json`).sort());
    for (const entry of PUBLISHED_SCHEMAS) {
      const text = readFileSync(join(ROOT, 'docs', 'schema', `${entry.name}.schema.json`), 'utf8');
      assert.deepEqual(
        JSON.parse(text),
        jsonSchemaOf(entry),
        `docs/schema/${entry.name}.schema.json is stale: run npm run schemas`,
      );
    }
  });

  it('accept the fixtures: task files, environment files, and a sample run with verdicts', () => {
    const taskFiles = ['test/fixtures/models/tasks.jsonl'];
    let tasks = 0;
    for (const file of taskFiles) {
      for (const line of readFileSync(join(ROOT, file), 'utf8').split('\n').filter(Boolean))
        assertValid('task', JSON.parse(line), `${file} task ${++tasks}`);
    }
    const envFiles = [
      ...readdirSync(join(ROOT, 'test/fixtures/exec')).map((name) => `test/fixtures/exec/${name}/env.yaml`),
      ...readdirSync(join(ROOT, 'examples/envs'))
        .filter((name) => name.endsWith('.yaml'))
        .map((name) => `examples/envs/${name}`),
    ];
    for (const file of envFiles) {
      assertValid('environment', parseYaml(readFileSync(join(ROOT, file), 'utf8')), file);
      // and every rule beyond the JSON Schema (placeholders, report parsers, test files)
      assert.equal(parseEnvironment(readFileSync(join(ROOT, file), 'utf8'), join(ROOT, file)).file, join(ROOT, file));
    }
    const run = join(scratch, 'sample-run');
    createSampleRun(run, 'oracle');
    for (const [name, value, where] of runRows(run)) assertValid(name, value, where);
    const store = openRunStore(run, { readonly: true });
    const candidates = store.candidates();
    store.close();
    assert.ok(candidates.some((candidate) => candidate.verdict !== null));
    for (const candidate of candidates)
      assertValid('candidate', candidate, `${run} candidate ${candidate.taskId}#${candidate.sample}`);
    for (const task of readTasks(join(ROOT, 'test/fixtures/models/tasks.jsonl')))
      assertValid('task', task, 'read back');
    assert.ok(tasks > 0 && envFiles.length >= 10, `${tasks} tasks, ${envFiles.length} environments`);
    assertValid(
      'docstring-template',
      parseYaml(readFileSync(join(ROOT, 'examples/docstring-template.yaml'), 'utf8')),
      'examples/docstring-template.yaml',
    );
    assertValid(
      'config',
      parseYaml(readFileSync(join(ROOT, 'test/fixtures/plugins/ctxbench.config.yaml'), 'utf8')),
      'test/fixtures/plugins/ctxbench.config.yaml',
    );
    const reviews = new ReviewStore(join(scratch, 'fixture.reviews.db'));
    reviews.put({
      taskId: 't1',
      reviewer: 'alice',
      kind: 'original',
      mark: '?',
      note: 'needs the struct',
      docstring: 'Adds one.',
      at: '2026-01-01T00:00:00Z',
    });
    for (const review of reviews.all()) assertValid('review', review, 'a stored review');
    reviews.close();
  });

  it("accept what the demo's steps write: tasks of each family, a run's rows and the JSON report", async () => {
    const repo = join(scratch, 'py-inventory');
    cpSync(join(ROOT, 'examples', 'py-inventory'), repo, {
      recursive: true,
      filter: (source) => !source.endsWith('.ctxbench'),
    });
    const run = async (...args: string[]) => {
      const result = await cli(args);
      assert.equal(result.code, 0, `ctxbench ${args.join(' ')}: ${result.stderr}`);
    };
    await run('index', repo);
    for (const family of ['function', 'crossfile', 'node']) {
      const file = join(scratch, `${family}.jsonl`);
      await run('build', family, repo, '--out', file, '--seed', '1');
      const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      assert.ok(lines.length > 0, `${family}: no tasks`);
      lines.forEach((line, index) => assertValid('task', JSON.parse(line), `${family}.jsonl line ${index + 1}`));
    }
    const runDir = join(scratch, 'run');
    await run(
      'eval',
      join(scratch, 'crossfile.jsonl'),
      '--model',
      'baseline:copy-retrieved',
      '--context',
      'bm25',
      '--run',
      runDir,
      '--no-cache',
    );
    await run('score', runDir, '--metrics', 'em,es');
    const rows = runRows(runDir);
    assert.ok(
      rows.some(([name, value]) => name === 'prompt-parts' && (value as { snippets: unknown[] }).snippets.length > 0),
      'bm25 prompts carry snippets',
    );
    for (const [name, value, where] of rows) assertValid(name, value, where);
    const store = openRunStore(runDir, { readonly: true });
    const candidates = store.candidates();
    store.close();
    assert.ok(candidates.every((candidate) => candidate.metrics !== null));
    for (const candidate of candidates)
      assertValid('candidate', candidate, `candidate ${candidate.taskId}#${candidate.sample}`);
    const report = join(scratch, 'report.json');
    await run('report', runDir, '--by', 'language', '--format', 'json', '--out', report);
    assertValid('report', JSON.parse(readFileSync(report, 'utf8')), 'report.json');
  });

  it('refuse what the zod schemas refuse (a task of one kind with another kind’s fields)', () => {
    const node = JSON.parse(
      readFileSync(join(ROOT, 'test/fixtures/models/tasks.jsonl'), 'utf8').split('\n')[0]!,
    ) as Record<string, unknown>;
    const validate = validators.get('task')!;
    assert.equal(validate({ ...node, kind: 'line' }), false);
    assert.equal(validate({ ...node, kind: 'crossfile', name: 'f' }), false);
    assert.equal(validate({ ...node, span: { ...(node.span as object), startLine: 0 } }), false);
  });
});

describe('every record kind names the file, the line and the field of a bad value', () => {
  it('a task line', () => {
    const file = join(scratch, 'bad-tasks.jsonl');
    const line = readFileSync(join(ROOT, 'test/fixtures/models/tasks.jsonl'), 'utf8').split('\n')[0]!;
    const task = JSON.parse(line) as Record<string, unknown>;
    writeFileSync(
      file,
      `${line}\n${JSON.stringify({ ...task, id: 'other', kind: 'crossfile', signature: 'int f(void)' })}\n`,
    );
    assert.throws(() => readTasks(file), {
      message: `${file}, line 2, field 'signature': only function tasks have this field`,
    });
  });

  it('an environment file (YAML: the line of the key)', () => {
    assert.throws(
      () =>
        parseEnvironment(
          'repo: r\nsetup: make\ntest: t {tests}\ntimeout: 5\nlimits:\n  cpus: 2\n  memoryMb: -3\n',
          '/envs/e.yaml',
        ),
      {
        message: "/envs/e.yaml, line 7, field 'limits.memoryMb': must be a positive number",
      },
    );
  });

  it('an execution state file (what `exec check` wrote), with how to recover', () => {
    const env = parseEnvironment('repo: .\nsetup: []\ntest: make check\ntimeout: 5\n', join(scratch, 'checked.yaml'));
    const state = join(scratch, 'checked.state.json');
    writeFileSync(
      state,
      JSON.stringify({
        envHash: 'h',
        checkedAt: 'now',
        rounds: [],
        tests: { t1: { ms: 3, passed: [true, 'yes'] } },
        flaky: [],
        failing: [],
      }),
    );
    assert.throws(() => readState(env), {
      message:
        `${state}, field 'tests.t1.passed[1]': expected a boolean, got a string "yes"; not a state file of ` +
        `this ctxbench: delete it and run \`ctxbench exec check ${env.file}\` again`,
    });
    writeFileSync(
      state,
      JSON.stringify({ envHash: 'h', checkedAt: 'now', rounds: [], tests: {}, flaky: ['t2'], failing: [] }),
    );
    assert.deepEqual(readState(env), {
      envHash: 'h',
      checkedAt: 'now',
      rounds: [],
      tests: {},
      flaky: ['t2'],
      failing: [],
      reported: null,
    });
  });

  it('a template file (YAML: the line of the key; JSON: the field)', () => {
    const yaml = join(scratch, 'bad.yaml');
    writeFileSync(yaml, 'kind: completion\nprompt: "{prefix}"\ncontext:\n  header: ""\n  wrap: "no block"\n');
    assert.throws(() => loadTemplateFile(yaml), {
      message: `${yaml}, line 5, field 'context.wrap': must contain {block}`,
    });
    const json = join(scratch, 'bad.json');
    writeFileSync(json, JSON.stringify({ kind: 'chat', user: 'x', retrieval: { topK: 0 } }));
    assert.throws(() => loadTemplateFile(json), {
      message: `${json}, field 'retrieval.topK': must be more than 0, got 0`,
    });
  });

  it('a labels line, a config file, a docstring template, a stored review and a queued job', () => {
    const labels = join(scratch, 'labels.jsonl');
    writeFileSync(
      labels,
      `${JSON.stringify({ id: 'a', labels: { contaminated: 'no' } })}\n${JSON.stringify({ id: 'b', labels: { contaminated: true } })}\n`,
    );
    assert.throws(() => readTaskLabels(labels), {
      message: `${labels}, line 2, field 'labels.contaminated': expected a string or a number`,
    });
    const config = join(scratch, 'ctxbench.config.yaml');
    writeFileSync(config, '# plugins\nplugins:\n  - ./a.ts\n  - 3\n');
    assert.throws(() => pluginsOfConfig(config), {
      message: `${config}, line 4, field 'plugins[1]': expected a string, got a number 3`,
    });
    const template = join(scratch, 'docstring.yaml');
    writeFileSync(template, 'name: mine\nsystem: "You write docstrings."\nuser: "Describe {bdy}"\n');
    assert.throws(() => loadDocstringTemplate(template), {
      message:
        `${template}, line 3, field 'user': unknown placeholder (known: {docstring}, {signature}, {body}, ` +
        `{name}, {language}, {path})`,
    });
    const reviewsFile = join(scratch, 'bad.reviews.db');
    new ReviewStore(reviewsFile).close();
    const db = new Database(reviewsFile);
    db.prepare(
      'INSERT INTO reviews (task_id, reviewer, kind, mark, note, docstring, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run('t1', 'bob', 'original', 'x', '', null, 'now');
    db.close();
    const reviews = new ReviewStore(reviewsFile, { readonly: true });
    try {
      assert.throws(() => reviews.all(), {
        message: `${reviewsFile} (task 't1', reviewer 'bob'), field 'mark': expected one of -, ?, +, got a string "x"`,
      });
    } finally {
      reviews.close();
    }
    const hash = 'a'.repeat(40);
    assert.throws(
      () =>
        parseRecord(
          execJobSchema,
          {
            run: hash,
            taskId: 't1',
            sample: -1,
            candidateHash: hash,
            envHash: hash,
            task: hash,
            state: hash,
            candidate: '',
            rerun: false,
          },
          { file: 'job 7' },
        ),
      {
        message: "job 7, field 'sample': must be at least 0, got -1",
      },
    );
  });

  it('a run-store row (config, prompt, candidate), on every read', () => {
    const run = join(scratch, 'corrupt-run');
    createSampleRun(run, 'infile', 1);
    const db = new Database(join(run, 'run.db'));
    const [taskId, sample] = Object.values(
      db.prepare('SELECT task_id, sample FROM candidates LIMIT 1').get() as object,
    ) as [string, number];
    db.prepare('INSERT OR REPLACE INTO verdicts (task_id, sample, result) VALUES (?, ?, ?)').run(
      taskId,
      sample,
      JSON.stringify({ verdict: 'pass', selectedTests: [], buildMs: 'fast', testMs: 1, logTail: '', cached: false }),
    );
    db.prepare('UPDATE prompts SET parts = ? WHERE task_id = ?').run(
      JSON.stringify({ messages: null, prompt: 'x', tokens: { total: 'many' }, snippets: [] }),
      taskId,
    );
    db.prepare(`UPDATE meta SET value = json_set(value, '$.samples', 0) WHERE key = 'config'`).run();
    db.close();
    const store = openRunStore(run, { readonly: true });
    const file = join(run, 'run.db');
    try {
      assert.throws(() => store.candidates(), {
        message:
          `${file} (candidate ${taskId}#${sample}), field 'verdict.buildMs': expected a number, got a string ` +
          `"fast"`,
      });
      assert.throws(() => store.prompt(taskId), {
        message: `${file} (prompt of ${taskId}), field 'tokens.total': expected a number, got a string "many"`,
      });
      assert.throws(() => store.config(), { message: `${file} (config), field 'samples': must be more than 0, got 0` });
    } finally {
      store.close();
    }
  });
});
