// A task family: complete the value of a function's first `return` statement in each file (any language whose
// functions return with `return value`). One definition object gives ctxbench everything it needs: the record, the
// builder, the templates, the post-processing rule, where a candidate goes, which tests judge it, and a label the
// reports group by (`depth`: a return at the function's top level or inside a nested block).
// Use: ctxbench build return-value REPO --out tasks.jsonl --plugin examples/plugins/family-return-value.ts
//      then eval, score, report and view the tasks as any other family's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  definePlugin,
  enclosingFunction,
  holeAt,
  prefixSuffixHole,
  taskId,
  taskRecordSchema,
  type RepositoryInput,
  type TaskRecord,
} from 'ctxbench';

const NAME = 'return-value';
// `return` then the value up to the end of the line (a `;` after it is not part of the value)
const RETURN = /^([ \t]*)return[ \t]+([^;\n]*[^;\s])[ \t]*;?[ \t]*$/m;

function tasksOf(repo: RepositoryInput, languages: readonly string[] | undefined): TaskRecord[] {
  const tasks: TaskRecord[] = [];
  for (const file of repo.store.files()) {
    if (languages && !languages.includes(file.language)) continue;
    const text = readFileSync(join(repo.root, file.path), 'utf8');
    const found = RETURN.exec(text);
    if (!found) continue;
    const start = found.index + found[0].indexOf(found[2]!, found[1]!.length + 'return'.length);
    const hole = holeAt(text, start, start + found[2]!.length);
    tasks.push({
      id: taskId(NAME, repo.name, file.path, hole.span),
      kind: NAME,
      language: file.language,
      repo: { name: repo.name, commit: repo.commit, root: repo.root },
      path: file.path,
      ...hole,
      labels: { lines: 1, depth: found[1]!.replace(/\t/g, '    ').length },
    });
  }
  return tasks;
}

export default definePlugin({
  name: 'return-value task family',
  taskFamilies: [
    {
      name: NAME,
      description: "the value of each file's first `return` statement",
      record: taskRecordSchema(NAME),
      async build(repos, options) {
        const tasks = repos.flatMap((repo) => tasksOf(repo, options.languages));
        return { tasks, filters: [{ filter: 'files with a return value', removed: 0, remaining: tasks.length }] };
      },
      templates: { completion: 'cceval', chat: 'cceval-chat' },
      context: 'bm25',
      infile: 'always',
      beforeHole: (task) => task.prefix,
      query: (task) => task.prefix,
      // the value: the answer's first line, without a `;` and what follows it
      async postprocess(_task, code) {
        return { output: code.split('\n')[0]!.replace(/;.*$/, '').trim(), rule: 'return-value-line' };
      },
      solvedCheck: { template: 'cceval', maxTokens: 64, ignoreWhitespace: false },
      hole: prefixSuffixHole,
      coveredBy: enclosingFunction,
      draftTests: false,
      dimensions: [{ label: 'depth', group: (value) => (Number(value) > 4 ? 'nested' : 'top level') }],
    },
  ],
});
