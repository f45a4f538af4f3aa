// The bubblewrap sandbox itself: what a command inside can see, write and reach, and its limits.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LIMITS, runCommand, sandboxIdentity, SANDBOX_TREE } from '../../src/exec/index.ts';
import { makeWorkDir } from './helpers.ts';

const work = makeWorkDir('sandbox');
const canary = mkdtempSync('/var/tmp/ctxbench-canary-');
after(() => {
  work.remove();
  rmSync(canary, { recursive: true, force: true });
});
const identity = sandboxIdentity('bwrap');
if (identity) chownSync(work.dir, identity.uid, identity.gid);
const limits = { ...DEFAULT_LIMITS, cpuSeconds: 30 };
const run = (command: string, overrides: Partial<Parameters<typeof runCommand>[0]> = {}) =>
  runCommand({ mode: 'bwrap', tree: work.dir, command, env: {}, timeoutMs: 20_000, limits, ...overrides });

test('the tree is writable at a fixed path; the host outside the toolchain is invisible, the toolchain read-only; /tmp is private; /run is hidden', async () => {
  chmodSync(canary, 0o777);
  writeFileSync(join(canary, 'file'), 'canary\n');
  chmodSync(join(canary, 'file'), 0o666);
  const probe = `ctxbench-probe-${randomUUID()}`;
  // One stream (2>&1): the order of lines across two pipes is not defined.
  const outcome = await run(
    `{ pwd; echo built > out.txt; echo x > ${canary}/file; touch /tmp/${probe}; ls /run 2>/dev/null | wc -l; touch ` +
      `/usr/bin/ctxbench-probe; } 2>&1`,
  );
  const lines = outcome.output.trim().split('\n');
  assert.equal(lines[0], SANDBOX_TREE);
  assert.match(lines[1]!, /Directory nonexistent/);
  assert.equal(lines[2], '0');
  assert.match(lines[3]!, /Read-only file system/);
  assert.equal(readFileSync(join(work.dir, 'out.txt'), 'utf8'), 'built\n');
  assert.equal(readFileSync(join(canary, 'file'), 'utf8'), 'canary\n');
  assert.equal(existsSync(`/tmp/${probe}`), false);
});

test('no capabilities, no way to remount, an unprivileged user when ctxbench is root, a clean environment', async () => {
  process.env.CTXBENCH_SECRET_PROBE = 'secret-value';
  try {
    const outcome = await run(
      'grep CapEff /proc/self/status; mount -o remount,bind,rw / 2>/dev/null && echo remounted; id -u; env',
      { env: { MINE: 'yes' } },
    );
    assert.match(outcome.output, /^CapEff:\s+0+$/m);
    assert.doesNotMatch(outcome.output, /remounted/);
    if (identity) assert.match(outcome.output, new RegExp(`^${identity.uid}$`, 'm'));
    assert.match(outcome.output, /^MINE=yes$/m);
    assert.match(outcome.output, /^HOME=\/tmp\/home$/m);
    assert.doesNotMatch(outcome.output, /secret-value/);
  } finally {
    delete process.env.CTXBENCH_SECRET_PROBE;
  }
});

test('own PID namespace and a network namespace with only loopback', async () => {
  const outcome = await run('ls /proc | grep -c "^[0-9]"; tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d " "');
  const [processes, ...interfaces] = outcome.output.trim().split('\n');
  assert.ok(Number(processes) <= 5, `sees ${processes} processes`);
  assert.deepEqual(interfaces, ['lo']);
});

test('file size, process and output limits; the timeout kills background processes too', async () => {
  const big = await run('head -c 3000000 /dev/zero > big.bin', { limits: { ...limits, fileSizeMb: 1 } });
  assert.equal(big.exitCode, 128 + 25); // SIGXFSZ
  const forks = await run('for i in $(seq 1 60); do sleep 3 & done 2>&1; echo done', {
    limits: { ...limits, processes: 20 },
  });
  assert.match(forks.output, /Cannot fork|Resource temporarily unavailable/);
  const flood = await run('yes ctxbench', { limits: { ...limits, outputMb: 1 } });
  assert.equal(flood.outputLimited, true);
  assert.ok(flood.bytes >= 1024 * 1024 && flood.bytes < 64 * 1024 * 1024, `${flood.bytes} bytes`);
  const token = `ctxbench-timeout-${randomUUID()}`;
  const slow = await run('sleep 120 & setsid sleep 120 & sleep 120', { timeoutMs: 500, env: { TOKEN: token } });
  assert.equal(slow.timedOut, true);
  assert.ok(slow.ms < 5000);
  const survivors = readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(token);
      } catch {
        return false;
      }
    });
  for (const pid of survivors) process.kill(Number(pid), 'SIGKILL');
  assert.deepEqual(survivors, []);
});

test("ctxbench's bundled tools are readable at $CTXBENCH_HOME/node_modules, read-only, wherever ctxbench is installed", async () => {
  const outcome = await run(
    'test -x "$CTXBENCH_HOME/node_modules/.bin/tsc" && echo tsc-found; echo "$CTXBENCH_HOME"; touch ' +
      '"$CTXBENCH_HOME/node_modules/x" 2>&1 | grep -c "Read-only"',
  );
  assert.deepEqual(outcome.output.trim().split('\n'), ['tsc-found', '/tmp/ctxbench/home', '1']);
});

test('sandbox rules: no home folders, /root, /var, /run, /opt, ctxbench checkout or work folders; a minimal /etc and /dev; declared mounts read-only', async () => {
  const { realpathSync } = await import('node:fs');
  const checkout = realpathSync(new URL('../..', import.meta.url).pathname);
  const declared = mkdtempSync('/var/tmp/ctxbench-mount-');
  writeFileSync(join(declared, 'tool.txt'), 'tool\n');
  chmodSync(declared, 0o755);
  chmodSync(join(declared, 'tool.txt'), 0o644);
  try {
    const hidden = [
      '/root',
      '/home',
      '/var',
      '/run',
      '/opt',
      '/srv',
      '/mnt',
      '/media',
      `${checkout}/package.json`,
      `${checkout}/src`,
      work.dir,
      '/etc/shadow',
      '/etc/ssh',
      '/etc/sudoers',
    ];
    const outcome = await run(
      `for p in ${hidden.join(' ')}; do [ -e "$p" ] && echo "VISIBLE $p"; done; ls /dev | tr '\\n' ' '; echo; cat ` +
        `/etc/passwd | head -1`,
    );
    assert.doesNotMatch(outcome.output, /VISIBLE/);
    const mounted = await run(`cat ${declared}/tool.txt; touch ${declared}/x 2>&1; ls -A /var/tmp | wc -l`, {
      mounts: [declared],
    });
    assert.match(mounted.output, /^tool$/m);
    assert.match(mounted.output, /Read-only file system/);
    assert.match(mounted.output, /^1$/m, 'only the declared folder, nothing else of /var/tmp');
    const devices = outcome.output.split('\n')[0]!.trim().split(' ').sort();
    assert.deepEqual(
      devices.filter(
        (name) =>
          ![
            'console',
            'core',
            'fd',
            'full',
            'mqueue',
            'null',
            'ptmx',
            'pts',
            'random',
            'shm',
            'stderr',
            'stdin',
            'stdout',
            'tty',
            'urandom',
            'zero',
          ].includes(name),
      ),
      [],
    );
    assert.match(outcome.output, /^root:/m);
  } finally {
    rmSync(declared, { recursive: true, force: true });
  }
});

test('xattrs and ACLs cannot be set (EOPNOTSUPP), and tools that try fall back: install and cp -p work', async () => {
  const outcome = await run(
    `{ echo hi > src.txt; install -m 755 src.txt installed && stat -c %a installed; cp -p src.txt copied && echo ` +
      `copied; python3 -c "import os; os.setxattr('src.txt', 'user.k', b'1')"; } 2>&1`,
  );
  assert.match(outcome.output, /^755$/m);
  assert.match(outcome.output, /^copied$/m);
  assert.match(outcome.output, /OSError: \[Errno 95\] Operation not supported/);
  // the filter's file is removed once open: a killed process leaves nothing in TMPDIR
  assert.deepEqual(
    readdirSync(tmpdir()).filter((name) => name.startsWith('ctxbench-seccomp-')),
    [],
  );
  const again = await run(`python3 -c "import os; os.setxattr('src.txt', 'user.k', b'1')" 2>&1`);
  assert.match(again.output, /OSError: \[Errno 95\] Operation not supported/);
});

test('read-only test files: not written, replaced, renamed or removed, nor their folders moved; the rest of the tree stays writable', async () => {
  const tree = mkdtempSync(join(work.dir, 'ro-'));
  mkdirSync(join(tree, 'tests', 'unit'), { recursive: true });
  writeFileSync(join(tree, 'tests', 'unit', 'test_a.py'), 'judge\n');
  mkdirSync(join(tree, 'fixtures'));
  writeFileSync(join(tree, 'fixtures', 'data.txt'), 'data\n');
  if (identity) spawnSync('chown', ['-R', `${identity.uid}:${identity.gid}`, tree]);
  const attempts = [
    'echo forged > tests/unit/test_a.py',
    'mv tests/unit/test_a.py tests/unit/gone.py',
    'rm -f tests/unit/test_a.py',
    'mv tests/unit tests/moved',
    'mv tests tests-old',
    'rm -rf tests',
    'ln tests/unit/test_a.py hardlink.py',
    'echo forged > fixtures/data.txt',
    'touch fixtures/new.txt',
  ];
  const script = [
    ...attempts.map(
      (attempt) => `if { ${attempt}; } 2>/dev/null; then echo "done: ${attempt}"; else echo "refused: ${attempt}"; fi`,
    ),
    'echo extra > tests/unit/new.py && echo "wrote tests/unit/new.py"',
    'echo built > out.txt && echo "wrote out.txt"',
  ].join('\n');
  const outcome = await run(script, { tree, readOnly: ['tests/unit/test_a.py', 'fixtures'] });
  assert.deepEqual(outcome.output.trim().split('\n'), [
    ...attempts.map((attempt) => `refused: ${attempt}`),
    'wrote tests/unit/new.py',
    'wrote out.txt',
  ]);
  assert.equal(readFileSync(join(tree, 'tests', 'unit', 'test_a.py'), 'utf8'), 'judge\n');
  assert.equal(readFileSync(join(tree, 'fixtures', 'data.txt'), 'utf8'), 'data\n');
  assert.deepEqual(readdirSync(join(tree, 'tests', 'unit')).sort(), ['new.py', 'test_a.py']);
  // Without the declaration the same tree is the candidate's to change.
  const open = await run('echo changed > tests/unit/test_a.py && echo ok', { tree });
  assert.equal(open.output, 'ok\n');
});

test('the sandbox probe works whatever TMPDIR is: a private one (0700, which the sandbox user cannot enter) is not taken for missing namespaces', () => {
  const privateTmp = mkdtempSync(join(work.dir, 'private-tmp-'));
  chmodSync(privateTmp, 0o700);
  const probe = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { ensureSandboxWorks } = await import('./src/exec/index.ts'); ensureSandboxWorks('bwrap'); " +
        "console.log('sandbox ok');",
    ],
    {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, TMPDIR: privateTmp },
      encoding: 'utf8',
    },
  );
  assert.equal(probe.stdout.trim(), 'sandbox ok', probe.stderr);
  assert.equal(probe.status, 0);
});

test('stdout and stderr are joined line by line: a line written in pieces stays whole when the other stream writes meanwhile', async () => {
  // a test runner's result line, written in two pieces with a test's message on stderr between them, 200 times
  const script =
    "for i in $(seq 200); do printf '[       OK ] Suite.Test%s' $i; printf 'error: message %s\\n' $i >&2; " +
    "printf ' (%s ms)\\n' $i; done; printf 'no newline at the end' >&2";
  for (const mode of ['bwrap', 'none'] as const) {
    const outcome = await run(script, { mode });
    assert.equal(outcome.exitCode, 0, outcome.output);
    const lines = outcome.output.split('\n');
    for (let i = 1; i <= 200; i++) {
      assert.ok(
        lines.includes(`[       OK ] Suite.Test${i} (${i} ms)`),
        `${mode}: the result line of test ${i} is whole`,
      );
      assert.ok(lines.includes(`error: message ${i}`), `${mode}: the message of test ${i} is whole`);
    }
    assert.equal(lines.at(-1), 'no newline at the end');
  }
});
