// `ctxbench build` end to end: indexes when needed, writes tasks and manifest atomically, prints
// the filter chain and label counts, drops what a model solves, refuses bad usage.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../capture-cli.ts';
import { after, before, describe, it } from 'node:test';
import { readTasks } from '../../src/datasets/io.ts';
import type { BuildManifest } from '../../src/tasks/types.ts';
import { copyFixture, FIXTURES, tempDir } from './helpers.ts';
import { startServer } from '../models/openai-server.ts';

describe('ctxbench build', () => {
  let dir: string;
  let cleanup: () => void;
  let nodeRepo: string;
  let crossRepo: string;
  before(() => {
    ({ dir, cleanup } = tempDir());
    nodeRepo = copyFixture('node-mix', dir);
    crossRepo = copyFixture('cf-mix', dir);
  });
  after(() => cleanup());

  it('indexes a repository without an index, writes tasks and manifest, prints the tables', async () => {
    const out = join(dir, 'node.jsonl');
    const { code, stdout } = await cli(['build', 'node', nodeRepo, '--out', out, '--seed', '11']);
    assert.equal(code, 0);
    assert.ok(existsSync(join(nodeRepo, '.ctxbench', 'index.db')));
    const tasks = readTasks(out);
    assert.equal(tasks.length, 6);
    const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, 'utf8')) as BuildManifest;
    assert.equal(manifest.tool, 'ctxbench');
    assert.equal(
      manifest.version,
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version,
    );
    assert.equal(manifest.command, `ctxbench build node ${nodeRepo} --out ${out} --seed 11`);
    assert.deepEqual(manifest.repositories, [{ name: 'node-mix', root: nodeRepo, commit: null }]);
    assert.equal(manifest.family, 'node');
    assert.equal(manifest.seed, 11);
    assert.equal(manifest.tasks, 6);
    assert.deepEqual(manifest.counts.language, { java: 1, go: 1, typescript: 1, python: 2, c: 1 });
    assert.equal(
      Object.values(manifest.counts.bucket!).reduce((a, b) => a + b, 0),
      6,
    );
    assert.match(stdout, /^step\s+removed\s+remaining$/m);
    assert.match(stdout, /^more than 5 lines\s+12\s+352$/m);
    assert.match(stdout, /^language\s+python\s+2$/m);
    assert.match(stdout, /6 node tasks written to /);
    // the same seed writes the same bytes
    const again = join(dir, 'node-again.jsonl');
    assert.equal((await cli(['build', 'node', nodeRepo, '--out', again, '--seed', '11'])).code, 0);
    assert.equal(readFileSync(again, 'utf8'), readFileSync(out, 'utf8'));
    assert.deepEqual(manifest.options.buckets, { rootDepth: 1, treeDepth: 'named' });
    // the other bucket readings are options, recorded in the manifest
    const zero = join(dir, 'node-root0.jsonl');
    assert.equal(
      (
        await cli([
          'build',
          'node',
          nodeRepo,
          '--out',
          zero,
          '--seed',
          '11',
          '--bucket-root',
          '0',
          '--bucket-depth',
          'all',
        ])
      ).code,
      0,
    );
    assert.deepEqual((JSON.parse(readFileSync(`${zero}.manifest.json`, 'utf8')) as BuildManifest).options.buckets, {
      rootDepth: 0,
      treeDepth: 'all',
    });
    assert.deepEqual(
      readTasks(zero).map((t) => t.id),
      tasks.map((t) => t.id),
    );
  });

  it('--drop-solved-by asks the model with in-file context only and drops exact answers', async () => {
    const reference = join(dir, 'solved-reference.jsonl');
    assert.equal(
      (
        await cli([
          'build',
          'crossfile',
          crossRepo,
          '--out',
          reference,
          '--seed',
          '5',
          '--drop-solved-by',
          'baseline:reference',
        ])
      ).code,
      0,
    );
    assert.deepEqual(readTasks(reference), []);
    const manifest = JSON.parse(readFileSync(`${reference}.manifest.json`, 'utf8')) as BuildManifest;
    assert.deepEqual(manifest.filters.at(-1), {
      filter: 'solved exactly without cross-file context by baseline:reference',
      removed: 8,
      remaining: 0,
    });
    assert.equal(manifest.options.dropSolvedBy, 'baseline:reference');
    const empty = join(dir, 'solved-empty.jsonl');
    assert.equal(
      (
        await cli([
          'build',
          'crossfile',
          crossRepo,
          '--out',
          empty,
          '--seed',
          '5',
          '--drop-solved-by',
          'baseline:empty',
        ])
      ).code,
      0,
    );
    assert.equal(readTasks(empty).length, 8);
  });

  it('--drop-solved-by calls through the models stage: --base-url, retries, the response cache', async () => {
    // the endpoint refuses the first request once (503): the run's retry policy answers it
    const server = await startServer((_request, index) =>
      index === 0 ? { status: 503, headers: { 'retry-after': '0' } } : {},
    );
    try {
      const cacheDir = join(dir, 'solved-cache');
      const args = (out: string) => [
        'build',
        'crossfile',
        crossRepo,
        '--out',
        join(dir, out),
        '--seed',
        '5',
        '--drop-solved-by',
        'openai:completion:m',
        '--base-url',
        server.url,
        '--cache-dir',
        cacheDir,
      ];
      const first = await cli(args('solved-http.jsonl'));
      assert.equal(first.code, 0, first.stderr);
      assert.equal(readTasks(join(dir, 'solved-http.jsonl')).length, 8); // the scripted answers never equal a reference
      assert.equal(server.requests.length, 9); // 8 tasks + 1 retried
      assert.ok(server.requests.every((request) => request.body.temperature === 0 && request.body.model === 'm'));
      // the same build again: every answer comes from the shared response cache
      assert.equal((await cli(args('solved-http-2.jsonl'))).code, 0);
      assert.equal(server.requests.length, 9);
      assert.equal((await cli([...args('solved-http-3.jsonl'), '--no-cache'])).code, 0);
      assert.equal(server.requests.length, 17);
    } finally {
      await server.close();
    }
  });

  it('takes --languages, --limit and --coverage', async () => {
    const out = join(dir, 'py.jsonl');
    assert.equal(
      (await cli(['build', 'crossfile', crossRepo, '--out', out, '--languages', 'python,c', '--limit', '1'])).code,
      0,
    );
    assert.deepEqual(
      readTasks(out)
        .map((t) => t.language)
        .sort(),
      ['c', 'python'],
    );
    const fn = join(dir, 'fn.jsonl');
    const repo = copyFixture('fn-c', dir);
    assert.equal(
      (
        await cli([
          'build',
          'function',
          repo,
          '--out',
          fn,
          '--coverage',
          join(FIXTURES, 'fn-c', 'coverage-data'),
          '--per-level',
          '1',
        ])
      ).code,
      0,
    );
    // no git history here: the most tested function of each level wins
    assert.deepEqual(
      readTasks(fn).map((t) => t.name),
      ['store_hash', 'app_show', 'store_put', 'store_get'],
    );
  });

  it('lists every file it skips or decodes with a fallback, in its output and manifest: a minified file over the size limit, a NUL-byte file, a UTF-16 file (decoded: its tasks read as text), a Shift_JIS file (decoded as Latin-1)', async () => {
    const repo = join(dir, 'inputs');
    mkdirSync(repo);
    writeFileSync(join(repo, 'main.py'), 'def add(a, b):\n    total = a + b\n    return total\n');
    // 2.5 MB of minified JavaScript on one line
    writeFileSync(join(repo, 'bundle.min.js'), `var a=[${'1,'.repeat(1_250_000)}1];`);
    writeFileSync(join(repo, 'blob.c'), Buffer.from([105, 110, 116, 0, 120, 59, 10]));
    writeFileSync(
      join(repo, 'wide.py'),
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('def wide(name):\n    greeting = "hello " + name\n    return greeting\n', 'utf16le'),
      ]),
    );
    // `# 日本語のコメント` in Shift_JIS
    writeFileSync(
      join(repo, 'sjis.py'),
      Buffer.concat([
        Buffer.from('# '),
        Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x83, 0x52, 0x83, 0x81, 0x83, 0x93, 0x83, 0x67]),
        Buffer.from('\ndef sjis(x):\n    return x * 2\n'),
      ]),
    );
    const out = join(dir, 'inputs.jsonl');
    const { code, stderr } = await cli(['build', 'node', repo, '--out', out, '--seed', '3', '--per-file', '50']);
    assert.equal(code, 0);
    const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, 'utf8')) as BuildManifest;
    assert.deepEqual(manifest.inputs, {
      skipped: [
        { repository: 'inputs', path: 'blob.c', reason: 'binary' },
        { repository: 'inputs', path: 'bundle.min.js', reason: 'over the size limit' },
      ],
      decoded: [
        { repository: 'inputs', path: 'sjis.py', reason: 'latin1' },
        { repository: 'inputs', path: 'wide.py', reason: 'utf-16' },
      ],
      counts: { binary: 1, 'over the size limit': 1, latin1: 1, 'utf-16': 1 },
    });
    const lines = stderr.split('\n');
    assert.ok(
      lines.includes(
        'warning: 2 files skipped, 2 decoded with a fallback (1 binary, 1 over the size limit, 1 latin1, 1 utf-16); ' +
          'the manifest lists them:',
      ),
      stderr,
    );
    for (const line of [
      'inputs/blob.c: skipped, binary',
      'inputs/bundle.min.js: skipped, over the size limit',
      'inputs/sjis.py: decoded, latin1',
      'inputs/wide.py: decoded, utf-16',
    ]) {
      assert.ok(lines.includes(`warning:   ${line}`), `${line} in ${stderr}`);
    }
    // the UTF-16 file's holes are cut from its decoded text
    const wide = readTasks(out).filter((task) => task.path === 'wide.py');
    assert.ok(wide.length > 0);
    for (const task of wide)
      assert.ok((task.prefix + task.reference + task.suffix).startsWith('def wide(name):\n'), task.id);
  });

  it('says why it wrote no task: no candidate in the repository, or the filter that removed the last ones', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'README.md'), '# notes only\n');
    const none = await cli(['build', 'function', empty, '--out', join(dir, 'empty.jsonl')]);
    assert.equal(none.code, 0);
    assert.match(none.stdout, /^0 function tasks written to /m);
    assert.equal(none.stderr, 'warning: no tasks: the repositories hold no function candidate in a supported language');
    const filtered = await cli([
      'build',
      'function',
      nodeRepo,
      '--out',
      join(dir, 'py.jsonl'),
      '--languages',
      'python',
    ]);
    assert.equal(filtered.code, 0);
    assert.equal(
      filtered.stderr,
      "warning: no tasks: the filter 'docstring missing, too short, licence or code' removed the last 4 candidates " +
        '(see the table)',
    );
    const corpus = await cli(['corpus', empty, '--out', join(dir, 'empty-corpus'), '--family', 'node']);
    assert.equal(corpus.code, 0);
    assert.equal(corpus.stderr, 'warning: no samples: the repositories hold no node candidate in a supported language');
  });

  it('refuses bad usage before writing anything', async () => {
    const out = join(dir, 'bad.jsonl');
    const cases: [string[], RegExp][] = [
      [['build', 'lines', nodeRepo, '--out', out], /expected a family \(function, crossfile, node\)/],
      [['build', 'node', nodeRepo], /--out FILE is required/],
      [['build', 'node', '--out', out], /expected at least one repository/],
      [['build', 'node', nodeRepo, crossRepo, '--out', out, '--db', join(dir, 'x.db')], /--db names one index/],
      [['build', 'node', nodeRepo, '--out', out, '--seed', 'abc'], /--seed must be an integer >= 0, got 'abc'/],
      // 0 tasks per level is no benchmark: every count option goes through the one option parser (cli/options.ts)
      [['build', 'node', nodeRepo, '--out', out, '--per-level', '0'], /--per-level must be an integer >= 1, got '0'/],
      [['build', 'node', nodeRepo, '--out', out, '--limit', '2.5'], /--limit must be an integer >= 1, got '2.5'/],
      [['build', 'node', nodeRepo, '--out', out, '--languages', 'cobol'], /unknown language 'cobol'/],
      [['build', 'node', join(dir, 'missing'), '--out', out], /repository path does not exist/],
      [['build', 'function', nodeRepo, '--out', out, '--coverage', join(dir, 'none.csv')], /does not exist/],
      [['build', 'node', nodeRepo, '--out', out, '--drop-solved-by', 'nomodel'], /unknown model 'nomodel'/],
      [['build', 'node', nodeRepo, '--out', out, '--bucket-root', '2'], /--bucket-root must be 0 or 1, got '2'/],
      [
        ['build', 'node', nodeRepo, '--out', out, '--bucket-depth', 'leaves'],
        /--bucket-depth must be named or all, got 'leaves'/,
      ],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await cli(args);
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, message);
    }
    assert.equal(
      readdirSync(dir).some((name) => name.startsWith('bad.jsonl')),
      false,
    );
  });
});
