import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { extractFence, postprocess } from '../../src/models/postprocess.ts';
import { cutAfterFirstBracket } from '../../src/tasks/cut.ts';

/** A task whose file is prefix + reference + suffix. */
function task(
  kind: TaskRecord['kind'],
  language: TaskRecord['language'],
  prefix: string,
  reference: string,
  suffix: string,
  extra: Partial<TaskRecord> = {},
): TaskRecord {
  return {
    id: 't',
    kind,
    language,
    repo: { name: 'r', commit: null },
    path: 'f',
    prefix,
    suffix,
    reference,
    span: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
    labels: { lines: reference.split('\n').length },
    ...extra,
  } as TaskRecord;
}

async function cut(t: TaskRecord, raw: string): Promise<[string, string]> {
  const { output, rule } = await postprocess(t, raw);
  return [output, rule];
}

test('fences: the first block is taken, its info string dropped whole; unfenced code is left intact', () => {
  assert.deepEqual(extractFence('const x = 1;\nconst y = 2;'), { code: 'const x = 1;\nconst y = 2;', fenced: false });
  assert.deepEqual(extractFence('Here you go:\n```cpp\nconst int a = 1;\n```\nand\n```\nsecond\n```'), {
    code: 'const int a = 1;',
    fenced: true,
  });
  assert.deepEqual(extractFence('```c\nconst char *name;\n```'), { code: 'const char *name;', fenced: true });
  assert.deepEqual(extractFence('```python title="a.py"\nx = 1\n```'), { code: 'x = 1', fenced: true });
  assert.deepEqual(extractFence('~~~\nfoo()\n~~~'), { code: 'foo()', fenced: true });
  assert.deepEqual(extractFence('```js\nunclosed()\nstill()'), { code: 'unclosed()\nstill()', fenced: true });
  // A completion model closing a block it never opened: the code before the fence is the answer.
  assert.deepEqual(extractFence('foo(a, b)\n```\n\nThis calls foo.'), { code: 'foo(a, b)', fenced: true });
  // Backticks inside a line are not fences.
  assert.deepEqual(extractFence('use ```x``` here'), { code: 'use ```x``` here', fenced: false });
});

test('crossfile, bracket languages (CrossCodeEval): cut after the first ; { or }', async () => {
  assert.equal(cutAfterFirstBracket('foo(1); bar();'), 'foo(1);');
  assert.equal(cutAfterFirstBracket('new Runnable() {\n  run();\n}'), 'new Runnable() {');
  assert.equal(cutAfterFirstBracket('}\nnext();'), '}');
  assert.equal(cutAfterFirstBracket('value)'), 'value)');
  const java = task('crossfile', 'java', 'class A {\n  void f() {\n    int x = ', 'Util.size(list);', '\n  }\n}\n');
  assert.deepEqual(await cut(java, 'Util.size(list);\n    int y = 2;\n'), ['Util.size(list);', 'cceval-bracket']);
  const csharp = task('crossfile', 'csharp', 'class A {\n  void F() {\n    var x = ', 'Util.Size(list);', '\n  }\n}\n');
  assert.deepEqual(await cut(csharp, 'Util.Size(list) ?? 0;\n'), ['Util.Size(list) ?? 0;', 'cceval-bracket']);
  const typescript = task(
    'crossfile',
    'typescript',
    'export function f(list: number[]) {\n  const x = ',
    'size(list);',
    '\n}\n',
  );
  assert.deepEqual(await cut(typescript, 'size(list)\n  return x;\n}'), ['size(list)\n  return x;', 'cceval-bracket']);
  const javascript = task('crossfile', 'javascript', 'function f() {\n  if (', 'ready()) {', '\n  }\n}\n');
  assert.deepEqual(await cut(javascript, 'ready()) {\n    go();'), ['ready()) {', 'cceval-bracket']);
  assert.deepEqual(await cut(java, 'Here:\n```java\nUtil.size(list);\n```'), [
    'Util.size(list);',
    'fence+cceval-bracket',
  ]);
});

test('crossfile, Python (CrossCodeEval): shortest prefix before a newline that parses with the prompt', async () => {
  const python = task(
    'crossfile',
    'python',
    'import os\n\n\ndef f(x):\n    y = os.path.',
    'join(x, "a")',
    '\n    return y\n',
  );
  // The first line alone leaves an open parenthesis: the cut waits for the line that closes it.
  assert.deepEqual(await cut(python, 'join(x,\n            "a")\n    return y\n'), [
    'join(x,\n            "a")',
    'cceval-python',
  ]);
  assert.deepEqual(await cut(python, 'join(x, "a")  \n    return y\n'), ['join(x, "a")', 'cceval-python']);
  // No newline after a parseable prefix: the completion is kept whole.
  assert.deepEqual(await cut(python, 'join(x, "a")'), ['join(x, "a")', 'cceval-python']);
  assert.deepEqual(await cut(python, 'join(x,'), ['join(x,', 'cceval-python']);
});

test('crossfile, other languages: a statement that parses between prompt and right context and ends at the cut', async () => {
  const go = task('crossfile', 'go', 'package a\n\nfunc f() int {\n\tx := foo.', 'Bar(1, 2)', '\n\treturn x\n}\n');
  assert.deepEqual(await cut(go, 'Bar(1,\n\t\t2)\n\treturn x\n}\n'), ['Bar(1,\n\t\t2)', 'statement-parse']);
  assert.deepEqual(await cut(go, 'Bar(1, 2)\n\ty := 3\n'), ['Bar(1, 2)', 'statement-parse']);
  const ruby = task('crossfile', 'ruby', 'def total(items)\n  sum = Calc.', 'add(items)', '\n  sum\nend\n');
  assert.deepEqual(await cut(ruby, 'add(items)\n  puts sum\n'), ['add(items)', 'statement-parse']);
  // `sum = a +` followed by the right context still parses (`a + sum`), but the assignment would
  // then run past the cut: the statement table rejects that cut and takes the next line too.
  const rubyContinued = task('crossfile', 'ruby', 'def total(a, b)\n  sum = Calc.', 'add(a) + b', '\n  sum\nend\n');
  assert.deepEqual(await cut(rubyContinued, 'add(a) +\n    b\n  sum\n'), ['add(a) +\n    b', 'statement-parse']);
  const lua = task(
    'crossfile',
    'lua',
    'local function total(items)\n  local sum = calc.',
    'add(items)',
    '\n  return sum\nend\n',
  );
  assert.deepEqual(await cut(lua, 'add(\n    items)\n  print(sum)\n'), ['add(\n    items)', 'statement-parse']);
});

test('node tasks: the longest completion prefix that forms a complete node of the reference node type', async () => {
  const pythonCall = task('node', 'python', 'def f(a):\n    return ', 'g(a, 1)', '\n');
  assert.deepEqual(await cut(pythonCall, 'g(a, 1) + h(2)\n\ndef k(): pass'), ['g(a, 1)', 'node-parse']);
  const pythonName = task('node', 'python', 'def f(total):\n    return ', 'total', ' + 1\n');
  assert.deepEqual(await cut(pythonName, 'totals.append(x)'), ['totals', 'node-parse']);
  const javaCall = task('node', 'java', 'class A { int f(int a) { return ', 'g(a, 1)', '; } }\n');
  assert.deepEqual(await cut(javaCall, 'g(a, 1) + 3; } }'), ['g(a, 1)', 'node-parse']);
  const goBlock = task(
    'node',
    'go',
    'package a\n\nfunc f(x int) int {\n\tif x > 0 ',
    '{\n\t\treturn 1\n\t}',
    '\n\treturn 0\n}\n',
  );
  assert.deepEqual(await cut(goBlock, '{\n\t\treturn x\n\t}\n\treturn 0\n}\n'), ['{\n\t\treturn x\n\t}', 'node-parse']);
  // A shorter prefix of the same type does not win (`return` alone, `q` alone are complete nodes too).
  const pythonReturn = task('node', 'python', 'def f(x):\n    ', 'return x * 2', '\n');
  assert.deepEqual(await cut(pythonReturn, 'return x * 2\n'), ['return x * 2', 'node-parse']);
  const goParameter = task('node', 'go', 'package a\n\nfunc push(', 'q *Queue', ', v int) {}\n');
  assert.deepEqual(await cut(goParameter, 'q *Queue, v int'), ['q *Queue', 'node-parse']);
  // Nothing of the right type: as many lines as the reference has.
  const fallback = task('node', 'python', 'def f(a):\n    return ', 'a + 1', '\n');
  assert.deepEqual(await cut(fallback, '@@@ not code\nsecond line\n'), ['@@@ not code', 'node-lines']);
});

test('function tasks (YABLoCo): one whole definition, without #include lines or a main(), and no prefix-strip bug', async () => {
  const add = task(
    'function',
    'c',
    '',
    'int counter_add(struct counter *c, int step) {\n    c->value += step;\n    return c->value;\n}',
    '\n',
    { name: 'counter_add', path: 'csrc/counter.c' },
  );
  const fenced =
    'Here is the function:\n```c\n#include <stdio.h>\nstatic int helper(int x) { return x; }\nint counter_add(struct ' +
    'counter *c, int step) {\n  return c->value += step;\n}\n\nint main(void) {\n  return 0;\n}\n```\nHope it helps.';
  assert.deepEqual(await cut(add, fenced), [
    'int counter_add(struct counter *c, int step) {\n  return c->value += step;\n}',
    'fence+function-parse',
  ]);
  // No name match: the first definition that is not main.
  assert.deepEqual(await cut({ ...add, name: 'other' } as TaskRecord, fenced), [
    'static int helper(int x) { return x; }',
    'fence+function-parse',
  ]);
  // A call to main inside the body is not a definition and is kept.
  const callsMain = 'int counter_add(struct counter *c, int step) {\n  main();\n  return step;\n}';
  assert.deepEqual(await cut(add, callsMain), [callsMain, 'function-parse']);
  // Unfenced text that starts with `const`: nothing is stripped from it.
  assert.deepEqual(await cut(add, 'const int limit = 3;'), ['const int limit = 3;', 'function-text']);
  assert.deepEqual(await cut(add, '#include "counter.h"\n  return c->value += step;\n}\nint main() {\n}\n'), [
    'return c->value += step;\n}',
    'function-text',
  ]);
});

test('function tasks: a method keeps, or is moved to, the indentation of the hole', async () => {
  const method = task(
    'function',
    'python',
    'class Store:\n',
    '    def get(self, key):\n        """Item by key."""\n        return self.items[key]\n',
    '',
    { name: 'get', path: 'store.py' },
  );
  const indented = '    def get(self, key):\n        """Item by key."""\n        return self.items.get(key)\n';
  assert.deepEqual(await cut(method, indented), [indented.trimEnd(), 'function-parse']);
  const atTopLevel = '```python\ndef get(self, key):\n    """Item by key."""\n\n    return self.items.get(key)\n```';
  assert.deepEqual(await cut(method, atTopLevel), [
    '    def get(self, key):\n        """Item by key."""\n\n        return self.items.get(key)',
    'fence+function-parse',
  ]);
});
