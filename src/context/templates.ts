// Prompt templates as data: the built-in layouts of the three papers and of the FIM model
// families, plus user templates loaded from JSON/YAML files. Sources are cited in docs/context.md.
import { existsSync } from 'node:fs';
import { InputError } from '../util/errors.ts';
import { pluginEntry, Registry } from '../util/registry.ts';
import { z } from 'zod';
import type { TaskKind } from '../datasets/index.ts';
import { taskFamily } from '../tasks/index.ts';
import { COMMENTED_FRAGMENTS, loadTemplateFile, type PromptTemplate, type SnippetLayout } from './template-schema.ts';
import { EVERY_RANKED_CHUNK } from './types.ts';

/** Context as whole files of the repository, the way repo-level FIM models were trained. */
function fileBlocks(snippet: string): SnippetLayout {
  return { header: '', snippet, separator: '', footer: '', wrap: '{block}' };
}

const BUILT_IN: readonly PromptTemplate[] = [
  {
    name: 'yabloco',
    description: 'YABLoCo chat prompt: signature + docstring, oracle callees after "Use this context:"',
    kind: 'chat',
    fim: false,
    system: 'Generate code on {language}:\n',
    user: 'Function signature: {signature}. Function description: {docstring}.{infile}{context}',
    infileWrap: '\nCode before the function in {path}:\n{prefix}',
    context: {
      header: '',
      snippet: '{lc} File name: {path}{lcEnd}\n{text}',
      oracleSnippet: '{lc} File name: {path}{lcEnd}\n{lc} Comment: {docLines}{lcEnd}\n{text}',
      separator: '\n\n',
      footer: '',
      wrap: '\nUse this context:\n {block}',
    },
    fill: 'context-first',
    source: 'yabloco-codegen/yabloco-benchmark finetune/notebooks (generate_prompt, get_formatted_function)',
  },
  {
    name: 'cceval',
    description: 'CrossCodeEval: commented cross-file fragments, a newline, then the in-file prompt',
    kind: 'completion',
    fim: false,
    prompt: '{context}\n{prefix}',
    context: COMMENTED_FRAGMENTS,
    fill: 'context-first',
    retrieval: { compatibility: 'crosscodeeval' },
    source: 'amazon-science/cceval prompt_builder/augment_with_cfc.py, scripts/vllm_inference.py',
  },
  {
    name: 'cceval-chat',
    description:
      'CrossCodeEval for chat models: the commented fragments and the in-file prompt, asking for the next line only',
    kind: 'chat',
    fim: false,
    system: 'You complete {language} code. Answer with the code only, in one fenced block, and nothing else.\n',
    user:
      'Complete the next line of {path} (the code after the last line shown, up to the end of that ' +
      'statement).\n{context}\n```\n{prefix}\n```',
    context: { ...COMMENTED_FRAGMENTS, wrap: '\n```\n{block}```\n' },
    fill: 'context-first',
    source: "ctxbench: CrossCodeEval's prompt (augment_with_cfc.py) as a chat message; the instruction is ctxbench's",
  },
  {
    name: 'm2rc-chat',
    description:
      'M2RC-Eval for chat models: fragments, then the code before and after the hole, asking for the missing code only',
    kind: 'chat',
    fim: true,
    system:
      'You fill a hole in {language} code. Answer with the missing code only, in one fenced block, and nothing else.\n',
    user:
      'Write the code that belongs between the code before and the code after the hole in ' +
      '{path}.\n{context}\nCode before the hole:\n```\n{prefix}\n```\nCode after the hole:\n```\n{suffix}\n```',
    context: { ...COMMENTED_FRAGMENTS, wrap: '\n```\n{block}```\n' },
    budget: 4096,
    fill: 'infile-first',
    retrieval: { topK: EVERY_RANKED_CHUNK, nextChunk: false },
    source: "ctxbench: M2RC-Eval's layout (seed 002) as a chat message; the instruction is ctxbench's",
  },
  {
    name: 'm2rc',
    description: 'M2RC-Eval: fragments in front of the in-file prefix/suffix (StarCoder FIM tokens) up to 4,096 tokens',
    kind: 'completion',
    fim: true,
    prompt: '<fim_prefix>{context}{prefix}<fim_suffix>{suffix}<fim_middle>',
    context: COMMENTED_FRAGMENTS,
    budget: 4096,
    fill: 'infile-first',
    // every ranked fragment may go in: the 4,096-token budget decides how many
    retrieval: { topK: EVERY_RANKED_CHUNK, nextChunk: false },
    source: 'M2RC-Eval paper (seed 002), retrieval section',
  },
  {
    name: 'starcoder',
    description: 'StarCoder FIM (prefix-suffix-middle), cross-file fragments as comments before the prefix',
    kind: 'completion',
    fim: true,
    prompt: '<fim_prefix>{context}{prefix}<fim_suffix>{suffix}<fim_middle>',
    context: COMMENTED_FRAGMENTS,
    fill: 'context-first',
    source: 'bigcode/starcoder model card (Fill-in-the-middle) and its discussion #22 (BigCode example prompt)',
  },
  {
    name: 'starcoder2',
    description: 'StarCoder2 repository-level FIM: <repo_name>, <file_sep> per context file, then the FIM file',
    kind: 'completion',
    fim: true,
    prompt: '<repo_name>{repo}{context}<file_sep><fim_prefix>{path}\n{prefix}<fim_suffix>{suffix}<fim_middle>',
    context: fileBlocks('<file_sep>{path}\n{text}'),
    fill: 'context-first',
    source: 'StarCoder2 paper (arXiv 2402.19173) §5 data formatting',
  },
  {
    name: 'deepseek-coder',
    description: 'DeepSeek-Coder FIM (full-width ｜ and ▁), context files as `#path` headed blocks',
    kind: 'completion',
    fim: true,
    prompt: '<｜fim▁begin｜>{context}{prefix}<｜fim▁hole｜>{suffix}<｜fim▁end｜>',
    context: fileBlocks('{lc}{path}{lcEnd}\n{text}\n'),
    fill: 'context-first',
    source: 'deepseek-ai/DeepSeek-Coder README (code insertion, repository-level completion)',
  },
  {
    name: 'codellama',
    description: 'Code Llama infilling `<PRE> {pre} <SUF>{suf} <MID>`, fragments as comments before the prefix',
    kind: 'completion',
    fim: true,
    prompt: '<PRE> {context}{prefix} <SUF>{suffix} <MID>',
    context: COMMENTED_FRAGMENTS,
    fill: 'context-first',
    source: 'llama.com Meta Code Llama prompt formats (infilling), codellama generation.py',
  },
  {
    name: 'qwen2.5-coder',
    description: 'Qwen2.5-Coder repository-level FIM: <|repo_name|>, <|file_sep|> per file, then <|fim_*|>',
    kind: 'completion',
    fim: true,
    prompt:
      '<|repo_name|>{repo}\n{context}<|file_sep|>{path}\n<|fim_prefix|>{prefix}<|fim_suffix|>{suffix}<|fim_middle|>',
    context: fileBlocks('<|file_sep|>{path}\n{text}\n'),
    fill: 'context-first',
    source: 'QwenLM/Qwen2.5-Coder examples/Qwen2.5-Coder.md (repository level code infilling)',
  },
  {
    name: 'codegemma',
    description:
      'CodeGemma FIM <|fim_prefix|>/<|fim_suffix|>/<|fim_middle|>, context files ended by <|file_separator|>',
    kind: 'completion',
    fim: true,
    prompt: '{context}<|fim_prefix|>{prefix}<|fim_suffix|>{suffix}<|fim_middle|>',
    context: fileBlocks('{path}\n{text}<|file_separator|>'),
    fill: 'context-first',
    source: 'ai.google.dev/gemma/docs/codegemma/prompt-structure',
  },
];

/** Templates by name: the built-ins above, then any a plugin registers. */
export const TEMPLATES = new Registry<PromptTemplate>('template', 'template', {
  key: 'templates',
  entry: pluginEntry('name', {
    description: z.string(),
    kind: z.enum(['chat', 'completion']),
    fim: z.boolean(),
    fill: z.enum(['infile-first', 'context-first']),
    context: z.looseObject({}),
    source: z.string(),
  }),
  add: registerTemplate,
});

export function registerTemplate(template: PromptTemplate): PromptTemplate {
  return TEMPLATES.register(template.name, template);
}

for (const template of BUILT_IN) registerTemplate(template);

/**
 * The template used when none is named, for the task kind of a tasks file and a model taking `shape` prompts (`any`:
 * baselines): the task family's (the paper's layout, or its chat form for a chat model).
 */
export function defaultTemplate(kinds: Iterable<TaskKind>, shape: 'chat' | 'completion' | 'any'): string {
  const distinct = [...new Set(kinds)];
  if (distinct.length !== 1)
    throw new InputError(`the tasks mix kinds (${distinct.join(', ') || 'none'}); choose a template with --template`, {
      field: 'template',
    });
  return taskFamily(distinct[0]!).templates[shape === 'chat' ? 'chat' : 'completion'];
}

export function listTemplates(): { name: string; description: string; kind: string; fim: boolean; source: string }[] {
  return TEMPLATES.list().map(({ name, description, kind, fim, source }) => ({ name, description, kind, fim, source }));
}

/** A registered template by name, or a template file (JSON or YAML). */
export function resolveTemplate(nameOrPath: string): PromptTemplate {
  const registered = TEMPLATES.find(nameOrPath);
  if (registered) return registered;
  if (existsSync(nameOrPath)) return loadTemplateFile(nameOrPath);
  throw new InputError(
    `unknown template '${nameOrPath}' (known: ${TEMPLATES.names().join(', ')}; or a .json/.yaml template file)`,
  );
}

/** Fills `{name}` placeholders in one pass (values are never re-scanned); unknown names stay as written. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));
}
