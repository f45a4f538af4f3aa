// Call resolution of the index against the call graph each language's own compiler front end computes
// (libclang for C and C++, javac, the TypeScript checker: bench/resolution/extractors.ts), on real Debian
// source packages. Per repository: function recall, edge precision (every candidate of an ambiguous
// call, then unambiguous calls only), edge recall (unambiguous edges, then counting ambiguous
// candidates), function-level agreement (on both sides from calls but those at the call sites the front end itself
// leaves unsettled: dependent on a template parameter, virtual), those unsettled calls, and the disagreements by
// kind with examples.
// Usage: bench/resolution.ts [--only LANGUAGE|PACKAGE[,...]] [LANGUAGE | PACKAGE...]
// (`npm run bench -- resolution --only cpp`)
import { rmSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parseArgs } from 'node:util';
import { indexRepository } from '../src/index/indexer.ts';
import { contextLevel } from '../src/index/resolve.ts';
import type { ContextLevel, FunctionRecord, ResolvedCall } from '../src/index/types.ts';
import { getLanguage } from '../src/languages/registry.ts';
import type { LanguageId } from '../src/languages/types.ts';
import { EXTRACTORS } from './resolution/extractors.ts';
import type { Truth, TruthCall } from './resolution/truth.ts';
import { sourceTree } from './sources.ts';

/** Targets per language: edge precision, edge recall, function-level agreement. */
const TARGETS: Record<string, { precision: number; recall: number; level: number }> = {
  c: { precision: 0.99, recall: 0.99, level: 0.95 },
  cpp: { precision: 0.95, recall: 0.9, level: 0.95 },
  java: { precision: 0.95, recall: 0.9, level: 0.95 },
  typescript: { precision: 0.95, recall: 0.9, level: 0.95 },
};
const DEFAULT_TARGETS = { precision: 0.95, recall: 0.9, level: 0.95 };
const EXAMPLES = Number(process.env.RESOLUTION_EXAMPLES ?? 5);

interface Indexed {
  functions: FunctionRecord[];
  calls: ResolvedCall[];
  files: number;
  lines: number;
}

/** Indexes a tree from scratch, only `include`'s files, as bench/fidelity.ts does. */
async function indexOf(root: string, name: string, include: string[]): Promise<Indexed> {
  const db = join(root, '.ctxbench', `${name}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
  const run = await indexRepository(root, { db, include });
  if (run.store.files().length === 0)
    throw new Error(
      `the index of ${root} holds no files${run.warnings.length ? `: ${run.warnings.slice(0, 5).join('; ')}` : ''}`,
    );
  const functions = run.store.functions();
  const calls = run.store.calls();
  const stored = run.store.files();
  run.store.close();
  return { functions, calls, files: stored.length, lines: stored.reduce((sum, file) => sum + file.lines, 0) };
}

/** The languages' files only (and `.h` headers for the languages that claim some of them), as in bench/fidelity.ts. */
function languageGlobs(languages: string[]): string[] {
  return languages
    .flatMap((language) => {
      const spec = getLanguage(language as LanguageId);
      return [...spec.extensions, ...(spec.headerMarkers?.extensions ?? [])].map((extension) => `**/*${extension}`);
    })
    .filter((glob, i, all) => all.indexOf(glob) === i);
}

/** A tally of disagreements: count and a few examples per kind. */
class Tally {
  private readonly kinds = new Map<string, { count: number; examples: string[] }>();
  add(kind: string, example: string): void {
    const entry = this.kinds.get(kind) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < EXAMPLES && !entry.examples.includes(example)) entry.examples.push(example);
    this.kinds.set(kind, entry);
  }
  print(indent: string): void {
    for (const [kind, entry] of [...this.kinds.entries()].sort((a, b) => b[1].count - a[1].count)) {
      console.log(`${indent}${kind}: ${entry.count}`);
      for (const example of entry.examples) console.log(`${indent}    ${example}`);
    }
  }
}

const LEVEL_ORDER: ContextLevel[] = ['project', 'package', 'file', 'stdlib'];

function figure(label: string, part: number, whole: number, target?: number): string {
  const value = whole === 0 ? NaN : part / whole;
  const shown = Number.isNaN(value) ? '     -' : value.toFixed(4);
  // four decimals, so that a figure just under its target never prints as reaching it
  const verdict = target === undefined ? '' : `>= ${target.toFixed(2)} ${value >= target ? 'ok' : 'BELOW TARGET'}`;
  return `  ${label.padEnd(40)} ${shown.padStart(7)} ${`(${part}/${whole})`.padStart(17)}   ${verdict}`;
}

async function compare(
  language: string,
  languages: string[],
  pkg: string,
  truth: Truth,
  root: string,
  truthSeconds: number,
): Promise<void> {
  const started = performance.now();
  const index = await indexOf(root, `resolution-${language}`, languageGlobs(languages));
  const indexSeconds = (performance.now() - started) / 1000;
  const targets = TARGETS[language] ?? DEFAULT_TARGETS;

  // Functions: same path and name, the span holding the truth's line (else the nearest start within 3 lines).
  const byPathName = new Map<string, FunctionRecord[]>();
  for (const f of index.functions) {
    const key = `${f.path}\0${f.name}`;
    byPathName.set(key, [...(byPathName.get(key) ?? []), f]);
  }
  const ours: (FunctionRecord | undefined)[] = truth.functions.map((t) => {
    const same = byPathName.get(`${t.path}\0${t.name}`) ?? [];
    const holding = same.filter((f) => f.span.startLine <= t.line && t.line <= f.span.endLine);
    if (holding.length > 0)
      return holding.reduce((a, b) =>
        Math.abs(a.span.startLine - t.line) <= Math.abs(b.span.startLine - t.line) ? a : b,
      );
    const near = same.filter((f) => Math.abs(f.span.startLine - t.line) <= 3);
    return near.sort((a, b) => Math.abs(a.span.startLine - t.line) - Math.abs(b.span.startLine - t.line))[0];
  });
  const truthOf = new Map<string, number>();
  ours.forEach((f, i) => {
    if (f && !truthOf.has(f.id)) truthOf.set(f.id, i);
  });
  const matched = ours.filter((f) => f !== undefined).length;
  const describe = (i: number) => truth.functions[i]!.qualifiedName;
  const where = (caller: number, line: number) => `${truth.functions[caller]!.path}:${line}`;

  // The truth's calls by (caller, line), its settled edges, its unsettled call sites.
  const settled = (call: TruthCall) => call.unsettled === undefined;
  const callsAt = new Map<string, TruthCall[]>();
  const truthEdges = new Map<string, TruthCall[]>();
  const unsettledAt = new Set<string>();
  const unsettled = { dependent: 0, virtual: 0 };
  for (const call of truth.calls) {
    const at = `${call.caller}:${call.line}`;
    callsAt.set(at, [...(callsAt.get(at) ?? []), call]);
    if (call.unsettled) {
      unsettled[call.unsettled]++;
      unsettledAt.add(`${at}:${call.name}`);
    } else if (call.callee !== null) {
      const pair = `${call.caller}>${call.callee}`;
      truthEdges.set(pair, [...(truthEdges.get(pair) ?? []), call]);
    }
  }

  // Our edges between matched functions, but those at a call site the truth leaves unsettled.
  const falseEdges = new Tally();
  const precision = { all: { true: 0, total: 0 }, unambiguous: { true: 0, total: 0 } };
  const ourPairs = { unambiguous: new Set<string>(), all: new Set<string>() };
  let excluded = 0;
  for (const call of index.calls) {
    const caller = truthOf.get(call.callerId);
    if (caller === undefined) continue;
    for (const id of call.calleeIds) {
      const callee = truthOf.get(id);
      if (callee === undefined) continue;
      if (unsettledAt.has(`${caller}:${call.line}:${call.name}`)) {
        excluded++;
        continue;
      }
      const pair = `${caller}>${callee}`;
      ourPairs.all.add(pair);
      if (!call.ambiguous) ourPairs.unambiguous.add(pair);
      const right = truthEdges.has(pair);
      precision.all.total++;
      if (right) precision.all.true++;
      if (!call.ambiguous) {
        precision.unambiguous.total++;
        if (right) precision.unambiguous.true++;
      }
      if (right) continue;
      const there = (callsAt.get(`${caller}:${call.line}`) ?? []).filter((t) => t.name === call.name);
      const example = `${where(caller, call.line)} ${describe(caller)} -> ${describe(callee)}`;
      const tag = call.ambiguous ? ' (ambiguous candidate)' : '';
      const other = there.find((t) => t.callee !== null);
      if (other) falseEdges.add(`went to another function${tag}`, `${example} (truth: ${describe(other.callee!)})`);
      else if (there.some((t) => t.external)) falseEdges.add(`went to an external function${tag}`, example);
      else if (there.length > 0)
        falseEdges.add(`went to no definition in the repository (implicit member, declaration only)${tag}`, example);
      else falseEdges.add(`no truth call at that line${tag}`, example);
    }
  }

  // Recall: the truth's settled edges between matched functions.
  const missed = new Tally();
  let truthPairs = 0;
  const found = { unambiguous: 0, all: 0 };
  for (const [pair, calls] of truthEdges) {
    const first = calls[0]!;
    if (!ours[first.caller] || !ours[first.callee!]) continue;
    truthPairs++;
    if (ourPairs.unambiguous.has(pair)) found.unambiguous++;
    if (ourPairs.all.has(pair)) found.all++;
    else
      missed.add(
        `missed ${first.kind}`,
        `${where(first.caller, first.line)} ${describe(first.caller)} -> ${describe(first.callee!)} (${first.name})`,
      );
    if (ourPairs.all.has(pair) && !ourPairs.unambiguous.has(pair)) {
      missed.add(
        `only as an ambiguous candidate: ${first.kind}`,
        `${where(first.caller, first.line)} ${describe(first.caller)} -> ${describe(first.callee!)}`,
      );
    }
  }

  // Function level from the truth's settled calls.
  const truthLevels = truth.functions.map(() => new Set<ContextLevel>());
  for (const call of truth.calls) {
    if (!settled(call)) continue;
    const caller = truth.functions[call.caller]!;
    if (call.callee !== null) {
      const callee = truth.functions[call.callee]!;
      truthLevels[call.caller]!.add(
        callee.path === caller.path
          ? 'file'
          : posix.dirname(callee.path) === posix.dirname(caller.path)
            ? 'package'
            : 'project',
      );
    } else if (call.external) truthLevels[call.caller]!.add('stdlib');
  }
  const hasUnsettled = new Set(truth.calls.filter((call) => !settled(call)).map((call) => call.caller));
  // ours from our calls but those at the truth's unsettled call sites, which count neither way here either
  const ourCalls = new Map<string, ResolvedCall[]>();
  for (const call of index.calls) {
    const caller = truthOf.get(call.callerId);
    if (caller === undefined || unsettledAt.has(`${caller}:${call.line}:${call.name}`)) continue;
    ourCalls.set(call.callerId, [...(ourCalls.get(call.callerId) ?? []), call]);
  }
  const ourLevel = (f: FunctionRecord, i: number) =>
    hasUnsettled.has(i) ? contextLevel(ourCalls.get(f.id) ?? [], 'default') : f.level;
  const levels = new Tally();
  let levelAgree = 0;
  const allSettled = { agree: 0, total: 0 };
  truth.functions.forEach((t, i) => {
    const f = ours[i];
    if (!f) return;
    const theirs = LEVEL_ORDER.find((level) => truthLevels[i]!.has(level)) ?? 'none';
    if (!hasUnsettled.has(i)) allSettled.total++;
    const level = ourLevel(f, i);
    if (theirs === level) {
      levelAgree++;
      if (!hasUnsettled.has(i)) allSettled.agree++;
    } else levels.add(`level ${theirs} vs ours ${level}`, `${t.path}:${t.line} ${t.qualifiedName}`);
  });

  const missedFunctions = new Tally();
  truth.functions.forEach((t, i) => {
    if (!ours[i]) missedFunctions.add('function not found', `${t.path}:${t.line} ${t.qualifiedName} (${t.name})`);
  });

  console.log(
    `\n${pkg} (${language}): ${index.lines.toLocaleString('en')} lines in ${index.files} files; ${truth.tool}, ${truth.filesWithErrors} files with errors; ` +
      `truth ${truth.functions.length} functions, ${truth.calls.length} calls; ctxbench ${index.functions.length} functions, ${index.calls.length} calls ` +
      `(truth ${truthSeconds.toFixed(1)} s, index ${indexSeconds.toFixed(1)} s)`,
  );
  console.log(`  ${'figure'.padEnd(40)} ${'value'.padStart(7)} ${'(part/whole)'.padStart(17)}   target`);
  console.log(figure('function recall', matched, truth.functions.length));
  console.log(figure('edge precision (all)', precision.all.true, precision.all.total, targets.precision));
  console.log(
    figure(
      'edge precision (unambiguous only)',
      precision.unambiguous.true,
      precision.unambiguous.total,
      targets.precision,
    ),
  );
  console.log(figure('edge recall (unambiguous edges)', found.unambiguous, truthPairs, targets.recall));
  console.log(figure('edge recall (counting ambiguous)', found.all, truthPairs, targets.recall));
  console.log(figure('function-level agreement', levelAgree, matched, targets.level));
  console.log(figure('  (functions without unsettled calls)', allSettled.agree, allSettled.total));
  console.log(
    `  unsettled calls (counted neither way): ${unsettled.dependent} dependent, ${unsettled.virtual} virtual; ` +
      `${excluded} of our edges at their call sites left out`,
  );
  console.log('  disagreements:');
  missed.print('    ');
  falseEdges.print('    false edge, ');
  levels.print('    ');
  missedFunctions.print('    ');
}

const { values, positionals } = parseArgs({ options: { only: { type: 'string' } }, allowPositionals: true });
const wanted = [...positionals, ...(values.only?.split(',') ?? [])];
let ran = 0;
for (const extractor of EXTRACTORS) {
  for (const pkg of extractor.packages) {
    if (wanted.length > 0 && !wanted.some((name) => name === pkg || extractor.languages.includes(name))) continue;
    const root = sourceTree(pkg);
    const started = performance.now();
    const truth = await extractor.extract(root);
    await compare(extractor.languages[0]!, extractor.languages, pkg, truth, root, (performance.now() - started) / 1000);
    ran++;
  }
}
if (ran === 0) console.log(`nothing to run for ${wanted.join(' ')}`);
