// `ctxbench demo`: the main job on the bundled sample repositories (examples/), offline, no GPU.
// It runs the same commands a user would, in pipeline order, so its output shows each stage.
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandArgs, type Command, type CommandEntry } from '../command.ts';
import { ensureSandboxWorks, loadEnvironment, missingTools } from '../../exec/index.ts';
import { claimOutputFolder } from '../../util/output-folder.ts';

export const EXAMPLES_DIR = fileURLToPath(new URL('../../../examples/', import.meta.url));

/** What the demo writes into its folder (and replaces on the next run): nothing else is touched. */
const DEMO_OUTPUTS = ['examples', 'tasks', 'runs', 'report.html'];

/** Folders of examples/ that are not sample repositories: environment files and plugin examples. */
const NOT_REPOSITORIES = new Set(['envs', 'plugins']);

export function exampleRepositories(examplesDir = EXAMPLES_DIR): string[] {
  return readdirSync(examplesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_REPOSITORIES.has(entry.name))
    .map((entry) => join(examplesDir, entry.name))
    .sort();
}

/** Why candidates cannot be executed here (no usable bubblewrap), or null. */
function sandboxUnavailable(): string | null {
  try {
    ensureSandboxWorks('bwrap');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Runs another command as the CLI would; a failing step stops the demo. */
async function step(commands: readonly CommandEntry[], title: string, argv: string[]): Promise<void> {
  console.log(`\n== ${title}\n$ ctxbench ${argv.join(' ')}`);
  const entry = commands.find((c) => c.name === argv[0]);
  if (!entry) throw new Error(`the demo runs \`ctxbench ${argv[0]}\`, which the CLI did not hand over`);
  const command = await entry.load();
  const { positionals, values } = parseCommandArgs(argv[0]!, command, argv.slice(1));
  const status = await command.run({
    positionals,
    values: values as Record<string, string | boolean | string[] | undefined>,
  });
  if (status !== 0) throw new Error(`demo step failed (exit ${status}): ctxbench ${argv.join(' ')}`);
}

export const demoCommand: Command = {
  usage: 'demo [--out DIR]',
  example: 'ctxbench demo --out /tmp/ctxbench-demo',
  options: {
    out: {
      type: 'string',
      description:
        'a new or empty folder for a copy of the samples, their indexes, tasks, runs and reports (a folder the demo ' +
        'created is reused)',
      valueName: 'DIR',
      default: 'ctxbench-demo',
    },
  },
  async run({ values, commands = [] }) {
    const out = claimOutputFolder((values.out as string | undefined) ?? 'ctxbench-demo', 'demo');
    for (const output of DEMO_OUTPUTS) rmSync(join(out, output), { recursive: true, force: true });
    mkdirSync(join(out, 'tasks'), { recursive: true });
    // A copy of the samples, so their indexes land in the demo folder and never in the installed package.
    const examples = join(out, 'examples');
    cpSync(EXAMPLES_DIR, examples, { recursive: true, filter: (source) => basename(source) !== '.ctxbench' });
    const repos = exampleRepositories(examples);
    for (const repo of repos) {
      await step(commands, `index ${repo.split('/').pop()}`, ['index', repo]);
    }
    for (const family of ['function', 'crossfile', 'node']) {
      await step(commands, `build the ${family} benchmark`, [
        'build',
        family,
        ...repos,
        '--out',
        join(out, 'tasks', `${family}.jsonl`),
        '--seed',
        '1',
      ]);
    }
    const tasks = (family: string) => join(out, 'tasks', `${family}.jsonl`);
    const runDir = (name: string) => join(out, 'runs', name);
    // two static strategies, and agent mode (the scripted agent searches the repository, then copies from what it
    // found)
    const crossfileSettings = [
      ['copy-retrieved', 'infile', 'the copy-retrieved baseline with infile context'],
      ['copy-retrieved', 'bm25', 'the copy-retrieved baseline with bm25 context'],
      ['agent-oracle', 'agent', 'the scripted agent baseline in agent mode (it calls the repository tools)'],
    ] as const;
    const crossfileRuns = crossfileSettings.map(([, context]) => runDir(`crossfile-${context}`));
    for (const [index, [model, context, what]] of crossfileSettings.entries()) {
      await step(commands, `CrossCodeEval family: ${what}`, [
        'eval',
        tasks('crossfile'),
        '--model',
        `baseline:${model}`,
        '--context',
        context,
        '--run',
        crossfileRuns[index]!,
        '--no-cache',
      ]);
      await step(commands, `score crossfile-${context}`, [
        'score',
        crossfileRuns[index]!,
        '--metrics',
        'em,es,es-difflib,id-em,id-f1',
      ]);
    }
    await step(commands, 'report: crossfile runs by language, with transitions and paired differences', [
      'report',
      ...crossfileRuns,
      '--by',
      'language',
      '--metrics',
      'em,es,id-f1',
    ]);

    await step(commands, 'M2RC-Eval family: the copy-retrieved baseline with Jaccard retrieval', [
      'eval',
      tasks('node'),
      '--model',
      'baseline:copy-retrieved',
      '--context',
      'jaccard',
      '--run',
      runDir('node-jaccard'),
      '--no-cache',
    ]);
    await step(commands, 'score node-jaccard', ['score', runDir('node-jaccard'), '--metrics', 'em,es,codebleu']);
    await step(commands, 'report: node run by semantic class', [
      'report',
      runDir('node-jaccard'),
      '--by',
      'semantic',
      '--metrics',
      'em,es,codebleu',
    ]);

    // The reference baseline answers the ground truth: every verdict must be `pass`, or the environment is wrong.
    // A sample whose toolchain is not installed here (the TypeScript compiler comes with a development
    // install of ctxbench, not with the package) is left out of execution, saying what it needs.
    const envs = repos.flatMap((repo) => {
      const file = join(examples, 'envs', `${basename(repo)}.yaml`);
      const missing = missingTools(loadEnvironment(file));
      if (missing.length === 0) return ['--env', file];
      console.log(
        `\n== execution of ${basename(repo)} skipped: needs ${missing.join(', ')}, not found on this machine`,
      );
      return [];
    });
    const functionRuns = [
      ['reference', 'oracle'],
      ['copy-retrieved', 'bm25'],
    ].map(([model, context]) => [model!, context!, runDir(`function-${model}`)] as const);
    const sandboxProblem = sandboxUnavailable();
    for (const [model, context, run] of functionRuns) {
      await step(commands, `YABLoCo family: baseline:${model} with ${context} context`, [
        'eval',
        tasks('function'),
        '--model',
        `baseline:${model}`,
        '--context',
        context,
        '--run',
        run,
        '--no-cache',
        '--max-tokens',
        '4096',
      ]);
      if (sandboxProblem) console.log(`\n== execution of function-${model} skipped: ${sandboxProblem}`);
      else
        await step(commands, `execute function-${model}: build and test every candidate in the sandbox`, [
          'exec',
          run,
          ...envs,
        ]);
      await step(commands, `score function-${model}`, ['score', run, '--metrics', 'em-nows,es']);
    }
    await step(commands, 'report: function runs by repository, with pass@k', [
      'report',
      ...functionRuns.map(([, , run]) => run),
      '--by',
      'repo',
    ]);

    const allRuns = [...crossfileRuns, runDir('node-jaccard'), ...functionRuns.map(([, , run]) => run)];
    await step(commands, 'write the HTML report', [
      'report',
      ...crossfileRuns,
      '--by',
      'language,level',
      '--format',
      'html',
      '--out',
      join(out, 'report.html'),
    ]);
    console.log(`\nBrowse every task, candidate and verdict:\n  ctxbench view ${allRuns.join(' ')}`);
    console.log(`\nOutputs in ${out}`);
    return 0;
  },
};
