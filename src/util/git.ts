// What git says about a checkout.
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';

/** HEAD of the checkout when the folder is a git repository's top level, else null. */
export function repositoryCommit(root: string): string | null {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (realpathSync(git('rev-parse', '--show-toplevel')) !== realpathSync(root)) return null;
    return git('rev-parse', 'HEAD');
  } catch {
    return null;
  }
}

/** Whether git tracks any file under the folder (git blame can date its lines). */
export function hasTrackedFiles(root: string): boolean {
  try {
    return (
      execFileSync('git', ['-C', root, 'ls-files', '--', '.'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 256 * 1024 * 1024,
      }).length > 0
    );
  } catch {
    return false;
  }
}

/**
 * The repository's creation date (YYYY-MM-DD of its first commit, as CrossCodeEval dates repositories), null outside
 * git.
 */
export function firstCommitDate(root: string): string | null {
  try {
    const times = execFileSync('git', ['-C', root, 'log', '--max-parents=0', '--format=%ct', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return times.length === 0 ? null : new Date(Math.min(...times) * 1000).toISOString().slice(0, 10);
  } catch {
    return null;
  }
}
