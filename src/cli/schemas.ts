// The published JSON Schemas (docs/schema/<name>.schema.json), generated from the zod schemas that
// define each record: `npm run schemas` writes them, a test checks the committed files are current.
// Files a user writes are described as input (defaults optional); records ctxbench writes as output.
import { z } from 'zod';
import { PromptPartsSchema, TemplateSchema } from '../context/index.ts';
import { TaskSchema, YablocoImportManifestSchema, LiveChainSchema } from '../datasets/index.ts';
import { LiveSpecSchema, TaskLabelRecordSchema } from '../tasks/index.ts';
import { DocstringTemplateSchema } from '../models/index.ts';
import { ConfigFileSchema } from '../plugins/index.ts';
import { ReviewSchema } from '../review/index.ts';
import { EnvironmentFileSchema } from '../exec/index.ts';
import { ReportJsonSchema } from '../report/index.ts';
import { CandidateRecordSchema, RunConfigSchema } from '../runstore/index.ts';

export const PUBLISHED_SCHEMAS: { name: string; title: string; schema: z.ZodType; io: 'input' | 'output' }[] = [
  { name: 'task', title: 'ctxbench task record (one line of a tasks .jsonl file)', schema: TaskSchema, io: 'output' },
  { name: 'environment', title: 'ctxbench environment file (YAML)', schema: EnvironmentFileSchema, io: 'input' },
  { name: 'template', title: 'ctxbench prompt template file (JSON or YAML)', schema: TemplateSchema, io: 'input' },
  {
    name: 'run-config',
    title: 'ctxbench run configuration (run.db meta.config)',
    schema: RunConfigSchema,
    io: 'output',
  },
  {
    name: 'prompt-parts',
    title: 'ctxbench assembled prompt of one task (run.db prompts.parts)',
    schema: PromptPartsSchema,
    io: 'output',
  },
  {
    name: 'candidate',
    title: 'ctxbench candidate with its metrics and verdict (a run.db row, as `results` and the viewer read it)',
    schema: CandidateRecordSchema,
    io: 'output',
  },
  {
    name: 'task-labels',
    title: 'ctxbench task labels (one line of a `contamination --out` / `report --labels` .jsonl file)',
    schema: TaskLabelRecordSchema,
    io: 'output',
  },
  {
    name: 'review',
    title: "ctxbench review: one reviewer's mark of one task's docstring (a <tasks>.reviews.db row)",
    schema: ReviewSchema,
    io: 'output',
  },
  {
    name: 'docstring-template',
    title: 'ctxbench docstring prompt template (`docstrings generate --template`, YAML)',
    schema: DocstringTemplateSchema,
    io: 'input',
  },
  {
    name: 'config',
    title: 'ctxbench config file (ctxbench.config.yaml, or --config FILE)',
    schema: ConfigFileSchema,
    io: 'input',
  },
  {
    name: 'yabloco-import',
    title:
      'ctxbench `import yabloco` manifest: where each published row was found in the checkout (<out>.manifest.json)',
    schema: YablocoImportManifestSchema,
    io: 'output',
  },
  { name: 'report', title: 'ctxbench report (`report --format json`)', schema: ReportJsonSchema, io: 'output' },
  {
    name: 'live-spec',
    title: 'ctxbench live benchmark spec (`ctxbench refresh <spec.yaml>`, YAML)',
    schema: LiveSpecSchema,
    io: 'input',
  },
  {
    name: 'live-chain',
    title: "ctxbench live benchmark's chain of windows (<live folder>/live.json, written by `ctxbench refresh`)",
    schema: LiveChainSchema,
    io: 'output',
  },
];

/** The JSON Schema of one published record, as written to docs/schema/<name>.schema.json. */
export function jsonSchemaOf(entry: (typeof PUBLISHED_SCHEMAS)[number]): Record<string, unknown> {
  const { $schema, ...body } = z.toJSONSchema(entry.schema, {
    io: entry.io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    reused: 'ref',
  });
  return {
    $schema,
    $id: `https://github.com/ctxbench/ctxbench/docs/schema/${entry.name}.schema.json`,
    title: entry.title,
    ...body,
  };
}

/** The published JSON Schema of the record called `name`. */
export function publishedSchema(name: string): Record<string, unknown> {
  const entry = PUBLISHED_SCHEMAS.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no published schema '${name}'`);
  return jsonSchemaOf(entry);
}
