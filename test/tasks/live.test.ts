// Live benchmarks (`ctxbench refresh`): a fixture library's dated history (test/fixtures/live: one folder per
// commit) made into a git repository, refreshed window by window. Exact tasks per window, nothing outside its
// window, re-runs, a new commit, a changed spec, a kill -9, the lock, and a run that grows with the windows.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readTasks } from '../../src/datasets/io.ts';
import { readLiveChain, type LiveChain } from '../../src/datasets/live.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { recordHash, canonicalJson } from '../../src/util/canonical-json.ts';
import { lockFolder } from '../../src/util/lock.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { cli } from '../capture-cli.ts';
import { tempDir } from './helpers.ts';
import { commitVersion, liveSpec, makeHistory } from '../fixtures/live/history.ts';

const VERSIONS = new URL('../fixtures/live/', import.meta.url).pathname;

const BIN = new URL('../../bin/ctxbench.js', import.meta.url).pathname;
const SPEC = liveSpec;

const chainOf = (spec: string): LiveChain => readLiveChain(join(spec.replace(/\.yaml$/, '.live'), 'live.json'));
const tasksOf = (live: string, family: string, window: string) =>
  readTasks(`${live}#${family}`).filter((task) => task.labels.window === window);
const names = (tasks: TaskRecord[]) => tasks.map((task) => task.name).sort();

/** The lines (1-based) of `path` that differ between two versions, on the newer side (git diff -U0). */
function changedLines(root: string, from: string, to: string, path: string): Set<number> {
  const diff = execFileSync('git', ['-C', root, 'diff', '-U0', from, to, '--', path], { encoding: 'utf8' });
  const lines = new Set<number>();
  for (const match of diff.matchAll(/^@@ -\S+ \+(\d+)(?:,(\d+))? @@/gm)) {
    const start = Number(match[1]);
    for (let line = start; line < start + Number(match[2] ?? 1); line++) lines.add(line);
  }
  return lines;
}

describe('refresh', () => {
  let dir: string;
  let cleanup: () => void;
  let spec: string;
  let live: string;
  before(() => {
    ({ dir, cleanup } = tempDir('ctxbench-live-'));
    makeHistory(join(dir, 'lib'), ['jan', 'feb', 'mar']);
    spec = join(dir, 'stats.yaml');
    live = join(dir, 'stats.live');
    writeFileSync(spec, SPEC());
  });
  after(() => cleanup());

  it('builds one set per closed window, each with the tasks whose lines changed inside it', async () => {
    const result = await cli(['refresh', spec, '--until', '2024-04-01']);
    assert.equal(result.code, 0, result.stderr);
    const chain = chainOf(spec);
    assert.deepEqual(
      chain.windows.map((window) => [window.start, window.end, window.repositories[0]!.commits]),
      [
        ['2024-01-01', '2024-02-01', 1],
        ['2024-02-01', '2024-03-01', 1],
        ['2024-03-01', '2024-04-01', 1],
      ],
    );
    // function: the bodies last changed in the window (clamp_value changed in February; parse_digits in March)
    assert.deepEqual(names(tasksOf(live, 'function', '2024-01-01')), ['clamp_value', 'mean_of']);
    assert.deepEqual(names(tasksOf(live, 'function', '2024-02-01')), ['clamp_value', 'leading_blanks', 'parse_digits']);
    assert.deepEqual(names(tasksOf(live, 'function', '2024-03-01')), ['parse_digits']);
    // node: every hole on a line the window changed, and only in files it changed
    const lib = join(dir, 'lib');
    const commits = chain.windows.map((window) => window.repositories[0]!.commit!);
    for (const [index, window] of chain.windows.entries()) {
      const holes = tasksOf(live, 'node', window.start);
      assert.ok(holes.length > 0, window.start);
      for (const hole of holes) {
        const changed = index === 0 ? null : changedLines(lib, commits[index - 1]!, commits[index]!, hole.path);
        const lines = Array.from(
          { length: hole.span.endLine - hole.span.startLine + 1 },
          (_, k) => hole.span.startLine + k,
        );
        assert.ok(
          changed === null || lines.some((line) => changed.has(line)),
          `${window.start} ${hole.path}:${hole.span.startLine}-${hole.span.endLine} on no changed line`,
        );
      }
      if (index === 2) assert.deepEqual([...new Set(holes.map((hole) => hole.path))], ['src/parse.c']);
    }
    // ids and labels name the window; each set is named by its content hash and holds what the chain says
    const march = tasksOf(live, 'function', '2024-03-01')[0]!;
    assert.match(march.id, /@2024-03-01$/);
    assert.equal(march.repo.commit, commits[2]);
    for (const window of chain.windows) {
      for (const set of window.sets) {
        const tasks = readTasks(join(live, set.file));
        assert.equal(tasks.length, set.tasks);
        assert.equal(recordHash(tasks.map((task) => canonicalJson(task))), set.contentHash);
        assert.ok(set.file.includes(set.contentHash.slice(0, 16)));
      }
    }
    assert.match(result.stdout, /2024-03-01 \.\. 2024-04-01\s+stats: 1\s+1\s+\d+/);
  });

  it('adds nothing when run again, and nothing for a window not closed yet', async () => {
    const before = readFileSync(join(live, 'live.json'), 'utf8');
    const sets = readdirSync(join(live, 'sets')).sort();
    const result = await cli(['refresh', spec, '--until', '2024-04-01']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /nothing to add \(3 window\(s\) built/);
    assert.equal(readFileSync(join(live, 'live.json'), 'utf8'), before);
    assert.deepEqual(readdirSync(join(live, 'sets')).sort(), sets);
  });

  it('adds exactly the window of a new commit; --dry-run only says so', async () => {
    commitVersion(join(dir, 'lib'), 'apr');
    const before = chainOf(spec);
    const dry = await cli(['refresh', spec, '--until', '2024-05-01', '--dry-run']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /2024-04-01 \.\. 2024-05-01\s+stats: 1\n/);
    assert.match(dry.stdout, /would add 1 window\(s\); nothing written/);
    assert.deepEqual(chainOf(spec), before);
    const result = await cli(['refresh', spec, '--until', '2024-05-01']);
    assert.equal(result.code, 0, result.stderr);
    const chain = chainOf(spec);
    assert.deepEqual(chain.windows.slice(0, 3), before.windows);
    assert.equal(chain.windows[3]!.previous, before.windows[2]!.hash);
    assert.deepEqual(names(tasksOf(live, 'function', '2024-04-01')), ['leading_blanks']);
  });

  it('writes an empty set for a window without commits', async () => {
    commitVersion(join(dir, 'lib'), 'jun');
    const result = await cli(['refresh', spec, '--until', '2024-07-01']);
    assert.equal(result.code, 0, result.stderr);
    const [may, june] = chainOf(spec).windows.slice(4);
    assert.deepEqual(
      [may!.start, may!.repositories[0]!.commits, may!.sets.map((set) => set.tasks)],
      ['2024-05-01', 0, [0, 0]],
    );
    assert.equal(may!.sets[0]!.filters[0]!.filter, 'no repository has a commit in the window');
    assert.deepEqual([june!.start, names(tasksOf(live, 'function', '2024-06-01'))], ['2024-06-01', ['mean_of']]);
  });

  it('builds every window again when the spec changes, and removes the old sets', async () => {
    const before = chainOf(spec);
    const oldSets = before.windows.flatMap((window) => window.sets.map((set) => set.file));
    writeFileSync(spec, SPEC().replace('perFile: 2', 'perFile: 1'));
    const result = await cli(['refresh', spec, '--until', '2024-07-01']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /added 6 window\(s\) \(the spec changed: every window built again\), 6 in all/);
    const chain = chainOf(spec);
    assert.notEqual(chain.spec.hash, before.spec.hash);
    assert.deepEqual(
      chain.windows.map((window) => window.sets[0]!.contentHash),
      before.windows.map((window) => window.sets[0]!.contentHash),
    );
    const present = new Set(readdirSync(join(live, 'sets')).map((name) => `sets/${name}`));
    const nodeSets = oldSets.filter(
      (file) =>
        file.startsWith('sets/node-') && !chain.windows.some((window) => window.sets.some((set) => set.file === file)),
    );
    assert.ok(nodeSets.length > 0);
    for (const file of nodeSets) assert.ok(!present.has(file), file);
  });

  it('refuses a second refresh of the same folder while one runs', async () => {
    const lock = lockFolder(live, 'test');
    try {
      // another process: this one's own lock is refused for another reason
      const result = spawnSync(process.execPath, [BIN, 'refresh', spec], { encoding: 'utf8' });
      assert.equal(result.status, 2);
      assert.match(result.stderr, new RegExp(`in use by another ctxbench process: pid ${process.pid}`));
    } finally {
      lock.release();
    }
  });

  it('refuses an out folder it did not make (and deletes nothing there), and a source git cannot fetch', async () => {
    const mine = join(dir, 'mine');
    mkdirSync(join(mine, 'checkouts', 'keep'), { recursive: true });
    writeFileSync(join(mine, 'notes.txt'), 'mine');
    writeFileSync(join(mine, 'live.json'), '{}');
    const elsewhere = join(dir, 'elsewhere.yaml');
    writeFileSync(elsewhere, SPEC('out: mine\n'));
    const refused = await cli(['refresh', elsewhere]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /mine: not a live folder: it holds other files \(checkouts, live\.json, notes\.txt\)/);
    assert.deepEqual(readdirSync(mine).sort(), ['checkouts', 'live.json', 'notes.txt']);
    assert.ok(existsSync(join(mine, 'checkouts', 'keep')));
    const nowhere = join(dir, 'nowhere.yaml');
    writeFileSync(nowhere, SPEC().replace('path: lib', 'path: no-such-repository'));
    const unfetched = await cli(['refresh', nowhere]);
    assert.equal(unfetched.code, 2);
    assert.match(
      unfetched.stderr,
      /cannot fetch HEAD of .*no-such-repository: .*does not appear to be a git repository/,
    );
    // a source or ref git would read as an option
    const injected = join(dir, 'injected.yaml');
    writeFileSync(injected, SPEC().replace('name: stats', 'name: stats\n    ref: --upload-pack=touch pwned'));
    const option = await cli(['refresh', injected]);
    assert.match(option.stderr, /injected\.yaml, line 4, field 'repositories\[0\]\.ref': must not start with "-"/);
    // links where the live folder's own folders go
    const linked = join(dir, 'linked.yaml');
    writeFileSync(linked, SPEC('out: linked.live\n'));
    mkdirSync(join(dir, 'elsewhere-disk', 'photos'), { recursive: true });
    mkdirSync(join(dir, 'linked.live'));
    writeFileSync(join(dir, 'linked.live', '.ctxbench-live'), '');
    symlinkSync(join(dir, 'elsewhere-disk'), join(dir, 'linked.live', 'checkouts'));
    const link = await cli(['refresh', linked, '--until', '2024-04-01']);
    assert.match(link.stderr, /checkouts is a symbolic link/);
    assert.ok(existsSync(join(dir, 'elsewhere-disk', 'photos')));
    // another spec with the same out
    const second = join(dir, 'second.yaml');
    writeFileSync(second, SPEC('out: stats.live\n'));
    assert.match(
      (await cli(['refresh', second])).stderr,
      /this live folder is .*stats\.yaml's: two specs cannot share one/,
    );
  });

  it('makes a missing checkout again, refuses a missing set, and a set changed after it was built', async () => {
    rmSync(join(live, 'checkouts', '2024-02-01'), { recursive: true });
    assert.equal((await cli(['refresh', spec, '--until', '2024-07-01'])).code, 0);
    assert.ok(existsSync(join(live, 'checkouts', '2024-02-01', 'stats', 'src', 'parse.c')));
    const set = chainOf(spec).windows[1]!.sets[0]!;
    const db = new Database(join(live, set.file));
    const row = db.prepare('SELECT ord, record FROM tasks ORDER BY ord LIMIT 1').get() as {
      ord: number;
      record: string;
    };
    db.prepare('UPDATE tasks SET record = ? WHERE ord = ?').run(
      row.record.replace(/"reference":"/, '"reference":"tampered '),
      row.ord,
    );
    db.close();
    assert.throws(
      () => readTasks(`${live}#function`),
      /set was changed after it was built \(its content hash is not the chain's\)/,
    );
    rmSync(join(live, set.file));
    const missing = await cli(['refresh', spec, '--until', '2024-07-01']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /window 2024-02-01's function set is missing/);
    assert.throws(() => readTasks(dir), /a folder, not a task file/);
  });

  it('names the file, line and field of a bad spec', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, SPEC().replace('length: 1 month', 'length: monthly'));
    const result = await cli(['refresh', bad]);
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /bad\.yaml, line 10, field 'window\.length': expected N days, N weeks, N months or N years/,
    );
    assert.ok(!existsSync(join(dir, 'bad.live')));
    writeFileSync(bad, SPEC().replace('length: 1 month', 'length: 0 days'));
    assert.match((await cli(['refresh', bad])).stderr, /line 10, field 'window\.length'/);
    writeFileSync(bad, SPEC().replace('start: 2024-01-01', 'start: 2024-01-31'));
    assert.match(
      (await cli(['refresh', bad])).stderr,
      /line 9, field 'window\.start': a window of months or years starts on day 28 at most/,
    );
    writeFileSync(bad, SPEC().replace('start: 2024-01-01', 'start: 2024-02-30'));
    assert.match((await cli(['refresh', bad])).stderr, /line 9, field 'window\.start': expected a day YYYY-MM-DD/);
    writeFileSync(
      bad,
      SPEC().replace('start: 2024-01-01', 'start: 1990-01-01').replace('length: 1 month', 'length: 1 day'),
    );
    const many = await cli(['refresh', bad]);
    assert.match(
      many.stderr,
      /the spec makes 12,\d{3} windows from 1990-01-01 \(1 day each\) up to its newest commit: more than 1000/,
    );
  });
});

describe('refresh on a hostile history', () => {
  let dir: string;
  let cleanup: () => void;
  before(() => {
    ({ dir, cleanup } = tempDir('ctxbench-live-hostile-'));
  });
  after(() => cleanup());

  it("dates a commit's code by its newest ancestor, and ignores an index the repository carries", async () => {
    const lib = join(dir, 'lib');
    makeHistory(lib, ['jan', 'feb', 'mar']);
    // the last commit holds April's code but says it was made in December 2023, and carries a .ctxbench folder
    mkdirSync(join(lib, '.ctxbench'), { recursive: true });
    writeFileSync(join(lib, '.ctxbench', 'index.db'), 'not an index');
    execFileSync('git', ['-C', lib, 'add', '-f', '.ctxbench/index.db']);
    cpSync(join(VERSIONS, 'apr', 'src'), join(lib, 'src'), { recursive: true });
    execFileSync('git', ['-C', lib, 'commit', '-qam', 'backdated'], {
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: '2023-12-15T00:00:00Z',
        GIT_COMMITTER_DATE: '2023-12-15T00:00:00Z',
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
      },
    });
    const spec = join(dir, 'stats.yaml');
    writeFileSync(spec, SPEC());
    const result = await cli(['refresh', spec, '--until', '2024-04-01']);
    assert.equal(result.code, 0, result.stderr);
    const live = join(dir, 'stats.live');
    // the backdated commit comes after March's: no window before March is built from it (January has no parse.c yet,
    // February's is February's), and its own change, dated December, is a task of no window
    assert.ok(!existsSync(join(live, 'checkouts', '2024-01-01', 'stats', 'src', 'parse.c')));
    assert.match(
      readFileSync(join(live, 'checkouts', '2024-02-01', 'stats', 'src', 'parse.c'), 'utf8'),
      /while \(\*text >= '0'/,
    );
    assert.ok(
      !existsSync(join(live, 'checkouts', '2024-03-01', 'stats', '.ctxbench', 'index.db')) ||
        readFileSync(join(live, 'checkouts', '2024-03-01', 'stats', '.ctxbench', 'index.db'))
          .subarray(0, 15)
          .toString() === 'SQLite format 3',
    );
    assert.deepEqual(names(tasksOf(live, 'function', '2024-01-01')), ['clamp_value', 'mean_of']);
    assert.deepEqual(names(tasksOf(live, 'function', '2024-02-01')), ['clamp_value', 'leading_blanks', 'parse_digits']);
    assert.deepEqual(names(tasksOf(live, 'function', '2024-03-01')), ['parse_digits']);
  });
});

describe('refresh killed with SIGKILL', () => {
  let dir: string;
  let cleanup: () => void;
  before(() => {
    ({ dir, cleanup } = tempDir('ctxbench-live-kill-'));
    makeHistory(join(dir, 'lib'), ['jan', 'feb', 'mar']);
  });
  after(() => cleanup());

  it('keeps the windows built before the kill, and the next run completes them as an uninterrupted one does', async () => {
    const spec = join(dir, 'killed.yaml');
    writeFileSync(spec, SPEC());
    // killed as soon as it starts the second window
    const child = spawn(process.execPath, [BIN, 'refresh', spec, '--until', '2024-04-01'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('window 2024-02-01 .. 2024-03-01:')) child.kill('SIGKILL');
    });
    assert.equal(await exited, 'SIGKILL', stderr);
    const killed = chainOf(spec);
    assert.ok(killed.windows.length >= 1 && killed.windows.length < 3, `${killed.windows.length} windows`);
    const result = await cli(['refresh', spec, '--until', '2024-04-01']);
    assert.equal(result.code, 0, result.stderr);
    const resumed = chainOf(spec);
    assert.deepEqual(resumed.windows.slice(0, killed.windows.length), killed.windows);
    // the same sets as a refresh that was never interrupted
    const whole = join(dir, 'whole.yaml');
    writeFileSync(whole, SPEC());
    assert.equal((await cli(['refresh', whole, '--until', '2024-04-01'])).code, 0);
    const contents = (chain: LiveChain) =>
      chain.windows.map((window) => window.sets.map((set) => [set.family, set.tasks, set.filters.at(-1)!.remaining]));
    assert.deepEqual(contents(resumed), contents(chainOf(whole)));
    // nothing half-made is left: every set on disk is one the chain names
    const listed = new Set(
      resumed.windows.flatMap((window) => window.sets.flatMap((set) => [set.file, `${set.file}.manifest.json`])),
    );
    assert.deepEqual(
      readdirSync(join(dir, 'killed.live', 'sets'))
        .map((name) => `sets/${name}`)
        .filter((file) => !listed.has(file)),
      [],
    );
  });
});

describe('a run over a live benchmark', () => {
  let dir: string;
  let cleanup: () => void;
  before(() => {
    ({ dir, cleanup } = tempDir('ctxbench-live-run-'));
    makeHistory(join(dir, 'lib'), ['jan', 'feb', 'mar']);
  });
  after(() => cleanup());

  it('grows with the new windows and keeps the candidates of the tasks it has run', async () => {
    const spec = join(dir, 'stats.yaml');
    writeFileSync(spec, SPEC());
    const live = join(dir, 'stats.live');
    assert.equal((await cli(['refresh', spec, '--until', '2024-04-01'])).code, 0);
    const run = join(dir, 'run');
    const evalRun = () =>
      cli(['eval', `${live}#function`, '--model', 'baseline:reference', '--context', 'infile', '--run', run]);
    const first = await evalRun();
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /6 candidates for 6 tasks in .*: 6 written now/);
    assert.equal((await cli(['score', run, '--metrics', 'em'])).code, 0);
    const mixed = await cli([
      'eval',
      live,
      '--model',
      'baseline:reference',
      '--context',
      'infile',
      '--run',
      join(dir, 'mixed'),
    ]);
    assert.match(mixed.stderr, /the tasks mix kinds \(function, node\)/);
    commitVersion(join(dir, 'lib'), 'apr');
    assert.equal((await cli(['refresh', spec, '--until', '2024-05-01'])).code, 0);
    assert.equal((await cli(['report', run, '--out', join(dir, 'stale.txt')])).code, 0);
    assert.match(
      readFileSync(join(dir, 'stale.txt'), 'utf8'),
      /has windows this run has not seen \(eval again to add their tasks\)/,
    );
    const second = await evalRun();
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /7 candidates for 7 tasks in .*: 1 written now/);
    const store = openRunStore(run, { readonly: true });
    const windows = store
      .candidates()
      .map((candidate) => candidate.taskId.split('@')[1])
      .sort();
    store.close();
    assert.deepEqual(windows, [
      '2024-01-01',
      '2024-01-01',
      '2024-02-01',
      '2024-02-01',
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
    ]);
    // a rebuilt benchmark is not the run's any more
    writeFileSync(spec, SPEC('exclude: [src/stats.c]\n'));
    assert.equal((await cli(['refresh', spec, '--until', '2024-05-01'])).code, 0);
    const rebuilt = await evalRun();
    assert.equal(rebuilt.code, 2);
    assert.match(rebuilt.stderr, /is not the same in .*stats\.live#function: its windows were rebuilt/);
  });
});
