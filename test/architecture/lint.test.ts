// Lint and format (Biome, biome.json): the whole tree is formatted as `biome format` would write it and passes the
// linter's recommended rules, less the ones that fight this code's idioms (listed in biome.json). A planted
// violation is found, so the check cannot pass by checking nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

function biome(args: string[], cwd: string) {
  return spawnSync(BIOME, [...args, '--colors=off'], { cwd, encoding: 'utf8' });
}

test('the sources are formatted and lint-clean (biome ci)', () => {
  const result = biome(['ci', '--reporter=summary'], ROOT);
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
});

test('no line of src is over 120 characters (what the formatter cannot wrap: comments, strings, regexes)', () => {
  const files = spawnSync('git', ['ls-files', 'src'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\n');
  const long: string[] = [];
  for (const file of files.filter((name) => /\.(?:ts|js|mjs)$/.test(name))) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if ([...line].length > 120) long.push(`${file}:${index + 1}`);
      });
  }
  assert.ok(files.length > 200, 'the sources were listed');
  assert.deepEqual(long, []);
});

test('a planted lint error and a planted formatting difference are reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-lint-'));
  try {
    copyFileSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
    writeFileSync(join(dir, 'package.json'), '{}\n');
    mkdirSync(join(dir, 'src'));
    writeFileSync(
      join(dir, 'src', 'planted.ts'),
      'export function f(a: number) {\n  if (a == 1) return  1;\n  return 0;\n}\n',
    );
    const result = biome(['ci', '--vcs-enabled=false', 'src'], dir);
    assert.notEqual(result.status, 0);
    const output = `${result.stdout}${result.stderr}`;
    assert.match(output, /lint\/suspicious\/noDoubleEquals/);
    assert.match(output, /src\/planted\.ts format/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
