// The review sheet and the agreement figures: YABLoCo's own sheet layout (a copy of the first rows
// of its docstring_labeling.xlsx, both sheets), export and import round trips through XLSX and CSV,
// Fleiss' kappa on the published example, and the errors a bad sheet gets.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { writeTasks } from '../../src/datasets/io.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { publishedSchema } from '../../src/cli/schemas.ts';
import {
  fleissKappa,
  readReviewSheet,
  reviewKindOf,
  ReviewStore,
  reviewsPath,
  reviewStats,
  sheetReviews,
} from '../../src/review/index.ts';
import { startReviewServer } from '../../src/web/review-server.ts';
import { cli } from '../capture-cli.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-review-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const SHEET = new URL('../fixtures/review/yabloco-docstring-labeling.xlsx', import.meta.url).pathname;

function task(id: string, docstring: string | null, meta?: Record<string, unknown>): TaskRecord {
  const reference = 'int f(void)\n{\n    return 1;\n}\n';
  return {
    id,
    kind: 'function',
    language: 'c',
    repo: { name: 'redis', commit: null },
    path: 'src/f.c',
    prefix: '',
    suffix: '',
    reference,
    span: { startLine: 1, startColumn: 1, endLine: 4, endColumn: 2 },
    labels: { lines: 4 },
    name: `f_${id.slice(0, 4)}`,
    signature: 'int f(void)',
    docstring,
    ...(meta ? { meta } : {}),
  };
}

const marksOf = (store: ReviewStore) =>
  store.all().map((r) => `${r.taskId} ${r.reviewer} ${r.mark}${r.note ? ` ${r.note}` : ''}`);

test("YABLoCo's sheet: blanks are '+', every mark and the derived sums read, figures as computed by hand", async () => {
  const sheet = await readReviewSheet(SHEET);
  assert.equal(sheet.blank, 'plus');
  assert.deepEqual(sheet.reviewers, ['1', '2', '3']);
  assert.deepEqual(
    sheet.rows.map((row) => `${row.id} ${row.marks.map((m) => m.mark).join('')}`),
    [
      '022B4872CF6D47FE -++',
      '04C8813A1EE4450F +?+',
      '051CCB38BF73BF65 ?++',
      '0662CB892CF59881 ++?',
      '07D39C7BBCE328A7 ???',
      '081EA200BE41D4AA -?+',
      '0AD4330E8CCC13FD ?+?',
      '0B22468A30F51D0C ?+-',
    ],
  );
  assert.equal(sheet.rows[4]!.doc, 'Find a register from its Record def.');
  const stats = reviewStats(sheetReviews(sheet, null, 'now').reviews);
  // By hand: '-' 3, '?' 10, '+' 11; P_i = 1/3 x5, 1, 0, 0 -> P = 1/3; Pe = (9 + 100 + 121)/576; kappa = -38/346.
  assert.deepEqual(stats.counts, { '-': 3, '?': 10, '+': 11 });
  assert.ok(Math.abs(stats.fleiss.kappa! - -38 / 346) < 1e-12, String(stats.fleiss.kappa));
  // The sheet's `agree` column per row is 1,1,1,1,3,0,1,0: pairs (1,2) agree on rows 4 and 5 only.
  assert.deepEqual(
    stats.pairs.map((p) => [p.a, p.b, p.agree]),
    [
      ['1', '2', 2],
      ['1', '3', 3],
      ['2', '3', 3],
    ],
  );
});

test('import into a task set: matched by function id, other rows counted, a changed docstring flagged; apply drops by the rule', async () => {
  const tasksPath = join(scratch, 'redis.db');
  writeTasks(tasksPath, [
    task('051CCB38BF73BF65', 'a docstring changed since the review'),
    task(
      '0662CB892CF59881',
      "Find a key in the rax: return 1 if the item is found, 0 otherwise.\nIf there is an item and 'value' is passed " +
        'in a non-NULL pointer,\nthe value associated with the item is set at that address.',
    ),
    task('4B732A7D4583F1B9', null),
    task('C334444305D77C87', null),
    task('FFFF000000000000', null),
  ]);
  const first = await cli(['review', 'import', tasksPath, SHEET]);
  assert.equal(first.code, 0, first.stderr);
  assert.equal(
    first.stdout.split('\n')[0],
    `imported 6 reviews by 3 reviewers (1, 2, 3) for 2 of 8 rows (blank marks read as '+') into ` +
      `${reviewsPath(tasksPath)}`,
  );
  assert.match(
    first.stdout,
    /^6 rows name no task of .*redis\.db \(first: 022B4872CF6D47FE, 04C8813A1EE4450F, 07D39C7BBCE328A7\)$/m,
  );
  assert.match(
    first.stdout,
    /^warning: 1 rows reviewed a docstring that differs from the task's \(first: 051CCB38BF73BF65\)$/m,
  );
  const second = await cli(['review', 'import', tasksPath, SHEET, '--sheet', 'bench6diff']);
  assert.equal(second.code, 0, second.stderr);
  const store = new ReviewStore(reviewsPath(tasksPath), { readonly: true });
  assert.deepEqual(marksOf(store), [
    '051CCB38BF73BF65 1 ?',
    '051CCB38BF73BF65 2 +',
    '051CCB38BF73BF65 3 +',
    '0662CB892CF59881 1 +',
    '0662CB892CF59881 2 +',
    '0662CB892CF59881 3 ?',
    '4B732A7D4583F1B9 1 +',
    '4B732A7D4583F1B9 2 +',
    '4B732A7D4583F1B9 3 +',
    'C334444305D77C87 1 -',
    'C334444305D77C87 2 -',
    'C334444305D77C87 3 -',
  ]);
  store.close();
  const out = join(scratch, 'redis-reviewed.jsonl');
  const applied = await cli(['review', 'apply', tasksPath, '--out', out]);
  assert.equal(applied.stdout, `yabloco: kept 4 of 5 tasks, dropped 1 (1 unreviewed) -> ${out}`);
  const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, 'utf8'));
  assert.deepEqual(manifest.details.dropped, ['C334444305D77C87']);
  assert.deepEqual(manifest.details.counts.byReviews, { '0': 1, '3': 4 });
});

test('export and import round trips (XLSX and CSV): marks, notes and unreviewed cells survive; blanks of a ctxbench sheet stay unreviewed; CSV cells a spreadsheet would run as formulas are written as text', async () => {
  const tasksPath = join(scratch, 'mixed.db');
  writeTasks(tasksPath, [
    task('A1', 'Adds one, "carefully", to x.'),
    task('B2', 'Line one,\nline two.'),
    task('C3', null, { originalDocstring: 'the first text' }),
  ]);
  const store = new ReviewStore(reviewsPath(tasksPath));
  const at = '2026-01-01T00:00:00.000Z';
  store.putAll([
    {
      taskId: 'A1',
      reviewer: 'ann',
      kind: 'original',
      mark: '-',
      note: 'too vague, "x"?',
      docstring: 'Adds one, "carefully", to x.',
      at,
    },
    {
      taskId: 'B2',
      reviewer: 'ann',
      kind: 'original',
      mark: '+',
      note: '=HYPERLINK("http://x.invalid","click")',
      docstring: 'Line one,\nline two.',
      at,
    },
    {
      taskId: 'A1',
      reviewer: 'ben',
      kind: 'original',
      mark: '?',
      note: "'quoted' -1+2",
      docstring: 'Adds one, "carefully", to x.',
      at,
    },
  ]);
  const before = marksOf(store);
  store.close();
  assert.equal(reviewKindOf(task('C3', null, { originalDocstring: 'x' })), 'synthetic');
  for (const extension of ['xlsx', 'csv']) {
    const file = join(scratch, `sheet.${extension}`);
    const exported = await cli(['review', 'export', tasksPath, file]);
    assert.equal(exported.stdout, `wrote 3 tasks with 3 reviews to ${file}`);
    const copy = join(scratch, `copy-${extension}.db`);
    copyFileSync(tasksPath, copy);
    const imported = await cli(['review', 'import', copy, file]);
    assert.match(
      imported.stdout,
      /^imported 3 reviews by 2 reviewers \(ann, ben\) for 3 of 3 rows \(blank marks read as not reviewed\)/,
    );
    const back = new ReviewStore(reviewsPath(copy), { readonly: true });
    assert.deepEqual(marksOf(back), before, extension);
    back.close();
  }
  const csv = readFileSync(join(scratch, 'sheet.csv'), 'utf8').split('\n');
  assert.equal(
    csv[0],
    ',id,doc,repository,fname,file,Reviewer ann,Reviewer ben,,,empty_cells,,,minuses,,,questions,,agree,Note ' +
      'ann,Note ben',
  );
  assert.equal(
    csv[1],
    `0,A1,"Adds one, ""carefully"", to x.",redis,f_A1,src/f.c,-,?,0,0,0,-1,0,-1,0,1,1,0,0,"too vague, ` +
      `""x""?",''quoted' -1+2`,
  );
  assert.equal(
    csv.find((line) => line.startsWith('1,B2,')),
    `1,B2,"Line one,`,
  );
  assert.match(
    csv.join('\n'),
    /line two\.",redis,f_B2,src\/f\.c,\+,,1,0,1,0,0,0,0,0,0,0,0,"'=HYPERLINK\(""http:\/\/x\.invalid"",""click""\)",\n/,
  );
});

test("Fleiss' kappa reproduces the published example (Fleiss 1971 as on Wikipedia: 10 subjects, 14 raters, 5 categories: 0.210)", () => {
  const table = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
  ];
  assert.equal(fleissKappa(table)!.toFixed(3), '0.210');
  assert.equal(
    fleissKappa([
      [3, 0, 0],
      [3, 0, 0],
    ]),
    null,
    'chance agreement 1: undefined',
  );
  assert.equal(
    (publishedSchema('review').properties as Record<string, { enum?: string[] }>).mark!.enum!.join(''),
    '-?+',
  );
});

test('a bad sheet gets an error naming the file, the row and the column; nothing is imported', async () => {
  const tasksPath = join(scratch, 'bad.db');
  writeTasks(tasksPath, [task('A1', 'x y z w'), task('B2', 'x y z w')]);
  const header = ',Unnamed: 0.1.1,doc,repository,Reviewer 1,Reviewer 2,minuses\n';
  const badMark = join(scratch, 'bad-mark.csv');
  writeFileSync(badMark, `${header}0,A1,d,redis,-,+,-1\n1,B2,d,redis,?,x,0\n`);
  const result = await cli(['review', 'import', tasksPath, badMark]);
  assert.equal(result.code, 2);
  assert.equal(
    result.stderr,
    `ctxbench review: ${badMark}, line 3, field 'Reviewer 2': expected '-', '?', '+' or a blank, got 'x'`,
  );
  const badSum = join(scratch, 'bad-sum.csv');
  writeFileSync(badSum, `${header}0,A1,d,redis,-,-,-1\n`);
  const sum = await cli(['review', 'import', tasksPath, badSum]);
  assert.equal(sum.stderr, `ctxbench review: ${badSum}, line 2, field 'minuses': the sheet says -1, its marks give -2`);
  const none = await cli(['review', 'stats', tasksPath]);
  assert.equal(
    none.stderr,
    `ctxbench review: ${reviewsPath(tasksPath)}: no reviews yet (start with 'ctxbench review ${tasksPath} --reviewer ` +
      `NAME' or 'ctxbench review import ${tasksPath} SHEET')`,
  );
});

test('reviews of a hard variant are of kind synthetic and keep the docstring the reviewer saw', async () => {
  const tasksPath = join(scratch, 'hard.db');
  writeTasks(tasksPath, [task('A1', 'Returns one.', { originalDocstring: 'Gives 1 back to the caller.' })]);
  const server = await startReviewServer(tasksPath, { reviewer: 'eve', port: 0 });
  try {
    const page = (await (await fetch(`${server.url}api/review`)).json()) as {
      items: { kind: string; docstring: string }[];
      reviewed: number;
      total: number;
    };
    assert.deepEqual(
      [page.items[0]!.kind, page.items[0]!.docstring, page.reviewed, page.total],
      ['synthetic', 'Returns one.', 0, 1],
    );
    const put = await fetch(`${server.url}api/review/A1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mark: '+', note: '' }),
    });
    assert.deepEqual(await put.json(), { reviewed: 1, total: 1 });
  } finally {
    await server.close();
  }
  const store = new ReviewStore(reviewsPath(tasksPath), { readonly: true });
  assert.deepEqual(
    store.all().map((r) => [r.kind, r.docstring, r.mark]),
    [['synthetic', 'Returns one.', '+']],
  );
  store.close();
});

test("export writes YABLoCo's derived columns as YABLoCo's sheet has them (empty_cells, minuses, questions, agree)", async () => {
  const sheet = await readReviewSheet(SHEET);
  const tasksPath = join(scratch, 'eight.db');
  writeTasks(
    tasksPath,
    sheet.rows.map((row) => task(row.id, row.doc)),
  );
  assert.equal((await cli(['review', 'import', tasksPath, SHEET])).code, 0);
  const out = join(scratch, 'eight.xlsx');
  assert.equal((await cli(['review', 'export', tasksPath, out])).code, 0);
  const { default: readExcelFile } = await import('read-excel-file/node');
  const sums = async (file: string, reviewerHeader: (name: string) => boolean) => {
    const data = ((await readExcelFile(file)) as { data: unknown[][] }[])[0]!.data;
    const header = data[0]!.map((cell) => String(cell ?? ''));
    const columns = ['empty_cells', 'minuses', 'questions', 'agree'].map((name) => header.indexOf(name));
    const reviewers = header.flatMap((name, at) => (reviewerHeader(name) ? [at] : []));
    return data.slice(1).map((row) => [...columns.map((at) => Number(row[at])), reviewers.length]);
  };
  // The reviewers are 1, 2, 3 in both (ctxbench sorts names; YABLoCo's are already in order).
  const theirs = await sums(SHEET, (name) => name.startsWith('Reviewer '));
  assert.deepEqual(theirs.slice(0, 2), [
    [2, -1, 0, 1, 3],
    [2, 0, 1, 1, 3],
  ]);
  assert.deepEqual(await sums(out, (name) => name.startsWith('Reviewer ')), theirs);
});
