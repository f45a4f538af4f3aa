// Per-test coverage and test selection. In a copy of the prepared tree (rebuilt by `coverage.build`,
// e.g. with `--coverage`), each test runs alone and a collector records which functions it
// executed (file + line range): gcov for C/C++, a profile hook (sitecustomize) for Python, and
// NODE_V8_COVERAGE for JavaScript. A candidate then runs only the tests that executed its function.
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lineStarts, positionAt, type TaskRecord } from '../datasets/index.ts';
import { taskFamily } from '../tasks/index.ts';
import { readInside, realPathInside, removeInside, removeTree, walkInside } from './tree.ts';
import { z } from 'zod';
import { COVERAGE_TOOLS, type CoverageTool } from './types.ts';

/** The collectors' output format: a map of another format is recorded anew (2: gcov's lines of inlined functions). */
export const COVERAGE_MAP_FORMAT = 2;

const ExecutedFunctionSchema = z.strictObject({
  path: z.string(),
  startLine: z.number().int(),
  endLine: z.number().int(),
});
export type ExecutedFunction = z.output<typeof ExecutedFunctionSchema>;

/** Functions executed by the tests (`coverage.json` in the work folder): `tests[i]` are indices into `tests`. */
export const CoverageMapSchema = z.strictObject({
  format: z.number().int(),
  tool: z.enum(COVERAGE_TOOLS),
  tests: z.array(z.string()),
  functions: z.array(ExecutedFunctionSchema.extend({ tests: z.array(z.number().int().nonnegative()) })),
});
export type CoverageMap = z.output<typeof CoverageMapSchema>;

/**
 * The coverage pass's journal (`coverage.progress.jsonl`), so that a pass stopped halfway (LLVM's takes most of an
 * hour) resumes at the next test: a first line written once the coverage tree is built, then a line per test done.
 */
export const CoverageJournalStartSchema = z.strictObject({
  envHash: z.string(),
  format: z.number().int(),
  tool: z.enum(COVERAGE_TOOLS),
});
export const CoverageJournalTestSchema = z.strictObject({
  test: z.string(),
  executed: z.array(ExecutedFunctionSchema),
});

/** Where a collector keeps its files inside the coverage tree. */
export const COVERAGE_DIR = '.ctxbench-coverage';

const PYTHON_HOOK = `# Written by ctxbench: records every Python function (code object) executed, for test selection.
import atexit, json, os, sys, threading
_directory = os.environ.get('CTXBENCH_PY_COVERAGE')
if _directory:
    _codes = set()
    def _profile(frame, event, arg):
        if event == 'call':
            _codes.add(frame.f_code)
    def _dump():
        sys.setprofile(None)
        rows = []
        for code in _codes:
            # CO_NEWLOCALS: functions only, not module or class bodies; '<frozen ...>': no file
            if not code.co_flags & 2 or code.co_filename.startswith('<'):
                continue
            lines = [line for _, _, line in code.co_lines() if line is not None] if hasattr(code, 'co_lines') else []
            rows.append([os.path.abspath(code.co_filename), code.co_firstlineno, max(lines + [code.co_firstlineno])])
        with open(os.path.join(_directory, 'py-%d.json' % os.getpid()), 'w') as out:
            json.dump(rows, out)
    atexit.register(_dump)
    sys.setprofile(_profile)
    threading.setprofile(_profile)
`;

/** What a tool needs around one test run. */
export interface Collector {
  /** host side, once: write helper files into the coverage tree. */
  install(treeHost: string): void;
  /** host side, before each test: clear the previous test's data. */
  reset(treeHost: string): void;
  /** variables for the test command. */
  env(treeInside: string, baseEnv: Record<string, string>): Record<string, string>;
  /** shell command run in the tree after each test (gcov), or null. */
  after: string | null;
  /** host side, after each test: the executed functions, paths relative to the tree. */
  read(treeHost: string, treeInside: string): ExecutedFunction[];
}

function outDir(treeHost: string): string {
  return join(treeHost, COVERAGE_DIR, 'out');
}

/** Empties the collector's folder; a link or file the tests planted on its way is removed, never followed. */
function clearOut(treeHost: string): void {
  removeInside(treeHost, `${COVERAGE_DIR}/out`);
  mkdirInside(treeHost, COVERAGE_DIR);
  mkdirInside(treeHost, `${COVERAGE_DIR}/out`);
  chmodSync(outDir(treeHost), 0o777);
}

/** Creates a folder below `root` whose parent is a real folder; whatever else stands at its name goes first. */
function mkdirInside(root: string, relative: string): void {
  const { path, blocked } = walkInside(root, relative);
  if (blocked !== null) throw new Error(`${blocked} is not a folder in the coverage tree`);
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return;
  if (stats) removeTree(path);
  mkdirSync(path, { mode: 0o777 });
}

function treeRelative(file: string, treeInside: string, cwd = treeInside): string | null {
  const path = relative(treeInside, resolve(cwd, file));
  return path === '' || path.startsWith('..') || path.startsWith(COVERAGE_DIR) || isAbsolute(path) ? null : path;
}

/** The texts of the files a collector wrote into its folder, by name (read through no link). */
function outputTexts(treeHost: string, prefix: string, suffix = ''): string[] {
  const directory = realPathInside(treeHost, `${COVERAGE_DIR}/out`);
  if (directory === null || !lstatSync(directory).isDirectory()) return [];
  return readdirSync(directory)
    .filter((name) => name.startsWith(prefix) && name.endsWith(suffix))
    .map((name) => readInside(directory, name) ?? '');
}

/** The JSON files a collector wrote into its folder (read through no link). */
function readJsonFiles(treeHost: string, prefix: string): unknown[] {
  return outputTexts(treeHost, prefix, '.json').flatMap((text) => {
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return []; // a process killed while writing: its data is lost, the others count
    }
  });
}

const gcov: Collector = {
  install(treeHost) {
    clearOut(treeHost);
  },
  reset(treeHost) {
    spawnSync('find', [treeHost, '-name', '*.gcda', '-delete']);
    clearOut(treeHost);
  },
  env: () => ({}),
  // gcov on every data file the test wrote, in batches on every core, each batch into its own file (a test of LLVM's
  // writes about 150, and gcov takes seconds on them: its JSON holds every line of every header they include).
  after:
    `find . -name '*.gcda' -print0 | xargs -0 -r -n 32 -P "$(nproc)" sh -c 'gcov --json-format --stdout "$@" > ` +
    `"$(mktemp -p ${COVERAGE_DIR}/out gcov-XXXXXXXX)" 2>/dev/null' gcov`,
  read(treeHost, treeInside) {
    const executed: ExecutedFunction[] = [];
    for (const text of outputTexts(treeHost, 'gcov-')) {
      for (const line of text.split('\n')) {
        if (!line.startsWith('{')) continue;
        const report = JSON.parse(line) as {
          current_working_directory: string;
          files: {
            file: string;
            functions: { start_line: number; end_line: number; execution_count: number }[];
            lines?: { line_number: number; count: number }[];
          }[];
        };
        for (const entry of report.files) {
          const path = treeRelative(entry.file, treeInside, report.current_working_directory);
          if (path === null) continue;
          const inFunction = new Set<number>();
          for (const fn of entry.functions) {
            if (fn.execution_count > 0) executed.push({ path, startLine: fn.start_line, endLine: fn.end_line });
            for (let line = fn.start_line; line <= fn.end_line; line++) inFunction.add(line);
          }
          // A function inlined before instrumentation (always_inline, or by the early inliner) has no
          // record of its own, only executed lines: each such line counts as a one-line function.
          for (const { line_number: line, count } of entry.lines ?? [])
            if (count > 0 && !inFunction.has(line)) executed.push({ path, startLine: line, endLine: line });
        }
      }
    }
    return executed;
  },
};

const python: Collector = {
  install(treeHost) {
    mkdirInside(treeHost, COVERAGE_DIR);
    mkdirInside(treeHost, `${COVERAGE_DIR}/hook`);
    removeInside(treeHost, `${COVERAGE_DIR}/hook/sitecustomize.py`);
    writeFileSync(join(treeHost, COVERAGE_DIR, 'hook', 'sitecustomize.py'), PYTHON_HOOK, { flag: 'wx' });
    clearOut(treeHost);
  },
  reset: clearOut,
  env(treeInside, baseEnv) {
    const hook = join(treeInside, COVERAGE_DIR, 'hook');
    return {
      PYTHONPATH: baseEnv.PYTHONPATH ? `${hook}:${baseEnv.PYTHONPATH}` : hook,
      CTXBENCH_PY_COVERAGE: join(treeInside, COVERAGE_DIR, 'out'),
    };
  },
  after: null,
  read(treeHost, treeInside) {
    return (readJsonFiles(treeHost, 'py-') as [string, number, number][][])
      .flat()
      .flatMap(([file, startLine, endLine]) => {
        const path = treeRelative(file, treeInside);
        return path === null ? [] : [{ path, startLine, endLine }];
      });
  },
};

const node: Collector = {
  install: clearOut,
  reset: clearOut,
  env: (treeInside) => ({ NODE_V8_COVERAGE: join(treeInside, COVERAGE_DIR, 'out') }),
  after: null,
  read(treeHost, treeInside) {
    const sources = new Map<string, { starts: number[]; length: number }>();
    const executed: ExecutedFunction[] = [];
    for (const report of readJsonFiles(treeHost, 'coverage-') as {
      result: { url: string; functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[] }[];
    }[]) {
      for (const script of report.result) {
        if (!script.url.startsWith('file://')) continue;
        const path = treeRelative(fileURLToPath(script.url), treeInside);
        if (path === null) continue;
        if (!sources.has(path)) {
          const text = readInside(treeHost, path);
          if (text === null) continue;
          sources.set(path, { starts: lineStarts(text), length: text.length });
        }
        const { starts: lines, length } = sources.get(path)!;
        for (const fn of script.functions) {
          const range = fn.ranges[0];
          // The module wrapper spans the whole script: it is not a function of the file.
          if (!range || range.count === 0 || (range.startOffset === 0 && range.endOffset >= length)) continue;
          executed.push({
            path,
            startLine: positionAt(lines, range.startOffset).line,
            endLine: positionAt(lines, Math.max(range.startOffset, range.endOffset - 1)).line,
          });
        }
      }
    }
    return executed;
  },
};

export const COLLECTORS: Record<CoverageTool, Collector> = { gcov, python, node };

/** Builds a map from per-test results. */
export function buildCoverageMap(
  tool: CoverageTool,
  perTest: { test: string; executed: ExecutedFunction[] }[],
): CoverageMap {
  const tests = perTest.map((entry) => entry.test);
  const byFunction = new Map<string, CoverageMap['functions'][number]>();
  perTest.forEach((entry, testIndex) => {
    for (const fn of entry.executed) {
      const key = `${fn.path}\0${fn.startLine}\0${fn.endLine}`;
      let record = byFunction.get(key);
      if (!record) byFunction.set(key, (record = { ...fn, tests: [] }));
      if (record.tests.at(-1) !== testIndex) record.tests.push(testIndex);
    }
  });
  const functions = [...byFunction.values()].sort(
    (a, b) => a.path.localeCompare(b.path) || a.startLine - b.startLine || a.endLine - b.endLine,
  );
  return { format: COVERAGE_MAP_FORMAT, tool, tests, functions };
}

/**
 * The tests that execute the task's code, in map order; null when coverage cannot tell (then the whole suite runs).
 * Which of the file's functions count is the task family's (`coveredBy`: a function task's own definition, the
 * innermost function around another kind's hole).
 */
export function selectTests(map: CoverageMap, task: TaskRecord): string[] | null {
  const chosen = taskFamily(task.kind).coveredBy(
    task,
    map.functions.filter((fn) => fn.path === task.path),
  );
  const indices = new Set(chosen.flatMap((fn) => fn.tests));
  if (indices.size === 0) return null;
  return map.tests.filter((_, index) => indices.has(index));
}
