import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptyQuery, formatQuery, parseQuery, runQuery, sortRows } from '../../src/web/client/query.ts';
import type { TaskRow } from '../../src/web/types.ts';

function row(
  ord: number,
  fields: { repo: string; level: string; verdict: TaskRow['verdict']; es?: number; name: string; path: string },
): TaskRow {
  return {
    ord,
    id: `${fields.repo}/${fields.path}:${fields.name}`,
    name: fields.name,
    path: fields.path,
    repo: fields.repo,
    language: 'c',
    kind: 'function',
    labels: { level: fields.level, lines: ord + 1 },
    span: [1, 2],
    candidates: 1,
    verdicts: {},
    verdict: fields.verdict,
    facets: { repo: fields.repo, language: 'c', kind: 'function', verdict: fields.verdict, level: fields.level },
    metrics: fields.es === undefined ? {} : { es: fields.es },
  };
}

const rows = [
  row(0, { repo: 'redis', level: 'project', verdict: 'passed', es: 90, name: 'dictFind', path: 'src/dict.c' }),
  row(1, { repo: 'redis', level: 'file', verdict: 'failed', es: 40, name: 'dictAdd', path: 'src/dict.c' }),
  row(2, { repo: 'redis', level: 'project', verdict: 'built', es: 70, name: 'sdsnew', path: 'src/sds.c' }),
  row(3, { repo: 'openssl', level: 'project', verdict: 'passed', name: 'BN_add', path: 'crypto/bn/bn_add.c' }),
  row(4, {
    repo: 'openssl',
    level: 'stdlib',
    verdict: 'timeout',
    es: 10,
    name: 'BIO_new',
    path: 'crypto/bio/bio_lib.c',
  }),
];

test('facets count what choosing each value would give under the other filters', () => {
  const query = parseQuery(new URLSearchParams('repo=redis&level=project'));
  const result = runQuery(rows, query);
  assert.deepEqual(
    result.rows.map((r) => r.ord),
    [0, 2],
  );
  assert.equal(result.total, 5);
  // level counts ignore the level selection but keep repo=redis; repo counts keep level=project.
  assert.deepEqual(result.facets.level, { project: 2, file: 1 });
  assert.deepEqual(result.facets.repo, { redis: 2, openssl: 1 });
  assert.deepEqual(result.facets.verdict, { passed: 1, built: 1 });
});

test('free text needs every word somewhere in id, name, path or repository, case-insensitively', () => {
  assert.deepEqual(
    runQuery(rows, parseQuery(new URLSearchParams('q=DICT'))).rows.map((r) => r.ord),
    [0, 1],
  );
  assert.deepEqual(
    runQuery(rows, parseQuery(new URLSearchParams('q=crypto new'))).rows.map((r) => r.ord),
    [4],
  );
  assert.deepEqual(
    runQuery(rows, parseQuery(new URLSearchParams('q=openssl add'))).rows.map((r) => r.ord),
    [3],
  );
});

test('metric ranges are inclusive and drop rows without the metric', () => {
  assert.deepEqual(
    runQuery(rows, parseQuery(new URLSearchParams('range=es:40:90'))).rows.map((r) => r.ord),
    [0, 1, 2],
  );
  assert.deepEqual(
    runQuery(rows, parseQuery(new URLSearchParams('range=es::39.9'))).rows.map((r) => r.ord),
    [4],
  );
  assert.deepEqual(
    runQuery(rows, parseQuery(new URLSearchParams('range=es:50:'))).rows.map((r) => r.ord),
    [0, 2],
  );
});

test('sorting: by metric with unscored rows last, by verdict rank, by text; ties keep task order', () => {
  assert.deepEqual(
    sortRows(rows, 'es', true).map((r) => r.ord),
    [0, 2, 1, 4, 3],
  );
  assert.deepEqual(
    sortRows(rows, 'es', false).map((r) => r.ord),
    [4, 1, 2, 0, 3],
  );
  assert.deepEqual(
    sortRows(rows, 'verdict', false).map((r) => r.ord),
    [0, 3, 2, 1, 4],
  );
  assert.deepEqual(
    sortRows(rows, 'repo', false).map((r) => r.ord),
    [3, 4, 0, 1, 2],
  );
  assert.deepEqual(
    sortRows(rows, 'lines', true).map((r) => r.ord),
    [4, 3, 2, 1, 0],
  );
});

test('a query survives formatting into URL parameters and parsing back', () => {
  const query = {
    ...emptyQuery(),
    text: 'dict find',
    facets: { repo: 'redis', level: 'project' },
    ranges: { es: [50, null] as [number | null, number | null] },
    sort: 'es',
    desc: true,
  };
  const text = formatQuery(query);
  assert.equal(text, 'q=dict+find&level=project&repo=redis&range=es%3A50%3A&sort=es&desc=1');
  assert.deepEqual(parseQuery(new URLSearchParams(text)), query);
  assert.equal(formatQuery(emptyQuery()), '');
});
