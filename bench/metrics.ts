// Metrics benchmark: 10,000 synthetic completion pairs scored with em, es, es-difflib and id-f1
// (target <= 2 s), and CodeBLEU on 1,000 multi-line pairs (target <= 15 s). Baselines measured in
// the same run: a textbook O(n·m) DP for `es`, CPython's difflib (python3 subprocess, when python3
// is installed) for `es-difflib`, and the tree-sitter parse-only floor for CodeBLEU.
import { spawnSync } from 'node:child_process';
import { parse } from '../src/languages/parser.ts';
import type { LanguageId } from '../src/languages/types.ts';
import { codeBleu } from '../src/metrics/codebleu/index.ts';
import { editSimilarity, editSimilarityDifflib } from '../src/metrics/edit-similarity.ts';
import { codePoints, pyStrip, roundHalfEven } from '../src/metrics/pystr.ts';
import { scorePair } from '../src/metrics/registry.ts';

interface Pair {
  prediction: string;
  reference: string;
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const NAMES = [
  'result',
  'count',
  'items',
  'config',
  'buffer',
  'index',
  'value',
  'node',
  'parent',
  'request',
  'response',
  'total',
  'key',
  'ctx',
];
const CALLS = ['compute', 'load', 'parse_args', 'get', 'append', 'update', 'format', 'resolve', 'open', 'emit'];

function statement(next: () => number, language: 'python' | 'java'): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const name = pick(NAMES);
  const forms =
    language === 'python'
      ? [
          `${name} = ${pick(CALLS)}(${pick(NAMES)}, ${pick(NAMES)})`,
          `${name}.${pick(CALLS)}("${pick(NAMES)}", ${Math.floor(next() * 100)})`,
          `if ${name} > ${Math.floor(next() * 10)}:\n    return ${pick(NAMES)}`,
          `for ${name} in ${pick(NAMES)}:\n    ${pick(NAMES)} += ${name}`,
          `${name} = [${pick(NAMES)} for ${pick(NAMES)} in ${pick(NAMES)} if ${pick(NAMES)}]  # filter`,
        ]
      : [
          `${name} = ${pick(CALLS)}(${pick(NAMES)}, ${pick(NAMES)});`,
          `${name}.${pick(CALLS)}("${pick(NAMES)}", ${Math.floor(next() * 100)});`,
          `if (${name} > ${Math.floor(next() * 10)}) {\n    return ${pick(NAMES)};\n}`,
          `for (int ${name} = 0; ${name} < ${pick(NAMES)}.size(); ${name}++) {\n    ${pick(NAMES)} += ${name};\n}`,
          `String ${name} = ${pick(NAMES)}.toString(); // text`,
        ];
  return pick(forms);
}

/** A reference of `statements` statements and a prediction that differs by a few edits. */
function makePairs(count: number, statements: [number, number], language: 'python' | 'java', seed: number): Pair[] {
  const next = random(seed);
  const pairs: Pair[] = [];
  for (let index = 0; index < count; index++) {
    const lines = Array.from({ length: statements[0] + Math.floor(next() * (statements[1] - statements[0] + 1)) }, () =>
      statement(next, language),
    );
    const reference = lines.join('\n');
    const edited = lines.map((line) =>
      next() < 0.3
        ? line.replace(NAMES[Math.floor(next() * NAMES.length)]!, NAMES[Math.floor(next() * NAMES.length)]!)
        : line,
    );
    if (next() < 0.2) edited.pop();
    if (next() < 0.2) edited.push(statement(next, language));
    pairs.push({ prediction: next() < 0.1 ? reference : edited.join('\n'), reference });
  }
  return pairs;
}

/** The textbook insert/delete DP over the full table: what `es` would cost without bit-parallel LCS. */
function naiveEditSimilarity(prediction: string, reference: string): number {
  const a = codePoints(pyStrip(prediction));
  const b = codePoints(pyStrip(reference));
  if (a.length === b.length && a.every((x, i) => x === b[i])) return 100;
  if (a.length === 0 || b.length === 0) return 0;
  const table: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] = Math.min(
        table[i - 1]![j]! + 1,
        table[i]![j - 1]! + 1,
        table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 2),
      );
    }
  }
  const total = a.length + b.length;
  return roundHalfEven((100 * (total - table[a.length]![b.length]!)) / total);
}

function seconds(work: () => void): number {
  const started = performance.now();
  work();
  return (performance.now() - started) / 1000;
}

async function secondsAsync(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** CPython's difflib over the same pairs: its own loop time and its scores (null without python3). */
function pythonDifflib(pairs: Pair[]): { seconds: number; scores: number[] } | null {
  const script = [
    'import difflib, json, sys, time',
    'pairs = json.load(sys.stdin)',
    'def ratio(p, g):',
    '    p, g = p.strip(), g.strip()',
    '    if p == g: return 100',
    '    if not p or not g: return 0',
    '    return int(round(100 * difflib.SequenceMatcher(None, p, g).ratio()))',
    't = time.perf_counter()',
    'scores = [ratio(p["prediction"], p["reference"]) for p in pairs]',
    'print(json.dumps({"seconds": time.perf_counter() - t, "scores": scores}))',
  ].join('\n');
  const result = spawnSync('python3', ['-c', script], {
    input: JSON.stringify(pairs),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error || result.status !== 0) return null;
  return JSON.parse(result.stdout) as { seconds: number; scores: number[] };
}

const check = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');

export async function run(): Promise<void> {
  const pairs = makePairs(10_000, [1, 3], 'python', 42);
  const characters = pairs.reduce((sum, pair) => sum + pair.prediction.length + pair.reference.length, 0);
  console.log(
    `metrics: ${pairs.length} pairs, ${(characters / pairs.length / 2).toFixed(0)} characters per text on average`,
  );

  const textMetrics = ['em', 'es', 'es-difflib', 'id-f1'];
  await scorePair(pairs[0]!.prediction, pairs[0]!.reference, 'python', textMetrics);
  const all = await secondsAsync(async () => {
    for (const pair of pairs) await scorePair(pair.prediction, pair.reference, 'python', textMetrics);
  });
  console.log(`  em+es+es-difflib+id-f1 (scorePair)  ${all.toFixed(2)} s  (target <= 2 s: ${check(all <= 2)})`);

  let fast: number[] = [];
  let naive: number[] = [];
  const esSeconds = seconds(() => (fast = pairs.map((pair) => editSimilarity(pair.prediction, pair.reference))));
  const naiveSeconds = seconds(
    () => (naive = pairs.map((pair) => naiveEditSimilarity(pair.prediction, pair.reference))),
  );
  const esAgree = fast.every((value, index) => value === naive[index]);
  console.log(
    `  es                 ${(esSeconds * 1000).toFixed(0)} ms vs naive O(n·m) DP ${(naiveSeconds * 1000).toFixed(0)} ` +
      `ms = ${(naiveSeconds / esSeconds).toFixed(1)}x faster (same scores: ${esAgree})`,
  );

  let difflibScores: number[] = [];
  const difflibSeconds = seconds(
    () => (difflibScores = pairs.map((pair) => editSimilarityDifflib(pair.prediction, pair.reference))),
  );
  const python = pythonDifflib(pairs);
  if (python) {
    const agree = python.scores.every((value, index) => value === difflibScores[index]);
    console.log(
      `  es-difflib         ${(difflibSeconds * 1000).toFixed(0)} ms vs CPython difflib ` +
        `${(python.seconds * 1000).toFixed(0)} ms = ${(python.seconds / difflibSeconds).toFixed(1)}x faster (same ` +
        `scores: ${agree})`,
    );
  } else {
    console.log(`  es-difflib         ${(difflibSeconds * 1000).toFixed(0)} ms (python3 not available: no baseline)`);
  }

  const codePairs = [...makePairs(500, [3, 8], 'python', 7), ...makePairs(500, [3, 8], 'java', 11)];
  const languageOf = (index: number): LanguageId => (index < 500 ? 'python' : 'java');
  await codeBleu(codePairs[0]!.prediction, codePairs[0]!.reference, 'python');
  const floor = await secondsAsync(async () => {
    for (const [index, pair] of codePairs.entries()) {
      for (const text of [pair.prediction, pair.reference]) (await parse(languageOf(index), text)).delete();
    }
  });
  const codebleuSeconds = await secondsAsync(async () => {
    for (const [index, pair] of codePairs.entries()) await codeBleu(pair.prediction, pair.reference, languageOf(index));
  });
  console.log(
    `  codebleu, ${codePairs.length} pairs    ${codebleuSeconds.toFixed(2)} s vs parse-only floor ` +
      `${floor.toFixed(2)} s = ${(codebleuSeconds / floor).toFixed(1)}x floor  (target <= 15 s: ` +
      `${check(codebleuSeconds <= 15)})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
