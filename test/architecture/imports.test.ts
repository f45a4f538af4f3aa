// The stage boundaries (.dependency-cruiser.cjs, docs/ARCHITECTURE.md "Stages import only downward"), checked by
// dependency-cruiser: the sources keep them, and a copy with planted violations fails, naming each file and rule.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CRUISER = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const work = mkdtempSync(join(tmpdir(), 'ctxbench-imports-'));
after(() => rmSync(work, { recursive: true, force: true }));

/**
 * dependency-cruiser over `<dir>/src` with the project's rules: exit status and one `rule: from → to` per violation.
 */
function cruise(dir: string): { status: number | null; violations: string[] } {
  const result = spawnSync(
    process.execPath,
    [CRUISER, 'src', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    { cwd: dir, encoding: 'utf8' },
  );
  const violations = [...result.stdout.matchAll(/^\s*error ([\w-]+): (\S+) →\s*(\S*)/gm)].map(
    (m) => `${m[1]}: ${m[2]} → ${m[3]}`,
  );
  return { status: result.status, violations };
}

test('the sources keep the stage boundaries: downward only, through index.ts, no cycle', () => {
  const result = cruise(ROOT);
  assert.deepEqual(result.violations, []);
  assert.equal(result.status, 0);
});

test('planted violations fail the check, each named by its rule and files', () => {
  cpSync(join(ROOT, 'src'), join(work, 'src'), { recursive: true });
  cpSync(join(ROOT, 'tsconfig.json'), join(work, 'tsconfig.json'));
  assert.equal(cruise(work).status, 0);
  // report importing a CLI command: upward, and past the cli stage's interface
  appendFileSync(
    join(work, 'src', 'report', 'render.ts'),
    "\nexport { reportCommand } from '../cli/commands/report.ts';\n",
  );
  // a deep import of an earlier stage's file (downward, but past its index.ts)
  writeFileSync(
    join(work, 'src', 'context', 'planted.ts'),
    "import { readTasks } from '../datasets/io.ts';\nexport const read = readTasks;\n",
  );
  // a dynamic import counts too, and util imports no stage
  writeFileSync(
    join(work, 'src', 'util', 'planted.ts'),
    "export const load = () => import('../models/provider.ts');\n",
  );
  // a cycle inside one stage, type-only on one side
  writeFileSync(
    join(work, 'src', 'metrics', 'cycle-a.ts'),
    "import type { B } from './cycle-b.ts';\nexport type A = { b?: B };\n",
  );
  writeFileSync(
    join(work, 'src', 'metrics', 'cycle-b.ts'),
    "import type { A } from './cycle-a.ts';\nexport type B = { a?: A };\n",
  );
  // a folder that is no stage
  mkdirSync(join(work, 'src', 'extras'));
  writeFileSync(join(work, 'src', 'extras', 'x.ts'), 'export const x = 1;\n');
  writeFileSync(
    join(work, 'src', 'models', 'planted.ts'),
    "import { x } from '../extras/x.ts';\nexport const y = x;\n",
  );
  const result = cruise(work);
  assert.equal(result.status, 9, 'dependency-cruiser exits with the number of violations');
  assert.deepEqual(result.violations.sort(), [
    'known-stage: src/models/planted.ts → src/extras/x.ts',
    'no-circular: src/cli/commands/report.ts → src/report/index.ts',
    'no-circular: src/metrics/cycle-a.ts → src/metrics/cycle-b.ts',
    'stage-interface: src/context/planted.ts → src/datasets/io.ts',
    'stage-interface: src/models/planted.ts → src/extras/x.ts',
    'stage-interface: src/report/render.ts → src/cli/commands/report.ts',
    'stage-interface: src/util/planted.ts → src/models/provider.ts',
    'stage-order-report: src/report/render.ts → src/cli/commands/report.ts',
    'util-imports-no-stage: src/util/planted.ts → src/models/provider.ts',
  ]);
});
