// A real redis-server for the queue tests: on 127.0.0.1, a free port, no persistence, its files in
// a temporary folder; and `ctxbench` processes whose stderr is collected as it comes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/ctxbench.js', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RedisServer {
  /** with the password (for the library, which takes one in the URL). */
  url: string;
  /** without it: what the command line takes (the password goes in $CTXBENCH_QUEUE_PASSWORD). */
  address: string;
  /** the environment of a `ctxbench` process that connects to it. */
  env: NodeJS.ProcessEnv;
  port: number;
  stop(): Promise<void>;
}

export async function startRedis(password?: string): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-redis-'));
  const port = await freePort();
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    ...(password ? ['--requirepass', password] : []),
  ];
  const server = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'ignore'] });
  // Ready when it says so on its log (it listens by then); an exit before that is an error with its log.
  let log = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (/Ready to accept connections/.test(log)) resolve();
    });
    server.once('exit', (code) => reject(new Error(`redis-server exited with ${code} before it was ready:\n${log}`)));
    server.once('error', reject);
  });
  server.stdout!.resume();
  return {
    url: `redis://${password ? `:${password}@` : ''}127.0.0.1:${port}`,
    address: `redis://127.0.0.1:${port}`,
    env: { ...process.env, ...(password ? { CTXBENCH_QUEUE_PASSWORD: password } : {}) },
    port,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A `ctxbench` process with its output collected; `waitFor` resolves when stderr matches. */
export class CtxbenchProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  private watchers: { pattern: RegExp; resolve: () => void }[] = [];

  constructor(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
    this.child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
      this.watchers = this.watchers.filter(
        (watcher) => !(watcher.pattern.test(this.stderr) && (watcher.resolve(), true)),
      );
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  waitFor(pattern: RegExp): Promise<void> {
    if (pattern.test(this.stderr)) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ pattern, resolve }));
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill(signal);
    await this.exited;
  }
}
