// `ctxbench demo`: the main job on the bundled sample repositories (examples/), offline, no GPU.
import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '../command.ts';
import { indexRepository } from '../../index/indexer.ts';
import { summarize } from '../../index/query.ts';
import { formatTable } from '../table.ts';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../../examples/', import.meta.url));

export function exampleRepositories(): string[] {
  return readdirSync(EXAMPLES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'envs')
    .map((entry) => join(EXAMPLES_DIR, entry.name))
    .sort();
}

export const demoCommand: Command = {
  name: 'demo',
  summary: 'Run the main job on the bundled sample repositories (offline): index them and print the summary.',
  usage: 'demo [--out DIR]',
  example: 'ctxbench demo --out /tmp/ctxbench-demo',
  options: { out: { type: 'string', description: 'where indexes, tasks and runs go', valueName: 'DIR', default: 'ctxbench-demo' } },
  async run({ values }) {
    const out = resolve((values.out as string | undefined) ?? 'ctxbench-demo');
    mkdirSync(out, { recursive: true });
    const rows: (string | number)[][] = [];
    for (const repo of exampleRepositories()) {
      const name = repo.split('/').pop()!;
      const run = await indexRepository(repo, { db: join(out, 'index', `${name}.db`) });
      for (const warning of run.warnings) console.error(`warning: ${name}: ${warning}`);
      for (const s of summarize(run.store)) {
        rows.push([name, s.language, s.files, s.lines, s.functions, s.calls, `${(s.resolvedShare * 100).toFixed(1)}%`, s.levels.project, s.levels.package, s.levels.file, s.levels.stdlib, s.levels.none]);
      }
      run.store.close();
    }
    console.log('Index of the sample repositories');
    console.log(formatTable(['repository', 'language', 'files', 'lines', 'functions', 'calls', 'resolved', 'project', 'package', 'file', 'stdlib', 'none'], rows));
    console.log(`\nOutputs in ${out}`);
    return 0;
  },
};
