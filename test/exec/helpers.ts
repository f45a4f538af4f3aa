// Shared helpers of the exec tests: task records computed from the fixture files, temporary work
// folders the sandbox user can reach, and running candidates to a key -> result map.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TaskRecord } from '../../src/datasets/types.ts';
import type { LanguageId } from '../../src/languages/types.ts';
import type { ExecResult } from '../../src/runstore/types.ts';
import {
  executeCandidates,
  loadEnvironment,
  removeTree,
  spanOf,
  type ExecEnvironment,
  type ExecuteOptions,
} from '../../src/exec/index.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/exec/', import.meta.url));

/** A function task whose reference is `reference`, found (exactly once) in the fixture file. */
export function functionTask(
  repo: string,
  path: string,
  language: LanguageId,
  reference: string,
  id = `${path}:${reference.slice(0, 20)}`,
): TaskRecord {
  const text = readFileSync(join(repo, path), 'utf8');
  const start = text.indexOf(reference);
  if (start < 0 || text.indexOf(reference, start + 1) >= 0)
    throw new Error(`reference must occur exactly once in ${path}`);
  const end = start + reference.length;
  return {
    id,
    kind: 'function',
    language,
    repo: { name: 'fixture', commit: null },
    path,
    prefix: text.slice(0, start),
    suffix: text.slice(end),
    reference,
    span: spanOf(text, start, end),
    labels: { lines: reference.split('\n').length },
    name: /(\w+)\s*\(/.exec(reference)?.[1] ?? '',
    signature: reference.split('\n')[0]!.replace(/\s*\{\s*$/, ''),
    docstring: null,
  };
}

/** The full text of the function in `path` that starts with `head` and ends at the first line equal to `last`. */
export function functionText(repo: string, path: string, head: string, last = '}'): string {
  const text = readFileSync(join(repo, path), 'utf8');
  const start = text.indexOf(head);
  if (start < 0) throw new Error(`${head} not in ${path}`);
  const lines = text.slice(start).split('\n');
  const end = lines.findIndex((line, index) => index > 0 && (last === '' ? line.trim() === '' : line === last));
  if (end < 0) return lines.join('\n').replace(/\n+$/, '');
  return lines
    .slice(0, last === '' ? end : end + 1)
    .join('\n')
    .replace(/\n+$/, '');
}

/** A work folder below /var/tmp (world-searchable, so the unprivileged sandbox user can enter it). */
export function makeWorkDir(label: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join('/var/tmp', `ctxbench-test-${label}-`));
  chmodSync(dir, 0o755);
  // removeTree: whatever a hostile candidate left (a 2,500-level tree, unreadable folders) goes too.
  return { dir, remove: () => removeTree(dir) };
}

/** A fixture's environment, as a copy in `dir` (so the check state written beside it stays out of the fixtures). */
export function fixtureEnv(language: string, dir: string, extra = ''): ExecEnvironment {
  const text = readFileSync(join(FIXTURES, language, 'env.yaml'), 'utf8').replace(
    /^repo: .*$/m,
    `repo: ${join(FIXTURES, language, 'repo')}`,
  );
  const file = join(
    dir,
    `${language}${extra ? `-${createHash('sha256').update(extra).digest('hex').slice(0, 8)}` : ''}.yaml`,
  );
  writeFileSync(file, `${text}\n${extra}`);
  return loadEnvironment(file);
}

/**
 * Runs the candidates (running `exec check` first when the environment has no state yet); an infrastructure failure
 * fails the test.
 */
export async function runAll(
  env: ExecEnvironment,
  items: { task: TaskRecord; candidate: string; key: string }[],
  options: ExecuteOptions,
): Promise<Map<string, ExecResult>> {
  const results = new Map<string, ExecResult>();
  for await (const { key, result, infraError } of executeCandidates(env, items, { checkFirst: true, ...options })) {
    if (!result) throw new Error(`infrastructure failure on ${key}: ${infraError}`);
    results.set(key, result);
  }
  return results;
}
