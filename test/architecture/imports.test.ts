// The import-direction rule (scripts/import-rule.mjs): the sources follow the stage order, and a
// planted upward import in a copy of them makes the rule fail, naming file, line and stages.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'import-rule.mjs');
const work = mkdtempSync(join(tmpdir(), 'ctxbench-imports-'));
after(() => rmSync(work, { recursive: true, force: true }));

const rule = (src: string) => spawnSync(process.execPath, [SCRIPT, src], { encoding: 'utf8' });

test('the sources import only downward', () => {
  const result = rule(join(ROOT, 'src'));
  assert.equal(result.stderr, '');
  assert.equal(result.status, 0);
});

test('a planted upward import fails the rule, naming the file, line and stages', () => {
  const src = join(work, 'src');
  cpSync(join(ROOT, 'src'), src, { recursive: true, filter: (path) => !path.includes(`${'/'}static${'/'}`) });
  assert.equal(rule(src).status, 0);
  // report importing a CLI command: the leak the rule exists for
  appendFileSync(join(src, 'report', 'render.ts'), "\nexport { reportCommand } from '../cli/commands/report.ts';\n");
  // a dynamic import counts too, and util may import no stage
  writeFileSync(join(src, 'util', 'planted.ts'), "export const load = () => import('../models/provider.ts');\n");
  const result = rule(src);
  assert.equal(result.status, 1);
  const lines = result.stderr.trim().split('\n');
  assert.match(lines[0]!, /^report\/render\.ts:\d+: report imports cli \(\.\.\/cli\/commands\/report\.ts\), a later stage$/);
  assert.equal(lines[1], 'util/planted.ts:1: util imports models (../models/provider.ts), a later stage');
  assert.equal(lines[2], '2 import(s) against the stage order (docs/ARCHITECTURE.md, "Stages import only downward")');
});
