// Shared by the task tests: fixture repositories copied to a temporary folder (optionally made
// real git repositories with fixed commit dates) and opened through the real index.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { indexRepository } from '../../src/index/indexer.ts';
import { repositoryCommit } from '../../src/util/git.ts';
import type { RepositoryInput } from '../../src/tasks/types.ts';

export const FIXTURES = new URL('../fixtures/tasks/', import.meta.url).pathname;

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'ctxbench-tasks-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Copies `test/fixtures/tasks/<name>` into `parent/<name>`; with `commits`, makes it a git
 * repository whose commits add the listed paths (relative, `.` = the rest) at the given dates.
 */
export function copyFixture(name: string, parent: string, commits?: { date: string; paths: string[] }[]): string {
  const root = join(parent, name);
  cpSync(join(FIXTURES, name), root, { recursive: true });
  if (commits) {
    const git = (args: string[], date?: string) =>
      execFileSync('git', ['-C', root, ...args], {
        stdio: 'ignore',
        env: {
          ...process.env,
          GIT_AUTHOR_DATE: date,
          GIT_COMMITTER_DATE: date,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.com',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.com',
        },
      });
    git(['init', '-q']);
    for (const commit of commits) {
      git(['add', '--', ...commit.paths]);
      git(['commit', '-q', '-m', `commit of ${commit.date}`], commit.date);
    }
  }
  return root;
}

/** Indexes a repository into a database beside it and returns it as a build input. */
export async function openRepository(root: string, dbDir: string): Promise<RepositoryInput> {
  const run = await indexRepository(root, { db: join(dbDir, `${basename(root)}.db`) });
  return { name: basename(run.root), root: run.root, commit: repositoryCommit(run.root), store: run.store };
}
