// The node family (M2RC-Eval) on a small multi-language fixture: exact holes for a seed, the
// per-sample filters, and the redraws that bring multi-line holes to 30%.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildFromIndexes } from '../../src/tasks/build.ts';
import { nodeTextCheck } from '../../src/tasks/node-sample.ts';
import type { RepositoryInput } from '../../src/tasks/types.ts';
import { copyFixture, openRepository, tempDir } from './helpers.ts';

describe('node family', () => {
  let repo: RepositoryInput;
  let cleanup: () => void;
  before(async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    repo = await openRepository(copyFixture('node-mix', temp.dir), temp.dir);
  });
  after(() => {
    repo.store.close();
    cleanup();
  });
  const build = (options: { seed?: number; perFile?: number; limit?: number } = {}) =>
    buildFromIndexes([repo], {
      family: 'node',
      seed: options.seed ?? 11,
      perFile: options.perFile,
      limit: options.limit,
      command: 'test',
      toolVersion: 'test',
    });

  it('draws exact holes for seed 11, with their labels', async () => {
    const { tasks } = await build();
    assert.deepEqual(
      tasks.map((t) => [
        t.id,
        t.path,
        t.span.startLine,
        t.span.startColumn,
        t.span.endLine,
        t.span.endColumn,
        t.labels.bucket,
        t.labels.semantic,
        t.labels.lines,
        t.reference,
      ]),
      [
        [
          '2540473635652cc8',
          'pkg/Stack.java',
          14,
          9,
          16,
          10,
          5,
          'Control Flow Structure/conditional',
          3,
          'if (items.isEmpty()) {\n            throw new IllegalStateException("empty stack");\n        }',
        ],
        [
          '294276b599bed992',
          'pkg/queue.go',
          15,
          2,
          17,
          3,
          5,
          'Control Flow Structure/conditional',
          3,
          'if len(q.items) == 0 {\n\t\treturn "", false\n\t}',
        ],
        [
          'd23ab60a0824aa55',
          'pkg/words.ts',
          3,
          3,
          6,
          4,
          4,
          'Control Flow Structure/loop',
          4,
          "for (const word of text.split(/\\s+/)) {\n    if (word === '') continue;\n    counts.set(word, " +
            '(counts.get(word) ?? 0) + 1);\n  }',
        ],
        [
          'd9caeab15839ada4',
          'src/broken.py',
          1,
          1,
          2,
          17,
          4,
          'Declaration and Definition/function',
          2,
          'def ok(x):\n    return x * 2',
        ],
        [
          '2867321f6731f709',
          'src/ring.c',
          4,
          1,
          7,
          2,
          2,
          'Declaration and Definition/class',
          4,
          'struct ring {\n    int *items;\n    int head, tail, size;\n}',
        ],
        ['9aa0e57073c1ec6f', 'src/shapes.py', 15, 9, 15, 14, 5, 'Identifier and Scope/identifier', 1, 'shape'],
      ],
    );
    // bucket = ceil(10 * depth / treeDepth): if_statement at depth 6 of 12 -> 5
    assert.deepEqual(tasks[0]!.meta, { nodeType: 'if_statement', depth: 6, treeDepth: 12 });
    for (const task of tasks)
      assert.equal(task.prefix + task.reference + task.suffix, readFileSync(join(repo.root, task.path), 'utf8'));
  });

  it('counts every filter and redraws single-line holes until 30% of each language span 2+ lines', async () => {
    const { manifest, tasks } = await build();
    assert.deepEqual(
      manifest.filters.map((s) => [s.filter, s.removed, s.remaining, s.replaced ?? 0]),
      [
        // 381 named nodes, 12 of which share their span with their parent: 369 holes
        ['holes below the root (spans of named nodes)', 0, 369, 0],
        // the ERROR node of broken.py and the 4 nodes inside it
        ['inside a syntax error', 5, 364, 0],
        ['all whitespace', 0, 364, 0],
        ['more than 5 lines', 12, 352, 0],
        ['under 20 characters with under 20% letters', 26, 326, 0],
        ['not drawn (1 per file)', 320, 6, 0],
        // one hole per language except Python's two: 30% means one multi-line hole in each language
        ['redrawn as multi-line holes (30% share per language)', 0, 6, 5],
      ],
    );
    assert.deepEqual(manifest.notes, []);
    const byLanguage = (list: typeof tasks) => {
      const counts: Record<string, [number, number]> = {};
      for (const t of list) {
        const [all, multi] = counts[t.language] ?? [0, 0];
        counts[t.language] = [all + 1, multi + (t.labels.lines >= 2 ? 1 : 0)];
      }
      return counts;
    };
    assert.deepEqual(byLanguage(tasks), { c: [1, 1], go: [1, 1], java: [1, 1], python: [2, 1], typescript: [1, 1] });
    const three = await build({ perFile: 3 });
    assert.equal(three.tasks.length, 18);
    for (const [language, [all, multi]] of Object.entries(byLanguage(three.tasks)))
      assert.ok(multi >= Math.ceil(0.3 * all), `${language}: ${multi} of ${all}`);
    assert.equal(three.manifest.filters.at(-1)!.replaced, 5);
  });

  it('--per-file 5: every task id is unique (one hole per span)', async () => {
    const { tasks } = await build({ perFile: 5 });
    assert.equal(tasks.length, 30);
    assert.equal(new Set(tasks.map((t) => t.id)).size, 30);
    assert.equal(
      new Set(
        tasks.map((t) => `${t.path}:${t.span.startLine}:${t.span.startColumn}:${t.span.endLine}:${t.span.endColumn}`),
      ).size,
      30,
    );
  });

  it('is deterministic for a seed and changes with it; --limit samples per language', async () => {
    assert.deepEqual((await build()).tasks, (await build()).tasks);
    assert.notDeepEqual(
      (await build({ seed: 12 })).tasks.map((t) => t.id),
      (await build()).tasks.map((t) => t.id),
    );
    const limited = await build({ perFile: 2, limit: 1 });
    assert.deepEqual(limited.tasks.map((t) => t.language).sort(), ['c', 'go', 'java', 'python', 'typescript']);
    assert.deepEqual(limited.manifest.filters.at(-2), {
      filter: 'beyond --limit 1 per repository and language',
      removed: 7,
      remaining: 5,
    });
  });
});

describe('node filters (M2RC-Eval)', () => {
  it('ground truth of at most 5 lines (a final line break ends the last line)', () => {
    assert.deepEqual(nodeTextCheck('a\nb\nc\nd\ne\n'), { lines: 5, problem: null });
    assert.deepEqual(nodeTextCheck('a\nb\nc\nd\ne\nf'), { lines: 6, problem: 'tooLong' });
  });

  it('not all whitespace', () => {
    assert.deepEqual(nodeTextCheck(' \n\t '), { lines: 2, problem: 'whitespace' });
    assert.equal(nodeTextCheck('').problem, 'whitespace');
  });

  it('under 20 characters needs at least 20% letters', () => {
    assert.equal(nodeTextCheck('(1, 2)').problem, 'fewLetters');
    assert.equal(nodeTextCheck('a + 1').problem, null); // 1 letter of 5 = 20%
    assert.equal(nodeTextCheck('a + 1 + 2').problem, 'fewLetters'); // 1 of 9
    assert.equal(nodeTextCheck('1 + 2 + 3 + 4 + 5 + 6').problem, null); // 21 characters: no letter rule
    assert.equal(nodeTextCheck('é = 1').problem, null); // letters of any script
  });

  it('checks a slice of a larger text in place', () => {
    const text = 'xx (1, 2) yy';
    assert.equal(nodeTextCheck(text, 3, 9).problem, 'fewLetters');
    assert.equal(nodeTextCheck(text, 0, 2).problem, null);
  });
});
