// Environment files: YAML describing how to set up, build and test one repository. Every key is
// checked; a mistake is an InputError naming the file, the line and the key.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { isMap, LineCounter, parseDocument, type Document } from 'yaml';
import { InputError } from '../util/errors.ts';
import { pathProblem } from '../datasets/schema.ts';
import { REPORT_FORMATS, type CoverageSpec, type CoverageTool, type ExecEnvironment, type Limits, type ReportFormat, type ReportSpec, type TestsSpec } from './types.ts';

const COVERAGE_TOOLS: CoverageTool[] = ['gcov', 'python', 'node'];
const TOP_KEYS = ['repo', 'setup', 'build', 'test', 'tests', 'timeout', 'setupTimeout', 'env', 'coverage', 'workers', 'limits', 'passPattern', 'setupNetwork', 'workDir', 'mounts', 'report', 'requires'];
const LIMIT_KEYS: (keyof Limits)[] = ['cpuSeconds', 'memoryMb', 'processes', 'fileSizeMb', 'outputMb', 'tmpMb', 'shmMb', 'diskMb', 'cpus'];

export const DEFAULT_LIMITS: Omit<Limits, 'cpuSeconds'> = { memoryMb: 4096, processes: 1024, fileSizeMb: 1024, outputMb: 64, tmpMb: 1024, shmMb: 64, diskMb: 8192, cpus: 1 };

/** Largest wall-clock timeout in seconds: Node's timers hold at most 2^31-1 ms (about 24.8 days). */
export const MAX_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);
/** Upper bounds of the numeric settings (beyond them a value is a typo, or overflows a timer or rlimit). */
const LIMIT_BOUNDS: Record<keyof Limits, number> = {
  cpuSeconds: MAX_TIMEOUT_SECONDS,
  memoryMb: 1024 * 1024,
  processes: 1_000_000,
  fileSizeMb: 1024 * 1024,
  outputMb: 64 * 1024,
  tmpMb: 1024 * 1024,
  shmMb: 1024 * 1024,
  diskMb: 64 * 1024 * 1024,
  cpus: 1024,
};

/** Reads and checks an environment file. `repoOverride` replaces its `repo` (the CLI's --repo). */
export function loadEnvironment(file: string, repoOverride?: string): ExecEnvironment {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read environment file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: path });
  }
  return parseEnvironment(text, path, repoOverride);
}

/** Checks the text of an environment file; `file` names it in errors and anchors relative paths. */
export function parseEnvironment(text: string, file: string, repoOverride?: string): ExecEnvironment {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true });
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    throw new InputError(`invalid YAML: ${first.message.split('\n')[0]}`, { file, line: first.linePos?.[0]?.line });
  }
  const fail = (key: string, message: string): never => {
    throw new InputError(message, { file, line: lineOf(doc, lineCounter, key), field: key });
  };
  let root: unknown;
  try {
    // Aliases are bounded: a chain of aliases to aliases (a "billion laughs" file) would expand without end.
    root = doc.toJS({ maxAliasCount: 50 }) as unknown;
  } catch (error) {
    throw new InputError(`invalid YAML: ${(error as Error).message.split('\n')[0]}`, { file });
  }
  if (!isRecord(root)) fail('', 'expected a mapping of keys (repo, setup, build, test, timeout, ...)');
  const data = root as Record<string, unknown>;
  for (const key of Object.keys(data)) if (!TOP_KEYS.includes(key)) fail(key, `unknown key (known: ${TOP_KEYS.join(', ')})`);

  const base = dirname(file);
  const repo = repoOverride !== undefined ? resolve(repoOverride) : resolve(base, requireString(data, 'repo', fail));
  const test = requireString(data, 'test', fail);
  // Without a test list the whole suite runs and `{tests}` would always be empty: it is optional then.
  if (data.tests !== undefined && data.tests !== null && !test.includes('{tests}')) fail('test', 'must contain the {tests} placeholder when `tests` is configured (replaced by the selected tests)');
  const timeout = boundedNumber(data, 'timeout', fail, undefined, MAX_TIMEOUT_SECONDS);
  const passPattern = optionalString(data, 'passPattern', fail);
  if (passPattern !== null) {
    try {
      new RegExp(passPattern, 'm');
    } catch (error) {
      fail('passPattern', `not a valid regular expression: ${(error as Error).message}`);
    }
  }
  const workers = data.workers === undefined ? null : boundedNumber(data, 'workers', fail, undefined, 256);
  if (workers !== null && !Number.isInteger(workers)) fail('workers', 'must be a whole number');
  const workDir = optionalString(data, 'workDir', fail);
  if (data.coverage !== undefined && data.tests === undefined) fail('coverage', 'needs `tests` (coverage is recorded per test)');
  return {
    file,
    name: basename(file, extname(file)),
    repo,
    setup: commandList(data, 'setup', fail, true),
    build: commandList(data, 'build', fail, false),
    test,
    tests: testsSpec(data.tests, fail),
    timeout,
    setupTimeout: data.setupTimeout === undefined ? 3600 : boundedNumber(data, 'setupTimeout', fail, undefined, MAX_TIMEOUT_SECONDS),
    env: envMap(data.env, fail),
    coverage: coverageSpec(data.coverage, fail),
    workers,
    limits: limits(data.limits, timeout, fail),
    passPattern,
    setupNetwork: optionalBoolean(data, 'setupNetwork', fail, false),
    workDir: workDir === null ? null : resolve(base, workDir),
    mounts: mountList(data.mounts, base, fail),
    requires: requiredTools(data.requires, fail),
    report: reportSpec(data.report, fail),
  };
}

/** Tools the commands need on the host: a path (absolute, or under `$CTXBENCH_HOME`) or a command name on PATH. */
function requiredTools(value: unknown, fail: Fail): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string' || entry.trim() === '')) return fail('requires', 'must be a list of paths or command names');
  return value as string[];
}

/** Extra read-only folders the sandbox shows (e.g. a toolchain outside /usr): absolute, existing, at the same path inside. */
function mountList(value: unknown, base: string, fail: Fail): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string' || entry.trim() === '')) return fail('mounts', 'must be a list of folders to show read-only in the sandbox');
  return (value as string[]).map((entry) => {
    const path = resolve(base, entry);
    if (!existsSync(path)) fail('mounts', `'${entry}' does not exist`);
    if (['/', '/root', '/home', '/var', '/proc', '/sys', '/dev', '/tmp', '/run'].includes(path)) fail('mounts', `'${entry}' would show the host's ${path}; name the folder the build needs`);
    return path;
  });
}

function reportSpec(value: unknown, fail: Fail): ReportSpec | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) return fail('report', `must be a mapping with \`format\` (${REPORT_FORMATS.join(', ')})`);
  for (const key of Object.keys(value)) if (!['format', 'file', 'pass', 'fail'].includes(key)) fail(`report.${key}`, 'unknown key (known: format, file, pass, fail)');
  const format = requireString(value, 'format', fail, 'report.');
  if (!REPORT_FORMATS.includes(format as ReportFormat)) fail('report.format', `must be one of ${REPORT_FORMATS.join(', ')}`);
  const file = optionalString(value, 'file', fail, 'report.');
  if (file !== null && pathProblem(file)) fail('report.file', `'${file}' ${pathProblem(file)}`);
  if (format === 'junit' && file === null) fail('report.file', 'junit needs the report file the runner writes (relative to the tree)');
  const patterns: Record<'pass' | 'fail', string | null> = { pass: null, fail: null };
  for (const key of ['pass', 'fail'] as const) {
    const pattern = optionalString(value, key, fail, 'report.');
    if (pattern === null) continue;
    try {
      new RegExp(pattern, 'm');
    } catch (error) {
      fail(`report.${key}`, `not a valid regular expression: ${(error as Error).message}`);
    }
    if (!/\((?!\?)/.test(pattern)) fail(`report.${key}`, 'needs a capture group: the test name');
    patterns[key] = pattern;
  }
  if (format === 'regex' && (patterns.pass === null || patterns.fail === null)) fail('report', 'format regex needs `pass` and `fail` patterns (each capturing the test name)');
  return { format: format as ReportFormat, file, pass: patterns.pass, fail: patterns.fail };
}

type Fail = (key: string, message: string) => never;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Line of a dotted key (`tests.list`) in the document, for error messages. */
function lineOf(doc: Document, lineCounter: LineCounter, key: string): number | undefined {
  if (key === '') return undefined;
  const parts = key.split('.');
  let node: unknown = doc.contents;
  let offset: number | undefined;
  for (const part of parts) {
    if (!isMap(node)) break;
    const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === part);
    if (!pair) break;
    offset = (pair.key as { range?: [number, number, number] }).range?.[0];
    node = pair.value;
  }
  return offset === undefined ? undefined : lineCounter.linePos(offset).line;
}

function requireString(data: Record<string, unknown>, key: string, fail: Fail, prefix = ''): string {
  const value = data[key];
  if (value === undefined) return fail(prefix + key, 'missing');
  if (typeof value !== 'string' || value.trim() === '') return fail(prefix + key, 'must be a non-empty string');
  return value;
}

function optionalString(data: Record<string, unknown>, key: string, fail: Fail, prefix = ''): string | null {
  return data[key] === undefined || data[key] === null ? null : requireString(data, key, fail, prefix);
}

function optionalBoolean(data: Record<string, unknown>, key: string, fail: Fail, fallback: boolean, prefix = ''): boolean {
  const value = data[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') return fail(prefix + key, 'must be true or false');
  return value;
}

function boundedNumber(data: Record<string, unknown>, key: string, fail: Fail, fallback: number | undefined, maximum: number, prefix = ''): number {
  const value = data[key];
  if (value === undefined) return fallback ?? fail(prefix + key, 'missing');
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return fail(prefix + key, 'must be a positive number');
  if (value > maximum) return fail(prefix + key, `must be at most ${maximum}, got ${value}`);
  return value;
}

/** A command or a list of commands, run in order (a failure stops the list). */
function commandList(data: Record<string, unknown>, key: string, fail: Fail, required: boolean, prefix = ''): string[] {
  const value = data[key];
  if (value === undefined || value === null) return required ? fail(prefix + key, 'missing (use [] for none)') : [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((command) => typeof command !== 'string' || command.trim() === '')) {
    return fail(prefix + key, 'must be a shell command or a list of shell commands');
  }
  return list as string[];
}

function testsSpec(value: unknown, fail: Fail): TestsSpec | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) return fail('tests', 'must be a mapping with `list` or `names` (and optional `arg`, `batch`)');
  for (const key of Object.keys(value)) if (!['list', 'names', 'arg', 'batch'].includes(key)) fail(`tests.${key}`, 'unknown key (known: list, names, arg, batch)');
  const list = optionalString(value, 'list', fail, 'tests.');
  let names: string[] | null = null;
  if (value.names !== undefined) {
    if (!Array.isArray(value.names) || value.names.length === 0 || value.names.some((name) => typeof name !== 'string' || name === '')) {
      fail('tests.names', 'must be a non-empty list of test names');
    }
    names = value.names as string[];
  }
  if ((list === null) === (names === null)) fail('tests', 'give exactly one of `list` (a command printing test names) or `names`');
  const arg = optionalString(value, 'arg', fail, 'tests.') ?? '{test}';
  if (!arg.includes('{test}')) fail('tests.arg', 'must contain the {test} placeholder');
  return { list, names, arg, batch: optionalBoolean(value, 'batch', fail, false, 'tests.') };
}

function envMap(value: unknown, fail: Fail): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) return fail('env', 'must be a mapping of variable names to values');
  const env: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`env.${name}`, 'not a valid variable name');
    if (!['string', 'number', 'boolean'].includes(typeof entry)) fail(`env.${name}`, 'must be a string, number or boolean');
    env[name] = String(entry);
  }
  return env;
}

function coverageSpec(value: unknown, fail: Fail): CoverageSpec | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) return fail('coverage', 'must be a mapping with `tool` (gcov, python or node) and optional `build`');
  for (const key of Object.keys(value)) if (!['tool', 'build'].includes(key)) fail(`coverage.${key}`, 'unknown key (known: tool, build)');
  const tool = requireString(value, 'tool', fail, 'coverage.');
  if (!COVERAGE_TOOLS.includes(tool as CoverageTool)) fail('coverage.tool', `must be one of ${COVERAGE_TOOLS.join(', ')}`);
  return { tool: tool as CoverageTool, build: commandList(value, 'build', fail, false, 'coverage.') };
}

function limits(value: unknown, timeout: number, fail: Fail): Limits {
  const defaults: Limits = { cpuSeconds: Math.ceil(timeout), ...DEFAULT_LIMITS };
  if (value === undefined || value === null) return defaults;
  if (!isRecord(value)) return fail('limits', `must be a mapping of ${LIMIT_KEYS.join(', ')}`);
  for (const key of Object.keys(value)) if (!LIMIT_KEYS.includes(key as keyof Limits)) fail(`limits.${key}`, `unknown key (known: ${LIMIT_KEYS.join(', ')})`);
  const result = { ...defaults };
  for (const key of LIMIT_KEYS) result[key] = Math.ceil(boundedNumber(value, key, fail, defaults[key], LIMIT_BOUNDS[key], 'limits.'));
  return result;
}
