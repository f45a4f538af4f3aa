// An instruction / fine-tuning corpus from repositories (M2RC-Eval's M2RC-Instruct; YABLoCo's
// training sets): samples of the same kind as a task family, built by that family's own rules
// (the function family's training-split rules), with their prompts assembled by the context stage,
// written as chat JSONL (the prompt's messages and the reference as the answer) and, for a named
// FIM template, as FIM text. Nothing of a given evaluation set gets in: its repositories are
// refused, samples from any file with the text of one of its files are dropped, and so are
// references equal to or near-duplicates (BLEU-2 >= 0.2) of its references. One repository at a
// time is indexed, built and written: memory stays bounded by the largest repository.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { iterateTasks, type TaskRecord } from '../datasets/index.ts';
import { indexRepository } from '../index/index.ts';
import {
  bleuTokens,
  duplicateChecker,
  YABLOCO_DUPLICATES,
  buildFromIndexes,
  type BuildManifest,
  type BuildOptions,
  type Family,
  taskFamily,
} from '../tasks/index.ts';
import { repositoryCommit } from '../util/git.ts';
import { InputError } from '../util/errors.ts';
import { AtomicFile, writeFileAtomic } from '../util/jsonl.ts';
import { createPromptBuilder } from './prompt-builder.ts';
import { defaultTemplate, resolveTemplate } from './templates.ts';

export interface CorpusRequest {
  repos: string[];
  /** output folder: chat.jsonl, fim.jsonl (with `fimTemplate`) and manifest.json. */
  out: string;
  family: Family;
  /** evaluation task sets to keep out of the corpus. */
  exclude: string[];
  /**
   * context strategy of the prompts (default: oracle for function samples, bm25 otherwise: cross-file context as
   * M2RC-Instruct).
   */
  strategy?: string;
  /** chat template (default: the family's chat template). */
  chatTemplate?: string;
  /** a FIM template: also write fim.jsonl. */
  fimTemplate?: string;
  seed: number;
  /** at most this many samples per repository and language (a seeded sample). */
  limit?: number;
  languages?: BuildOptions['languages'];
  command: string;
  toolVersion: string;
}

/** Per language: samples the family built, what each exclusion removed, and what was written. */
export type CorpusCounts = Record<
  string,
  { built: number; fileOfEvaluationSet: number; sameReference: number; nearDuplicate: number; written: number }
>;

export interface CorpusManifest {
  tool: string;
  version: string;
  command: string;
  family: Family;
  strategy: string;
  chatTemplate: string;
  fimTemplate: string | null;
  exclude: { path: string; tasks: number }[];
  repositories: {
    name: string;
    root: string;
    commit: string | null;
    status: 'used' | 'refused: in the evaluation set';
  }[];
  counts: CorpusCounts;
  samples: number;
  /** the used repositories' skipped and fallback-decoded files, as a build's manifest lists them. */
  inputs: BuildManifest['inputs'];
}

/** What the evaluation sets give away: their repositories, files and references. */
interface Evaluation {
  repos: Set<string>;
  commits: Set<string>;
  files: Set<string>;
  references: Set<string>;
  nearDuplicateOf: (tokens: string[]) => number;
  sizes: { path: string; tasks: number }[];
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const withoutSpace = (text: string) => text.replace(/\s+/g, '');

function evaluationOf(paths: string[]): Evaluation {
  const evaluation: Omit<Evaluation, 'nearDuplicateOf'> = {
    repos: new Set(),
    commits: new Set(),
    files: new Set(),
    references: new Set(),
    sizes: [],
  };
  const tokens: string[][] = [];
  for (const path of paths) {
    let count = 0;
    for (const task of iterateTasks(path)) {
      count++;
      evaluation.repos.add(task.repo.name);
      if (task.repo.commit) evaluation.commits.add(task.repo.commit);
      evaluation.files.add(hash(task.prefix + task.reference + task.suffix));
      evaluation.references.add(withoutSpace(task.reference));
      tokens.push(bleuTokens(task.reference));
    }
    evaluation.sizes.push({ path, tasks: count });
  }
  return { ...evaluation, nearDuplicateOf: duplicateChecker(tokens, YABLOCO_DUPLICATES.threshold) };
}

/** The family's samples of one repository: the training-split rules for functions, the family's own otherwise. */
async function samplesOf(
  root: string,
  request: CorpusRequest,
): Promise<{ tasks: TaskRecord[]; inputs: BuildManifest['inputs'] }> {
  const run = await indexRepository(root, {});
  const repo = {
    name: basename(run.root),
    root: run.root,
    commit: repositoryCommit(run.root),
    store: run.store,
    inputs: run.inputs,
  };
  try {
    const options = {
      family: request.family,
      seed: request.seed,
      languages: request.languages,
      limit: request.limit,
      command: request.command,
      toolVersion: request.toolVersion,
    };
    if (request.family !== 'function') {
      const built = await buildFromIndexes([repo], options);
      return { tasks: built.tasks, inputs: built.manifest.inputs };
    }
    const built = await buildFromIndexes([repo], { ...options, limit: undefined, perLevel: 0, train: true });
    return { tasks: built.splits.train!.tasks, inputs: built.manifest.inputs };
  } finally {
    repo.store.close();
  }
}

function fenced(task: TaskRecord): string {
  return `\`\`\`${task.language}\n${task.reference.replace(/\n$/, '')}\n\`\`\``;
}

export async function buildCorpus(request: CorpusRequest): Promise<CorpusManifest> {
  const strategy = request.strategy ?? taskFamily(request.family).context;
  const kind = request.family;
  const chatTemplate = request.chatTemplate ?? defaultTemplate([kind], 'chat');
  if (resolveTemplate(chatTemplate).kind !== 'chat')
    throw new InputError(`'${chatTemplate}' is not a chat template`, { field: '--chat-template' });
  if (request.fimTemplate !== undefined && !resolveTemplate(request.fimTemplate).fim)
    throw new InputError(`'${request.fimTemplate}' is not a FIM template`, { field: '--template' });
  const evaluation = evaluationOf(request.exclude);
  mkdirSync(request.out, { recursive: true });
  const chat = new AtomicFile(join(request.out, 'chat.jsonl'));
  const fim = request.fimTemplate === undefined ? null : new AtomicFile(join(request.out, 'fim.jsonl'));
  const manifest: CorpusManifest = {
    tool: 'ctxbench',
    version: request.toolVersion,
    command: request.command,
    family: request.family,
    strategy,
    chatTemplate,
    fimTemplate: request.fimTemplate ?? null,
    exclude: evaluation.sizes,
    repositories: [],
    counts: {},
    samples: 0,
    inputs: { skipped: [], decoded: [], counts: {} },
  };
  try {
    for (const root of request.repos) {
      const name = basename(root.replace(/\/+$/, ''));
      const commit = repositoryCommit(root);
      if (evaluation.repos.has(name) || (commit !== null && evaluation.commits.has(commit))) {
        manifest.repositories.push({ name, root, commit, status: 'refused: in the evaluation set' });
        continue;
      }
      const { tasks, inputs } = await samplesOf(root, request);
      manifest.inputs.skipped.push(...inputs.skipped);
      manifest.inputs.decoded.push(...inputs.decoded);
      for (const [reason, count] of Object.entries(inputs.counts) as [keyof typeof inputs.counts, number][])
        manifest.inputs.counts[reason] = (manifest.inputs.counts[reason] ?? 0) + count;
      manifest.repositories.push({ name, root, commit, status: 'used' });
      const chatBuilder = await createPromptBuilder({ strategy, template: chatTemplate, repoRoot: root });
      const fimBuilder =
        request.fimTemplate === undefined
          ? null
          : await createPromptBuilder({ strategy, template: request.fimTemplate, repoRoot: root });
      for (const task of tasks) {
        const counts = (manifest.counts[task.language] ??= {
          built: 0,
          fileOfEvaluationSet: 0,
          sameReference: 0,
          nearDuplicate: 0,
          written: 0,
        });
        counts.built++;
        if (evaluation.files.has(hash(task.prefix + task.reference + task.suffix))) counts.fileOfEvaluationSet++;
        else if (evaluation.references.has(withoutSpace(task.reference))) counts.sameReference++;
        else if (evaluation.nearDuplicateOf(bleuTokens(task.reference)) >= 0) counts.nearDuplicate++;
        else {
          const meta = { id: task.id, repo: name, path: task.path, language: task.language, kind: task.kind };
          const prompt = await chatBuilder.build(task);
          const messages = [...(prompt.messages ?? []), { role: 'assistant', content: fenced(task) }];
          chat.write(`${JSON.stringify({ messages, meta })}\n`);
          if (fim && fimBuilder)
            fim.write(`${JSON.stringify({ text: (await fimBuilder.build(task)).prompt + task.reference, meta })}\n`);
          counts.written++;
          manifest.samples++;
        }
      }
    }
    chat.commit();
    fim?.commit();
  } catch (error) {
    chat.abort();
    fim?.abort();
    throw error;
  }
  writeFileAtomic(join(request.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
