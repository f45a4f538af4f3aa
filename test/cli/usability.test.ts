// What a user meets at the edges: output folders the demo must not touch, paths that cannot be
// written, a reader that closes the pipe, Ctrl-C during eval, mistyped options, prompt = eval.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { holdRunFolder } from '../../src/runstore/folder.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { InputError } from '../../src/util/errors.ts';
import { claimOutputFolder, writeFolderWhole } from '../../src/util/output-folder.ts';
import { startServer } from '../models/openai-server.ts';

const CLI = fileURLToPath(new URL('../../bin/ctxbench.js', import.meta.url));
const TASKS = fileURLToPath(new URL('../fixtures/models/tasks.jsonl', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-usability-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const cli = (args: string[], cwd = scratch) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });

/** The CLI without blocking this process (whose event loop serves the test's model server). */
function cliAsync(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: scratch,
    env: { ...process.env, OPENAI_API_KEY: 'test' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

/** One line on stderr, no stack trace. */
function assertOneLine(stderr: string, pattern: RegExp): void {
  assert.equal(stderr.trim().split('\n').length, 1, stderr);
  assert.doesNotMatch(stderr, /\n\s+at /);
  assert.match(stderr, pattern);
}

test('demo refuses the current folder and a non-empty folder it did not create, touching nothing', () => {
  const cwd = join(scratch, 'work');
  mkdirSync(cwd);
  writeFileSync(join(cwd, 'thesis.tex'), 'precious');
  const here = cli(['demo', '--out', '.'], cwd);
  assert.equal(here.status, 2);
  assertOneLine(
    here.stderr,
    /^ctxbench demo: refusing to write the demo outputs into .*work: it is the current folder/,
  );
  const parent = cli(['demo', '--out', '..'], cwd);
  assert.equal(parent.status, 2);
  assert.match(parent.stderr, /one of its parents/);

  const foreign = join(scratch, 'foreign');
  mkdirSync(foreign);
  writeFileSync(join(foreign, 'notes.txt'), 'mine');
  const refused = cli(['demo', '--out', foreign]);
  assert.equal(refused.status, 2);
  assertOneLine(
    refused.stderr,
    /foreign is not empty and was not created by ctxbench demo: refusing to replace its contents/,
  );
  assert.equal(readFileSync(join(cwd, 'thesis.tex'), 'utf8'), 'precious');
  assert.equal(readFileSync(join(foreign, 'notes.txt'), 'utf8'), 'mine');
});

test('an output folder is claimed when new or empty, reused when the same command created it, refused otherwise', () => {
  const fresh = join(scratch, 'claims', 'new');
  assert.equal(claimOutputFolder(fresh, 'demo'), fresh);
  writeFileSync(join(fresh, 'report.html'), 'old');
  assert.equal(claimOutputFolder(fresh, 'demo'), fresh);
  assert.throws(() => claimOutputFolder(fresh, 'export'), /not empty and was not created by ctxbench export/);
  const empty = join(scratch, 'claims', 'empty');
  mkdirSync(empty);
  assert.equal(claimOutputFolder(empty, 'demo'), empty);
  assert.equal(readFileSync(join(empty, '.ctxbench-output'), 'utf8'), 'demo\n');
  const file = join(scratch, 'claims', 'file');
  writeFileSync(file, '');
  assert.throws(() => claimOutputFolder(file, 'demo'), /is a file, not a folder/);
});

test('a folder written whole appears complete or not at all, and replaces only what the same command wrote', () => {
  const out = join(scratch, 'whole', 'export');
  const write = (text: string) =>
    writeFolderWhole(out, (dir) => writeFileSync(join(dir, 'a.txt'), text), { owner: 'view', what: 'viewer export' });
  write('first');
  assert.equal(readFileSync(join(out, 'a.txt'), 'utf8'), 'first');
  // A failure halfway leaves the earlier folder as it was and no temporary folder beside it.
  assert.throws(
    () =>
      writeFolderWhole(
        out,
        (dir) => {
          writeFileSync(join(dir, 'a.txt'), 'half');
          throw new InputError('broken run', { file: 'run.db' });
        },
        { owner: 'view', what: 'viewer export' },
      ),
    /broken run/,
  );
  assert.equal(readFileSync(join(out, 'a.txt'), 'utf8'), 'first');
  assert.deepEqual(readdirSync(join(scratch, 'whole')), ['export']);
  write('second');
  assert.deepEqual(
    [readFileSync(join(out, 'a.txt'), 'utf8'), readdirSync(join(scratch, 'whole'))],
    ['second', ['export']],
  );
  // Someone else's folder is never replaced.
  const foreign = join(scratch, 'whole', 'foreign');
  mkdirSync(foreign);
  writeFileSync(join(foreign, 'notes.txt'), 'mine');
  assert.throws(
    () => writeFolderWhole(foreign, () => undefined, { owner: 'view', what: 'viewer export' }),
    /foreign is not empty and was not created by ctxbench view/,
  );
  assert.throws(() => writeFolderWhole(out, () => undefined, { what: 'HF export' }), /export exists and is not empty/);
  assert.equal(readFileSync(join(foreign, 'notes.txt'), 'utf8'), 'mine');
});

test('unwritable output paths are one line naming the path, and /proc does not hang', () => {
  const file = join(scratch, 'a-file');
  writeFileSync(file, '');
  const cases: [string[], RegExp][] = [
    [
      [
        'eval',
        TASKS,
        '--model',
        'baseline:empty',
        '--context',
        'infile',
        '--template',
        'cceval',
        '--run',
        '/proc/ctxbench-nope',
      ],
      /^ctxbench eval: cannot create the folder \/proc\/ctxbench-nope: its parent does not accept new folders/,
    ],
    [
      [
        'eval',
        TASKS,
        '--model',
        'baseline:empty',
        '--context',
        'infile',
        '--template',
        'cceval',
        '--run',
        join(file, 'run'),
      ],
      /^ctxbench eval: cannot use .*a-file\/run: a part of the path is not a folder/,
    ],
    [
      [
        'build',
        'function',
        fileURLToPath(new URL('../fixtures/models/repo', import.meta.url)),
        '--db',
        join(file, 'index.db'),
        '--out',
        join(scratch, 't.jsonl'),
      ],
      /^ctxbench build: cannot use .*a-file: a part of the path is not a folder/,
    ],
  ];
  for (const [args, pattern] of cases) {
    const result = cli(args);
    assert.equal(result.status, 1, `${args.join(' ')}: ${result.stderr}`);
    assertOneLine(result.stderr, pattern);
  }
});

test('a failed eval removes the run folder it made and nothing else', () => {
  const invalid = join(scratch, 'invalid.jsonl');
  writeFileSync(invalid, '{"id": "t1"}\n');
  const evalInto = (tasks: string, run: string, ...more: string[]) =>
    cli([
      'eval',
      tasks,
      '--model',
      'baseline:empty',
      '--context',
      'infile',
      '--template',
      'cceval',
      '--run',
      run,
      ...more,
    ]);
  // An invalid task set, an unknown strategy, an unreachable queue server: the folders made for the run go again.
  for (const [tasks, more, pattern] of [
    [invalid, [], /^ctxbench eval: .*invalid\.jsonl, line 1, field 'kind'/],
    [TASKS, ['--context', 'nosuch'], /^ctxbench eval: field 'context': unknown context strategy 'nosuch'/],
    [
      TASKS,
      ['--queue', 'redis://127.0.0.1:1'],
      /^ctxbench eval: field 'queue': cannot use the queue server at redis:\/\/127\.0\.0\.1:1\/0/,
    ],
  ] as const) {
    const failed = evalInto(tasks, join(scratch, 'made', 'by', 'eval'), ...more);
    assert.equal(failed.status, 2, failed.stderr);
    assertOneLine(failed.stderr, pattern);
    assert.equal(existsSync(join(scratch, 'made')), false, `${more.join(' ')}: the folders eval made are gone`);
  }
  // A folder that existed before stays, even empty; the run store a failed call made in it goes.
  const before = join(scratch, 'empty-before');
  mkdirSync(before);
  assert.equal(evalInto(invalid, before).status, 2);
  const noRepo = evalInto(TASKS, before, '--context', 'bm25', '--repo', join(scratch, 'no-such-repo'));
  assert.equal(noRepo.status, 2, noRepo.stderr);
  assert.match(noRepo.stderr, /no-such-repo: cannot read repository folder: ENOENT/);
  assert.deepEqual(readdirSync(before), []);
  // A run with stored candidates is kept when a later call fails.
  const kept = join(scratch, 'kept');
  assert.equal(evalInto(TASKS, kept).status, 0);
  assert.equal(evalInto(TASKS, kept, '--context', 'nosuch').status, 2);
  const store = openRunStore(kept, { readonly: true });
  assert.equal(store.counts().candidates, 4);
  store.close();
  // What another process put into a parent this call made stays, and so does that parent.
  const folder = holdRunFolder(join(scratch, 'shared', 'run'), 'eval');
  mkdirSync(join(scratch, 'shared', 'other'));
  folder.release();
  assert.deepEqual(readdirSync(join(scratch, 'shared')), ['other']);
});

test('a reader that closes the pipe early ends the output quietly', async () => {
  const child = spawn(process.execPath, [CLI, '--help']);
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
  assert.equal(stderr, '');
  assert.equal(code, 0);
});

test('mistyped commands and options suggest the nearest name', () => {
  const command = cli(['evl']);
  assert.equal(command.status, 2);
  assert.equal(
    command.stderr,
    "ctxbench: unknown command 'evl'. Did you mean 'eval'? Run 'ctxbench --help' for the list.\n",
  );
  const option = cli(['eval', TASKS, '--modle', 'x']);
  assert.equal(option.status, 2);
  assert.equal(
    option.stderr,
    "ctxbench eval: Unknown option '--modle'. Did you mean --model?\nSee: ctxbench eval --help\n",
  );
  const far = cli(['eval', TASKS, '--zzzzzz']);
  assert.equal(far.stderr, "ctxbench eval: Unknown option '--zzzzzz'.\nSee: ctxbench eval --help\n");
});

test('Ctrl-C during eval says what was saved and how to resume; the same command then finishes the run', async () => {
  // Interrupted when the fourth call arrives: some candidates are stored by then and one is in flight.
  let fourthCall!: () => void;
  const calledFourTimes = new Promise<void>((resolve) => (fourthCall = resolve));
  let calls = 0;
  const server = await startServer(() => {
    if (++calls === 4) fourthCall();
    return { delayMs: 250 };
  });
  const runDir = join(scratch, 'interrupted');
  const args = [
    'eval',
    TASKS,
    '--model',
    'openai:completion:coder',
    '--base-url',
    server.url,
    '--context',
    'infile',
    '--template',
    'cceval',
    '--run',
    runDir,
    '-n',
    '3',
    '--concurrency',
    '1',
    '--no-cache',
  ];
  try {
    const child: ChildProcess = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, OPENAI_API_KEY: 'test' },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    await calledFourTimes;
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
    assert.equal(code, 130);
    const message =
      /ctxbench eval: interrupted; (\d+) candidates? (?:is|are) saved in (.+)\. Run the same command again to resume\.\n$/.exec(
        stderr,
      );
    assert.ok(message, stderr);
    assert.equal(message[2], runDir);
    const store = openRunStore(runDir, { readonly: true });
    const saved = store.candidates().length;
    store.close();
    assert.equal(Number(message[1]), saved);
    assert.ok(saved >= 2 && saved < 12, `${saved} saved`);

    const resumed = await cliAsync(args);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stdout, new RegExp(`^12 candidates for 4 tasks in .*: ${12 - saved} written now`));
  } finally {
    await server.close();
  }
});

test('prompt shows exactly the prompt eval sends, with the same defaults (a chat model gets the chat template)', async () => {
  const server = await startServer();
  try {
    const tasks = readFileSync(TASKS, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; kind: string });
    const crossfile = tasks.filter((task) => task.kind === 'crossfile');
    const file = join(scratch, 'crossfile.jsonl');
    writeFileSync(file, `${crossfile.map((task) => JSON.stringify(task)).join('\n')}\n`);
    const runDir = join(scratch, 'chat-run');
    const evaluated = await cliAsync([
      'eval',
      file,
      '--model',
      'openai:chat:coder',
      '--base-url',
      server.url,
      '--context',
      'infile',
      '--run',
      runDir,
      '--no-cache',
    ]);
    assert.equal(evaluated.status, 0, evaluated.stderr);
    const store = openRunStore(runDir, { readonly: true });
    assert.equal(store.config().template, 'cceval-chat');
    for (const task of crossfile) {
      const shown = cli([
        'prompt',
        file,
        '--id',
        task.id,
        '--context',
        'infile',
        '--model',
        'openai:chat:coder',
        '--json',
      ]);
      assert.equal(shown.status, 0, shown.stderr);
      const built = JSON.parse(shown.stdout) as { template: string; messages: unknown };
      assert.equal(built.template, 'cceval-chat');
      assert.deepEqual(built.messages, store.prompt(task.id)!.messages);
      assert.deepEqual(
        server.requests.find((request) => JSON.stringify(request.body.messages) === JSON.stringify(built.messages))
          ?.body.messages,
        built.messages,
      );
    }
    store.close();
    assert.equal(existsSync(join(runDir, 'run.db')), true);
  } finally {
    await server.close();
  }
});
