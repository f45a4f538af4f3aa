#!/usr/bin/env node
// The import-direction rule: a stage imports only stages before it (docs/ARCHITECTURE.md):
//   languages <- index <- tasks, datasets <- context <- models, runstore <- metrics, exec, queue
//   <- report <- web <- plugins <- cli
// Stages on one rank may import each other; `util` is below every stage and imports only util;
// the package root (src/index.ts) re-exports everything. Static imports, `export ... from` and
// dynamic import() with a literal path all count, type-only ones included (a type names a stage
// too). Usage: node scripts/import-rule.mjs [SRC_DIR]; exit 1 with one line per violation.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAGE_RANKS = [
  ['languages'],
  ['index'],
  ['tasks', 'datasets'],
  // reviewers' marks of task sets: reads tasks, nothing before it needs them
  ['review'],
  ['context'],
  ['models', 'runstore'],
  ['metrics', 'exec', 'queue'],
  ['report'],
  ['web'],
  ['plugins'],
  ['cli'],
];

const RANK = new Map(STAGE_RANKS.flatMap((stages, rank) => stages.map((stage) => [stage, rank])));

/** The stage of a file under `src` (its first folder), 'util', or null (the package root, other files). */
function stageOf(src, file) {
  const [first, ...rest] = relative(src, file).split(sep);
  if (rest.length === 0) return null;
  return first;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(=])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Every import of one file with its line number. */
export function importsOf(text) {
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const line = text.slice(0, match.index + match[0].indexOf(specifier)).split('\n').length;
    found.push({ specifier, line });
  }
  return found;
}

/** The violations under `src`: `file:line: <stage> imports <stage> (...)`. */
export function checkImports(src) {
  const root = resolve(src);
  const violations = [];
  for (const file of sourceFiles(root)) {
    const from = stageOf(root, file);
    if (from === null) continue;
    const fromRank = from === 'util' ? -1 : RANK.get(from);
    if (fromRank === undefined) {
      violations.push(`${relative(root, file)}: folder '${from}' is not a stage of the import rule (add it to STAGE_RANKS in scripts/import-rule.mjs and to docs/ARCHITECTURE.md)`);
      continue;
    }
    for (const { specifier, line } of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(root + sep)) continue;
      const to = stageOf(root, target);
      if (to === null) {
        violations.push(`${relative(root, file)}:${line}: ${from} imports the package root (${specifier}); import the stage itself`);
        continue;
      }
      if (to === from || to === 'util') continue;
      const toRank = RANK.get(to);
      if (from === 'util' || toRank === undefined || toRank > fromRank) {
        violations.push(`${relative(root, file)}:${line}: ${from} imports ${to} (${specifier}), a later stage`);
      }
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const violations = checkImports(src);
  for (const violation of violations) console.error(violation);
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) against the stage order (docs/ARCHITECTURE.md, "Stages import only downward")`);
    process.exit(1);
  }
  console.log('imports follow the stage order');
}
