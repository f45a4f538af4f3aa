// Prompt templates as data, defined once: the schema gives PromptTemplate's type, the check of a
// user's JSON/YAML template file (errors name the file, the line and the field) and
// docs/schema/template.schema.json. Placeholders are described in docs/context.md.
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { z } from 'zod';
import { InputError } from '../util/errors.ts';
import { parseRecord, type RecordLocation } from '../util/schema.ts';
import { readYaml } from '../util/yaml-lines.ts';
import { RETRIEVAL_COMPATIBILITIES, type RetrievalOptions } from './types.ts';

/**
 * CrossCodeEval's commented fragment block (augment_with_cfc.py), `{lc}` = the line comment; the default layout of a
 * template file.
 */
export const COMMENTED_FRAGMENTS = {
  header: '{lc} Here are some relevant code fragments from other files of the repo:{lcEnd}\n\n',
  snippet: '{lc} the below code fragment can be found in:{lcEnd}\n{lc} {path}{lcEnd}\n{commented}\n\n',
  separator: '',
  footer: '',
  wrap: '{block}',
};

/** How snippets are written into a prompt. */
export const SnippetLayoutSchema = z.strictObject({
  /** text before the first snippet, e.g. CrossCodeEval's "Here are some relevant code fragments…". */
  header: z.string().default(COMMENTED_FRAGMENTS.header),
  /** one retrieved chunk. */
  snippet: z.string().default(COMMENTED_FRAGMENTS.snippet),
  /** one oracle definition (defaults to `snippet`). */
  oracleSnippet: z.string().optional(),
  /** text between snippets. */
  separator: z.string().default(''),
  /** text after the last snippet. */
  footer: z.string().default(''),
  /** the whole block when there is at least one snippet: `{block}` is header+snippets+footer. */
  wrap: z
    .string()
    .refine((wrap) => wrap.includes('{block}'), { error: 'must contain {block}' })
    .default('{block}'),
});
export type SnippetLayout = z.output<typeof SnippetLayoutSchema>;

const count = z.int().positive();
/** A template's retrieval defaults (any of RetrievalOptions). */
const RetrievalDefaultsSchema = z.strictObject({
  chunkLines: count.optional(),
  stride: count.optional(),
  queryLines: count.optional(),
  topK: count.optional(),
  nextChunk: z.boolean().optional(),
  maxFiles: count.optional(),
  maxChunks: count.optional(),
  extensions: z.array(z.string().regex(/^\./, { error: 'must start with a dot' })).optional(),
  compatibility: z.enum(RETRIEVAL_COMPATIBILITIES).optional(),
  secondaryExtensions: z.boolean().optional(),
}) satisfies z.ZodType<Partial<RetrievalOptions>>;

/** A prompt layout, selectable by name. All strings are templates with `{placeholders}`. */
export const TemplateSchema = z
  .strictObject({
    /** default: the file name without extension. */
    name: z.string().min(1).optional(),
    description: z.string().optional(),
    /** `chat`: system + user messages; `completion`: one prompt string. */
    kind: z.enum(['chat', 'completion']).default('completion'),
    /** fill-in-the-middle: the in-file part is prefix + suffix. */
    fim: z.boolean().default(false),
    /** chat templates. */
    system: z.string().optional(),
    user: z.string().optional(),
    /** completion templates. */
    prompt: z.string().optional(),
    /** chat templates: the in-file prefix when a strategy includes it (`{prefix}`, `{path}`). */
    infileWrap: z.string().optional(),
    context: SnippetLayoutSchema.prefault({}),
    /** token budget when the caller gives none. */
    budget: z.int().positive().optional(),
    /** who gets the budget first: the in-file text (M2RC-Eval) or the cross-file context (CrossCodeEval). */
    fill: z.enum(['infile-first', 'context-first']).default('context-first'),
    /** retrieval defaults of this layout (e.g. M2RC-Eval ranks more chunks and lets the budget cut them). */
    retrieval: RetrievalDefaultsSchema.optional(),
    /** where the layout comes from (a paper, a model card), shown by `listTemplates`; default: the file. */
    source: z.string().optional(),
  })
  .superRefine((template, context) => {
    const fail = (field: string, message: string) => context.addIssue({ code: 'custom', path: [field], message });
    if (template.kind === 'chat' && template.user === undefined) fail('user', 'a chat template needs a user message');
    if (template.kind === 'completion') {
      if (template.prompt === undefined) fail('prompt', 'a completion template needs a prompt');
      else if (!template.prompt.includes('{prefix}')) fail('prompt', 'must contain {prefix}');
      else if (template.fim && !template.prompt.includes('{suffix}'))
        fail('prompt', 'a FIM template must contain {suffix}');
    }
  });

export type PromptTemplate = Omit<z.output<typeof TemplateSchema>, 'name' | 'description' | 'source'> & {
  name: string;
  description: string;
  source: string;
};

/** Checks a parsed template; name, description and source default from `file`. */
export function validateTemplate(value: unknown, file: string, where: RecordLocation = { file }): PromptTemplate {
  const template = parseRecord(TemplateSchema, value, where);
  return {
    ...template,
    name: template.name ?? basename(file, extname(file)),
    description: template.description ?? `template from ${file}`,
    source: template.source ?? file,
  };
}

/** Reads a template file (JSON, or YAML by extension). */
export function loadTemplateFile(file: string): PromptTemplate {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read template: ${(error as Error).message}`, { file });
  }
  if (/\.ya?ml$/i.test(file)) {
    const { value, where } = readYaml(text, file);
    return validateTemplate(value, file, where);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`cannot read template: ${(error as Error).message}`, { file });
  }
  return validateTemplate(value, file);
}
