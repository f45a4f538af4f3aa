// The agent tests' repository (test/fixtures/repos/agent-c, copied: the tools index it into `.ctxbench/`) and its
// tasks: report_area's (a function task), a cross-file and a node task in it; its answer appears nowhere else but in a
// dot folder.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskRecord } from '../src/datasets/types.ts';
import { buildBenchmark } from '../src/tasks/build.ts';

const FIXTURE = new URL('./fixtures/repos/agent-c/', import.meta.url).pathname;

/** `task`: the family's first task in src/report.c (for function tasks, report_area's). */
export async function agentFixture(
  family: 'function' | 'crossfile' | 'node' = 'function',
): Promise<{ task: TaskRecord; tasks: TaskRecord[]; root: string }> {
  const root = join(mkdtempSync(join(tmpdir(), 'ctxbench-agent-')), 'agent-c');
  cpSync(FIXTURE, root, { recursive: true });
  const { tasks } = await buildBenchmark({
    family,
    repos: [root],
    index: { db: join(root, '..', 'build.db') },
    seed: 1,
    command: 'test',
    toolVersion: '0',
  });
  return { task: tasks.find((candidate) => candidate.path === 'src/report.c')!, tasks, root };
}
