// Builds and tests each built-in sample repository with its real toolchain (cc/make, python3,
// tsc/node, javac/java) in a temporary copy, and checks that breaking one function body makes
// the repository's own test suite fail — the property every function-body benchmark relies on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const examplesDir = join(repoRoot, 'examples');
// The TypeScript example gets `tsc` from ctxbench's own dev dependencies.
const toolPath = [join(repoRoot, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter);
const buildOutputs = new Set(['dist', 'out', 'node_modules', '__pycache__']);
// Without this, a `node --test` child thinks it runs under our test runner and skips every file.
const { NODE_TEST_CONTEXT: _runnerContext, ...childEnv } = process.env;

type BodySyntax = 'braces' | 'indent';

interface Sabotage {
  file: string;
  /** Text that starts the function's definition, e.g. its signature. */
  definition: string;
  /** Replacement body: a whole `{ ... }` block for brace languages, statements for Python. */
  wrongBody: string;
}

interface Example {
  name: string;
  syntax: BodySyntax;
  build: string[][];
  test: string[];
  /** Printed by a test run that really ran tests and passed (guards against vacuous passes). */
  passed: RegExp;
  /** Printed by a test run in which an assertion failed (not a crash of the runner). */
  failed: RegExp;
  sabotage: Sabotage;
}

const examples: Example[] = [
  {
    name: 'c-kvstore',
    syntax: 'braces',
    build: [['make']],
    test: ['make', 'test'],
    passed: /^all tests passed$/m,
    failed: /checks FAILED$/m,
    sabotage: { file: 'lib/hash.c', definition: 'size_t hash_next_pow2(size_t n)', wrongBody: '{\n    return n;\n}' },
  },
  {
    name: 'py-inventory',
    syntax: 'indent',
    build: [],
    test: ['python3', '-m', 'unittest', 'discover', '-s', 'tests', '-t', '.'],
    passed: /^Ran [1-9]\d* tests in .*\n\nOK$/m,
    failed: /^FAILED \(failures=[1-9]/m,
    sabotage: { file: 'inventory/pricing.py', definition: 'def apply_discount(', wrongBody: 'return price_cents' },
  },
  {
    name: 'ts-tasks',
    syntax: 'braces',
    build: [['tsc', '-p', '.']],
    test: ['node', '--test', 'dist/test/'],
    passed: /^# pass [1-9]\d*\n# fail 0$/m,
    failed: /^# fail [1-9]/m,
    sabotage: { file: 'src/task.ts', definition: 'export function compareTasks(', wrongBody: '{\n  return 0;\n}' },
  },
  {
    name: 'java-bank',
    syntax: 'braces',
    build: [['make', 'build']],
    test: ['make', 'test'],
    passed: /^[1-9]\d* passed, 0 failed$/m,
    failed: /^FAIL /m,
    sabotage: {
      file: 'src/bank/Account.java',
      definition: 'public boolean canWithdraw(',
      wrongBody: '{\n        return true;\n    }',
    },
  },
];

interface RunResult {
  status: number | null;
  output: string;
}

function run(argv: string[], cwd: string): RunResult {
  const [command, ...args] = argv;
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...childEnv, PATH: toolPath },
  });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

function copyExample(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `ctxbench-${name}-`));
  cpSync(join(examplesDir, name), dir, { recursive: true, filter: (source) => !buildOutputs.has(basename(source)) });
  return dir;
}

/** Index just past the `}` that closes the `{` at `open`. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Error(`unbalanced braces after offset ${open}`);
}

/**
 * Replaces the body of the function whose definition starts with `definition`. Brace bodies are
 * the first `{...}` block after it; Python bodies are the lines indented deeper than the `def`
 * line, and the docstring (first body line) is kept so only the behaviour changes.
 */
function replaceFunctionBody(text: string, syntax: BodySyntax, definition: string, wrongBody: string): string {
  const start = text.indexOf(definition);
  assert.notEqual(start, -1, `definition not found: ${definition}`);
  if (syntax === 'braces') {
    const open = text.indexOf('{', start + definition.length);
    return text.slice(0, open) + wrongBody + text.slice(closingBrace(text, open));
  }
  const lines = text.split('\n');
  const defLine = text.slice(0, start).split('\n').length - 1;
  const indentOf = (line: string): number => line.length - line.trimStart().length;
  let end = defLine + 1;
  while (end < lines.length && (lines[end].trim() === '' || indentOf(lines[end]) > indentOf(lines[defLine]))) end++;
  while (lines[end - 1].trim() === '') end--;
  const docLine = lines[defLine + 1];
  const body = [docLine, ' '.repeat(indentOf(docLine)) + wrongBody];
  return [...lines.slice(0, defLine + 1), ...body, ...lines.slice(end)].join('\n');
}

describe('built-in example repositories', () => {
  for (const example of examples) {
    test(`${example.name}: builds and its tests pass`, () => {
      const dir = copyExample(example.name);
      try {
        for (const step of example.build) {
          const built = run(step, dir);
          assert.equal(built.status, 0, `${step.join(' ')} failed:\n${built.output}`);
        }
        const tested = run(example.test, dir);
        assert.equal(tested.status, 0, `${example.test.join(' ')} failed:\n${tested.output}`);
        assert.match(tested.output, example.passed);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test(`${example.name}: a broken function body still builds but fails the tests`, () => {
      const dir = copyExample(example.name);
      try {
        const { file, definition, wrongBody } = example.sabotage;
        const path = join(dir, file);
        const original = readFileSync(path, 'utf8');
        const broken = replaceFunctionBody(original, example.syntax, definition, wrongBody);
        assert.notEqual(broken, original);
        writeFileSync(path, broken);
        for (const step of example.build) {
          const built = run(step, dir);
          assert.equal(built.status, 0, `${step.join(' ')} failed:\n${built.output}`);
        }
        const tested = run(example.test, dir);
        assert.notEqual(tested.status, 0, `tests still pass with a broken ${definition}:\n${tested.output}`);
        assert.match(tested.output, example.failed);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

test('replaceFunctionBody swaps exactly one body', () => {
  const c = 'int a(void)\n{\n    if (x) { return 1; }\n    return 2;\n}\n\nint b(void)\n{\n    return 3;\n}\n';
  assert.equal(
    replaceFunctionBody(c, 'braces', 'int a(void)', '{ return 0; }'),
    'int a(void)\n{ return 0; }\n\nint b(void)\n{\n    return 3;\n}\n',
  );
  const py =
    'class A:\n    def f(self):\n        """Doc."""\n        if self:\n\n            return 1\n        return 2\n\n  ' +
    '  def g(self):\n        return 3\n';
  assert.equal(
    replaceFunctionBody(py, 'indent', 'def f(', 'return 0'),
    'class A:\n    def f(self):\n        """Doc."""\n        return 0\n\n    def g(self):\n        return 3\n',
  );
});
