// Environment files: YAML describing how to set up, build and test one repository. The file is
// defined once by EnvironmentFileSchema (type, check and docs/schema/environment.schema.json);
// every key is checked, and a mistake is an InputError naming the file, the line and the key.
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, posix, resolve } from 'node:path';
import { z } from 'zod';
import { InputError, errorReason } from '../util/errors.ts';
import { expected, fieldName, parseRecord } from '../util/schema.ts';
import { readYaml } from '../util/yaml-lines.ts';
import { pathProblem } from '../datasets/index.ts';
import { REPORT_PARSERS } from './reports.ts';
import { COVERAGE_TOOLS, type ExecEnvironment, type Limits } from './types.ts';

export const DEFAULT_LIMITS: Omit<Limits, 'cpuSeconds'> = {
  memoryMb: 4096,
  processes: 1024,
  fileSizeMb: 1024,
  outputMb: 64,
  tmpMb: 1024,
  shmMb: 64,
  diskMb: 8192,
  cpus: 1,
};

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

const text = (what: string) =>
  z.string({ error: expected(what) }).refine((value) => value.trim() !== '', { error: what });
const command = text('must be a non-empty string');
const positive = (maximum: number) =>
  z
    .number({ error: expected('must be a positive number') })
    .positive({ error: 'must be a positive number' })
    .max(maximum);
/** A regular expression (checked by compiling it); `capture`: it must capture the test name. */
const pattern = (capture: boolean) =>
  command.superRefine((source, context) => {
    try {
      new RegExp(source, 'm');
    } catch (error) {
      context.addIssue({ code: 'custom', message: `not a valid regular expression: ${(error as Error).message}` });
      return;
    }
    if (capture && !/\((?!\?)/.test(source))
      context.addIssue({ code: 'custom', message: 'needs a capture group: the test name' });
  });
const commands = (what: string) =>
  z
    .union([command, z.array(command)], {
      error: (issue) => (issue.input === undefined ? what : 'must be a shell command or a list of shell commands'),
    })
    .describe('a shell command or a list of them');

const TestsFileSchema = z
  .strictObject(
    {
      /** shell command printing one test name per line, run in the prepared tree. */
      list: command.nullish(),
      /** fixed test names (instead of `list`). */
      names: z
        .array(z.string().min(1), { error: expected('must be a non-empty list of test names') })
        .min(1, { error: 'must be a non-empty list of test names' })
        .optional(),
      /** how one name is written into `{tests}`; `{test}` is replaced by the shell-quoted name. */
      arg: command.refine((arg) => arg.includes('{test}'), { error: 'must contain the {test} placeholder' }).optional(),
      /** how one name is written into a build command's `{tests}` (its build target); default `{test}`. */
      buildArg: command
        .refine((arg) => arg.includes('{test}'), { error: 'must contain the {test} placeholder' })
        .optional(),
      /** true: the selected tests run in one command; false: one command per test, stopping at the first failure. */
      batch: z.boolean({ error: expected('must be true or false') }).optional(),
    },
    { error: expected('must be a mapping with `list` or `names` (and optional `arg`, `buildArg`, `batch`)') },
  )
  .refine((tests) => (tests.list === undefined || tests.list === null) !== (tests.names === undefined), {
    error: 'give exactly one of `list` (a command printing test names) or `names`',
  });

const relativePath = command.refine((path) => pathProblem(path) === null, {
  error: (issue) => `'${String(issue.input)}' ${pathProblem(String(issue.input))}`,
});

const ReportFileSchema = z.strictObject(
  {
    /**
     * a parser of the test-report registry (exec/reports.ts); checked when the file is loaded, since plugins may add
     * parsers.
     */
    format: command,
    /**
     * a report file the runner writes, relative to the tree (junit; optional for tap); absent = the command's output.
     */
    file: relativePath.nullish(),
    /** regex format: a line of a passed test, capturing its name. */
    pass: pattern(true).nullish(),
    /** regex format: a line of a failed test, capturing its name. */
    fail: pattern(true).nullish(),
  },
  { error: expected('must be a mapping with `format` (a test-report parser)') },
);

const limitShape = Object.fromEntries(
  Object.entries(LIMIT_BOUNDS).map(([key, maximum]) => [key, positive(maximum).optional()]),
) as Record<keyof Limits, z.ZodOptional<z.ZodNumber>>;

/** A command or list of commands as written, as a list (none for an absent key). */
function commandList(value: string | string[] | null | undefined): string[] {
  return value === undefined || value === null ? [] : typeof value === 'string' ? [value] : value;
}

/** An environment file as written (docs/exec.md describes every key). */
export const EnvironmentFileSchema = z
  .strictObject(
    {
      /** the repository, relative to the file (the CLI's --repo replaces it). */
      repo: command.optional(),
      setup: commands('missing (use [] for none)'),
      build: commands('must be a shell command or a list of shell commands').nullish(),
      /** test command; its `{tests}` placeholder (required with `tests`) takes the selected tests. */
      test: command,
      tests: TestsFileSchema.nullish(),
      /** wall-clock seconds per candidate (build + tests). */
      timeout: positive(MAX_TIMEOUT_SECONDS),
      /** wall-clock seconds for the setup and for each coverage step (default 3600). */
      setupTimeout: positive(MAX_TIMEOUT_SECONDS).optional(),
      env: z
        .record(
          z.string(),
          z.union([z.string(), z.number(), z.boolean()], { error: 'must be a string, number or boolean' }),
          { error: expected('must be a mapping of variable names to values') },
        )
        .superRefine((env, context) => {
          for (const name of Object.keys(env))
            if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
              context.addIssue({ code: 'custom', path: [name], message: 'not a valid variable name' });
        })
        .nullish(),
      coverage: z
        .strictObject(
          {
            tool: z.enum(COVERAGE_TOOLS, { error: `must be one of ${COVERAGE_TOOLS.join(', ')}` }),
            build: commands('must be a shell command or a list of shell commands').nullish(),
          },
          { error: expected('must be a mapping with `tool` (gcov, python or node) and optional `build`') },
        )
        .nullish(),
      workers: z
        .int({ error: expected('must be a whole number') })
        .positive({ error: 'must be a positive number' })
        .max(256)
        .nullish(),
      limits: z
        .strictObject(limitShape, { error: expected(`must be a mapping of ${Object.keys(LIMIT_BOUNDS).join(', ')}`) })
        .nullish(),
      /** a regular expression the test output must match for `pass` (guards against a candidate that exits 0 early). */
      passPattern: pattern(false).nullish(),
      setupNetwork: z.boolean({ error: expected('must be true or false') }).optional(),
      workDir: command.nullish(),
      /** extra host folders shown read-only in the sandbox at the same path. */
      mounts: z
        .array(command, { error: expected('must be a list of folders to show read-only in the sandbox') })
        .nullish(),
      /**
       * tools the commands need on the host: a path (absolute, or under `$CTXBENCH_HOME`) or a command name on PATH.
       */
      requires: z.array(command, { error: expected('must be a list of paths or command names') }).optional(),
      report: ReportFileSchema.nullish(),
      /**
       * files and folders of the repository (relative) that build and test commands see read-only: the tests that judge
       * a candidate.
       */
      testFiles: z
        .array(relativePath, { error: expected('must be a list of files and folders of the repository') })
        .nullish(),
    },
    { error: expected('expected a mapping of keys (repo, setup, build, test, timeout, ...)') },
  )
  .superRefine((data, context) => {
    // Without a test list the whole suite runs and `{tests}` would always be empty: it is optional then.
    if (data.tests && !data.test.includes('{tests}'))
      context.addIssue({
        code: 'custom',
        path: ['test'],
        message: 'must contain the {tests} placeholder when `tests` is configured (replaced by the selected tests)',
      });
    // A build command's `{tests}` takes the build targets of the tests a candidate runs: only what they need is
    // rebuilt.
    if (!data.tests && commandList(data.build).some((build) => build.includes('{tests}')))
      context.addIssue({
        code: 'custom',
        path: ['build'],
        message: 'uses {tests} but no `tests` are configured (it takes the build targets of the selected tests)',
      });
    if (data.coverage && !data.tests)
      context.addIssue({
        code: 'custom',
        path: ['coverage'],
        message: 'needs `tests` (coverage is recorded per test)',
      });
  });
export type EnvironmentFile = z.output<typeof EnvironmentFileSchema>;

/** Reads and checks an environment file. `repoOverride` replaces its `repo` (the CLI's --repo). */
export function loadEnvironment(file: string, repoOverride?: string): ExecEnvironment {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read environment file: ${errorReason(error)}`, { file: path });
  }
  return parseEnvironment(text, path, repoOverride);
}

/** Checks the text of an environment file; `file` names it in errors and anchors relative paths. */
export function parseEnvironment(text: string, file: string, repoOverride?: string): ExecEnvironment {
  const { value, where } = readYaml(text, file);
  const data = parseRecord(EnvironmentFileSchema, value, where);
  const fail = (path: PropertyKey[], message: string): never => {
    throw new InputError(message, { file, line: where.lineOf?.(path), field: fieldName(path) });
  };
  const base = dirname(file);
  if (repoOverride === undefined && data.repo === undefined) fail(['repo'], 'missing field');
  const report = data.report
    ? {
        format: data.report.format,
        file: data.report.file ?? null,
        pass: data.report.pass ?? null,
        fail: data.report.fail ?? null,
      }
    : null;
  if (report) {
    const parser =
      REPORT_PARSERS.find(report.format) ??
      fail(
        ['report', 'format'],
        `unknown test-report format '${report.format}' (known: ${REPORT_PARSERS.names().join(', ')})`,
      );
    const missing = parser.check?.(report);
    if (missing) fail(missing.field ? ['report', missing.field] : ['report'], missing.message);
  }
  const defaults: Limits = { cpuSeconds: Math.ceil(data.timeout), ...DEFAULT_LIMITS };
  const limits = { ...defaults };
  for (const key of Object.keys(LIMIT_BOUNDS) as (keyof Limits)[])
    limits[key] = Math.ceil(data.limits?.[key] ?? defaults[key]);
  const repo = repoOverride !== undefined ? resolve(repoOverride) : resolve(base, data.repo!);
  const testFiles = (data.testFiles ?? []).map((path, index) => {
    const relative = posix.normalize(path).replace(/\/+$/, '');
    const problem =
      relative === '.' ? 'is the repository itself: name its test files or folders' : testFileProblem(repo, relative);
    return problem ? fail(['testFiles', index], `'${path}' ${problem}`) : relative;
  });
  return {
    file,
    name: basename(file, extname(file)),
    repo,
    setup: commandList(data.setup),
    build: commandList(data.build),
    test: data.test,
    tests: data.tests
      ? {
          list: data.tests.list ?? null,
          names: data.tests.names ?? null,
          arg: data.tests.arg ?? '{test}',
          buildArg: data.tests.buildArg ?? '{test}',
          batch: data.tests.batch ?? false,
        }
      : null,
    timeout: data.timeout,
    setupTimeout: data.setupTimeout ?? 3600,
    env: Object.fromEntries(Object.entries(data.env ?? {}).map(([name, entry]) => [name, String(entry)])),
    coverage: data.coverage ? { tool: data.coverage.tool, build: commandList(data.coverage.build) } : null,
    workers: data.workers ?? null,
    limits,
    passPattern: data.passPattern ?? null,
    setupNetwork: data.setupNetwork ?? false,
    workDir: data.workDir ? resolve(base, data.workDir) : null,
    mounts: mountList(data.mounts ?? [], base, (message) => fail(['mounts'], message)),
    requires: data.requires ?? [],
    report,
    testFiles,
  };
}

/**
 * Why a `testFiles` entry cannot be shown read-only, or null: it must be a file or folder of the
 * repository reached through folders only (the sandbox binds it by its host path, so a link on the
 * way would bind something else).
 */
export function testFileProblem(repo: string, relative: string): string | null {
  if (!existsSync(repo)) return null; // named by the check of `repo`
  const parts = relative.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const prefix = parts.slice(0, depth).join('/');
    let stats;
    try {
      stats = lstatSync(join(repo, prefix));
    } catch {
      return depth === parts.length ? 'is not in the repository' : `is not in the repository (no folder ${prefix})`;
    }
    if (stats.isSymbolicLink())
      return `is reached through a symbolic link (${prefix}): name the file or folder it points to`;
    if (depth < parts.length && !stats.isDirectory()) return `is not in the repository (${prefix} is not a folder)`;
    if (depth === parts.length && !stats.isDirectory() && !stats.isFile()) return 'is neither a file nor a folder';
  }
  return null;
}

/**
 * Extra read-only folders the sandbox shows (e.g. a toolchain outside /usr): absolute, existing, at the same path
 * inside.
 */
function mountList(entries: string[], base: string, fail: (message: string) => never): string[] {
  return entries.map((entry) => {
    const path = resolve(base, entry);
    if (!existsSync(path)) fail(`'${entry}' does not exist`);
    if (['/', '/root', '/home', '/var', '/proc', '/sys', '/dev', '/tmp', '/run'].includes(path))
      fail(`'${entry}' would show the host's ${path}; name the folder the build needs`);
    return path;
  });
}
