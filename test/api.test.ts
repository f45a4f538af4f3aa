// The package root is a library: a script can index, build, prompt and score as the CLI does.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import * as ctxbench from '../src/index.ts';

const REPO = new URL('./fixtures/repos/py-app/', import.meta.url).pathname;

test('index, build, prompt and score through the package root', async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'ctxbench-api-')), 'index.db');
  const run = await ctxbench.indexRepository(REPO, { db });
  assert.deepEqual(
    ctxbench.listFunctions(run.store).map((f) => f.qualifiedName),
    ['Cart.__init__', 'Cart.add', 'Cart.total', 'Cart.count', 'Cart.receipt', 'total', 'round_cents', 'format_money'],
  );
  run.store.close();
  const { tasks } = await ctxbench.buildBenchmark({
    family: 'function',
    repos: [REPO],
    index: { db },
    seed: 1,
    command: 'api test',
    toolVersion: '0',
  });
  assert.deepEqual(
    tasks.map((t) => `${t.name}/${t.labels.level}`),
    ['add/file', 'count/file', 'total/project', 'total/stdlib', 'round_cents/stdlib'],
  );
  const task = tasks.find((t) => t.name === 'total' && t.labels.level === 'project')!;
  const builder = await ctxbench.createPromptBuilder({ strategy: 'oracle', template: 'yabloco' });
  const prompt = await builder.build(task);
  assert.match(prompt.messages!.map((m) => m.content).join('\n'), /Use this context:[\s\S]*def round_cents\(amount\)/);
  const scores = await ctxbench.scorePair(task.reference, task.reference, task.language, ['em', 'es']);
  assert.deepEqual(scores, { em: 1, es: 100 });
});

test('a wrong family given to the library is a clear error naming the field, before any repository is indexed', async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'ctxbench-api-')), 'index.db');
  await assert.rejects(
    ctxbench.buildBenchmark({
      family: 'functions' as 'function',
      repos: [REPO],
      index: { db },
      seed: 1,
      command: 'api test',
      toolVersion: '0',
    }),
    (error: Error) =>
      error.name === 'InputError' &&
      /field 'family'.*unknown task family "functions" \(known: function, crossfile, node\)|unknown task family "functions" \(known: function, crossfile, node\).*field 'family'/.test(
        error.message,
      ),
  );
});

test('the package root exports exactly the library API that docs/ARCHITECTURE.md lists', async () => {
  const doc = readFileSync(new URL('../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Library API'), doc.indexOf('## Package'));
  const rows = section.split('\n').filter((line) => /^\| [a-z]/.test(line) && !line.startsWith('| stage'));
  const names = (column: number) =>
    rows.flatMap((row) => [...(row.split('|')[column] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]!)).sort();
  assert.deepEqual(Object.keys(ctxbench).sort(), names(2));
  // types leave no trace at run time: read them from the root's source
  const source = readFileSync(new URL('../src/index.ts', import.meta.url), 'utf8');
  const types = [...source.matchAll(/\btype (\w+)/g)].map((m) => m[1]!).sort();
  assert.deepEqual(types, names(3));
});

test('every name the docs import from the package exists at its root', async () => {
  const root = new URL('../', import.meta.url);
  const source = readFileSync(new URL('src/index.ts', root), 'utf8');
  const types = new Set([...source.matchAll(/\btype (\w+)/g)].map((m) => m[1]!));
  const docs = [
    'README.md',
    ...readdirSync(new URL('docs/', root))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  const imported = docs.flatMap((doc) =>
    [...readFileSync(new URL(doc, root), 'utf8').matchAll(/import \{([^}]*)\} from 'ctxbench'/g)].flatMap((m) =>
      m[1]!
        .split(',')
        .map((name) => name.trim().replace(/^type /, ''))
        .filter((name) => /^\w+$/.test(name))
        .map((name) => `${doc}: ${name}`),
    ),
  );
  assert.ok(imported.length >= 8, `the docs' imports were read (${imported.length})`);
  assert.deepEqual(
    imported.filter((entry) => {
      const name = entry.split(': ')[1]!;
      return !(name in ctxbench) && !types.has(name);
    }),
    [],
  );
});

test("the docs install the optional packages at the versions of the package's peerDependencies", () => {
  const root = new URL('../', import.meta.url);
  const { peerDependencies, peerDependenciesMeta } = JSON.parse(
    readFileSync(new URL('package.json', root), 'utf8'),
  ) as { peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };
  const docs = [
    'README.md',
    ...readdirSync(new URL('docs/', root))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  const named = new Map<string, string>();
  for (const doc of docs) {
    const text = readFileSync(new URL(doc, root), 'utf8').replace(/\n\s*/g, ' ');
    for (const [, line] of text.matchAll(/npm install ((?:@?[\w.-]+(?:\/[\w.-]+)?@\d[\w.-]*\s*)+)/g)) {
      for (const spec of line!.trim().split(/\s+/)) {
        const at = spec.lastIndexOf('@');
        const name = spec.slice(0, at);
        if (name in peerDependencies) named.set(`${doc}: ${name}`, spec.slice(at + 1));
      }
    }
  }
  for (const [where, version] of named) assert.equal(version, peerDependencies[where.split(': ')[1]!], where);
  const optional = Object.keys(peerDependencies).filter(
    (name) => peerDependenciesMeta[name]?.optional && name !== '@types/node',
  );
  assert.deepEqual(
    optional.filter((name) => ![...named.keys()].some((key) => key.endsWith(`: ${name}`))),
    [],
    'every optional package has an install line in the docs',
  );
});
