// Synthetic docstrings (YABLoCo's "hard" variant): a model is given each function's docstring,
// signature and body through a prompt template file the user can change, and its description
// replaces the docstring; the original is kept in `meta.originalDocstring`. The calls go through
// the generation runner, so the response cache, resume after a kill and retries are the same as
// for `eval`; the run store (`<out>.run/` by default) keeps every answer.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { fill, type BuiltPrompt, type PromptBuilder } from '../context/index.ts';
import { readTasks, type FunctionTask, type TaskRecord } from '../datasets/index.ts';
import { openRunStore } from '../runstore/index.ts';
import { writeDerived, type DerivedManifest } from '../tasks/index.ts';
import { InputError } from '../util/errors.ts';
import { parseRecord } from '../util/schema.ts';
import { readYamlFile } from '../util/yaml-lines.ts';
import type { Postprocessed } from '../tasks/index.ts';
import { runGeneration, type GenerationOptions, type GenerationSummary } from './runner.ts';

/** The template shipped with ctxbench (YABLoCo's instruction); copy it to change the prompt. */
export const DEFAULT_DOCSTRING_TEMPLATE = fileURLToPath(
  new URL('../../examples/docstring-template.yaml', import.meta.url),
);

/** What a template may use: `{docstring}`, `{signature}`, `{body}`, `{name}`, `{language}`, `{path}`. */
export const DOCSTRING_PLACEHOLDERS = ['docstring', 'signature', 'body', 'name', 'language', 'path'] as const;

const placeholdersKnown = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].every((match) => (DOCSTRING_PLACEHOLDERS as readonly string[]).includes(match[1]!));
const templateText = z
  .string()
  .min(1)
  .refine(placeholdersKnown, {
    message: `unknown placeholder (known: ${DOCSTRING_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')})`,
  });

export const DocstringTemplateSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    /** chat models: a system and a user message. */
    system: templateText.optional(),
    user: templateText.optional(),
    /** completion models: one prompt. */
    prompt: templateText.optional(),
  })
  .strict()
  .refine((t) => (t.user === undefined) !== (t.prompt === undefined), {
    message: "give either 'user' (chat, with an optional 'system') or 'prompt' (completion)",
    path: ['user'],
  })
  .refine((t) => t.prompt === undefined || t.system === undefined, {
    message: "'system' belongs to chat templates ('user')",
    path: ['system'],
  });
export type DocstringTemplate = z.infer<typeof DocstringTemplateSchema>;

export interface LoadedDocstringTemplate {
  template: DocstringTemplate;
  file: string;
  /** SHA-256 of the file's text: a changed template is a different run. */
  hash: string;
}

export function loadDocstringTemplate(file: string): LoadedDocstringTemplate {
  const { text, value, where } = readYamlFile(file, 'template');
  return {
    template: parseRecord(DocstringTemplateSchema, value, where),
    file,
    hash: createHash('sha256').update(text).digest('hex'),
  };
}

/** The prompt of one task. */
export function docstringPrompt(template: DocstringTemplate, task: TaskRecord): BuiltPrompt {
  const values = {
    docstring: task.docstring ?? '',
    signature: task.signature ?? '',
    body: task.reference,
    name: task.name ?? '',
    language: task.language,
    path: task.path,
  };
  const messages =
    template.user === undefined
      ? null
      : [
          ...(template.system ? [{ role: 'system' as const, content: fill(template.system, values) }] : []),
          { role: 'user' as const, content: fill(template.user, values) },
        ];
  return {
    messages,
    prompt: template.prompt === undefined ? null : fill(template.prompt, values),
    tokens: {},
    snippets: [],
    retrieved: [],
  };
}

/** The prompt builder the runner calls; `template` in the run config names the template and its hash. */
export function docstringPromptBuilder(loaded: LoadedDocstringTemplate): PromptBuilder {
  return {
    tokenizerName: 'none',
    strategy: 'docstring',
    template: `${loaded.template.name}@${loaded.hash.slice(0, 12)}`,
    build: async (task) => docstringPrompt(loaded.template, task),
  };
}

/**
 * The description in a model's answer: the text of a fenced block when the answer is one, without
 * comment markers (`/** ... *\/`, ` * `, `//`, `#`, Python's triple quotes); empty is an error.
 */
export function docstringOf(raw: string): string {
  let text = raw.trim();
  const fence = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n?\1$/.exec(text);
  if (fence) text = fence[2]!.trim();
  if (/^\/\*/.test(text) && text.endsWith('*/')) {
    text = text
      .replace(/^\/\*+/, '')
      .replace(/\*+\/$/, '')
      .split('\n')
      .map((line) => line.replace(/^\s*\*(?!\/) ?/, ''))
      .join('\n');
  } else if (/^("""|''')[\s\S]*\1$/.test(text)) {
    text = text.slice(3, -3);
  } else {
    const lines = text.split('\n');
    const marker = ['///', '//', '#'].find((m) =>
      lines.every((line) => line.trim() === '' || line.trimStart().startsWith(m)),
    );
    if (marker)
      text = lines
        .map((line) =>
          line
            .trimStart()
            .slice(line.trim() === '' ? 0 : marker.length)
            .replace(/^ /, ''),
        )
        .join('\n');
  }
  const cleaned = text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  if (cleaned === '') throw new Error('the answer holds no description');
  return cleaned;
}

const postprocessDocstring = async (_task: TaskRecord, answer: { text: string }): Promise<Postprocessed> => ({
  output: docstringOf(answer.text),
  rule: 'docstring',
});

export type DocstringOptions = Omit<GenerationOptions, 'promptBuilder' | 'samples' | 'postprocess' | 'budget'> & {
  /** the set at `tasksPath`, as `readFunctionTasks` gives it. */
  tasks: TaskRecord[];
  out: string;
  template: LoadedDocstringTemplate;
  command: string;
};

export interface DocstringResult {
  summary: GenerationSummary;
  manifest: DerivedManifest;
  /** tasks whose docstring could not be generated (kept out of the hard variant; rerun to retry them). */
  failed: { id: string; error: string }[];
}

/**
 * The tasks of a set that docstrings can be generated for; read before anything is created, so a refused set leaves
 * nothing behind.
 */
export function readFunctionTasks(tasksPath: string): TaskRecord[] {
  const tasks = readTasks(tasksPath);
  const other = tasks.find((task) => task.kind !== 'function');
  if (other)
    throw new InputError(
      `task '${other.id}' is a ${other.kind} task: ` +
        'synthetic docstrings are for function tasks (docstring, signature, body)',
      { file: tasksPath, field: 'kind' },
    );
  return tasks;
}

/** Generates the docstrings (resumable) and writes the hard variant of the task set with its manifest. */
export async function generateDocstrings(options: DocstringOptions): Promise<DocstringResult> {
  const { tasks } = options;
  const summary = await runGeneration({
    ...options,
    promptBuilder: docstringPromptBuilder(options.template),
    samples: 1,
    budget: null,
    postprocess: postprocessDocstring,
  });
  const store = openRunStore(options.runDir, { readonly: true });
  const answers = new Map<string, { output: string | null; error: string | null }>();
  try {
    for (const candidate of store.candidates()) if (candidate.sample === 0) answers.set(candidate.taskId, candidate);
  } finally {
    store.close();
  }
  const failed: DocstringResult['failed'] = [];
  const hard: TaskRecord[] = [];
  // every task is a function task (checked above)
  for (const task of tasks as FunctionTask[]) {
    const answer = answers.get(task.id);
    if (!answer || answer.error !== null || answer.output === null) {
      failed.push({ id: task.id, error: answer?.error ?? 'no answer' });
      continue;
    }
    // A set that is already a hard variant keeps the first original.
    const original =
      task.meta && Object.hasOwn(task.meta, 'originalDocstring')
        ? task.meta.originalDocstring
        : (task.docstring ?? null);
    hard.push({ ...task, docstring: answer.output, meta: { ...task.meta, originalDocstring: original } });
  }
  const manifest = writeDerived(options.out, hard, options.tasksPath, {
    version: options.toolVersion,
    command: options.command,
    transform: 'docstrings',
    details: {
      model: options.backend.provider,
      template: { name: options.template.template.name, file: options.template.file, sha256: options.template.hash },
      run: options.runDir,
      generated: hard.length,
      failed,
    },
  });
  return { summary, manifest, failed };
}
