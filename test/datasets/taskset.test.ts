// Task sets: each file text stored once, tasks refer to it by hash and span. Round trips with the
// inline forms, clear errors for missing or corrupted texts, and streaming readers that name the
// file and line of a malformed record (also across read-chunk boundaries).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { cli } from '../capture-cli.ts';
import { importCceval } from '../../src/datasets/cceval.ts';
import { importHf } from '../../src/datasets/hf.ts';
import { isTaskSetFile, textHash } from '../../src/datasets/taskset.ts';
import { iterateTasks, readTasks, writeTasks } from '../../src/datasets/io.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { holeAt, taskId } from '../../src/datasets/hole.ts';
import { textLines } from '../../src/util/jsonl.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { tempDir } from '../tasks/helpers.ts';

const CCEVAL = new URL('../fixtures/datasets/cceval/small.jsonl', import.meta.url).pathname;

function withTemp<T>(body: (dir: string) => Promise<T> | T): Promise<T> {
  const { dir, cleanup } = tempDir('ctxbench-taskset-');
  return Promise.resolve()
    .then(() => body(dir))
    .finally(cleanup);
}

/** `count` holes at different lines of one file of `lines` lines (non-ASCII and astral characters included). */
function holesInOneFile(path: string, lines: number, count: number): TaskRecord[] {
  const text = Array.from({ length: lines }, (_, i) => `    value_${i} = compute("é ${i} 𝔘")\r\n`).join('');
  const tasks: TaskRecord[] = [];
  for (let k = 0; k < count; k++) {
    const line = Math.floor(((k + 1) * lines) / (count + 1));
    const start = text.indexOf(`value_${line} `);
    const hole = holeAt(text, start, text.indexOf('\r\n', start));
    tasks.push({
      id: taskId('crossfile', 'r', path, hole.span),
      kind: 'crossfile',
      language: 'python',
      repo: { name: 'r', commit: null },
      path,
      ...hole,
      labels: { level: 'project', lines: 1 },
    });
  }
  return tasks;
}

describe('task sets', () => {
  it('round-trips inline JSONL -> task set -> inline JSONL byte for byte', () =>
    withTemp(async (dir) => {
      const inline = join(dir, 'inline.jsonl');
      writeTasks(inline, [
        ...importCceval(CCEVAL),
        ...holesInOneFile('pkg/a.py', 200, 5),
        ...holesInOneFile('pkg/b.py', 50, 3),
      ]);
      const set = join(dir, 'set.tasks');
      assert.equal((await cli(['import', 'jsonl', inline, '--out', set])).code, 0);
      assert.equal(isTaskSetFile(set), true);
      const back = join(dir, 'back.jsonl');
      const exported = await cli(['export', 'jsonl', set, '--out', back]);
      assert.equal(exported.code, 0, exported.stderr);
      assert.equal(readFileSync(back, 'utf8'), readFileSync(inline, 'utf8'));
      assert.deepEqual(readTasks(set), readTasks(inline));
    }));

  it('exports CrossCodeEval records that import back to the same tasks, and a task set to HF', () =>
    withTemp(async (dir) => {
      const set = join(dir, 'cceval.tasks');
      assert.equal((await cli(['import', 'cceval', CCEVAL, '--out', set])).code, 0);
      const out = join(dir, 'again.jsonl');
      assert.equal((await cli(['export', 'cceval', set, '--out', out])).code, 0);
      assert.deepEqual(importCceval(out), importCceval(CCEVAL));
      const built = join(dir, 'built.tasks');
      writeTasks(built, holesInOneFile('pkg/a.py', 30, 2));
      const hf = join(dir, 'hf');
      assert.equal((await cli(['export', 'hf', built, '--out', hf])).code, 0);
      assert.deepEqual(importHf(hf), readTasks(built));
    }));

  it('stores each file text once: the set grows with the number of tasks, not tasks x file size', () =>
    withTemp((dir) => {
      const few = join(dir, 'few.tasks');
      const many = join(dir, 'many.tasks');
      writeTasks(few, holesInOneFile('big.py', 5000, 10));
      writeTasks(many, holesInOneFile('big.py', 5000, 400));
      const db = new Database(many, { readonly: true });
      assert.deepEqual(db.prepare('SELECT count(*) AS n FROM files').get(), { n: 1 });
      db.close();
      const [one] = holesInOneFile('big.py', 5000, 1);
      const fileBytes = Buffer.byteLength(one!.prefix + one!.reference + one!.suffix);
      const perTask = (statSync(many).size - statSync(few).size) / 390;
      // SQLite's fixed cost: a few 4 KiB pages per table and index.
      assert.ok(
        statSync(few).size < fileBytes + 48 * 1024,
        `${statSync(few).size} bytes for 10 tasks of a ${fileBytes}-byte file`,
      );
      assert.ok(perTask < 1024, `${perTask} bytes per extra task`);
    }));

  it('names the task and the hash of a missing or corrupted file text', () =>
    withTemp((dir) => {
      const tasks = holesInOneFile('pkg/a.py', 40, 2);
      const hash = textHash(tasks[0]!.prefix, tasks[0]!.reference, tasks[0]!.suffix);
      for (const [damage, sql, problem] of [
        ['missing', 'DELETE FROM files', 'which is missing from the task set'],
        [
          'corrupted',
          `UPDATE files SET text = text || 'x'`,
          `which is corrupted (its content hashes to ` +
            `${textHash(`${tasks[0]!.prefix + tasks[0]!.reference + tasks[0]!.suffix}x`)})`,
        ],
      ]) {
        const set = join(dir, `${damage}.tasks`);
        writeTasks(set, tasks);
        const db = new Database(set);
        db.exec(sql!);
        db.close();
        assert.throws(() => readTasks(set), {
          message: `${set}: task '${tasks[0]!.id}' refers to the file text ${hash}, ${problem}`,
        });
      }
    }));

  it('writes no task set when one task is invalid, and keeps the previous one', () =>
    withTemp((dir) => {
      const set = join(dir, 'set.tasks');
      const tasks = holesInOneFile('pkg/a.py', 40, 2);
      writeTasks(set, tasks);
      const before = readFileSync(set);
      assert.throws(() => writeTasks(set, [tasks[0]!, { ...tasks[1]!, path: '../x' }]), {
        message: `${set}, line 2, field 'path': path '../x' escapes the repository (..)`,
      });
      assert.deepEqual(readFileSync(set), before);
      assert.deepEqual(readdirSync(dir), ['set.tasks']);
    }));

  it('reports a damaged task set file in one line naming it', () =>
    withTemp(async (dir) => {
      const set = join(dir, 'damaged.tasks');
      writeTasks(set, holesInOneFile('pkg/a.py', 3000, 50));
      const bytes = readFileSync(set);
      writeFileSync(set, bytes.subarray(0, Math.floor(bytes.length / 2)));
      assert.throws(
        () => readTasks(set),
        (error: Error) => error.name === 'InputError' && error.message.startsWith(`${set}: cannot read the task set: `),
      );
      const result = await cli(['export', 'jsonl', set, '--out', join(dir, 'out.jsonl')]);
      assert.equal(result.code === 0, false);
      assert.doesNotMatch(result.stderr, /\n\s+at /);
    }));

  it('refuses an invalid stored record, naming the set, the task and the field', () =>
    withTemp((dir) => {
      const set = join(dir, 'bad.tasks');
      writeTasks(set, holesInOneFile('pkg/a.py', 40, 2));
      const db = new Database(set);
      db.exec(`UPDATE tasks SET record = json_set(record, '$.span.startLine', 0) WHERE ord = 1`);
      db.close();
      assert.throws(() => readTasks(set), {
        message: `${set} (task 2), field 'span.startLine': must be at least 1, got 0`,
      });
    }));

  it('a reader that stops early closes the set: `prompt` finds the first task of a task set', () =>
    withTemp(async (dir) => {
      const set = join(dir, 'set.tasks');
      const tasks = holesInOneFile('pkg/a.py', 40, 3);
      writeTasks(set, tasks);
      for (const task of iterateTasks(set)) {
        assert.equal(task.id, tasks[0]!.id);
        break;
      }
      const shown = await cli([
        'prompt',
        set,
        '--id',
        tasks[0]!.id,
        '--context',
        'none',
        '--template',
        'cceval',
        '--json',
      ]);
      assert.equal(shown.code, 0, shown.stderr);
      assert.equal(JSON.parse(shown.stdout).taskId, tasks[0]!.id);
    }));

  it('reads lines across read-chunk boundaries and reports the line of a malformed record', () =>
    withTemp((dir) => {
      const file = join(dir, 'long.jsonl');
      const [task] = holesInOneFile('pkg/a.py', 40, 1);
      // A 1.5 MB line whose multi-byte characters straddle the 1 MiB read chunk, then a broken line.
      const long = { ...task!, id: 'long', prefix: 'é𝔘'.repeat(250_000) };
      writeFileSync(file, `${JSON.stringify(task)}\n${JSON.stringify(long)}\n\n{"id": 3,\n`);
      assert.deepEqual(
        [...textLines(file)].map((line) => line.line),
        [1, 2, 3, 4],
      );
      const seen: string[] = [];
      assert.throws(
        () => {
          for (const read of iterateTasks(file)) seen.push(read.id);
        },
        { message: `${file}, line 4: malformed JSON (Expected double-quoted property name in JSON at position 9)` },
      );
      assert.deepEqual(seen, [task!.id, 'long']);
    }));

  it('keeps the run store snapshot with each file text once and reads it back', () =>
    withTemp((dir) => {
      const tasks = holesInOneFile('pkg/a.py', 300, 20);
      const config = {
        model: 'm',
        context: 'none',
        template: 't',
        tokenizer: 'x',
        samples: 1,
        temperature: 0,
        topP: 1,
        maxTokens: 8,
        seed: 0,
        stop: [],
        isBaseline: false,
        tasksPath: 'x',
        tasksHash: 'h',
        toolVersion: '0',
        createdAt: 'now',
      };
      const store = openRunStore(join(dir, 'run'), { create: config as never, tasks });
      assert.deepEqual(store.tasks(), tasks);
      store.close();
      const db = new Database(join(dir, 'run', 'run.db'), { readonly: true });
      assert.deepEqual(db.prepare('SELECT count(*) AS n FROM files').get(), { n: 1 });
      db.close();
    }));
});
