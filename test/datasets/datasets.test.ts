// The task format: schema checks on read and write, the CrossCodeEval and YABLoCo imports, the
// Hugging Face export, and their round trip; bad input is refused with file, line and field.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../capture-cli.ts';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { importCceval } from '../../src/datasets/cceval.ts';
import { formatCsv, guardCsvCell, parseCsv, unguardCsvCell } from '../../src/datasets/csv.ts';
import { exportHf, importHf } from '../../src/datasets/hf.ts';
import { readTasks, writeTasks } from '../../src/datasets/io.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { importYabloco, YablocoImportManifestSchema } from '../../src/datasets/yabloco.ts';
import { tempDir } from '../tasks/helpers.ts';

const FIXTURES = new URL('../fixtures/datasets/', import.meta.url).pathname;
const CCEVAL = join(FIXTURES, 'cceval');
const YABLOCO = join(FIXTURES, 'yabloco');
const RELOCATE = join(FIXTURES, 'yabloco-relocate');

/** Runs `body` in a fresh temporary folder, removed afterwards (also when `body` is async). */
function withTemp<T>(body: (dir: string) => T): T {
  const { dir, cleanup } = tempDir('ctxbench-datasets-');
  let result: T;
  try {
    result = body(dir);
  } catch (error) {
    cleanup();
    throw error;
  }
  if (result instanceof Promise) return result.finally(cleanup) as T;
  cleanup();
  return result;
}

const validTask: TaskRecord = {
  id: 't1',
  kind: 'node',
  language: 'python',
  repo: { name: 'r', commit: null },
  path: 'a/b.py',
  prefix: 'x = ',
  suffix: '\n',
  reference: 'f(1)',
  span: { startLine: 1, startColumn: 5, endLine: 1, endColumn: 9 },
  labels: { bucket: 3, semantic: 'Expression/call', lines: 1 },
};

describe('task files', () => {
  it('round-trips valid tasks and keeps fields the schema does not know', () =>
    withTemp((dir) => {
      const file = join(dir, 'tasks.jsonl');
      const tasks = [validTask, { ...validTask, id: 't2', future: { x: 1 } } as TaskRecord];
      writeTasks(file, tasks);
      assert.deepEqual(readTasks(file), tasks);
    }));

  const refused: [string, string, string][] = [
    [
      'malformed JSON',
      '{"id": "t1",',
      'line 2: malformed JSON (Expected double-quoted property name in JSON at position 12)',
    ],
    [
      'a missing field',
      JSON.stringify({ ...validTask, reference: undefined }),
      "line 2, field 'reference': missing field",
    ],
    [
      'a wrong type',
      JSON.stringify({ ...validTask, span: { ...validTask.span, startLine: '1' } }),
      `line 2, field 'span.startLine': expected a number, got a string "1"`,
    ],
    [
      'an absolute path',
      JSON.stringify({ ...validTask, path: '/etc/passwd' }),
      "line 2, field 'path': path '/etc/passwd' is absolute: it must be relative to the repository",
    ],
    [
      'a path escaping with ..',
      JSON.stringify({ ...validTask, path: 'src/../../x.py' }),
      "line 2, field 'path': path 'src/../../x.py' escapes the repository (..)",
    ],
    [
      'an escaping snippet path',
      JSON.stringify({ ...validTask, retrieved: [{ path: '../x', startLine: 0, endLine: 0, text: '', score: 1 }] }),
      "line 2, field 'retrieved[0].path': path '../x' escapes the repository (..)",
    ],
    [
      'an unknown kind',
      JSON.stringify({ ...validTask, kind: 'line' }),
      'line 2, field \'kind\': expected one of function, crossfile, node, got a string "line"',
    ],
    [
      'a missing kind',
      JSON.stringify({ ...validTask, kind: undefined }),
      "line 2, field 'kind': missing field (one of function, crossfile, node)",
    ],
    [
      'a bucket out of range',
      JSON.stringify({ ...validTask, labels: { bucket: 11, lines: 1 } }),
      "line 2, field 'labels.bucket': must be at most 10, got 11",
    ],
    [
      'a dot-segment id',
      JSON.stringify({ ...validTask, id: '..' }),
      `line 2, field 'id': task id ".." is '.' or '..' (a URL path segment browsers drop)`,
    ],
    ['a duplicate id', JSON.stringify(validTask), "line 2, field 'id': duplicate task id 't1' (first at line 1)"],
  ];
  for (const [what, line, message] of refused) {
    it(`refuses ${what}, naming file, line and field`, () =>
      withTemp((dir) => {
        const file = join(dir, 'tasks.jsonl');
        writeFileSync(file, `${JSON.stringify(validTask)}\n${line}\n`);
        assert.throws(() => readTasks(file), { message: `${file}, ${message}` });
      }));
  }

  it('writes nothing when one task is invalid', () =>
    withTemp((dir) => {
      const file = join(dir, 'out.jsonl');
      assert.throws(
        () => writeTasks(file, [validTask, { ...validTask, id: 't2', path: '../x' }]),
        /record|line 2, field 'path'/,
      );
      assert.equal(existsSync(file), false);
      assert.deepEqual(readdirSync(dir), []);
    }));
});

describe('CSV', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks, and CRLF rows', () => {
    const rows = parseCsv('a,b,c\r\n1,"x, ""y""\nz",3\r\n4,,6\n', 'f.csv');
    assert.deepEqual(rows, [
      { line: 2, values: { a: '1', b: 'x, "y"\nz', c: '3' } },
      { line: 4, values: { a: '4', b: '', c: '6' } },
    ]);
  });

  it('refuses an unclosed quote and a short row, naming the line', () => {
    assert.throws(() => parseCsv('a,b\n1,"open\n2,3\n', 'f.csv'), {
      message: 'f.csv, line 2: quoted field is never closed',
    });
    assert.throws(() => parseCsv('a,b\n1,2\n3\n', 'f.csv'), {
      message: 'f.csv, line 3: expected 2 fields as in the header, got 1',
    });
  });
});

describe('CrossCodeEval import', () => {
  it('maps prompt, groundtruth, right context, metadata and retrieved chunks', () => {
    const tasks = importCceval(join(CCEVAL, 'small.jsonl'));
    assert.deepEqual(
      tasks.map((t) => [t.id, t.language, t.repo.name, t.path, t.labels.lines, JSON.stringify(t.span)]),
      [
        [
          'project_cc_python/0',
          'python',
          'acme-tools-1a2b3c',
          'tools/build.py',
          1,
          '{"startLine":5,"startColumn":13,"endLine":5,"endColumn":36}',
        ],
        [
          'project_cc_java/17',
          'java',
          'acme-lib-9f8e',
          'src/a/A.java',
          1,
          '{"startLine":7,"startColumn":17,"endLine":7,"endColumn":26}',
        ],
        [
          'project_cc_typescript/3',
          'typescript',
          'acme-web',
          'src/y.ts',
          2,
          '{"startLine":2,"startColumn":11,"endLine":3,"endColumn":12}',
        ],
        [
          'project_cc_csharp/5',
          'csharp',
          'acme-net',
          'C.cs',
          1,
          '{"startLine":2,"startColumn":30,"endLine":2,"endColumn":44}',
        ],
      ],
    );
    const first = tasks[0]!;
    assert.equal(first.prefix, 'import os\nfrom utils.paths import join_all\n\ndef build(root):\n    parts = ');
    assert.equal(first.reference, "join_all(root, 'build')");
    assert.equal(first.suffix, '\n    return parts\n');
    assert.deepEqual(first.retrieved, [
      {
        path: 'utils/paths.py',
        startLine: 0,
        endLine: 0,
        text: "def join_all(*parts):\n    return '/'.join(parts)\n",
        score: 0.75,
      },
      { path: 'utils/config.py', startLine: 0, endLine: 0, text: "ROOT = '.'\n", score: 0.5 },
    ]);
    assert.deepEqual(first.meta, {
      context_start_lineno: 0,
      groundtruth_start_lineno: 4,
      right_context_start_lineno: 5,
      crossfile_context_text: '# Here are some relevant code fragments from other files of the repo:\n',
    });
    assert.deepEqual(tasks[2]!.meta!.extra_field, { kept: true });
    assert.equal(tasks[1]!.retrieved, undefined);
  });

  const bad: [string, string][] = [
    ['malformed.jsonl', 'line 2: malformed JSON'],
    ['missing-field.jsonl', "line 2, field 'groundtruth': missing field"],
    ['wrong-type.jsonl', `line 1, field 'metadata.groundtruth_start_lineno': expected a non-negative integer, got "6"`],
    ['escaping-path.jsonl', "line 2, field 'metadata.file': path '../outside/A.java' escapes the repository (..)"],
    [
      'absolute-chunk.jsonl',
      "line 1, field 'crossfile_context.list[0].filename': path '/etc/passwd' is absolute: it must be relative to " +
        'the repository',
    ],
  ];
  for (const [file, message] of bad) {
    it(`refuses ${file} with file, line and field, and writes no output`, async () => {
      await withTemp(async (dir) => {
        const out = join(dir, 'tasks.jsonl');
        const { code, stderr } = await cli(['import', 'cceval', join(CCEVAL, file), '--out', out]);
        assert.equal(code, 2);
        assert.ok(stderr.startsWith(`ctxbench import: ${join(CCEVAL, file)}, ${message}`), stderr);
        assert.equal(existsSync(out), false);
        assert.deepEqual(readdirSync(dir), []);
      });
    });
  }
});

describe('YABLoCo import', () => {
  it('locates each function in the checkout and reports where it was found; a function the checkout lacks is dropped', async () => {
    const { tasks, report } = await importYabloco(join(YABLOCO, 'bench.csv'), join(YABLOCO, 'bench.json'), {
      repo: join(YABLOCO, 'checkout'),
    });
    assert.deepEqual(
      { ...report, details: report.details.map((row) => row.located) },
      {
        rows: 3,
        unchanged: 2,
        atRecordedPosition: 1,
        moved: 1,
        renamed: 0,
        changed: 0,
        dropped: 1,
        withoutCheckout: 0,
        details: ['recorded', 'moved', 'missing'],
      },
    );
    const text = readFileSync(join(YABLOCO, 'checkout', 'mini', 'src', 'calc.c'), 'utf8');
    assert.equal(tasks.length, 2);
    const [add, mul] = tasks as [TaskRecord, TaskRecord];
    assert.deepEqual(
      [add.id, add.path, add.span, add.labels, (add.meta as { located: string }).located],
      [
        'AAAA000000000001',
        'src/calc.c',
        { startLine: 5, startColumn: 1, endLine: 8, endColumn: 2 },
        { level: 'none', lines: 4 },
        'recorded',
      ],
    );
    assert.equal(add.prefix + add.reference + add.suffix, text);
    // recorded at line 10 (its comment); the code starts at line 12
    assert.deepEqual(
      [
        mul.span.startLine,
        mul.span.endLine,
        mul.labels.level,
        (mul.meta as { located: string; recordedPos: number }).recordedPos,
      ],
      [12, 15, 'file', 10],
    );
    assert.equal(mul.prefix + mul.reference + mul.suffix, text);
    assert.equal(mul.docstring, 'Multiplies two numbers,\n   without overflow checks "fast".');
    assert.equal(mul.signature, 'int calc_mul(int a, int b)');
    // the callee's code comes from the checkout's lines start..end, the system callee stays in meta
    assert.deepEqual(mul.oracle, [
      {
        path: 'src/calc.c',
        startLine: 5,
        endLine: 8,
        text: 'int calc_add(int a, int b)\n{\n    return a + b;\n}\n',
        score: null,
        name: 'calc_add',
      },
    ]);
    assert.deepEqual((mul.meta as { calls: unknown }).calls, [
      { id: 'AAAA000000000001', name: 'calc_add', path: 'mini/src/calc.c' },
      { id: 'BBBB000000000009', name: 'abs', path: '/usr/include/stdlib.h' },
    ]);
    assert.equal(add.repo.name, 'mini');
    assert.equal((add.meta as Record<string, unknown>).test_cov_hits, 12);
    assert.equal((add.meta as Record<string, unknown>).last_commit, '01.02.2023');
  });

  it('relocates rows onto another version of the repository: moved, renamed file, changed body, missing', async () => {
    const { tasks, report } = await importYabloco(join(RELOCATE, 'bench.csv'), join(RELOCATE, 'bench.json'), {
      repo: join(RELOCATE, 'checkout'),
    });
    assert.deepEqual(
      report.details.map((row) => [
        row.name,
        row.located,
        row.foundPath ?? null,
        row.startLine ?? null,
        row.endLine ?? null,
        row.similarity ?? null,
      ]),
      [
        ['Vec::dot', 'recorded', 'src/vec.h', 9, 12, 1],
        ['Vec::length', 'moved', 'src/vec.h', 21, 24, 1],
        ['geom::clampValue', 'renamed', 'src/math/clamp.cpp', 5, 10, 1],
        // Shape::area, not Circle::area of the same file: the qualifier decides; its new body is kept and flagged
        ['Shape::area', 'changed', 'src/shape.cpp', 8, 13, 0.95],
        ['Shape::perimeter', 'missing', null, null, null, null],
        // published as its build preprocessed it (the #if group reduced to the compiled branch): the same function
        ['Vec::operator*=', 'recorded', 'src/vec.h', 27, 36, 1],
      ],
    );
    assert.deepEqual(
      [report.unchanged, report.atRecordedPosition, report.moved, report.renamed, report.changed, report.dropped],
      [4, 2, 1, 1, 1, 1],
    );
    assert.deepEqual(
      tasks.map((task) => task.id),
      ['C0000000000000001', 'C0000000000000002', 'C0000000000000003', 'C0000000000000004', 'C0000000000000006'],
    );
    for (const task of tasks) {
      assert.equal(
        task.prefix + task.reference + task.suffix,
        readFileSync(join(RELOCATE, 'checkout', 'geom', task.path), 'utf8'),
      );
    }
    const [, length, clamp, area, scale] = tasks as [TaskRecord, TaskRecord, TaskRecord, TaskRecord, TaskRecord];
    // the hole is the whole function in the file, every branch included
    assert.match(
      scale.reference,
      /^ {4}Vec& operator\*=\(double s\)\n {4}\{\n#if defined\(GEOM_SIMD\)\n[\s\S]*#endif\n {8}return \*this;\n {4}\}\n$/,
    );
    assert.deepEqual([length.span.startLine, length.span.endLine, length.meta?.recordedPos], [21, 24, 15]);
    assert.deepEqual(
      [clamp.path, clamp.meta?.recordedPath, clamp.language],
      ['src/math/clamp.cpp', 'src/util.cpp', 'cpp'],
    );
    assert.equal(
      area.reference,
      'double Shape::area() const\n{\n    double total = 0;\n    for (const Vec& edge : edges) total += edge.x * ' +
        'edge.y;\n    return total / 2;\n}\n',
    );
    assert.deepEqual(
      [area.meta?.located, area.meta?.similarity, area.meta?.recordedPath],
      ['changed', 0.95, 'src/shape.cpp'],
    );
    assert.match(String(area.meta?.publishedCode), /return total \* 0\.5;/);
    // the callee's recorded lines now hold another function: it is found by name in its file
    assert.deepEqual(
      area.oracle!.map((snippet) => [snippet.startLine, snippet.endLine, snippet.text.split('\n')[0]]),
      [[21, 24, '    double length() const']],
    );
  });

  it('imports without a checkout: published code, empty prefix and suffix', async () => {
    const { tasks, report } = await importYabloco(join(YABLOCO, 'bench.csv'), join(YABLOCO, 'bench.json'));
    assert.equal(report.withoutCheckout, 3);
    assert.deepEqual(
      tasks.map((t) => [t.prefix, t.suffix, t.span.startLine, t.span.endLine, t.repo]),
      [
        ['', '', 5, 8, { name: 'mini', commit: null }],
        ['', '', 10, 13, { name: 'mini', commit: null }],
        ['', '', 17, 20, { name: 'mini', commit: null }],
      ],
    );
    assert.deepEqual(
      tasks[1]!.oracle!.map((o) => o.text),
      ['{\n    return a + b;\n}\n\n/* Multiplies'],
    );
  });

  it('refuses a row whose id is not in the JSON, and an escaping path, naming the CSV line', () =>
    withTemp(async (dir) => {
      const csv = readFileSync(join(YABLOCO, 'bench.csv'), 'utf8');
      writeFileSync(join(dir, 'unknown.csv'), csv.replace('AAAA000000000003', 'FFFF000000000003'));
      await assert.rejects(() => importYabloco(join(dir, 'unknown.csv'), join(YABLOCO, 'bench.json')), {
        message:
          `${join(dir, 'unknown.csv')}, line 5, field 'id': function 'FFFF000000000003' is not in ` +
          `${join(YABLOCO, 'bench.json')}`,
      });
      writeFileSync(join(dir, 'escape.csv'), csv.replace('mini/src/calc.c,Adds', 'mini/../../etc/passwd,Adds'));
      await assert.rejects(() => importYabloco(join(dir, 'escape.csv'), join(YABLOCO, 'bench.json')), {
        message:
          `${join(dir, 'escape.csv')}, line 2, field 'file': path 'mini/../../etc/passwd' escapes the ` +
          `repository (..)`,
      });
      writeFileSync(join(dir, 'pos.csv'), csv.replace(',3,5,01.02.2023', ',3,five,01.02.2023'));
      await assert.rejects(() => importYabloco(join(dir, 'pos.csv'), join(YABLOCO, 'bench.json')), {
        message: `${join(dir, 'pos.csv')}, line 2, field 'pos': expected an integer >= 1, got 'five'`,
      });
    }));
});

describe('Hugging Face export', () => {
  it('writes data/<split>.jsonl with every column in every row and a card whose YAML names files and features', () =>
    withTemp((dir) => {
      const tasks = importCceval(join(CCEVAL, 'small.jsonl'));
      const out = join(dir, 'hf');
      exportHf(tasks, out);
      assert.deepEqual(readdirSync(out).sort(), ['README.md', 'data']);
      const rows = readFileSync(join(out, 'data', 'test.jsonl'), 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const columns = [
        'id',
        'kind',
        'language',
        'repo',
        'path',
        'prefix',
        'suffix',
        'reference',
        'span',
        'labels',
        'name',
        'signature',
        'docstring',
        'oracle',
        'retrieved',
        'meta',
        'extra_labels',
        'extra_fields',
      ];
      for (const row of rows) assert.deepEqual(Object.keys(row), columns);
      assert.deepEqual(rows[1]!.labels, { level: null, bucket: null, semantic: null, lines: 1 });
      assert.equal(typeof rows[0]!.meta, 'string');
      const card = readFileSync(join(out, 'README.md'), 'utf8');
      const front = parseYaml(card.split('---\n')[1]!) as {
        configs: unknown;
        dataset_info: { features: { name: string }[] };
      };
      assert.deepEqual(front.configs, [
        { config_name: 'default', data_files: [{ split: 'test', path: 'data/test.jsonl' }] },
      ]);
      assert.deepEqual(
        front.dataset_info.features.map((f) => f.name),
        columns,
      );
    }));

  it('refuses a non-empty output folder and leaves it as it was', () =>
    withTemp((dir) => {
      mkdirSync(join(dir, 'taken'));
      writeFileSync(join(dir, 'taken', 'keep.txt'), 'x');
      assert.throws(
        () => exportHf([validTask], join(dir, 'taken')),
        /taken exists and is not empty: refusing to replace its contents/,
      );
      assert.deepEqual(readdirSync(join(dir, 'taken')), ['keep.txt']);
      assert.deepEqual(readdirSync(dir), ['taken']);
    }));
});

describe('round trip import -> export -> import', () => {
  for (const [name, load] of [
    ['CrossCodeEval', () => importCceval(join(CCEVAL, 'small.jsonl'))],
    [
      'YABLoCo with a checkout',
      async () =>
        (
          await importYabloco(join(YABLOCO, 'bench.csv'), join(YABLOCO, 'bench.json'), {
            repo: join(YABLOCO, 'checkout'),
          })
        ).tasks,
    ],
    [
      'YABLoCo without a checkout',
      async () => (await importYabloco(join(YABLOCO, 'bench.csv'), join(YABLOCO, 'bench.json'))).tasks,
    ],
    [
      'built tasks with extra labels and fields',
      () => [{ ...validTask, labels: { ...validTask.labels, depth: 4 }, future: [1, 2] } as TaskRecord],
    ],
  ] as [string, () => TaskRecord[] | Promise<TaskRecord[]>][]) {
    it(`${name}: the tasks come back exactly`, () =>
      withTemp(async (dir) => {
        const tasks = await load();
        exportHf(tasks, join(dir, 'hf'), { split: 'train', keepRoot: true });
        assert.deepEqual(importHf(join(dir, 'hf')), tasks);
      }));
  }

  it("leaves each task's repo.root (a path on this machine) out unless asked to keep it", () =>
    withTemp(async (dir) => {
      const { tasks } = await importYabloco(join(YABLOCO, 'bench.csv'), join(YABLOCO, 'bench.json'), {
        repo: join(YABLOCO, 'checkout'),
      });
      assert.ok(tasks.length > 0 && tasks.every((task) => task.repo.root === join(YABLOCO, 'checkout', 'mini')));
      exportHf(tasks, join(dir, 'hf'));
      assert.equal(readFileSync(join(dir, 'hf', 'data', 'test.jsonl'), 'utf8').includes(YABLOCO), false);
      assert.deepEqual(
        importHf(join(dir, 'hf')),
        tasks.map((task) => ({ ...task, repo: { name: task.repo.name, commit: task.repo.commit } })),
      );
    }));

  it('through the CLI: import cceval, export hf, import hf', async () => {
    await withTemp(async (dir) => {
      assert.equal(
        (await cli(['import', 'cceval', join(CCEVAL, 'small.jsonl'), '--out', join(dir, 'a.jsonl')])).code,
        0,
      );
      assert.equal((await cli(['export', 'hf', join(dir, 'a.jsonl'), '--out', join(dir, 'hf')])).code, 0);
      assert.equal((await cli(['import', 'hf', join(dir, 'hf'), '--out', join(dir, 'b.jsonl')])).code, 0);
      assert.equal(readFileSync(join(dir, 'b.jsonl'), 'utf8'), readFileSync(join(dir, 'a.jsonl'), 'utf8'));
      const yabloco = await cli([
        'import',
        'yabloco',
        join(YABLOCO, 'bench.csv'),
        join(YABLOCO, 'bench.json'),
        '--repo',
        join(YABLOCO, 'checkout'),
        '--out',
        join(dir, 'y.jsonl'),
      ]);
      assert.equal(yabloco.code, 0);
      assert.match(
        yabloco.stdout,
        /3 functions: 2 found unchanged \(1 at the recorded lines, 1 at other lines, 0 in another file\), 0 found with a changed body \(kept, meta.located 'changed'\), 1 not found \(dropped\)\n {2}not found: mini\/src\/calc.c calc_sub\n/,
      );
      const manifest = YablocoImportManifestSchema.parse(
        JSON.parse(readFileSync(join(dir, 'y.jsonl.manifest.json'), 'utf8')),
      );
      assert.deepEqual(
        [
          manifest.checkout,
          manifest.repository,
          manifest.relocation.dropped,
          manifest.relocation.details.map((row) => row.located),
        ],
        [join(YABLOCO, 'checkout'), null, 1, ['recorded', 'moved', 'missing']],
      );
      const typo = await cli([
        'import',
        'yabloco',
        join(YABLOCO, 'bench.csv'),
        join(YABLOCO, 'bench.json'),
        '--repo',
        join(dir, 'no-such-checkout'),
        '--out',
        join(dir, 't.jsonl'),
      ]);
      assert.equal(typo.code, 2);
      assert.match(typo.stderr, /field '--repo': checkout folder not found: .*no-such-checkout/);
      assert.equal(existsSync(join(dir, 't.jsonl')), false);
      const only = await cli([
        'import',
        'yabloco',
        join(YABLOCO, 'bench.csv'),
        join(YABLOCO, 'bench.json'),
        '--repository',
        'redis',
        '--out',
        join(dir, 'z.jsonl'),
      ]);
      assert.equal(only.code, 2);
      assert.match(only.stderr, /bench\.csv, field 'repository': no rows of repository 'redis'/);
    });
  });
});

it('CSV cells a spreadsheet would run as formulas are written as text and read back exactly', () => {
  const cases: [string, string][] = [
    ['=1+2', "'=1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-1+cmd|x', "'-1+cmd|x"],
    ['+x', "'+x"],
    ['\tx', "'\tx"],
    ["'quoted'", "''quoted'"],
    ['-', '-'],
    ['+', '+'],
    ['-0.25', '-0.25'],
    ['plain', 'plain'],
    ['', ''],
  ];
  for (const [text, written] of cases) {
    assert.equal(guardCsvCell(text), written, text);
    assert.equal(unguardCsvCell(written), text, written);
  }
  assert.equal(formatCsv([['=A1', -1, null, 'a,b']]), `'=A1,-1,,"a,b"\n`);
});
