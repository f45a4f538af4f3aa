// Run specs: `results RUN --spec` writes a run's whole invocation, `eval --spec FILE` makes it again (the same
// prompts, the same settings), options on the command line override the spec's, a plugin is named with its
// SHA-256 and a changed one is refused, and a bad spec names its file, line and field.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { openRunStore } from '../../src/runstore/store.ts';
import { hashFile } from '../../src/util/file-hash.ts';
import { cli } from '../capture-cli.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const TASKS = join(ROOT, 'test/fixtures/models/tasks.jsonl');
const PLUGIN = join(ROOT, 'examples/plugins/retriever-identifiers.ts');

/**
 * Everything of a run that a remake must reproduce: its settings (not when or where it was made) and each task's
 * prompt.
 */
function runContent(dir: string): { config: Record<string, unknown>; prompts: string[] } {
  const store = openRunStore(dir, { readonly: true });
  try {
    const { createdAt: _createdAt, spec: _spec, ...config } = store.config();
    return { config, prompts: store.tasks().map((task) => JSON.stringify(store.prompt(task.id))) };
  } finally {
    store.close();
  }
}

describe('run specs', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ctxbench-spec-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a run written out as a spec and run again gives the same prompts and settings', async () => {
    const first = join(dir, 'first');
    const made = await cli([
      'eval',
      TASKS,
      '--plugin',
      PLUGIN,
      '--model',
      'baseline:copy-retrieved',
      '--context',
      'identifier-overlap',
      '--template',
      'cceval',
      '--budget',
      '700',
      '--max-tokens',
      '64',
      '--stop',
      '\n\n',
      '--stop',
      'END',
      '--repo',
      join(ROOT, 'test/fixtures/models/repo'),
      '--run',
      first,
      '--no-cache',
    ]);
    assert.equal(made.code, 0, made.stderr);
    const specFile = join(dir, 'first.yaml');
    const written = await cli(['results', first, '--spec', '--out', specFile]);
    assert.equal(written.code, 0, written.stderr);
    const spec = parse(readFileSync(specFile, 'utf8')) as Record<string, unknown>;
    assert.deepEqual(spec, {
      tasks: TASKS,
      model: 'baseline:copy-retrieved',
      concurrency: '4',
      'max-tokens': '64',
      stop: ['\n\n', 'END'],
      'no-cache': true,
      timeout: '600',
      context: 'identifier-overlap',
      template: 'cceval',
      samples: '1',
      run: first,
      repo: join(ROOT, 'test/fixtures/models/repo'),
      budget: '700',
      plugins: [{ file: PLUGIN, sha256: hashFile(PLUGIN) }],
    });
    const again = join(dir, 'again');
    const remade = await cli(['eval', '--spec', specFile, '--run', again]);
    assert.equal(remade.code, 0, remade.stderr);
    const [a, b] = [runContent(first), runContent(again)];
    assert.deepEqual(b.prompts, a.prompts);
    assert.ok(
      a.prompts.every((prompt) => prompt.includes('retrieved')),
      'the plugin retriever chose the context',
    );
    assert.deepEqual(b.config, a.config);
    assert.deepEqual(a.config.plugins, [{ file: PLUGIN, sha256: hashFile(PLUGIN) }]);
  });

  it("takes options from the command line over the spec's, and paths relative to the spec", async () => {
    const folder = join(dir, 'relative');
    rmSync(folder, { recursive: true, force: true });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(folder);
    copyFileSync(TASKS, join(folder, 'tasks.jsonl'));
    writeFileSync(
      join(folder, 'run.yaml'),
      'tasks: tasks.jsonl\nmodel: baseline:reference\ncontext: infile\ntemplate: cceval\nrun: runs/one\nsamples: 1\n',
    );
    const result = await cli(['eval', '--spec', join(folder, 'run.yaml'), '-n', '2', '--no-cache']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /8 candidates for 4 tasks in .*relative\/runs\/one/);
    const store = openRunStore(join(folder, 'runs', 'one'), { readonly: true });
    assert.deepEqual([store.config().samples, store.config().tasksPath], [2, join(folder, 'tasks.jsonl')]);
    store.close();
  });

  it("refuses a plugin whose SHA-256 is not the spec's, and names the line and field of a bad spec", async () => {
    const changed = join(dir, 'changed-plugin.ts');
    copyFileSync(PLUGIN, changed);
    writeFileSync(changed, `${readFileSync(changed, 'utf8')}\n// changed\n`, { flag: 'w' });
    writeFileSync(
      join(dir, 'plugin.yaml'),
      `tasks: ${TASKS}\nmodel: baseline:reference\ncontext: infile\nrun: ${join(dir, 'p')}\nplugins:\n  - file: ` +
        `${changed}\n    sha256: ${hashFile(PLUGIN)}\n`,
    );
    const refused = await cli(['eval', '--spec', join(dir, 'plugin.yaml')]);
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      /plugin\.yaml, line 6, field 'plugins\[0\]\.sha256': the plugin .*changed-plugin\.ts is not the one the spec names/,
    );
    writeFileSync(join(dir, 'bad.yaml'), `tasks: ${TASKS}\nmodel: baseline:reference\ncontexts: infile\n`);
    const bad = await cli(['eval', '--spec', join(dir, 'bad.yaml')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.yaml, line 3, field 'contexts': unknown key contexts/);
    const old = await cli(['results', join(dir, 'p'), '--spec']);
    assert.match(old.stderr, /no run store here/);
  });
});
