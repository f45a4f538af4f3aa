// The reproduced attacks of issue 14, one test per numbered item, each against the real sandbox and
// the real fixtures: a test fails when its defence is removed. Safe with a broken sandbox: every
// write target is a temporary folder of this test, and every loop is bounded.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import {
  cacheSignature,
  CANDIDATE_LOG_BYTES,
  type CandidateLog,
  checkEnvironment,
  cheatFlags,
  createContext,
  DEFAULT_KEPT_BYTES,
  executeCandidates,
  execCodeVersion,
  loadEnvironment,
  manifestDifference,
  manifestOf,
  parseEnvironment,
  readState,
  regradeLog,
  registerSandbox,
  restoreWorker,
  SANDBOXES,
  snapshotTree,
} from '../../src/exec/index.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { lockFolder } from '../../src/util/lock.ts';
import { FIXTURES, fixtureEnv, functionTask, functionText, makeWorkDir, runAll } from './helpers.ts';

const work = makeWorkDir('attacks');
/** A flag's pattern name (`early-exit` of `early-exit: ends ...`). */
const patternName = (flag: string) => flag.split(':')[0]!;
after(work.remove);

const pythonEnv = () => fixtureEnv('python', work.dir);
const MEDIAN_BODY =
  '    ordered = sorted(values)\n    middle = len(ordered) // 2\n    return ordered[middle] if len(ordered) % 2 else ' +
  '(ordered[middle - 1] + ordered[middle]) / 2';
const median = (prelude: string) => `def median(values):\n${prelude}\n${MEDIAN_BODY}`;
function medianTask(repo: string) {
  return functionTask(
    repo,
    'calc/stats.py',
    'python',
    functionText(repo, 'calc/stats.py', 'def median(', ''),
    'median',
  );
}

test('1: chmod 0 on the worker root and xattrs/ACLs on a folder do not outlive the candidate; the next one on that worker passes', async () => {
  const env = pythonEnv();
  const task = medianTask(env.repo);
  const hostile = median(
    [
      '    import os',
      "    tree = os.environ['CTXBENCH_TREE']",
      '    try:',
      "        os.setxattr(os.path.join(tree, 'calc'), 'system.posix_acl_default', b'\\x02\\x00\\x00\\x00')",
      '    except OSError as error:',
      "        print('acl refused:', error.strerror)",
      '    try:',
      "        os.setxattr(os.path.join(tree, 'calc'), 'user.ctxbench', b'1')",
      '    except OSError as error:',
      "        print('xattr refused:', error.strerror)",
      "    open(os.fsencode(tree) + b'/calc/odd\\xffname', 'w').close()",
      '    os.chmod(tree, 0)',
    ].join('\n'),
  );
  const run = () =>
    runAll(
      env,
      [
        { task, candidate: hostile, key: 'hostile' },
        { task, candidate: median('    pass'), key: 'after' },
      ],
      { workDir: work.dir, workers: 1 },
    );
  const results = await run();
  assert.equal(results.get('after')!.verdict, 'pass', results.get('after')!.logTail);
  const log = readFileSync(results.get('hostile')!.log!, 'utf8');
  assert.match(log, /xattr refused: Operation not supported/);
  assert.match(log, /acl refused: Operation not supported/);
  // The odd name (or, for an ordinary user, the unreadable root: root reads it anyway) made the reset rebuild the
  // worker: that verdict is kept but never cached.
  assert.match(
    results.get('hostile')!.reason!,
    process.getuid?.() === 0
      ? /worker rebuilt after the run: a name that is not UTF-8/
      : /worker rebuilt after the run: cannot list \.: EACCES/,
  );
  const again = await run();
  assert.equal(again.get('hostile')!.cached, false);
  assert.equal(again.get('after')!.cached, true);
  // A folder's times come back too (a build may compare them): the year 2100 set on tools/ is gone for the next
  // candidate.
  const stamp = (prelude: string) =>
    median(
      `    import os\n    path = os.path.join(os.environ['CTXBENCH_TREE'], 'tools')\n${prelude}\n    print('TOOLS ` +
        `MTIME', int(os.stat(path).st_mtime))`,
    );
  const times = await runAll(
    env,
    [
      { task, candidate: stamp('    os.utime(path, (1, 4102444800))'), key: 'set' },
      { task, candidate: stamp('    pass'), key: 'read' },
    ],
    { workDir: work.dir, workers: 1, cache: false },
  );
  assert.match(readFileSync(times.get('set')!.log!, 'utf8'), /TOOLS MTIME 4102444800/);
  assert.doesNotMatch(readFileSync(times.get('read')!.log!, 'utf8'), /TOOLS MTIME 4102444800/);
  assert.doesNotMatch(times.get('read')!.reason!, /rebuilt/);
});

test('2: a task path that leaves the repository, read back from a run store or given to exec, is refused; nothing outside is written', async () => {
  const victimDir = mkdtempSync('/var/tmp/ctxbench-victim-');
  after(() => rmSync(victimDir, { recursive: true, force: true }));
  writeFileSync(join(victimDir, 'victim.py'), 'untouched\n');
  const env = pythonEnv();
  const task = { ...medianTask(env.repo), path: `../../../../../../..${victimDir}/victim.py` };
  await assert.rejects(
    runAll(env, [{ task, candidate: 'owned', key: 'k' }], { workDir: work.dir }),
    /field 'path'.*escapes the repository/,
  );
  assert.equal(readFileSync(join(victimDir, 'victim.py'), 'utf8'), 'untouched\n');

  const runDir = join(work.dir, 'run-bad-path');
  const store = openRunStore(runDir, {
    create: {
      model: 'm',
      context: 'infile',
      template: 't',
      tokenizer: 'x',
      samples: 1,
      temperature: 0,
      topP: 1,
      maxTokens: 1,
      seed: null,
      tasksPath: 't',
      tasksHash: 'h',
      toolVersion: '0',
      createdAt: 'now',
    },
    tasks: [task],
  });
  assert.throws(
    () => store.tasks(),
    /task snapshot\) \(task 1\), field 'path': path '.*victim\.py' escapes the repository/,
  );
  store.close();

  // A folder link inside the repository (#32.7): refused before anything behind it is read, so the
  // error cannot tell whether a guessed host file holds the task's text.
  const linked = mkdtempSync(join(work.dir, 'linked-repo-'));
  chmodSync(linked, 0o755);
  cpSync(join(FIXTURES, 'python', 'repo'), linked, { recursive: true });
  symlinkSync(victimDir, join(linked, 'outside'));
  const envFile = join(linked, '..', `${basename(linked)}.yaml`);
  writeFileSync(
    envFile,
    readFileSync(join(FIXTURES, 'python', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${linked}`),
  );
  const linkedEnv = loadEnvironment(envFile);
  const guess = {
    ...medianTask(linked),
    path: 'outside/victim.py',
    prefix: '',
    reference: 'untouched',
    suffix: '\n',
    span: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 10 },
  };
  await assert.rejects(
    runAll(linkedEnv, [{ task: guess, candidate: 'x', key: 'k' }], { workDir: work.dir }),
    /outside\/victim\.py.*not a regular file reached through real folders in the repository .*: missing, or a link on the way/,
  );
});

test('3: the sandbox shows no trace of the reference: a candidate searching every readable file finds only its own text', async () => {
  const repo = join(work.dir, 'repo-with-history');
  cpSync(join(FIXTURES, 'python', 'repo'), repo, { recursive: true });
  const git = (...args: string[]) =>
    spawnSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { encoding: 'utf8' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'reference');
  mkdirSync(join(repo, '.ctxbench'));
  writeFileSync(join(repo, '.ctxbench', 'index.db'), readFileSync(join(repo, 'calc', 'stats.py')));
  // the search reads every visible file: on a loaded host that takes more than the fixture's 10 s
  const text = readFileSync(join(FIXTURES, 'python', 'env.yaml'), 'utf8')
    .replace(/^repo: .*$/m, `repo: ${repo}`)
    .replace(/^timeout: .*$/m, 'timeout: 300');
  writeFileSync(join(work.dir, 'traces.yaml'), text);
  const env = loadEnvironment(join(work.dir, 'traces.yaml'));
  const task = medianTask(repo);
  // The needles are written in hex, so neither the candidate's file nor its bytecode contains them.
  const searcher = median(
    [
      '    import os',
      "    needles = {'REF': " +
        "bytes.fromhex('4d6964646c652076616c756520286d65616e206f66207468652074776f206d6964646c652076616c75657320666f7220616e206576656e20636f756e7429'), 'SELF': bytes.fromhex('63747862656e63682d73656c662d746f6b656e2d37663361')}",
      "    skip = ('/proc', '/sys', '/dev', '/usr', '/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32')",
      "    for top, dirs, files in os.walk('/'):",
      '        dirs[:] = [d for d in dirs if os.path.join(top, d) not in skip]',
      '        for name in files:',
      '            path = os.path.join(top, name)',
      '            try:',
      "                with open(path, 'rb') as handle:",
      '                    data = handle.read(64 << 20)',
      '            except OSError:',
      '                continue',
      '            for label, needle in needles.items():',
      '                if needle in data:',
      "                    print('FOUND', label, path)",
      '    # ctxbench-self-token-7f3a',
    ].join('\n'),
  );
  const results = await runAll(env, [{ task, candidate: searcher, key: 'search' }], {
    workDir: work.dir,
    workers: 1,
    cache: false,
  });
  const log = readFileSync(results.get('search')!.log!, 'utf8');
  assert.match(log, /FOUND SELF \/tmp\/ctxbench\/tree\/calc\/stats\.py/, 'the search reaches the tree');
  assert.doesNotMatch(log, /FOUND REF/);
  // The prepared tree has neither the history nor the index.
  const { base } = createContext(env, { workDir: work.dir });
  assert.equal(existsSync(join(base, '.git')), false);
  assert.equal(existsSync(join(base, '.ctxbench')), false);
});

test('4: odd names, a 2,500-level tree and unreadable folders left in a worker: the reset rebuilds it and it verifies', () => {
  const root = join(work.dir, 'reset');
  const base = join(root, 'base');
  const worker = join(root, 'worker');
  mkdirSync(join(base, 'src', 'build'), { recursive: true });
  writeFileSync(join(base, 'src', 'a.c'), 'int a;\n');
  cpSync(base, worker, { recursive: true, preserveTimestamps: true });
  const manifest = manifestOf(base);
  const shell = (script: string) => assert.equal(spawnSync('sh', ['-c', script], { cwd: worker }).status, 0, script);
  for (const vandalism of [
    'touch "src/$(printf \'bad\\377name\')"',
    "python3 -c \"import os\nfor _ in range(2500): os.mkdir('d'); os.chdir('d')\"",
    'mkdir -p locked/inner && touch locked/inner/f && chmod 000 locked/inner locked',
    'chmod 0 .',
  ]) {
    const clean = snapshotTree(worker);
    shell(vandalism === 'chmod 0 .' ? 'true' : vandalism);
    if (vandalism === 'chmod 0 .') chmodSync(worker, 0);
    const { rebuilt } = restoreWorker(worker, base, clean, manifest, null);
    assert.equal(manifestDifference(manifestOf(worker), manifest, null), null, vandalism);
    // A name that is not UTF-8 and a tree deeper than the walk goes cannot be reset entry by entry: the worker is
    // rebuilt.
    if (/printf|2500/.test(vandalism)) assert.notEqual(rebuilt, null, vandalism);
  }
});

test('5: /dev/shm and /tmp are size-limited; the tree has a disk cap; memory is capped per sandbox where cgroups allow', async () => {
  const { runCommand, DEFAULT_LIMITS, detectCgroups, sandboxIdentity } = await import('../../src/exec/index.ts');
  const tree = join(work.dir, 'caps');
  mkdirSync(tree);
  const identity = sandboxIdentity('bwrap');
  if (identity) spawnSync('chown', [`${identity.uid}:${identity.gid}`, tree]);
  const limits = { ...DEFAULT_LIMITS, cpuSeconds: 30, shmMb: 16, tmpMb: 16, diskMb: 20, memoryMb: 256 };
  const run = (command: string) => runCommand({ mode: 'bwrap', tree, command, env: {}, timeoutMs: 20_000, limits });
  const shm = await run(
    'head -c 100000000 /dev/zero > /dev/shm/fill; ls -l /dev/shm/fill | cut -d" " -f5; head -c 100000000 /dev/zero > ' +
      '/tmp/fill; ls -l /tmp/fill | cut -d" " -f5',
  );
  assert.match(shm.output, /No space left on device/);
  const [shmBytes, tmpBytes] = shm.output
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
  assert.ok(shmBytes! <= 16 * 1024 * 1024 && tmpBytes! <= 16 * 1024 * 1024, shm.output);
  const disk = await run('head -c 60000000 /dev/zero > big; sleep 3');
  assert.equal(disk.diskLimited, true);
  const quick = await run('head -c 60000000 /dev/zero > big2');
  assert.equal(quick.diskLimited, true, 'a fast writer is caught by the final measurement');
  // a user namespace of its own would give the candidate mounts of its own (a tmpfs past tmpMb): refused
  const nested = await run(
    "unshare -Urm sh -c 'mount -t tmpfs none /tmp && echo mounted' 2>&1 || echo refused; rm -f big big2",
  );
  assert.match(nested.output, /refused/);
  assert.doesNotMatch(nested.output, /mounted/);
  if (detectCgroups().kind !== 'none') {
    // Ten processes of 100 MB each: within the per-process data limit, over the sandbox's total.
    const memory = await run(
      "for i in 1 2 3 4 5 6 7 8 9 10; do python3 -c 'import time; x = bytearray(100 << 20); time.sleep(3)' & done; " +
        'wait',
    );
    assert.equal(memory.memoryLimited, true, memory.output);
    // tmpfs pages count too.
    const tmpfs = await run('head -c 400000000 /dev/zero > /dev/shm/x');
    assert.ok(tmpfs.exitCode !== 0);
  }
});

test('17: descriptors ctxbench inherited without close-on-exec (a folder, a secret file) never reach a sandboxed command', () => {
  const secret = join(work.dir, 'inherited-secret.txt');
  writeFileSync(secret, 'the host secret\n', { mode: 0o600 });
  const hostFolder = mkdtempSync(join(work.dir, 'inherited-folder-'));
  const tree = join(work.dir, 'inherited-tree');
  mkdirSync(tree);
  // The parent opens both and hands them to a ctxbench process as descriptors 30 and 31, as a CI runner or a make
  // jobserver would; that process runs one command in the sandbox.
  const folderFd = openSync(hostFolder, 'r');
  const secretFd = openSync(secret, 'r');
  const script = [
    "import { chownSync } from 'node:fs';",
    `import { runCommand, DEFAULT_LIMITS, sandboxIdentity } from ${JSON.stringify(new URL('../../src/exec/index.ts', import.meta.url).href)};`,
    `const tree = ${JSON.stringify(tree)};`,
    "const identity = sandboxIdentity('bwrap');",
    'if (identity) chownSync(tree, identity.uid, identity.gid);',
    "const command = 'ls /proc/self/fd; cat /proc/self/fd/31 || echo no-31; touch /proc/self/fd/30/PLANTED || echo no-30';",
    "const out = await runCommand({ mode: 'bwrap', tree, command, env: {}, timeoutMs: 20000, limits: { ...DEFAULT_LIMITS, cpuSeconds: 30 } });",
    'process.stdout.write(out.output);',
  ].join('\n');
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe', ...Array<'ignore'>(27).fill('ignore'), folderFd, secretFd],
    encoding: 'utf8',
  });
  closeSync(folderFd);
  closeSync(secretFd);
  assert.equal(child.status, 0, child.stderr);
  assert.doesNotMatch(child.stdout, /the host secret/);
  assert.match(child.stdout, /no-31/);
  assert.match(child.stdout, /no-30/);
  assert.deepEqual(readdirSync(hostFolder), []);
  // only the sandbox's own descriptors: stdin, stdout, stderr (and the listing's)
  const listed = child.stdout.split('\n').filter((line) => /^\d+$/.test(line));
  assert.ok(
    listed.every((fd) => Number(fd) <= 3),
    child.stdout,
  );
});

test('18: a candidate that prints megabytes in each of twelve tests gets its verdict, and its log stays within its budget', async () => {
  const env = fixtureEnv('many-tests', work.dir);
  const reference = functionText(env.repo, 'lib/noise.py', 'def noise(', '');
  const task = functionTask(env.repo, 'lib/noise.py', 'python', reference, 'noise');
  // 12 commands of 4.5 MB each: 54 MB of output, more than the candidate's log keeps
  const loud = `def noise(level):\n    import sys\n    sys.stderr.write('x' * 4_500_000 + '\\n')\n    return level * 2`;
  const quiet = `def noise(level):\n    return level + level`;
  const results = await runAll(
    env,
    [
      { task, candidate: loud, key: 'loud' },
      { task, candidate: quiet, key: 'quiet' },
    ],
    { workDir: work.dir, workers: 1 },
  );
  const [loudResult, quietResult] = [results.get('loud')!, results.get('quiet')!];
  assert.equal(loudResult.verdict, 'pass', loudResult.reason);
  assert.equal(quietResult.verdict, 'pass', quietResult.reason);
  const phases = (JSON.parse(readFileSync(loudResult.log!, 'utf8')) as CandidateLog).phases;
  assert.equal(phases.filter((phase) => phase.phase === 'test').length, 12);
  const kept = phases.reduce((sum, phase) => sum + phase.outcome.output.length, 0);
  // the first commands keep their last 4 MiB until the budget is spent; the others their last 64 KiB
  assert.ok(kept <= CANDIDATE_LOG_BYTES + DEFAULT_KEPT_BYTES + 12 * 64 * 1024, `${kept}`);
  assert.ok(phases.every((phase) => phase.outcome.output.length >= 64 * 1024 || phase.phase === 'build'));
  assert.ok(phases.at(-1)!.outcome.output.length <= 64 * 1024 + 1024, `${phases.at(-1)!.outcome.output.length}`);
  // each kept tail still ends with what grading reads: the test's own line
  for (const phase of phases.filter((each) => each.phase === 'test'))
    assert.match(phase.outcome.output.slice(-100), /t\d\d: ok\n?$/);
});

test("19: a candidate's commands share one disk allowance: three tests that each write 4 MB pass a 10 MB cap together", async () => {
  const env = fixtureEnv('many-tests', work.dir, 'limits:\n  diskMb: 10\n');
  const reference = functionText(env.repo, 'lib/noise.py', 'def noise(', '');
  const task = functionTask(env.repo, 'lib/noise.py', 'python', reference, 'noise');
  const hoarder = `def noise(level):\n    open(f'hoard-{level}', 'wb').write(b'x' * 4_000_000)\n    return level * 2`;
  const results = await runAll(env, [{ task, candidate: hoarder, key: 'hoarder' }], { workDir: work.dir, workers: 1 });
  const result = results.get('hoarder')!;
  assert.equal(result.verdict, 'crash', result.reason);
  assert.match(result.reason!, /disk limit/);
  const phases = (JSON.parse(readFileSync(result.log!, 'utf8')) as CandidateLog).phases;
  // t01 and t02 fit (8 MB), t03 passes the cap and is the last command run
  assert.deepEqual(
    phases.filter((phase) => phase.phase === 'test').map((phase) => phase.outcome.diskLimited === true),
    [false, false, true],
  );
});

test('20: a command that runs its file system out of inodes (empty files, which du hardly sees) is stopped', {
  skip: process.getuid?.() !== 0 ? 'mounting a small file system needs root (CI runs this file as root too)' : false,
}, async () => {
  const { runCommand, DEFAULT_LIMITS, sandboxIdentity } = await import('../../src/exec/index.ts');
  const mount = mkdtempSync(join(work.dir, 'inodes-'));
  chmodSync(mount, 0o755);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=512m,nr_inodes=30000', 'tmpfs', mount]);
  assert.equal(mounted.status, 0, String(mounted.stderr));
  try {
    const tree = join(mount, 'tree');
    mkdirSync(tree);
    const identity = sandboxIdentity('bwrap');
    if (identity) spawnSync('chown', [`${identity.uid}:${identity.gid}`, tree]);
    // 1,000 files every 50 ms: stopped at the reserve (10,000 inodes), before the file system is full
    const make = (pause: number) =>
      runCommand({
        mode: 'bwrap',
        tree,
        command:
          `python3 -c "\nimport time\nfor i in range(40000):\n  open(f'f{i}', 'w').close()\n  ` +
          `i % 1000 or time.sleep(${pause})\nprint('all made')"`,
        env: {},
        timeoutMs: 60_000,
        limits: { ...DEFAULT_LIMITS, cpuSeconds: 60 },
      });
    const slow = await make(0.05);
    assert.equal(slow.diskLimited, true, slow.output);
    assert.doesNotMatch(slow.output, /all made/);
    const left = Number(spawnSync('df', ['--output=iavail', mount], { encoding: 'utf8' }).stdout.split('\n')[1]);
    assert.ok(left > 0, `${left} inodes left`);
    // as fast as it can: it may fill the file system between two checks, and is judged when it ends
    spawnSync('find', [tree, '-mindepth', '1', '-delete']);
    const fast = await make(0);
    assert.equal(fast.diskLimited, true, fast.output);
  } finally {
    spawnSync('umount', ['-l', mount]);
  }
});

test('5b: a sandbox has its own process cap; with cgroups its cgroup caps memory, processes and CPU', async () => {
  const { runCommand, DEFAULT_LIMITS, detectCgroups } = await import('../../src/exec/index.ts');
  const tree = join(work.dir, 'caps');
  const limits = { ...DEFAULT_LIMITS, cpuSeconds: 30, processes: 30, cpus: 1 };
  const outcome = await runCommand({
    mode: 'bwrap',
    tree,
    command: 'for i in $(seq 1 60); do sleep 2 & done 2>&1 | head -1; wait',
    env: {},
    timeoutMs: 20_000,
    limits,
  });
  assert.match(outcome.output, /fork|Resource temporarily unavailable/i, `cgroups: ${detectCgroups().reason}`);
  const support = detectCgroups();
  if (support.kind === 'none') return;
  // The cgroup a sandbox gets carries the three caps (read host side: the sandbox has no /sys).
  const { createSandboxCgroup } = await import('../../src/exec/cgroup.ts');
  const cgroup = createSandboxCgroup({ ...limits, memoryMb: 300, processes: 42, cpus: 1 })!;
  try {
    const files = cgroup.procsFiles.map((file) => file.replace(/cgroup\.procs$/, ''));
    const read = (name: string) =>
      files
        .map((dir) => join(dir, name))
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file, 'utf8').trim());
    if (support.kind === 'v1') {
      assert.deepEqual(read('memory.limit_in_bytes'), [String(300 * 1024 * 1024)]);
      assert.deepEqual(read('pids.max'), ['42']);
      assert.deepEqual(read('cpu.cfs_quota_us'), ['100000']);
    } else {
      assert.deepEqual(read('memory.max'), [String(300 * 1024 * 1024)]);
      assert.deepEqual(read('pids.max'), ['42']);
      assert.deepEqual(read('cpu.max'), ['100000 100000']);
    }
  } finally {
    cgroup.remove();
  }
  assert.ok(
    cgroup.procsFiles.every((file) => !existsSync(file)),
    'removed after use',
  );
  // A sandbox's CPU weight is that of ctxbench's own nice value (a ctxbench run under `nice -n 10`: 110 of a nice-0
  // process's 1024).
  const niced = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      "const { setPriority } = require('node:os'); const { existsSync, readFileSync } = require('node:fs');" +
        "Promise.all([import('./src/exec/index.ts'), import('./src/exec/cgroup.ts')]).then(([exec, m]) => {" +
        ' setPriority(10); const cgroup = m.createSandboxCgroup(exec.DEFAULT_LIMITS);' +
        " for (const procs of cgroup.procsFiles) for (const name of ['cpu.shares', 'cpu.weight.nice']) {" +
        ' const file = procs.replace(/cgroup[.]procs$/, name);' +
        " if (existsSync(file)) console.log(name, readFileSync(file, 'utf8').trim()); }" +
        ' cgroup.remove(); })',
    ],
    { encoding: 'utf8', cwd: join(import.meta.dirname, '..', '..') },
  );
  assert.equal(niced.status, 0, niced.stderr);
  if (support.kind === 'v1') assert.equal(niced.stdout.trim(), 'cpu.shares 110');
  else assert.match(niced.stdout.trim(), /^(cpu\.weight\.nice 10)?$/);
  // A cgroup an earlier, dead ctxbench process left behind (empty) is removed when the next one starts; one of a live
  // process stays.
  const parents = cgroup.procsFiles.map((file) => join(file, '..', '..'));
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  }).stdout;
  const stale = parents.map((parent) => join(parent, `ctxbench-${dead}-1-0a0b0c`));
  const live = parents.map((parent) => join(parent, `ctxbench-${process.pid}-9999-0a0b0c`));
  for (const dir of [...stale, ...live]) mkdirSync(dir);
  try {
    const started = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', "import('./src/exec/cgroup.ts').then((m) => console.log(m.detectCgroups().kind))"],
      { encoding: 'utf8', cwd: join(import.meta.dirname, '..', '..') },
    );
    assert.equal(started.stdout.trim(), support.kind, started.stderr);
    assert.deepEqual(
      stale.filter((dir) => existsSync(dir)),
      [],
      'stale cgroups pruned',
    );
    assert.deepEqual(
      live.filter((dir) => existsSync(dir)),
      live,
      "a live process's cgroup kept",
    );
  } finally {
    for (const dir of [...stale, ...live]) if (existsSync(dir)) rmdirSync(dir);
  }
});

test('6: wrong bodies that print a pass summary and exit early, or replace printf, fail per-test grading', async () => {
  const env = fixtureEnv('c', work.dir);
  const reference = functionText(env.repo, 'src/mathx.c', 'int gcd(');
  const task = functionTask(env.repo, 'src/mathx.c', 'c', reference, 'gcd');
  const wrong = 'int gcd(int a, int b)\n{\n    return a * b;\n}';
  const constructor =
    `#include <stdio.h>\n#include <unistd.h>\n__attribute__((constructor)) static void fake(void) ` +
    `{ printf("all 1 tests passed\\n"); fflush(stdout); _exit(0); }\n${wrong}`;
  const printf =
    `#include <stdarg.h>\n#include <string.h>\n#include <unistd.h>\nint printf(const char *format, ...) ` +
    `{ if (strstr(format, "check failed") || strstr(format, "failed\\n")) { write(1, "all 1 tests passed\\n", 19); ` +
    `_exit(0); } return 0; }\n${wrong}`;
  const results = await runAll(
    env,
    [
      { task, candidate: reference, key: 'reference' },
      { task, candidate: constructor, key: 'constructor' },
      { task, candidate: printf, key: 'printf' },
    ],
    { workDir: work.dir, workers: 2, cache: false },
  );
  assert.equal(results.get('reference')!.verdict, 'pass', results.get('reference')!.logTail);
  for (const key of ['constructor', 'printf']) {
    const result = results.get(key)!;
    assert.equal(result.verdict, 'test-fail', `${key}:\n${result.logTail}`);
    assert.match(result.reason!, /no test results reported|fewer tests reported/);
    // Graded by the exit status and passPattern alone (the old rule), the same log passes: the defence is the per-test
    // report.
    assert.equal(regradeLog({ ...env, report: null }, result.log!, result.selectedTests)!.verdict, 'pass');
    assert.equal(regradeLog(env, result.log!, result.selectedTests)!.verdict, 'test-fail');
  }

  const python = pythonEnv();
  const early = median(
    "    import os, sys\n    print('OK'); print('Ran 1 test'); print('1 passed'); sys.stdout.flush()\n    os._exit(0)",
  );
  const pythonResults = await runAll(python, [{ task: medianTask(python.repo), candidate: early, key: 'early' }], {
    workDir: work.dir,
    cache: false,
  });
  assert.equal(pythonResults.get('early')!.verdict, 'test-fail', pythonResults.get('early')!.logTail);
});

test('7: candidates that differ only inside a string literal are different programs: each gets its own verdict', async () => {
  const env = pythonEnv();
  const task = medianTask(env.repo);
  const withBlank = median('    text = """a\n\nb"""\n    if text.count("\\n") != 2:\n        return 0');
  const withoutBlank = median('    text = """a\nb"""\n    if text.count("\\n") != 2:\n        return 0');
  const results = await runAll(
    env,
    [
      { task, candidate: withBlank, key: 'right' },
      { task, candidate: withoutBlank, key: 'wrong' },
    ],
    { workDir: work.dir, workers: 2 },
  );
  assert.equal(results.get('right')!.verdict, 'pass', results.get('right')!.logTail);
  assert.equal(results.get('wrong')!.verdict, 'test-fail', results.get('wrong')!.logTail);
  assert.equal(results.get('wrong')!.cached, false);
});

test('7b: a right body that warns on stderr (an unclosed file) passes; a wrong one that prints `ok` and fakes its exit status fails', async () => {
  const env = pythonEnv();
  const task = medianTask(env.repo);
  const warns = median(
    "    open(__file__).read()\n    import sys; sys.stderr.write('progress\\n'); sys.stderr.flush()",
  );
  // unittest writes FAIL after the candidate's `ok`; the atexit hook turns unittest's exit status 1 into 0.
  const faker =
    "def median(values):\n    import atexit, os, sys\n    sys.stderr.write('ok\\n'); sys.stderr.flush()\n    " +
    "atexit.register(lambda: (sys.stdout.write('OK\\n'), sys.stdout.flush(), os._exit(0)))\n    return -1";
  const results = await runAll(
    env,
    [
      { task, candidate: warns, key: 'warns' },
      { task, candidate: faker, key: 'faker' },
    ],
    { workDir: work.dir, workers: 2, cache: false },
  );
  assert.equal(results.get('warns')!.verdict, 'pass', results.get('warns')!.logTail);
  assert.match(results.get('warns')!.logTail, /ResourceWarning: unclosed file/);
  assert.equal(results.get('faker')!.verdict, 'test-fail', results.get('faker')!.logTail);
  assert.match(results.get('faker')!.reason!, /1 of 1 tests failed/);
});

test('7c: the tests that judge a candidate are read-only to it where the environment declares them (testFiles)', async () => {
  const env = fixtureEnv('python', work.dir, 'testFiles: [tests/test_stats.py]\n');
  assert.deepEqual(env.testFiles, ['tests/test_stats.py']);
  const task = medianTask(env.repo);
  // Rewrites its own test to one that always passes, or moves the tests folder away and writes a new one.
  const forger = median(
    [
      '    import os',
      "    tree = os.environ['CTXBENCH_TREE']",
      "    forged = 'import unittest\\nclass StatsTest(unittest.TestCase):\\n    def test_median(self): pass\\n'",
      '    try:',
      "        open(os.path.join(tree, 'tests', 'test_stats.py'), 'w').write(forged)",
      "        print('rewrote the test')",
      '    except OSError as error:',
      "        print('rewrite refused:', error.strerror)",
      '    try:',
      "        os.rename(os.path.join(tree, 'tests'), os.path.join(tree, 'tests-old'))",
      "        print('moved the tests')",
      '    except OSError as error:',
      "        print('move refused:', error.strerror)",
    ].join('\n'),
  );
  const results = await runAll(
    env,
    [
      { task, candidate: median('    pass'), key: 'right' },
      { task, candidate: forger, key: 'forger' },
    ],
    { workDir: work.dir, workers: 1, cache: false },
  );
  assert.equal(results.get('right')!.verdict, 'pass', results.get('right')!.logTail);
  const forged = results.get('forger')!;
  // both attempts refused by the kernel: the unchanged tests judge the body, which is right (os and open are flagged)
  assert.equal(forged.verdict, 'pass-flagged', forged.logTail);
  assert.match(forged.logTail, /rewrite refused: Read-only file system/);
  assert.match(forged.logTail, /move refused: Device or resource busy/);
  assert.doesNotMatch(forged.logTail, /rewrote the test|moved the tests/);
  // A declared test file the setup removes is named before anything runs on it.
  const removing = join(work.dir, 'python-setup-removes.yaml');
  writeFileSync(removing, readFileSync(env.file, 'utf8').replace(/^setup: .*$/m, 'setup: rm tests/test_stats.py'));
  await assert.rejects(checkEnvironment(loadEnvironment(removing), { workDir: work.dir }), {
    message: `${removing}, field 'testFiles[0]': 'tests/test_stats.py' is not in the repository after the setup`,
  });
});

test('8: exec without a check state stops with the command to run, or runs the check first and says so', async () => {
  const dir = mkdtempSync(join(work.dir, 'nocheck-'));
  chmodSync(dir, 0o755);
  const env = fixtureEnv('python', dir);
  const task = medianTask(env.repo);
  const items = [{ task, candidate: median('    pass'), key: 'k' }];
  const drain = async (options: Parameters<typeof executeCandidates>[2]) => {
    for await (const _ of executeCandidates(env, items, options)) void _;
  };
  await assert.rejects(drain({ workDir: dir }), /no check state .*Run `ctxbench exec check .*python\.yaml` first/);
  const events: string[] = [];
  await drain({ workDir: dir, checkFirst: true, onEvent: (event) => events.push(event.message) });
  assert.ok(
    events.some((message) => /no check state .*running `ctxbench exec check` first/.test(message)),
    events.join('\n'),
  );
  assert.ok(
    readState(env)!.reported!['tests.test_stats.StatsTest.test_median']!.includes(
      'tests.test_stats.StatsTest.test_median',
    ),
  );
});

test('10 (#32.1): a link planted in place of the report folder is removed itself: the host folder it points to survives', async () => {
  const canary = mkdtempSync('/var/tmp/ctxbench-canary-');
  after(() => rmSync(canary, { recursive: true, force: true }));
  // The folder the old code deleted: the report's name below the link's target.
  mkdirSync(join(canary, 'junit.xml'));
  writeFileSync(join(canary, 'junit.xml', 'keep.txt'), 'host data\n');
  const dir = mkdtempSync(join(work.dir, 'report-link-'));
  chmodSync(dir, 0o755);
  // Every test is its own command (no coverage), each writing a JUnit report into a subfolder.
  const text = [
    `repo: ${join(FIXTURES, 'python', 'repo')}`,
    'setup: python3 -m compileall -q calc',
    'build: python3 -m compileall -q calc',
    `test: python3 -m unittest -v {tests}; s=$?; mkdir -p reports 2>/dev/null; printf '<testsuite><testcase ` +
      `classname="c" name="%s"/></testsuite>' {tests} > reports/junit.xml 2>/dev/null; exit $s`,
    'tests:',
    '  list: python3 tools/list_tests.py',
    'timeout: 10',
    'env:',
    '  PYTHONDONTWRITEBYTECODE: 1',
    'report:',
    '  format: junit',
    '  file: reports/junit.xml',
  ].join('\n');
  writeFileSync(join(dir, 'report-link.yaml'), `${text}\n`);
  const env = loadEnvironment(join(dir, 'report-link.yaml'));
  const task = medianTask(env.repo);
  // Module-level code before the body: every test command that imports calc.stats plants the link and exits 0.
  const planter = [
    'import os as _os, shutil as _shutil',
    "_reports = _os.path.join(_os.environ['CTXBENCH_TREE'], 'reports')",
    '_shutil.rmtree(_reports, ignore_errors=True)',
    'try:',
    `    _os.symlink(${JSON.stringify(canary)}, _reports)`,
    'except FileExistsError:',
    '    pass',
    '',
    '',
    median('    pass'),
  ].join('\n');
  const results = await runAll(
    env,
    [
      { task, candidate: planter, key: 'planter' },
      { task, candidate: median('    pass'), key: 'after' },
    ],
    { workDir: dir, workers: 1, cache: false },
  );
  assert.equal(
    readFileSync(join(canary, 'junit.xml', 'keep.txt'), 'utf8'),
    'host data\n',
    'the host folder behind the link is untouched',
  );
  assert.equal(results.get('after')!.verdict, 'pass', results.get('after')!.logTail);
  const log = JSON.parse(readFileSync(results.get('planter')!.log!, 'utf8')) as { phases: { phase: string }[] };
  assert.ok(
    log.phases.filter((phase) => phase.phase === 'test').length >= 2,
    'a test command ran after the link was planted',
  );
});

test('11 (#32.3): io_uring fails as on a kernel without it; ptrace, process_vm_readv/writev and pidfd_getfd kill their caller (SIGSYS); setting inode flags (chattr) fails with ENOTTY', {
  skip: process.arch !== 'x64' && 'the syscall numbers below are x86-64',
}, async () => {
  const env = pythonEnv();
  const task = medianTask(env.repo);
  const prober = median(
    [
      '    import ctypes, os',
      '    libc = ctypes.CDLL(None, use_errno=True)',
      '    params = ctypes.create_string_buffer(120)',
      "    for name, number, args in [('io_uring_setup', 425, (1, params)), ('io_uring_enter', 426, (0, 0, 0, 0, " +
        "0)), ('io_uring_register', 427, (0, 0, 0, 0))]:",
      '        ctypes.set_errno(0)',
      '        result = libc.syscall(number, *args)',
      "        print('SYSCALL', name, result, ctypes.get_errno())",
      '    import subprocess, sys',
      "    for name, call in [('ptrace', '101, 0, 0, 0, 0'), ('process_vm_readv', '310, os.getpid(), 0, 0, 0, 0, " +
        "0'), ('process_vm_writev', '311, os.getpid(), 0, 0, 0, 0, 0'), ('pidfd_getfd', '438, 0, 0, 0')]:",
      '        code = f\'import ctypes, os; ctypes.CDLL(None).syscall({call}); print("survived")\'',
      '        child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)',
      "        print('SYSCALL', name, child.returncode, len(child.stdout))",
      '    import fcntl, struct',
      '    for name, request, argument in [',
      "        ('FS_IOC_SETFLAGS', 0x40086602, struct.pack('l', 0x8)), ('FS_IOC32_SETFLAGS', 0x40046602, " +
        "struct.pack('i', 0x8)), ('FS_IOC_FSSETXATTR', 0x401c5820, bytes(28))]:",
      '        with open(__file__) as source:',
      '            try:',
      '                fcntl.ioctl(source.fileno(), request, argument)',
      "                print('SYSCALL', name, 0, 0)",
      '            except OSError as error:',
      "                print('SYSCALL', name, -1, error.errno)",
    ].join('\n'),
  );
  const results = await runAll(env, [{ task, candidate: prober, key: 'probe' }], {
    workDir: work.dir,
    workers: 1,
    cache: false,
  });
  const log = readFileSync(results.get('probe')!.log!, 'utf8');
  const seen = new Map(
    [...log.matchAll(/SYSCALL (\w+) (-?\d+) (\d+)/g)].map((match) => [match[1]!, `${match[2]} ${match[3]}`]),
  );
  assert.deepEqual(Object.fromEntries(seen), {
    io_uring_setup: '-1 38',
    io_uring_enter: '-1 38',
    io_uring_register: '-1 38',
    // killed by SIGSYS before it could print
    ptrace: '-31 0',
    process_vm_readv: '-31 0',
    process_vm_writev: '-31 0',
    pidfd_getfd: '-31 0',
    FS_IOC_SETFLAGS: '-1 25',
    FS_IOC32_SETFLAGS: '-1 25',
    FS_IOC_FSSETXATTR: '-1 25',
  });
  // a refused call is an error the program sees, and a killed child is the program's business: the command itself
  // was not killed, the tests pass (ctypes and subprocess are flagged)
  assert.equal(results.get('probe')!.verdict, 'pass-flagged', results.get('probe')!.logTail);
});

test("12 (#32.2): products built from the hole's file are gone while a candidate builds and runs: .incbin of them and stale bytecode fail", async () => {
  const env = fixtureEnv('c', work.dir);
  const reference = functionText(env.repo, 'src/mathx.c', 'int gcd(');
  const task = functionTask(env.repo, 'src/mathx.c', 'c', reference, 'gcd');
  const embedding = (file: string) =>
    `${reference}\n__asm__(".pushsection .rodata\\n.incbin \\"${file}\\"\\n.popsection");`;
  const results = await runAll(
    env,
    [
      { task, candidate: embedding('build/test_runner'), key: 'runner' },
      // strx.o is not built from mathx.c: it stays, so the removal costs no rebuild beyond make's own
      { task, candidate: embedding('build/strx.o'), key: 'other' },
    ],
    { workDir: work.dir, workers: 1, cache: false },
  );
  // (build/mathx.o is gone too, but the assembler creates its own output before reading an .incbin)
  assert.equal(results.get('runner')!.verdict, 'build-error', results.get('runner')!.logTail);
  assert.match(results.get('runner')!.logTail, /Error: file not found: build\/test_runner/);
  // it builds and passes (nothing it needs was removed), and is flagged for the .incbin (#32.5)
  assert.equal(results.get('other')!.verdict, 'pass-flagged', results.get('other')!.logTail);
  assert.deepEqual(results.get('other')!.flags!.map(patternName), ['embedded-file', 'c-dynamic-code']);
  const workDir = createContext(env, { workDir: work.dir }).workDir;
  assert.deepEqual(JSON.parse(readFileSync(join(workDir, 'derived.json'), 'utf8')), {
    products: { 'src/mathx.c': ['build/mathx.o', 'build/test_runner'] },
  });

  // Python without a build step: the bytecode that the setup compiled from the reference is not loadable.
  const dir = mkdtempSync(join(work.dir, 'bytecode-'));
  chmodSync(dir, 0o755);
  const file = join(dir, 'nobuild.yaml');
  writeFileSync(
    file,
    readFileSync(join(FIXTURES, 'python', 'env.yaml'), 'utf8')
      .replace(/^repo: .*$/m, `repo: ${join(FIXTURES, 'python', 'repo')}`)
      .replace(/^build: .*$/m, 'build: []'),
  );
  const python = loadEnvironment(file);
  const stale = [
    'def median(values):',
    '    import glob, marshal, os',
    "    for cache in glob.glob(os.path.join(os.path.dirname(__file__), '__pycache__', 'stats.*.pyc')):",
    "        scope = {'__name__': 'reference'}",
    "        exec(marshal.loads(open(cache, 'rb').read()[16:]), scope)",
    "        return scope['median'](values)",
    '    return -1',
  ].join('\n');
  const fromCache = await runAll(python, [{ task: medianTask(python.repo), candidate: stale, key: 'stale' }], {
    workDir: dir,
    cache: false,
  });
  assert.equal(fromCache.get('stale')!.verdict, 'test-fail', fromCache.get('stale')!.logTail);
});

test('13 (#32.5): forged passes that per-test grading cannot see are pass-flagged with the pattern, never a pass; the reference is not flagged', async () => {
  const c = fixtureEnv('c', work.dir);
  const gcd = functionTask(c.repo, 'src/mathx.c', 'c', functionText(c.repo, 'src/mathx.c', 'int gcd('), 'gcd');
  const summary =
    `#include <stdio.h>\n#include <unistd.h>\n__attribute__((constructor)) static void fake(void) { ` +
    `printf("ok gcd\\nall 1 tests passed\\n"); fflush(stdout); _exit(0); }\nint gcd(int a, int b)\n{\n    return a * ` +
    `b;\n}`;
  const python = pythonEnv();
  const median = medianTask(python.repo);
  const patched =
    'import unittest\nunittest.TestCase.assertEqual = lambda self, first, second, msg=None: None\n\n\ndef ' +
    'median(values):\n    return 0';
  const anything =
    'def median(values):\n    class Anything(float):\n        def __eq__(self, other):\n            return True\n    ' +
    '    __hash__ = float.__hash__\n    return Anything(0)';
  const js = fixtureEnv('javascript', work.dir);
  const titleCase = functionTask(
    js.repo,
    'src/strings.js',
    'javascript',
    functionText(js.repo, 'src/strings.js', 'function titleCase('),
    'titleCase',
  );
  const silenced = "require('node:assert/strict').equal = () => {};\nfunction titleCase(text) {\n  return text;\n}";
  const results = new Map([
    ...(await runAll(
      c,
      [
        { task: gcd, candidate: summary, key: 'c-summary' },
        { task: gcd, candidate: gcd.reference, key: 'c-reference' },
      ],
      { workDir: work.dir, cache: false },
    )),
    ...(await runAll(
      python,
      [
        { task: median, candidate: patched, key: 'py-assert' },
        { task: median, candidate: anything, key: 'py-eq' },
      ],
      { workDir: work.dir, cache: false },
    )),
    ...(await runAll(js, [{ task: titleCase, candidate: silenced, key: 'js-assert' }], {
      workDir: work.dir,
      cache: false,
    })),
  ]);
  const expected: Record<string, string[]> = {
    'c-summary': ['early-exit', 'constructor-function'],
    'py-assert': ['python-test-framework'],
    'py-eq': ['python-equality'],
    'js-assert': ['node-test-framework'],
  };
  for (const [key, patterns] of Object.entries(expected)) {
    const result = results.get(key)!;
    assert.equal(result.verdict, 'pass-flagged', `${key}: ${result.reason}\n${result.logTail}`);
    assert.deepEqual(result.flags!.map(patternName), patterns, key);
    assert.match(result.reason!, /the tests passed, but the candidate matches/);
  }
  assert.equal(results.get('c-reference')!.verdict, 'pass');
  assert.equal(results.get('c-reference')!.flags, undefined);
  // code built at run time, to hide a pattern, is one itself
  assert.deepEqual(
    cheatFlags('python', "def f():\n    getattr(__import__('o' + 's'), '_e' + 'xit')(0)", 'def f():\n    return 1').map(
      patternName,
    ),
    ['python-dynamic-code'],
  );
  assert.deepEqual(
    cheatFlags('javascript', "function f() { globalThis['pro' + 'cess'].exit(0); }", 'function f() { return 1; }').map(
      patternName,
    ),
    ['node-exit', 'node-dynamic-code'],
  );
  // the evasions a hostile review found (each graded pass before): the words they need are flagged wherever they appear
  const evasions: [string, string, string][] = [
    [
      'c',
      'int gcd(int a, int b)\n{\n    extern char **environ;\n    printf("ok %s\\n", environ[-2]); execl("/bin/true", ' +
        '"true", (char *)0); return a * b;\n}',
      'early-exit,c-processes',
    ],
    ['c', 'int gcd(int a, int b)\n{\n    printf("ok gcd\\n"); (_exit)(0);\n}', 'early-exit'],
    ['c', 'int gcd(int a, int b)\n{\n    exit(+0);\n}', 'early-exit'],
    ['python', 'def median(values):\n    from os import _exit\n    _exit(0)', 'python-exit,python-test-framework'],
    ['python', "def median(values):\n    import os\n    os.execv('/bin/true', ['true'])", 'python-exit'],
    [
      'python',
      "import sys as _s\nsetattr(getattr(_s.modules['unit' 'test'], 'Test' 'Case'), 'assert' 'Equal', lambda *a, " +
        '**k: None)\ndef median(values):\n    return 0',
      'python-test-framework',
    ],
    [
      'python',
      "def median(values):\n    class Anything(float): pass\n    setattr(Anything, '__e' 'q__', lambda self, other: " +
        'True)\n    return Anything(0)',
      'python-test-framework,python-equality',
    ],
    [
      'javascript',
      "require('node:as' + 'sert/strict').equal = () => {};\nfunction titleCase(text) {\n  return text;\n}",
      'node-dynamic-code',
    ],
    [
      'javascript',
      "module.constructor._load('node:as' + 'sert/strict').equal = () => {};\nfunction titleCase(text) { return " +
        'text; }',
      'node-dynamic-code',
    ],
    [
      'java',
      'int fib(int n) { String[] cmd = System.getProperty("sun.java.command").split(" "); Runtime r = ' +
        'Runtime.getRuntime(); r.halt(0); return 0; }',
      'jvm-exit',
    ],
    // right answers: a word in a whole-line comment flags nothing
    [
      'c',
      'int gcd(int a, int b)\n{\n    // exit early when b is zero\n    if (b == 0) return a;\n    return gcd(b, a % ' +
        'b);\n}',
      '',
    ],
    [
      'python',
      'def median(values):\n    # exit early on an empty list\n    ordered = sorted(values)\n    return ' +
        'ordered[len(ordered) // 2]',
      '',
    ],
  ];
  for (const [language, candidate, flags] of evasions)
    assert.equal(cheatFlags(language, candidate, 'int f() { return 0; }').map(patternName).join(','), flags, candidate);
  // what the reference itself does is no cheat: a function whose real body calls _exit
  assert.deepEqual(
    cheatFlags('c', 'void die(int code) { fflush(stdout); _exit(code); }', 'void die(int code) { _exit(code); }'),
    [],
  );
  assert.deepEqual(
    cheatFlags('c', 'void die(int code) { _exit(code); }', 'void die(int code) { (void)code; }').map(patternName),
    ['early-exit'],
  );
});

test('14 (#32.6): files written in the tree, unlinked and kept open, and space reserved with fallocate count against the disk cap', async () => {
  const env = fixtureEnv('python', work.dir, 'limits:\n  diskMb: 40\n');
  const task = medianTask(env.repo);
  const hoarder = median(
    [
      '    import os, time',
      "    tree = os.environ['CTXBENCH_TREE']",
      '    held = []',
      '    for index in range(6):',
      "        path = os.path.join(tree, f'hidden{index}')",
      "        handle = open(path, 'wb')",
      '        os.unlink(path)',
      '        handle.write(os.urandom(1024 * 1024) * 30)',
      '        handle.flush()',
      '        held.append(handle)',
      '    time.sleep(3)',
    ].join('\n'),
  );
  // space reserved without growing the file (fallocate --keep-size): no apparent size, blocks all the same
  const reserver = median(
    [
      '    import os, subprocess, time',
      "    path = os.path.join(os.environ['CTXBENCH_TREE'], 'reserved')",
      "    open(path, 'w').close()",
      "    subprocess.run(['fallocate', '-n', '-l', '200M', path], check=True)",
      '    time.sleep(3)',
    ].join('\n'),
  );
  const results = await runAll(
    env,
    [
      { task, candidate: hoarder, key: 'hoarder' },
      { task, candidate: reserver, key: 'reserver' },
    ],
    { workDir: work.dir, workers: 1, cache: false },
  );
  for (const key of ['hoarder', 'reserver']) {
    const result = results.get(key)!;
    assert.equal(result.verdict, 'crash', `${key}: ${result.logTail}`);
    assert.match(result.reason!, /disk/);
  }
});

test('15 (#32.4): a timeout measured while the host stood still is no verdict: retried, and the candidate gets its own', async () => {
  // A sandbox that blocks ctxbench's event loop for 2.5 s once, just after a test command started:
  // the command ends meanwhile, but its exit is seen only after its 2 s deadline.
  const bwrap = SANDBOXES.get('bwrap');
  let armed = false;
  registerSandbox({
    ...bwrap,
    name: 'stalls-once',
    description: 'bubblewrap, with one stall of the host (tests)',
    run(run) {
      const outcome = bwrap.run(run);
      if (armed && run.command.includes('unittest')) {
        armed = false;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2500);
      }
      return outcome;
    },
  });
  const dir = mkdtempSync(join(work.dir, 'stall-'));
  chmodSync(dir, 0o755);
  const file = join(dir, 'stall.yaml');
  writeFileSync(
    file,
    readFileSync(join(FIXTURES, 'python', 'env.yaml'), 'utf8')
      .replace(/^repo: .*$/m, `repo: ${join(FIXTURES, 'python', 'repo')}`)
      .replace(/^timeout: .*$/m, 'timeout: 2'),
  );
  const env = loadEnvironment(file);
  await checkEnvironment(env, { workDir: work.dir, sandbox: 'stalls-once' });
  armed = true;
  const events: string[] = [];
  const results = await runAll(env, [{ task: medianTask(env.repo), candidate: median('    pass'), key: 'k' }], {
    workDir: work.dir,
    sandbox: 'stalls-once',
    cache: false,
    onEvent: (event) => events.push(event.message),
  });
  assert.equal(armed, false, 'the stall happened');
  assert.equal(results.get('k')!.verdict, 'pass', results.get('k')!.logTail);
  assert.ok(
    events.some((message) =>
      /infrastructure failure on .* \(attempt 1\/3\): the host stalled for 2\.\d s while the test command ran: its timeout is not a verdict/.test(
        message,
      ),
    ),
    events.join('\n'),
  );
});

test('16 (#38.1): with coverage, a task no test reaches is not-covered, whatever its body (the whole suite would pass any); a body that does not build is still a build error', async () => {
  const env = fixtureEnv('c', work.dir);
  const reference = functionText(env.repo, 'src/mathx.c', 'int clamp(');
  const task = functionTask(env.repo, 'src/mathx.c', 'c', reference, 'clamp');
  const results = await runAll(
    env,
    [
      { task, candidate: reference, key: 'reference' },
      { task, candidate: 'int clamp(int x, int low, int high)\n{\n    return 0;\n}', key: 'broken' },
      { task, candidate: 'int clamp(int x, int low, int high)\n{\n    return x +;\n}', key: 'syntax' },
    ],
    { workDir: work.dir, workers: 1, cache: false },
  );
  for (const key of ['reference', 'broken']) {
    const result = results.get(key)!;
    assert.equal(result.verdict, 'not-covered', `${key}: ${result.logTail}`);
    assert.deepEqual(result.selectedTests, []);
    assert.match(result.reason!, /no test of the environment executes this task's code/);
    assert.doesNotMatch(result.logTail, /\$ \.\/build\/test_runner/, 'no test ran');
    assert.equal(regradeLog(env, result.log!, result.selectedTests)!.verdict, 'not-covered');
  }
  assert.equal(results.get('syntax')!.verdict, 'build-error');
});

test('9a: numeric bounds, a test command without {tests}, YAML alias bombs', () => {
  const base = 'repo: r\nsetup: make\ntest: make test\n';
  assert.throws(
    () => parseEnvironment(`${base}timeout: 2200000\n`, '/e.yaml'),
    /field 'timeout': must be at most 2147483/,
  );
  assert.throws(
    () => parseEnvironment(`${base}timeout: 5\nlimits: {processes: 1e12}\n`, '/e.yaml'),
    /field 'limits.processes': must be at most/,
  );
  assert.equal(parseEnvironment(`${base}timeout: 5\n`, '/e.yaml').test, 'make test');
  const bomb = [
    'a: &a [x, x, x, x, x, x, x, x, x]',
    ...'bcdefghi'
      .split('')
      .map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[index]}`).join(', ')}]`),
    'repo: r',
  ].join('\n');
  assert.throws(
    () => parseEnvironment(bomb, '/e.yaml'),
    (error: Error) => error.name === 'InputError' && /invalid YAML: Excessive alias count/.test(error.message),
  );
});

test('9b: run and work folders are locked; a second process is told who holds them; a stale lock is taken over', () => {
  const dir = mkdtempSync(join(work.dir, 'lock-'));
  // A lock left by a process that is gone (a pid above the kernel's maximum) is stale.
  writeFileSync(
    join(dir, '.ctxbench.lock'),
    JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), command: 'gone', since: 'then' }),
  );
  const lock = lockFolder(dir, 'exec first');
  const second = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import { lockFolder } from ${JSON.stringify(new URL('../../src/util/lock.ts', import.meta.url).pathname)}; ` +
        `try { lockFolder(${JSON.stringify(dir)}, 'exec second'); } catch (error) { console.log(error.message); }`,
    ],
    { encoding: 'utf8' },
  );
  assert.match(
    second.stdout,
    new RegExp(`in use by another ctxbench process: pid ${process.pid} on .*exec first.*since`),
  );
  lock.release();
  lockFolder(dir, 'exec third').release();
});

test('9e: a second exec on the same environment stops, naming the process that holds the work folder', async () => {
  const env = pythonEnv();
  const { workDir } = createContext(env, { workDir: work.dir });
  // pid 1 is alive and is not this process: as another ctxbench would be.
  writeFileSync(
    join(workDir, '.ctxbench.lock'),
    JSON.stringify({ pid: 1, host: hostname(), command: 'exec other.yaml', since: '2026-01-01T00:00:00Z' }),
  );
  try {
    await assert.rejects(
      runAll(env, [{ task: medianTask(env.repo), candidate: median('    pass'), key: 'k' }], { workDir: work.dir }),
      /in use by another ctxbench process: pid 1 on .*exec other\.yaml, since 2026-01-01/,
    );
  } finally {
    rmSync(join(workDir, '.ctxbench.lock'));
  }
});

test('9c: a NUL in a task id, an unknown store schema, a corrupt run.db, truncated state and coverage files: clear errors', async () => {
  const config = {
    model: 'm',
    context: 'infile',
    template: 't',
    tokenizer: 'x',
    samples: 1,
    temperature: 0,
    topP: 1,
    maxTokens: 1,
    seed: null,
    tasksPath: 't',
    tasksHash: 'h',
    toolVersion: '0',
    createdAt: 'now',
  };
  const env = pythonEnv();
  const runDir = join(work.dir, 'run-nul');
  const store = openRunStore(runDir, { create: config, tasks: [{ ...medianTask(env.repo), id: 'a\0b' }] });
  assert.throws(() => store.tasks(), /field 'id': task id "a\\u0000b" contains a NUL/);
  store.close();
  const db = new Database(join(runDir, 'run.db'));
  db.prepare(`UPDATE meta SET value = '99' WHERE key = 'schema'`).run();
  db.close();
  assert.throws(
    () => openRunStore(runDir),
    /run store schema version "99" is not the version this ctxbench reads \(1\)/,
  );
  const corrupt = join(work.dir, 'run-corrupt');
  mkdirSync(corrupt);
  writeFileSync(join(corrupt, 'run.db'), 'this is not a database, only text '.repeat(200));
  assert.throws(
    () => openRunStore(corrupt),
    (error: Error) => error.name === 'InputError' && /unreadable|cannot open/.test(error.message),
  );

  const stateFile = join(work.dir, 'truncated.state.json');
  writeFileSync(join(work.dir, 'truncated.yaml'), readFileSync(env.file, 'utf8'));
  writeFileSync(stateFile, '{"envHash": "abc", "flaky": [');
  assert.throws(
    () => readState(loadEnvironment(join(work.dir, 'truncated.yaml'))),
    /unreadable state file .*truncated by an interrupted run.*exec check/,
  );
  const { ensureCoverage } = await import('../../src/exec/index.ts');
  const context = createContext(env, { workDir: join(work.dir, 'coverage-truncated') });
  writeFileSync(join(context.workDir, 'coverage.json'), '{"tool": "python", "tests": [');
  await assert.rejects(ensureCoverage(context, ['t']), /unreadable coverage map/);
  // a prepared-tree marker of the wrong shape is named with its field, and the tree is not used
  const { ensureBase } = await import('../../src/exec/prepare.ts');
  mkdirSync(context.base, { recursive: true });
  writeFileSync(join(context.workDir, 'base.json'), '{"envHash": "abc", "setupMs": 5, "tests": [1]}\n');
  await assert.rejects(
    ensureBase(context),
    (error: Error) =>
      error.name === 'InputError' &&
      error.message.includes(join(context.workDir, 'base.json')) &&
      error.message.includes("field 'tests[0]': expected a string"),
  );
});

test('9d: the cache key holds the exec code version and the spliced file: another version of the code does not reuse verdicts', () => {
  const state = null;
  assert.notEqual(cacheSignature(state, 'v1'), cacheSignature(state, 'v2'));
  assert.equal(cacheSignature(state), cacheSignature(state, execCodeVersion()));
  const copy = mkdtempSync(join(work.dir, 'code-'));
  cpSync(new URL('../../src/exec/', import.meta.url), copy, { recursive: true });
  const before = execCodeVersion(new URL(`file://${copy}/`));
  writeFileSync(join(copy, 'verdict.ts'), `${readFileSync(join(copy, 'verdict.ts'), 'utf8')}\n// a fix\n`);
  assert.notEqual(execCodeVersion(new URL(`file://${copy}/`)), before);
});

test('infrastructure: a sandbox that cannot start gives no verdict, is retried, and nothing is cached', async () => {
  const missing = mkdtempSync(join(work.dir, 'mount-'));
  const env = fixtureEnv('python', work.dir, `mounts: [${missing}]\n`);
  const task = medianTask(env.repo);
  const { prepareEnvironment, runCandidates } = await import('../../src/exec/index.ts');
  const prepared = await prepareEnvironment(env, { workDir: work.dir });
  rmSync(missing, { recursive: true });
  const outputs = [];
  for await (const output of runCandidates(prepared, [{ task, candidate: median('    pass'), key: 'k' }], {
    workers: 1,
  }))
    outputs.push(output);
  assert.equal(outputs.length, 1);
  assert.equal(outputs[0]!.result, null);
  assert.match(outputs[0]!.infraError!, /sandbox of the build command did not start/);
  assert.equal(
    existsSync(join(prepared.workDir, 'results.jsonl')) &&
      readFileSync(join(prepared.workDir, 'results.jsonl'), 'utf8').trim() !== '',
    false,
  );
});
