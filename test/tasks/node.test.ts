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
  const build = (options: { seed?: number; perFile?: number; limit?: number } = {}) => buildFromIndexes([repo], {
    family: 'node', seed: options.seed ?? 11, perFile: options.perFile, limit: options.limit, command: 'test', toolVersion: 'test',
  });

  it('draws exact holes for seed 11, with their labels', async () => {
    const { tasks } = await build();
    assert.deepEqual(tasks.map((t) => [t.id, t.path, t.span.startLine, t.span.startColumn, t.span.endLine, t.span.endColumn, t.labels.bucket, t.labels.semantic, t.labels.lines, t.reference]), [
      ['c4a2151e772e64ce', 'pkg/Stack.java', 9, 5, 11, 6, 4, 'Declaration and Definition/function', 3, 'public void push(T item) {\n        items.add(item);\n    }'],
      ['e896bbfa771fdd38', 'pkg/queue.go', 9, 10, 9, 15, 6, 'Identifier and Scope/identifier', 1, 'Queue'],
      ['9d8ac6de25e9a813', 'pkg/words.ts', 4, 8, 4, 21, 6, 'Expression/other', 1, "(word === '')"],
      ['b08dca95c135a439', 'src/broken.py', 2, 12, 2, 17, 9, 'Expression/operation', 1, 'x * 2'],
      ['2867321f6731f709', 'src/ring.c', 4, 1, 7, 2, 2, 'Declaration and Definition/class', 4, 'struct ring {\n    int *items;\n    int head, tail, size;\n}'],
      ['24c554fdcc8aebb3', 'src/shapes.py', 7, 9, 7, 20, 8, 'Identifier and Scope/qualified name', 1, 'self.radius'],
    ]);
    // bucket = ceil(10 * depth / treeDepth): method_declaration at depth 4 of 12 -> 4
    assert.deepEqual(tasks[0]!.meta, { nodeType: 'method_declaration', depth: 4, treeDepth: 12 });
    for (const task of tasks) assert.equal(task.prefix + task.reference + task.suffix, readFileSync(join(repo.root, task.path), 'utf8'));
  });

  it('counts every filter and redraws single-line holes until 30% span 2+ lines', async () => {
    const { manifest, tasks } = await build();
    assert.deepEqual(manifest.filters.map((s) => [s.filter, s.removed, s.remaining, s.replaced ?? 0]), [
      ['named nodes below the root', 0, 381, 0],
      // the ERROR node of broken.py and the 4 nodes inside it
      ['inside a syntax error', 5, 376, 0],
      ['all whitespace', 0, 376, 0],
      ['more than 5 lines', 12, 364, 0],
      ['under 20 characters with under 20% letters', 26, 338, 0],
      ['not drawn (1 per file)', 332, 6, 0],
      // the first draws were all single-line; two files had multi-line nodes to spare
      ['redrawn as multi-line holes (30% share)', 0, 6, 2],
    ]);
    assert.equal(tasks.filter((t) => t.labels.lines >= 2).length, 2);
    const three = await build({ perFile: 3 });
    assert.equal(three.tasks.length, 18);
    assert.ok(three.tasks.filter((t) => t.labels.lines >= 2).length >= Math.ceil(0.3 * 18));
    assert.equal(three.manifest.filters.at(-1)!.replaced, 4);
  });

  it('is deterministic for a seed and changes with it; --limit samples per language', async () => {
    assert.deepEqual((await build()).tasks, (await build()).tasks);
    assert.notDeepEqual((await build({ seed: 12 })).tasks.map((t) => t.id), (await build()).tasks.map((t) => t.id));
    const limited = await build({ perFile: 2, limit: 1 });
    assert.deepEqual(limited.tasks.map((t) => t.language).sort(), ['c', 'go', 'java', 'python', 'typescript']);
    assert.deepEqual(limited.manifest.filters.at(-2), { filter: 'beyond --limit 1 per repository and language', removed: 7, remaining: 5 });
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
