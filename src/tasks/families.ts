// The built-in task families, one definition object each (tasks/family.ts says what each field means): YABLoCo's
// functions, CrossCodeEval's cross-file statements and M2RC-Eval's syntax nodes.
import { prefixSuffixHole, recordSchemaOf, spanHole, type TaskRecord } from '../datasets/index.ts';
import { buildCrossfileTasks } from './crossfile.ts';
import { cutToFunction, cutToNode, cutToStatement } from './cut.ts';
import {
  enclosingFunction,
  overlappingFunctions,
  registerTaskFamily,
  type FamilyDimension,
  type TaskFamily,
} from './family.ts';
import { buildFunctionTasks } from './function.ts';
import { buildNodeTasks } from './node.ts';

const LEVEL: FamilyDimension = { label: 'level' };

/** What the completion families share: the hole is in the file the prompt shows, between prefix and suffix. */
const completion = {
  context: 'bm25',
  infile: 'always',
  beforeHole: (task: TaskRecord) => task.prefix,
  query: (task: TaskRecord) => task.prefix,
  hole: prefixSuffixHole,
  coveredBy: enclosingFunction,
  draftTests: false,
} satisfies Partial<TaskFamily>;

const FUNCTION_FAMILY: TaskFamily = {
  name: 'function',
  description: "YABLoCo: a whole function from its signature and docstring, with its callees' definitions (oracle)",
  record: recordSchemaOf('function'),
  build: buildFunctionTasks,
  templates: { completion: 'yabloco', chat: 'yabloco' },
  context: 'oracle',
  infile: 'on-request',
  beforeHole: (task) => `${task.prefix}${task.signature}\n`,
  query: (task) => [task.docstring ?? '', task.signature ?? ''].join('\n'),
  postprocess: cutToFunction,
  solvedCheck: { template: 'yabloco', maxTokens: 512, ignoreWhitespace: true },
  hole: spanHole,
  coveredBy: overlappingFunctions,
  draftTests: true,
  dimensions: [LEVEL],
};

const CROSSFILE_FAMILY: TaskFamily = {
  ...completion,
  name: 'crossfile',
  description: 'CrossCodeEval: the statement of the first use of a name imported from another file',
  record: recordSchemaOf('crossfile'),
  build: buildCrossfileTasks,
  templates: { completion: 'cceval', chat: 'cceval-chat' },
  postprocess: cutToStatement,
  solvedCheck: { template: 'cceval', maxTokens: 128, ignoreWhitespace: false },
  dimensions: [LEVEL],
};

const NODE_FAMILY: TaskFamily = {
  ...completion,
  name: 'node',
  description: 'M2RC-Eval: one syntax node, labelled with its depth bucket and semantic class',
  record: recordSchemaOf('node'),
  build: buildNodeTasks,
  templates: { completion: 'm2rc', chat: 'm2rc-chat' },
  postprocess: cutToNode,
  solvedCheck: { template: 'm2rc', maxTokens: 128, ignoreWhitespace: false },
  dimensions: [
    { label: 'semantic', group: (value) => String(value).split('/')[0]! },
    { label: 'bucket', group: (value) => String(value).padStart(2, '0') },
  ],
};

for (const family of [FUNCTION_FAMILY, CROSSFILE_FAMILY, NODE_FAMILY]) registerTaskFamily(family);
