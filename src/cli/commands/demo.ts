// `ctxbench demo`: the main job on the bundled sample repositories (examples/), offline, no GPU.
// It runs the same commands a user would, in pipeline order, so its output shows each stage.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandArgs, type Command } from '../command.ts';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../../examples/', import.meta.url));

export function exampleRepositories(): string[] {
  return readdirSync(EXAMPLES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'envs')
    .map((entry) => join(EXAMPLES_DIR, entry.name))
    .sort();
}

/** Runs another command as the CLI would; a failing step stops the demo. */
async function step(title: string, argv: string[]): Promise<void> {
  console.log(`\n== ${title}\n$ ctxbench ${argv.join(' ')}`);
  const { commands } = await import('./index.ts');
  const command = commands.find((c) => c.name === argv[0])!;
  const { positionals, values } = parseCommandArgs(command, argv.slice(1));
  const status = await command.run({ positionals, values: values as Record<string, string | boolean | string[] | undefined> });
  if (status !== 0) throw new Error(`demo step failed (exit ${status}): ctxbench ${argv.join(' ')}`);
}

export const demoCommand: Command = {
  name: 'demo',
  summary: 'Run the main job on the bundled sample repositories (offline, no GPU): index, build, generate, score, report.',
  usage: 'demo [--out DIR]',
  example: 'ctxbench demo --out /tmp/ctxbench-demo',
  options: {
    out: { type: 'string', description: 'where indexes, tasks, runs and reports go (replaced)', valueName: 'DIR', default: 'ctxbench-demo' },
  },
  async run({ values }) {
    const out = resolve((values.out as string | undefined) ?? 'ctxbench-demo');
    rmSync(out, { recursive: true, force: true });
    mkdirSync(join(out, 'tasks'), { recursive: true });
    const repos = exampleRepositories();
    for (const repo of repos) {
      await step(`index ${repo.split('/').pop()}`, ['index', repo]);
    }
    for (const family of ['function', 'crossfile', 'node']) {
      await step(`build the ${family} benchmark`, ['build', family, ...repos, '--out', join(out, 'tasks', `${family}.jsonl`), '--seed', '1']);
    }
    const runs: string[] = [];
    for (const context of ['infile', 'bm25']) {
      const run = join(out, 'runs', `crossfile-${context}`);
      runs.push(run);
      await step(`generate crossfile completions with the copy-retrieved baseline, ${context} context`,
        ['eval', join(out, 'tasks', 'crossfile.jsonl'), '--model', 'baseline:copy-retrieved', '--context', context, '--run', run, '--no-cache']);
      await step(`score crossfile-${context}`, ['score', run, '--metrics', 'em,es,es-difflib,id-em,id-f1']);
    }
    await step('report the crossfile runs by language, with transitions and paired differences', ['report', ...runs, '--by', 'language', '--metrics', 'em,es,id-f1']);
    await step('write the HTML report', ['report', ...runs, '--by', 'language,level', '--format', 'html', '--out', join(out, 'report.html')]);
    console.log(`\nOutputs in ${out}`);
    return 0;
  },
};
