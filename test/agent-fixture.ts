// The agent tests' repository (test/fixtures/repos/agent-c, copied: the tools index it into `.ctxbench/`) and its
// report_area function task, whose answer (the hole) appears nowhere else but in a dot folder.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskRecord } from '../src/datasets/types.ts';
import { buildBenchmark } from '../src/tasks/build.ts';

const FIXTURE = new URL('./fixtures/repos/agent-c/', import.meta.url).pathname;

export async function agentFixture(): Promise<{ task: TaskRecord; tasks: TaskRecord[]; root: string }> {
  const root = join(mkdtempSync(join(tmpdir(), 'ctxbench-agent-')), 'agent-c');
  cpSync(FIXTURE, root, { recursive: true });
  const { tasks } = await buildBenchmark({ family: 'function', repos: [root], index: { db: join(root, '..', 'build.db') }, seed: 1, command: 'test', toolVersion: '0' });
  return { task: tasks.find((candidate) => candidate.name === 'report_area')!, tasks, root };
}
