// The crossfile family (CrossCodeEval) on a fixture repository in Python, C, Java and TypeScript:
// names seen only through project-internal imports, the cursor, the statement cut, the filters.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Resolver } from '../../src/index/resolve.ts';
import { buildFromIndexes } from '../../src/tasks/build.ts';
import { readCoverage } from '../../src/tasks/coverage.ts';
import { crossFileNames } from '../../src/tasks/crossfile.ts';
import type { RepositoryInput } from '../../src/tasks/types.ts';
import { copyFixture, FIXTURES, openRepository, tempDir } from './helpers.ts';

describe('crossfile family', () => {
  let repo: RepositoryInput;
  let twin: RepositoryInput;
  let cleanup: () => void;
  before(async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    repo = await openRepository(copyFixture('cf-mix', temp.dir), temp.dir);
    cpSync(join(FIXTURES, 'cf-mix'), join(temp.dir, 'cf-twin'), { recursive: true });
    twin = await openRepository(join(temp.dir, 'cf-twin'), temp.dir);
  });
  after(() => {
    repo.store.close();
    twin.store.close();
    cleanup();
  });
  const build = (repos: RepositoryInput[], seed = 5, minPromptLines?: Record<string, number>) =>
    buildFromIndexes(repos, { family: 'crossfile', seed, minPromptLines, command: 'test', toolVersion: 'test' });

  it('finds the names each file sees only through its project-internal imports', () => {
    const facts = repo.store.facts(repo.store.files().map((f) => f.path));
    const byPath = new Map(facts.map((f) => [f.path, f]));
    const resolver = new Resolver(facts);
    const names = (path: string) =>
      [...crossFileNames(byPath.get(path)!, resolver, byPath).values()].map(
        (n) => `${n.name}:${n.level}:${n.files.join('+')}`,
      );
    assert.deepEqual(names('pkg/report.py'), [
      'area:package:pkg/geometry.py',
      'perimeter:package:pkg/geometry.py',
      'SCALE:package:pkg/geometry.py',
      'fmt_row:package:pkg/fmt.py',
      'units:package:pkg/units.py',
    ]);
    // an include brings in what the header declares; main.c's own `scale` is local
    assert.deepEqual(names('src/main.c'), ['util_max:package:src/util.h', 'util_clamp:package:src/util.h']);
    assert.deepEqual(names('java/com/acme/App.java'), ['Strings:project:java/com/acme/util/Strings.java']);
    assert.deepEqual(names('web/app.ts'), ['clamp:package:web/math.ts', 'ORIGIN:package:web/math.ts']);
    assert.deepEqual(names('pkg/copies.py'), []);
  });

  it('builds exact tasks for seed 5 and removes exactly what each filter targets', async () => {
    const { tasks, manifest } = await build([repo]);
    assert.deepEqual(
      manifest.filters.map((s) => [s.filter, s.removed, s.remaining]),
      [
        ['first uses of names seen only through a project-internal import', 0, 12],
        // fmt_row, first used on line 5 of report.py (Python needs 10 lines)
        ['prompt too short', 1, 11],
        // `return SCALE` in consts.py (2 tokens at most), the 32-token perimeter statement
        ['reference not 3-30 tokens', 2, 9],
        // `lines.append(str(area(width, height)))` of summary.py is also in copies.py
        ['reference found verbatim in another file', 1, 8],
        ['duplicate reference', 0, 8],
      ],
    );
    assert.deepEqual(
      tasks.map((t) => [
        t.id,
        t.path,
        t.span.startLine,
        t.span.startColumn,
        t.span.endLine,
        t.span.endColumn,
        t.labels.level,
        t.reference,
        (t.meta as { crossFileName: string }).crossFileName,
      ]),
      [
        [
          '41851e3d429d6d27',
          'java/com/acme/App.java',
          23,
          31,
          23,
          64,
          'project',
          '(Strings.pad(name, width) + "|");',
          'Strings',
        ],
        ['7fb5774e3986b735', 'pkg/report.py', 15, 17, 15, 44, 'package', 'area(width, height) * SCALE', 'area'],
        ['2ee1fec0edbff678', 'pkg/report.py', 15, 29, 15, 44, 'package', 'height) * SCALE', 'SCALE'],
        ['8aee985f2b7f7114', 'pkg/report.py', 23, 12, 23, 37, 'package', '= units.to_metric(inches)', 'units'],
        // bracket languages end at the first `;`, `{` or `}` after the name (CrossCodeEval's cut)
        ['14eea88be01e6fe3', 'src/main.c', 14, 14, 14, 44, 'package', '= util_max(argc, scale(argc));', 'util_max'],
        ['6b206d3910aea716', 'src/main.c', 15, 8, 15, 41, 'package', '(util_clamp(best, 0, 10) == 10) {', 'util_clamp'],
        ['756091f9359dbb9e', 'web/app.ts', 40, 9, 40, 40, 'package', 'x = clamp(p.x, ORIGIN.x, size);', 'clamp'],
        ['3c9e301f015ce1b2', 'web/app.ts', 40, 22, 40, 40, 'package', ', ORIGIN.x, size);', 'ORIGIN'],
      ],
    );
    for (const task of tasks) {
      assert.equal(task.prefix + task.reference + task.suffix, readFileSync(join(repo.root, task.path), 'utf8'));
      assert.equal(task.labels.lines, 1);
      assert.equal(task.kind, 'crossfile');
    }
  });

  it('puts the cursor at a seeded random token before the name, on its line, inside its statement', async () => {
    const references = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const task = (await build([repo], seed)).tasks.find(
        (t) => (t.meta as { crossFileName: string }).crossFileName === 'util_max',
      )!;
      references.add(task.reference);
    }
    // `int best = util_max(...)`: the cursor is never before the declaration's type, never after the name
    assert.deepEqual(
      [...references].sort(),
      [
        'best = util_max(argc, scale(argc));',
        'int best = util_max(argc, scale(argc));',
        'util_max(argc, scale(argc));',
        '= util_max(argc, scale(argc));',
      ].sort(),
    );
  });

  it('drops references repeated across the build, keeps the first', async () => {
    const own = await build([repo]);
    const { tasks, manifest } = await build([repo, twin]);
    // The same file draws the same cursors in any repository: every reference of the copy repeats.
    assert.deepEqual(manifest.filters.at(-1), { filter: 'duplicate reference', removed: 8, remaining: 8 });
    assert.deepEqual(tasks, own.tasks);
  });

  it('takes per-language minimum prompt lines', async () => {
    const { manifest } = await build([repo], 5, { python: 1, c: 15 });
    // fmt_row now passes; main.c's uses (lines 14 and 15) do not: the C one on line 15 passes
    assert.deepEqual(manifest.filters[1], { filter: 'prompt too short', removed: 1, remaining: 11 });
  });

  it('with coverage, drops holes in files the build never compiled and holes no test executes, counted apart', async () => {
    const { dir, cleanup } = tempDir();
    try {
      // gcov of src/main.c: line 14 ran three times, line 15 never; no other file was compiled
      const gcov = [
        '        -:    0:Source:src/main.c',
        '        3:   14:    int best = util_max(argc, scale(argc));',
        '    #####:   15:    if (util_clamp(best, 0, 10) == 10) {',
        '',
      ].join('\n');
      writeFileSync(join(dir, 'main.c.gcov'), gcov);
      const { tasks, manifest } = await buildFromIndexes([repo], {
        family: 'crossfile',
        seed: 5,
        coverage: readCoverage(join(dir, 'main.c.gcov')),
        command: 'test',
        toolVersion: 'test',
      });
      assert.deepEqual(
        manifest.filters.slice(2, 5).map((s) => [s.filter, s.removed, s.remaining]),
        [
          ['reference not 3-30 tokens', 2, 9],
          // the Java, Python and TypeScript holes
          ['file not in the coverage (not compiled, or not instrumented)', 7, 2],
          // `(util_clamp(best, 0, 10) == 10) {` on line 15
          ["no test executes the hole's lines", 1, 1],
        ],
      );
      assert.deepEqual(
        tasks.map((t) => [t.path, t.span.startLine, t.reference]),
        [['src/main.c', 14, '= util_max(argc, scale(argc));']],
      );
    } finally {
      cleanup();
    }
  });
});
