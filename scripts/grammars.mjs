#!/usr/bin/env node
// Puts the tree-sitter grammars' .wasm files (and their node-types.json and licences) into grammars/,
// extracted from the pinned npm packages of grammars/manifest.json and checked against its SHA-256.
// The grammar packages are never installed: their native bindings and conflicting peer
// dependencies weigh ~490 MB for ~35 MB of .wasm. Files already present with the right hash are
// kept, so a rerun is offline; `--record` writes the hashes of a changed manifest entry instead of
// checking them (for bumping a grammar version).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const grammarsDir = join(root, 'grammars');
const manifestPath = join(grammarsDir, 'manifest.json');
const record = process.argv.includes('--record');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');
/** Where each file of a manifest entry lands in grammars/. */
function targets(entry) {
  const safeName = entry.package.replace(/^@/, '').replace(/\//g, '__');
  return [
    { from: entry.licenseFile, to: join(grammarsDir, 'licenses', `${safeName}.txt`) },
    ...entry.grammars.flatMap((grammar) => [
      { from: grammar.wasm, to: join(grammarsDir, basename(grammar.wasm)), grammar, key: 'wasmSha256' },
      {
        from: grammar.nodeTypes,
        to: join(grammarsDir, 'node-types', `${basename(grammar.wasm, '.wasm')}.json`),
        grammar,
        key: 'nodeTypesSha256',
      },
    ]),
  ];
}
const upToDate = (entry) =>
  !record && targets(entry).every((t) => existsSync(t.to) && (!t.key || sha256(t.to) === t.grammar[t.key]));

const missing = manifest.packages.filter((entry) => !upToDate(entry));
if (missing.length === 0) process.exit(0);

const work = mkdtempSync(join(tmpdir(), 'ctxbench-grammars-'));
try {
  const specs = missing.map((entry) => `${entry.package}@${entry.version}`);
  const packed = spawnSync('npm', ['pack', ...specs, '--pack-destination', work, '--json', '--ignore-scripts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (packed.status !== 0) throw new Error(`npm pack ${specs.join(' ')} failed (exit ${packed.status})`);
  const tarballs = JSON.parse(packed.stdout);
  const failures = [];
  for (const [index, entry] of missing.entries()) {
    const unpackDir = join(work, String(index));
    mkdirSync(unpackDir);
    const files = targets(entry).map((t) => `package/${t.from}`);
    const untar = spawnSync('tar', ['-xzf', join(work, tarballs[index].filename), '-C', unpackDir, ...files], {
      stdio: 'inherit',
    });
    if (untar.status !== 0)
      throw new Error(`tar could not extract ${files.join(', ')} from ${entry.package}@${entry.version}`);
    for (const t of targets(entry)) {
      const extracted = join(unpackDir, 'package', t.from);
      if (t.key && record) t.grammar[t.key] = sha256(extracted);
      else if (t.key && sha256(extracted) !== t.grammar[t.key]) {
        failures.push(
          `${entry.package}@${entry.version}/${t.from}: SHA-256 ${sha256(extracted)}, manifest says ` +
            `${t.grammar[t.key]}`,
        );
        continue;
      }
      mkdirSync(dirname(t.to), { recursive: true });
      copyFileSync(extracted, t.to);
    }
  }
  if (record) writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  if (failures.length > 0) {
    console.error(
      `grammars: ${failures.length} file(s) do not match grammars/manifest.json:\n  ${failures.join('\n  ')}`,
    );
    process.exitCode = 1;
  } else console.error(`grammars: ${missing.map((e) => `${e.package}@${e.version}`).join(', ')} -> grammars/`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
