// A task family, defined once: what its tasks are (the record), how they are built from indexed repositories, how a
// prompt shows them, how a model's answer becomes a candidate, where a candidate goes in its file, which functions'
// tests judge it, and which labels a report groups them by. Every stage asks the task's family instead of testing
// its kind; the built-ins (tasks/families.ts) register themselves exactly as a plugin's `taskFamilies` do.
import { z } from 'zod';
import { registerTaskRecord, type TaskRecord, type TaskRecordSchema } from '../datasets/index.ts';
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import type { Postprocessed } from './cut.ts';
import type { BuildOptions, FamilyResult, RepositoryInput } from './types.ts';

export type { Postprocessed } from './cut.ts';

/** A line range in the task's file: a function of the coverage map. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

/** A label the family's tasks carry that reports and the viewer group by. */
export interface FamilyDimension {
  label: string;
  /** how a value is shown as a group (default: as it is). */
  group?: (value: string | number) => string;
}

export interface TaskFamily {
  /** the `kind` its tasks carry, and the family `ctxbench build` takes. */
  name: string;
  description: string;
  /** its tasks' record: `taskRecordSchema(name, fields)` of the datasets stage (the function family's own). */
  record: TaskRecordSchema;
  build(repos: RepositoryInput[], options: BuildOptions): Promise<FamilyResult>;
  /** the prompt template when none is named, for completion and for chat models. */
  templates: { completion: string; chat: string };
  /** the context strategy a corpus (`ctxbench corpus`) uses when none is named. */
  context: string;
  /**
   * `always`: the task completes its file, so the text around the hole is always in the prompt; `on-request`: the
   * target stands alone (a function from its signature and docstring), the file around it only with `infile`.
   */
  infile: 'always' | 'on-request';
  /** the text before the hole as a model sees it (a function task's signature follows its prefix). */
  beforeHole(task: TaskRecord): string;
  /** the text whose last lines a retriever queries with. */
  query(task: TaskRecord): string;
  /** the model's code (its first fence already taken) to the scored candidate, with the rule's name. */
  postprocess(task: TaskRecord, code: string): Promise<Postprocessed>;
  /** `--drop-solved-by`: the paper's template, the answer's token budget, and exact match ignoring whitespace. */
  solvedCheck: { template: string; maxTokens: number; ignoreWhitespace: boolean };
  /** where a candidate goes in the original file: [start, end) offsets (exec splices it there). */
  hole(task: TaskRecord, original: string): { start: number; end: number };
  /** of the coverage map's functions in the task's file, those whose tests judge a candidate. */
  coveredBy<F extends LineRange>(task: TaskRecord, functions: readonly F[]): F[];
  /** whether an agent may run the tests of its draft (`run_tests`): the draft is a whole definition. */
  draftTests: boolean;
  /** labels its tasks carry that reports and the viewer group by. */
  dimensions: FamilyDimension[];
}

const recordSchema = z.custom<TaskFamily['record']>(
  (value) => value instanceof z.ZodObject && (value.shape as { kind?: unknown }).kind instanceof z.ZodLiteral,
  "must be a task record schema (the datasets stage's taskRecordSchema(name, fields))",
);

/** Task families by name: the built-ins, then any a plugin registers. */
export const TASK_FAMILIES = new Registry<TaskFamily>('task family', 'family', {
  key: 'taskFamilies',
  entry: pluginEntry('name', {
    description: z.string(),
    record: recordSchema,
    build: pluginFunction,
    templates: z.object({ completion: z.string().min(1), chat: z.string().min(1) }),
    context: z.string().min(1),
    infile: z.enum(['always', 'on-request']),
    beforeHole: pluginFunction,
    query: pluginFunction,
    postprocess: pluginFunction,
    solvedCheck: z.object({ template: z.string().min(1), maxTokens: z.int().min(1), ignoreWhitespace: z.boolean() }),
    hole: pluginFunction,
    coveredBy: pluginFunction,
    draftTests: z.boolean(),
    dimensions: z.array(z.looseObject({ label: z.string().min(1), group: pluginFunction.optional() })),
  }),
  add: registerTaskFamily,
});

/** Registers a family and its record schema (so task files of its kind can be read). */
export function registerTaskFamily(family: TaskFamily): TaskFamily {
  if (family.record.shape.kind.value !== family.name)
    throw new Error(`task family '${family.name}': its record's kind is '${family.record.shape.kind.value}'`);
  registerTaskRecord(family.record);
  TASK_FAMILIES.register(family.name, family);
  dimensions = null;
  return family;
}

/** The family of a task kind; an unknown one is an error naming the known families. */
export function taskFamily(kind: string): TaskFamily {
  return TASK_FAMILIES.get(kind);
}

/** The registered families' names, in registration order. */
export function familyNames(): string[] {
  return TASK_FAMILIES.names();
}

/** Why a value names no registered family (a library caller's or a spec file's), or null when it names one. */
export function familyProblem(value: unknown): string | null {
  return typeof value === 'string' && TASK_FAMILIES.has(value)
    ? null
    : `unknown task family ${JSON.stringify(value)} (known: ${familyNames().join(', ')})`;
}

/** The families' label dimensions, made when first read after a family is registered (registerTaskFamily). */
let dimensions: { list: FamilyDimension[]; byLabel: Map<string, FamilyDimension> } | null = null;

/** Every family's label dimensions, each label once, in registration order. */
export function familyDimensions(): readonly FamilyDimension[] {
  return dimensionTable().list;
}

/** The family dimension of a label (its grouping), if a family names it. */
export function familyDimension(label: string): FamilyDimension | undefined {
  return dimensionTable().byLabel.get(label);
}

// read for every task and dimension of a report
function dimensionTable() {
  if (!dimensions) {
    const byLabel = new Map<string, FamilyDimension>();
    for (const family of TASK_FAMILIES.list())
      for (const dimension of family.dimensions)
        if (!byLabel.has(dimension.label)) byLabel.set(dimension.label, dimension);
    dimensions = { list: [...byLabel.values()], byLabel };
  }
  return dimensions;
}

/** Coverage for a whole definition: the functions overlapping the span, except ones strictly enclosing it. */
export function overlappingFunctions<F extends LineRange>(task: TaskRecord, functions: readonly F[]): F[] {
  const { startLine, endLine } = task.span;
  // a decorated Python function starts at its decorator, before the span: it overlaps and is kept
  return functions.filter(
    (fn) => fn.endLine >= startLine && fn.startLine <= endLine && !(fn.startLine < startLine && fn.endLine > endLine),
  );
}

/** Coverage for a hole inside a function: the innermost function enclosing it (each record of that range). */
export function enclosingFunction<F extends LineRange>(task: TaskRecord, functions: readonly F[]): F[] {
  const { startLine, endLine } = task.span;
  const enclosing = functions.filter((fn) => fn.startLine <= startLine && fn.endLine >= endLine);
  const innermost = enclosing.sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
  return innermost
    ? enclosing.filter((fn) => fn.startLine === innermost.startLine && fn.endLine === innermost.endLine)
    : [];
}
