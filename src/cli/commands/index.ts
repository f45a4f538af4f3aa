// Every CLI command, in the order `ctxbench --help` lists them (pipeline order). A command's module
// (and the stages it imports: tree-sitter, SQLite, the model clients) loads only when it runs, so
// `ctxbench --help` starts quickly.
import type { CommandEntry } from '../command.ts';

export const commands: CommandEntry[] = [
  {
    name: 'demo',
    summary:
      'Run the main job on the bundled sample repositories (offline, no GPU): index, build, generate, execute, ' +
      'score, report.',
    load: async () => (await import('./demo.ts')).demoCommand,
  },
  {
    name: 'index',
    summary: 'Index a repository: functions, docstrings, calls and the call graph, stored in SQLite.',
    load: async () => (await import('./index-commands.ts')).indexCommand,
  },
  {
    name: 'functions',
    summary: 'List the indexed functions with callees, callers and context level (JSONL or a table).',
    load: async () => (await import('./index-commands.ts')).functionsCommand,
  },
  {
    name: 'graph',
    summary: 'Print the call graph as JSON or Graphviz dot.',
    load: async () => (await import('./index-commands.ts')).graphCommand,
  },
  {
    name: 'build',
    summary:
      "Build a benchmark of a task family (function, crossfile, node, or a plugin's) from repositories, with a " +
      'manifest of every filter.',
    load: async () => (await import('./build.ts')).buildCommand,
  },
  {
    name: 'refresh',
    summary:
      'Keep a live benchmark: fetch new commits and build one task set per closed time window from the code changed ' +
      'in it (a spec file; safe on a schedule).',
    load: async () => (await import('./refresh.ts')).refreshCommand,
  },
  {
    name: 'corpus',
    summary:
      "Turn repositories into an instruction / fine-tuning corpus of a family's samples (chat JSONL, FIM text), " +
      'keeping an evaluation set out.',
    load: async () => (await import('./corpus.ts')).corpusCommand,
  },
  {
    name: 'import',
    summary:
      'Import a published benchmark (CrossCodeEval JSONL, YABLoCo CSV+JSON, an exported HF folder) or an inline ' +
      'ctxbench JSONL file as a task set.',
    load: async () => (await import('./import.ts')).importCommand,
  },
  {
    name: 'export',
    summary:
      'Export a task set inline: a Hugging Face dataset folder, CrossCodeEval JSONL, or ctxbench JSONL with whole ' +
      'prefixes and suffixes.',
    load: async () => (await import('./export.ts')).exportCommand,
  },
  {
    name: 'contamination',
    summary:
      "Measure each reference's n-gram overlap with a training corpus and label the tasks (contaminated yes/no) for " +
      '`report --labels`.',
    load: async () => (await import('./contamination.ts')).contaminationCommand,
  },
  {
    name: 'obfuscate',
    summary:
      "Rename each function task's target and its parameters, in prompt and reference alike (a memorisation control).",
    load: async () => (await import('./obfuscate.ts')).obfuscateCommand,
  },
  {
    name: 'docstrings',
    summary:
      'Write the "hard" variant of a task set: every docstring rewritten by a model from docstring, signature and ' +
      'body (YABLoCo), through a template file; resumable.',
    load: async () => (await import('./docstrings.ts')).docstringsCommand,
  },
  {
    name: 'prompt',
    summary: 'Assemble the prompt of one task (retrieval + template + token budget) and show its token counts.',
    load: async () => (await import('./prompt.ts')).promptCommand,
  },
  {
    name: 'eval',
    summary: 'Generate candidates for every task with a model (or a baseline) into a resumable run store.',
    load: async () => (await import('./eval.ts')).evalCommand,
  },
  {
    name: 'exec',
    summary: 'Build and test every candidate of a run in a sandbox (pass@k); `exec check <env>` checks an environment.',
    load: async () => (await import('./exec.ts')).execCommand,
  },
  {
    name: 'worker',
    summary:
      'Serve queued execution jobs (`exec --queue`) on this machine: environments from an allow-list, in the local ' +
      'sandbox.',
    load: async () => (await import('./worker.ts')).workerCommand,
  },
  {
    name: 'score',
    summary:
      'Score predictions against references (EM, ES, identifier match, CodeBLEU, ...): a pairs file or a whole run.',
    load: async () => (await import('./score.ts')).scoreCommand,
  },
  {
    name: 'results',
    summary: 'Show the candidates of a run: raw and post-processed output, errors, metrics and verdicts.',
    load: async () => (await import('./results.ts')).resultsCommand,
  },
  {
    name: 'report',
    summary:
      'Report scored runs by language, level, bucket, semantic class, lines, prompt length or repository; compare ' +
      "runs; draw the papers' tables and figures (HTML, SVG, PNG, LaTeX).",
    load: async () => (await import('./report.ts')).reportCommand,
  },
  {
    name: 'review',
    summary:
      "Review task docstrings in the browser (YABLoCo's - ? + marks, several reviewers), their agreement (Fleiss' " +
      'kappa), filter a set by a rule; import/export the review sheet (XLSX, CSV).',
    load: async () => (await import('./review.ts')).reviewCommand,
  },
  {
    name: 'view',
    summary:
      'Browse runs in a local web viewer: tasks, candidates, diffs, verdicts, summaries, comparisons and live ' +
      'progress.',
    load: async () => (await import('./view.ts')).viewCommand,
  },
];
