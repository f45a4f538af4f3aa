// Drafts tested while a model works (eval's agent mode, the `run_tests` tool): the environment is prepared once
// (its `exec check` state required, as `exec` requires it), its worker trees are shared by the run's tasks, and
// the work folder is locked for the whole run, as `exec` locks it.
import type { DraftTester } from '../context/index.ts';
import { lockFolder } from '../util/lock.ts';
import { CandidatePool, ensureCheckState, poolSize, type ExecuteOptions } from './execute.ts';
import { createContext, prepareEnvironment } from './prepare.ts';
import type { ExecEnvironment } from './types.ts';

export interface DraftTesting {
  test: DraftTester;
  /** releases the work folder. */
  close(): void;
}

export async function openDraftTesting(env: ExecEnvironment, options: ExecuteOptions = {}): Promise<DraftTesting> {
  const lock = lockFolder(createContext(env, options).workDir, `eval (run_tests) ${env.file}`);
  try {
    await ensureCheckState(env, { ...options, lockHeld: true });
    const pool = new CandidatePool(await prepareEnvironment(env, options), poolSize(env, options), options);
    let drafts = 0;
    return {
      async test(task, code) {
        for await (const { result, infraError } of pool.run([{ task, candidate: code, key: `draft-${++drafts}` }])) {
          if (!result) throw new Error(`run_tests: the sandbox failed (${infraError})`);
          return { verdict: result.verdict, reason: result.reason ?? null, logTail: result.logTail };
        }
        throw new Error('run_tests: the sandbox gave no verdict');
      },
      close: () => lock.release(),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
