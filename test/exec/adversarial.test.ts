// Hostile candidates in the real sandbox: a fork storm, reading the host's secrets and folders, a
// daemon left running, deleting and overwriting files outside the tree (including another worker's
// tree), network connections, an infinite loop, 1 GB of output,
// sleeping past the timeout and killing the parent. Each is contained and classified; canary
// files, a listening socket and the host's process table show that nothing got out, while
// reference candidates run beside them in the other worker and pass.
//
// Safe even with a broken sandbox: canaries live in a temporary folder, the fork storm is bounded
// (2,000 children that exit after 5 s), the only TCP target is this test's own listener on
// 127.0.0.1, the UDP "connection" sends nothing (connect() on UDP only records the peer), the
// output and the sleep are bounded, and stray processes are found by a token only this test
// puts in their environment and ended by pid.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createContext, parseEnvironment } from '../../src/exec/index.ts';
import { FIXTURES, functionTask, functionText, makeWorkDir, runAll } from './helpers.ts';

const token = `ctxbench-adversary-${randomUUID()}`;
const work = makeWorkDir('adversarial');
const canary = mkdtempSync('/var/tmp/ctxbench-canary-');
after(() => {
  work.remove();
  rmSync(canary, { recursive: true, force: true });
});

/** Host processes carrying this test's token in their environment. */
function strayProcesses(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(token);
      } catch {
        return false;
      }
    })
    .map(Number);
}

test('hostile candidates are contained and classified; the host and the other worker are unaffected', async () => {
  chmodSync(canary, 0o777);
  // World-writable canaries: only the read-only mount protects them, not file permissions.
  for (const name of ['delete-me', 'overwrite-me']) {
    writeFileSync(join(canary, name), `canary ${name}\n`);
    chmodSync(join(canary, name), 0o666);
  }
  const connections: string[] = [];
  const server = createServer((socket) => {
    connections.push(String(socket.remoteAddress));
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  const fixture = readFileSync(join(FIXTURES, 'python', 'env.yaml'), 'utf8');
  const envText =
    `${fixture.replace(/^repo: .*$/m, `repo: ${join(FIXTURES, 'python', 'repo')}`).replace(/^timeout: .*$/m, 'timeout: 4')}
limits:
  processes: 64
  outputMb: 16
`.replace('env:\n', `env:\n  CTXBENCH_ADVERSARY: ${token}\n`);
  const env = parseEnvironment(envText, join(work.dir, 'adversarial.yaml'));
  writeFileSync(env.file, envText);
  const otherWorker = join(createContext(env, { workDir: work.dir }).workDir, 'w1', 'calc', 'stats.py');

  const reference = functionText(env.repo, 'calc/stats.py', 'def median(', '');
  const median = functionTask(env.repo, 'calc/stats.py', 'python', reference, 'median');
  const meanReference = functionText(env.repo, 'calc/stats.py', 'def mean(', '');
  const mean = functionTask(env.repo, 'calc/stats.py', 'python', meanReference, 'mean');
  const correct =
    '    ordered = sorted(values)\n    middle = len(ordered) // 2\n    return ordered[middle] if len(ordered) % 2 ' +
    'else (ordered[middle - 1] + ordered[middle]) / 2';
  const hostile = (body: string) => `def median(values):\n${body}\n${correct}`;
  const adversaries: Record<string, { candidate: string; verdict: string }> = {
    'fork storm': {
      candidate: hostile(
        '    import os, time\n    for _ in range(2000):\n        if os.fork() == 0:\n            time.sleep(5)\n     ' +
          '       os._exit(0)',
      ),
      verdict: 'crash',
    },
    // The host outside the toolchain is not in the sandbox at all: these paths do not exist there.
    'delete outside': {
      candidate: hostile(`    import os\n    os.remove(${JSON.stringify(join(canary, 'delete-me'))})`),
      verdict: 'test-fail',
    },
    'overwrite outside': {
      candidate: hostile(
        `    with open(${JSON.stringify(join(canary, 'overwrite-me'))}, 'w') as out:\n        out.write('owned')`,
      ),
      verdict: 'test-fail',
    },
    'overwrite other worker': {
      candidate: hostile(
        `    with open(${JSON.stringify(otherWorker)}, 'w') as out:\n        out.write('def mean(values):\\n    ` +
          `return 0\\n')`,
      ),
      verdict: 'test-fail',
    },
    // The toolchain is there, read-only: the write fails (EROFS) and the test with it.
    'write the toolchain': {
      candidate: hostile("    open('/usr/lib/ctxbench-probe', 'w').write('x')"),
      verdict: 'test-fail',
    },
    // The sandbox's loopback is its own: the host's listener is unreachable, the connection is refused.
    'tcp to host listener': {
      candidate: hostile(`    import socket\n    socket.create_connection(('127.0.0.1', ${port}), timeout=2).close()`),
      verdict: 'test-fail',
    },
    'udp off the machine': {
      candidate: hostile(
        "    import socket\n    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n    s.connect(('192.0.2.1', " +
          '9))\n    s.close()',
      ),
      verdict: 'test-fail',
    },
    // Reaching into another process: the sandbox's filter kills the caller, its own signal of a violation.
    'ptrace the test runner': {
      candidate: hostile('    import ctypes, os\n    ctypes.CDLL(None).syscall(101, 16, os.getppid(), 0, 0)'),
      verdict: 'sandbox-violation',
    },
    // A daemon in its own session, left running when the test ends: it dies with the sandbox's PID namespace (the stray
    // check below).
    'daemon left behind': {
      candidate: hostile(
        "    import subprocess\n    subprocess.Popen(['setsid', 'sh', '-c', 'sleep 120'], start_new_session=True, " +
          'stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)',
      ),
      // its tests pass; starting a process is a cheat pattern
      verdict: 'pass-flagged',
    },
    // Secrets, the host's folders, this test's work folder (run stores, the environment file) and the host's processes
    // are not there.
    'read host files': {
      candidate: hostile(
        `    for path in ${JSON.stringify(['/etc/shadow', '/root/.bashrc', '/home', '/var/tmp', '/run', '/work', `${work.dir}/adversarial.yaml`, canary])}:\n        try:\n            open(path, 'rb').read(1)\n            print('READ', path)\n        except OSError as error:\n            print('REFUSED', path, error.strerror)\n    print('INIT', open('/proc/1/cmdline', 'rb').read(5))`,
      ),
      // its tests pass, but reading /proc is a cheat pattern
      verdict: 'pass-flagged',
    },
    'infinite loop': { candidate: hostile('    while True:\n        pass'), verdict: 'timeout' },
    'gigabyte of output': {
      candidate: hostile("    import sys\n    for _ in range(1024):\n        sys.stdout.write('x' * 1048576)"),
      verdict: 'crash',
    },
    'sleep past timeout': { candidate: hostile('    import time\n    time.sleep(60)'), verdict: 'timeout' },
    // The parent is the shell running the test command inside the sandbox: it dies, the test
    // command ends by SIGKILL (crash); ctxbench, outside the PID namespace, is out of reach.
    'kill parent': {
      candidate: hostile('    import os, signal\n    os.kill(os.getppid(), signal.SIGKILL)'),
      verdict: 'crash',
    },
  };
  const items = Object.entries(adversaries).flatMap(([name, { candidate }], index) => [
    { task: median, candidate, key: name },
    // Bystanders: correct candidates interleaved so that the other worker runs them meanwhile.
    {
      task: mean,
      candidate: `${meanReference}${'\n'.repeat(index + 1)}# bystander ${index}`,
      key: `bystander ${index}`,
    },
  ]);
  try {
    const results = await runAll(env, items, { workDir: work.dir, workers: 2, cache: false });
    for (const [name, { verdict }] of Object.entries(adversaries)) {
      const result = results.get(name)!;
      assert.equal(result.verdict, verdict, `${name}:\n${result.logTail}`);
    }
    for (const [key, result] of results)
      if (key.startsWith('bystander')) assert.equal(result.verdict, 'pass', `${key}:\n${result.logTail}`);
    assert.match(results.get('fork storm')!.logTail, /Resource temporarily unavailable/);
    assert.match(results.get('gigabyte of output')!.logTail, /more output than the limit/);
    assert.match(results.get('delete outside')!.logTail, /No such file or directory/);
    assert.match(results.get('write the toolchain')!.logTail, /Read-only file system/);
    assert.match(results.get('udp off the machine')!.logTail, /Network is unreachable/);
    const reads = results.get('read host files')!.logTail;
    assert.doesNotMatch(reads, /^READ /m);
    // (once per call of the candidate)
    assert.equal(new Set(reads.match(/^REFUSED .* No such file or directory$/gm)).size, 8, reads);
    // PID 1 is the sandbox's own bubblewrap, not the host's init.
    assert.match(reads, /^INIT b'bwrap'$/m);
  } finally {
    const stray = strayProcesses();
    for (const pid of stray) process.kill(pid, 'SIGKILL');
    server.close();
    assert.deepEqual(stray, [], 'processes of the sandbox outlived it');
  }
  assert.deepEqual(connections, []);
  assert.equal(readFileSync(join(canary, 'delete-me'), 'utf8'), 'canary delete-me\n');
  assert.equal(readFileSync(join(canary, 'overwrite-me'), 'utf8'), 'canary overwrite-me\n');
  assert.ok(existsSync(otherWorker));
  assert.doesNotMatch(readFileSync(otherWorker, 'utf8'), /return 0/);
});
