// `exec check`: set up, build and test the unmodified repository twice (the second time with the
// tests in reverse order, which exposes tests that depend on what ran before them) and record the
// times, the flaky tests (passed once, failed once) and the failing ones (failed both times) in a
// state file beside the environment. Those tests are then excluded from candidate runs.
import { join } from 'node:path';
import { writeFileAtomic } from '../util/jsonl.ts';
import { lockFolder } from '../util/lock.ts';
import {
  buildCommands,
  createContext,
  ensureBase,
  ensureCoverage,
  runTestCommand,
  setupTree,
  statePath,
  testCommand,
  type CheckState,
} from './prepare.ts';
import { parseReport } from './reports.ts';
import { copyTree, removeTree } from './tree.ts';
import type { ExecEnvironment, ExecOptions, RunOutcome } from './types.ts';
import { logTail } from './verdict.ts';

export interface CheckReport {
  state: CheckState;
  statePath: string;
  /** problems found on the unmodified repository (they would make every candidate fail). */
  warnings: string[];
  /** whole-suite results when the environment lists no tests: passed per round. */
  suitePassed: boolean[] | null;
  coverageFunctions: number | null;
}

const ROUNDS = 2;

export async function checkEnvironment(env: ExecEnvironment, options: ExecOptions = {}): Promise<CheckReport> {
  const context = createContext(env, options);
  const lock = options.lockHeld ? null : lockFolder(context.workDir, `exec check ${env.file}`);
  try {
    return await checkLocked(context, env);
  } finally {
    lock?.release();
  }
}

async function checkLocked(context: ReturnType<typeof createContext>, env: ExecEnvironment): Promise<CheckReport> {
  const warnings: string[] = [];
  const rounds: CheckState['rounds'] = [];
  // Per listed test: its durations, whether it passed per round, and the end of its output when it last failed.
  const results = new Map<string, { ms: number[]; passed: boolean[]; failedOutput?: string }>();
  // Per test command (a listed test, or '' for the whole suite): the reported test names that passed, per round.
  const reportedPasses = new Map<string, Set<string>[]>();
  const noteReport = (unit: string, outcome: RunOutcome, reportText: string | null) => {
    if (!env.report) return;
    const text = env.report.file === null ? outcome.output : (reportText ?? '');
    const passed = new Set(
      [...parseReport(text, env.report)].filter(([, status]) => status === 'pass').map(([name]) => name),
    );
    reportedPasses.set(unit, [...(reportedPasses.get(unit) ?? []), passed]);
  };
  const suitePassed: boolean[] = [];
  let tests: string[] | null = null;
  const note = (what: string, outcome: RunOutcome) => {
    if (outcome.forbiddenCall)
      warnings.push(
        `${what}: the sandbox killed it for a call it forbids (ptrace, process_vm_readv/writev, pidfd_getfd or a ` +
          `32-bit call) on the unmodified repository; every candidate that runs it would be judged a ` +
          `sandbox-violation. Run these tests outside the environment, or leave them out of its ` +
          `tests.\n${logTail(outcome.output, 10)}`,
      );
  };
  for (let round = 1; round <= ROUNDS; round++) {
    const tree = join(context.workDir, `check-${round}`);
    let setupMs: number;
    if (round === 1) {
      // The first round's setup becomes the prepared tree that candidates use.
      context.emit({ kind: 'prepare', message: `round ${round}: setup` });
      const marker = await ensureBase(context, true);
      setupMs = marker.setupMs;
      tests = marker.tests;
      removeTree(tree);
      copyTree(context.base, tree);
    } else {
      context.emit({ kind: 'prepare', message: `round ${round}: setup` });
      setupMs = await setupTree(context, tree);
    }
    let buildMs = 0;
    for (const command of buildCommands(env, tests ?? [])) {
      const outcome = await runTestCommand(context, tree, command, env.setupTimeout * 1000, false).then(
        (run) => run.outcome,
      );
      buildMs += outcome.ms;
      note(`build \`${command}\``, outcome);
      if (outcome.exitCode !== 0)
        throw new Error(
          `build \`${command}\` failed on the unmodified repository (round ${round}):\n${logTail(outcome.output, 30)}`,
        );
    }
    let testMs = 0;
    if (tests === null) {
      context.emit({ kind: 'prepare', message: `round ${round}: whole test suite` });
      const { outcome, report } = await runTestCommand(context, tree, testCommand(env, null), env.timeout * 1000, true);
      testMs = outcome.ms;
      note('test suite', outcome);
      noteReport('', outcome, report);
      suitePassed.push(outcome.exitCode === 0 && !outcome.timedOut);
    } else {
      const order = round % 2 === 1 ? tests : [...tests].reverse();
      for (const [index, test] of order.entries()) {
        context.emit({ kind: 'prepare', message: `round ${round}: test ${index + 1}/${order.length} ${test}` });
        const { outcome, report } = await runTestCommand(
          context,
          tree,
          testCommand(env, [test]),
          env.timeout * 1000,
          true,
        );
        testMs += outcome.ms;
        note(`test ${test}`, outcome);
        noteReport(test, outcome, report);
        const entry = results.get(test) ?? { ms: [], passed: [] };
        entry.ms.push(outcome.ms);
        entry.passed.push(outcome.exitCode === 0 && !outcome.timedOut && !outcome.outputLimited);
        if (!entry.passed.at(-1)) entry.failedOutput = logTail(outcome.output, 20);
        results.set(test, entry);
      }
    }
    rounds.push({ setupMs, buildMs, testMs });
    removeTree(tree);
  }
  const state: CheckState = {
    envHash: context.envHash,
    checkedAt: new Date().toISOString(),
    rounds,
    tests: Object.fromEntries(
      [...results].map(([name, entry]) => [
        name,
        { ms: Math.round(entry.ms.reduce((a, b) => a + b, 0) / entry.ms.length), passed: entry.passed },
      ]),
    ),
    flaky: [...results]
      .filter(([, entry]) => entry.passed.some(Boolean) && !entry.passed.every(Boolean))
      .map(([name]) => name)
      .sort(),
    failing: [...results]
      .filter(([, entry]) => !entry.passed.some(Boolean))
      .map(([name]) => name)
      .sort(),
    // Reported tests that passed in every round: what a candidate's run of that command must report passed.
    reported: env.report
      ? Object.fromEntries(
          [...reportedPasses].map(([unit, rounds]) => [
            unit,
            [...rounds[0]!].filter((name) => rounds.every((round) => round.has(name))).sort(),
          ]),
        )
      : null,
  };
  if (env.report) {
    const empty = Object.entries(state.reported!).filter(
      ([unit, names]) => names.length === 0 && !state.failing.includes(unit) && !state.flaky.includes(unit),
    );
    if (empty.length > 0)
      warnings.push(
        `the ${env.report.format} report of ${empty.length} test command(s) (first: ` +
          `${empty[0]![0] || 'the whole suite'}) shows no passed test on the unmodified repository: check ` +
          `\`report\`; those commands are graded by exit status only`,
      );
  }
  if (state.failing.length > 0) {
    // Why they fail is the first thing to know: every test failing usually means the environment is wrong.
    const first = state.failing[0]!;
    warnings.push(
      `${state.failing.length === results.size ? `every test (${results.size})` : `${state.failing.length} test(s)`} ` +
        `failed in both rounds on the unmodified repository and will not run for candidates` +
        `${state.failing.length === results.size ? ": check the environment's `test` and `tests.arg`" : ''}; the ` +
        `end of ${first}'s output:\n${results.get(first)!.failedOutput ?? ''}`,
    );
  }
  if (tests === null && suitePassed.some((passed) => !passed)) {
    warnings.push(
      `the whole test suite failed in round(s) ` +
        `${suitePassed.flatMap((passed, index) => (passed ? [] : [index + 1])).join(', ')} on the unmodified ` +
        `repository; without a test list (\`tests\`) nothing can be excluded`,
    );
  }
  const file = statePath(env);
  writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`);
  const coverage = await ensureCoverage(context, tests);
  return {
    state,
    statePath: file,
    warnings,
    suitePassed: tests === null ? suitePassed : null,
    coverageFunctions: coverage ? coverage.functions.length : null,
  };
}
