// Per-test reports: parsers from what a test runner writes (TAP, JUnit XML, Python unittest's
// verbose lines, or a pair of regular expressions for a runner's own summary) to per-test outcomes.
// One parser per format, registered in REPORT_PARSERS (a plugin registers its own the same way);
// an environment names its format under `report`.
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import { z } from 'zod';
import { readInside } from './tree.ts';
import type { ReportSpec } from './types.ts';

export type TestStatus = 'pass' | 'fail' | 'skip';
/** Test name -> outcome; a name reported twice keeps its worst outcome. */
export type TestReport = Map<string, TestStatus>;

export interface ReportParser {
  /** the `report.format` of an environment file that selects it. */
  name: string;
  description: string;
  /**
   * what this format needs of the environment's `report` beyond `format`: the field (null: the mapping) and why, or
   * null when it has it.
   */
  check?(spec: ReportSpec): { field: 'file' | 'pass' | 'fail' | null; message: string } | null;
  parse(text: string, spec: ReportSpec): TestReport;
}

export const REPORT_PARSERS = new Registry<ReportParser>('test-report format', 'report.format', {
  key: 'reportParsers',
  entry: pluginEntry('name', { description: z.string(), check: pluginFunction.optional(), parse: pluginFunction }),
  add: registerReportParser,
});

export function registerReportParser(parser: ReportParser): ReportParser {
  return REPORT_PARSERS.register(parser.name, parser);
}

/** Adds a test's outcome to a report; a name reported twice keeps its worst outcome. */
export function recordOutcome(report: TestReport, name: string, status: TestStatus): void {
  const trimmed = name.trim();
  if (trimmed === '') return;
  const before = report.get(trimmed);
  if (before === 'fail' || (before === 'skip' && status === 'pass')) return;
  report.set(trimmed, status);
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[entity.toLowerCase()]) return named[entity.toLowerCase()]!;
    const code =
      entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return match ? decodeXml(match[1] ?? match[2] ?? '') : null;
}

const UNITTEST_START = /^(\w+) \(([\w.]+)\)( \.\.\. .*)?$/;
const UNITTEST_STATUS = /^(ok|FAIL|ERROR|skipped\b.*|expected failure|unexpected success)$/;
/** The lines unittest draws before the failures' details and the summary. */
const UNITTEST_SEPARATOR = /^(={70}|-{70})$/;

// TAP 13/14 at any nesting depth (node's test runner nests subtests).
registerReportParser({
  name: 'tap',
  description: 'TAP 13/14 (`ok N - name`, `not ok N - name # SKIP`), at any nesting depth',
  parse(text) {
    const report: TestReport = new Map();
    for (const match of text.matchAll(
      /^[ \t]*(not ok|ok)\b[ \t]*\d*[ \t]*(?:-[ \t]*)?(.*?)[ \t]*(#[ \t]*(SKIP|TODO)\b.*)?$/gim,
    )) {
      const directive = match[4]?.toUpperCase();
      recordOutcome(
        report,
        match[2]!,
        directive === 'SKIP' ? 'skip' : match[1]!.toLowerCase() === 'ok' || directive === 'TODO' ? 'pass' : 'fail',
      );
    }
    return report;
  },
});

registerReportParser({
  name: 'junit',
  description:
    'JUnit XML: <testcase classname name> with <failure>/<error> (fail) or <skipped> inside; the test is ' +
    '`classname.name`',
  check: (spec) =>
    spec.file
      ? null
      : { field: 'file', message: 'junit needs the report file the runner writes (relative to the tree)' },
  parse(text) {
    const report: TestReport = new Map();
    for (const match of text.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase\s*>)/g)) {
      const name = attribute(match[1]!, 'name');
      if (name === null) continue;
      const classname = attribute(match[1]!, 'classname');
      const body = match[3] ?? '';
      const status: TestStatus = /<(failure|error)\b/.test(body) ? 'fail' : /<skipped\b/.test(body) ? 'skip' : 'pass';
      recordOutcome(report, classname ? `${classname}.${name}` : name, status);
    }
    return report;
  },
});

// `python -m unittest -v`: the description stands on its own line when the test has a docstring. What the
// test writes to stderr meanwhile (a warning) comes between ` ... ` and the outcome, which then stands on a
// line of its own: a test's outcome is the worst of those its lines show up to the next test or the
// summary, so printing `ok` hides nothing.
registerReportParser({
  name: 'unittest',
  description:
    '`python -m unittest -v`: `test_x (pkg.mod.Class.test_x) ... ok` (3.11+) or `test_x (pkg.mod.Class) ... ok`',
  parse(text) {
    const report: TestReport = new Map();
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const start = UNITTEST_START.exec(lines[index]!);
      if (!start) continue;
      const id = start[2]!.endsWith(`.${start[1]}`) ? start[2]! : `${start[2]}.${start[1]}`;
      // Without ` ... ` on the first line, the next one is the docstring's first line and ends with it.
      const after = start[3] !== undefined ? start[3].slice(5) : lines[++index]?.split(' ... ').pop();
      if (after === undefined) continue;
      const outcomes = [UNITTEST_STATUS.exec(after)?.[1]];
      while (
        index + 1 < lines.length &&
        !UNITTEST_START.test(lines[index + 1]!) &&
        !UNITTEST_SEPARATOR.test(lines[index + 1]!)
      ) {
        outcomes.push(UNITTEST_STATUS.exec(lines[++index]!)?.[1]);
      }
      for (const outcome of outcomes) {
        if (outcome !== undefined)
          recordOutcome(
            report,
            id,
            outcome === 'ok' || outcome === 'expected failure'
              ? 'pass'
              : outcome.startsWith('skipped')
                ? 'skip'
                : 'fail',
          );
      }
    }
    return report;
  },
});

registerReportParser({
  name: 'regex',
  description: "a runner's own summary lines: `pass` and `fail` patterns, each capturing the test name",
  check: (spec) =>
    spec.pass && spec.fail
      ? null
      : { field: null, message: 'format regex needs `pass` and `fail` patterns (each capturing the test name)' },
  parse(text, spec) {
    const report: TestReport = new Map();
    for (const [pattern, status] of [
      [spec.pass, 'pass'],
      [spec.fail, 'fail'],
    ] as const) {
      if (pattern === null) continue;
      for (const match of text.matchAll(new RegExp(pattern, 'gm'))) recordOutcome(report, match[1] ?? '', status);
    }
    return report;
  },
});

export function parseReport(text: string, spec: ReportSpec): TestReport {
  return REPORT_PARSERS.get(spec.format).parse(text, spec);
}

const MAX_REPORT_BYTES = 32 * 1024 * 1024;

/**
 * Reads the report file a runner wrote in the tree, host side: only a regular file inside the tree,
 * reached without following any link, at most 32 MiB. Null when there is none.
 */
export function readReportFile(tree: string, file: string): string | null {
  return readInside(tree, file, MAX_REPORT_BYTES);
}
