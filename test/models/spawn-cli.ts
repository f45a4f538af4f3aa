// Runs bin/ctxbench.js as a child process, the way a user does (tests that kill it mid-run).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `env` is added to this process's environment; `onStart` gets the child (to kill it). */
export function spawnCli(
  args: string[],
  env: Record<string, string>,
  onStart?: (child: ChildProcess) => void,
): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/ctxbench.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
    onStart?.(child);
  });
}
