// CrossCodeEval parity of retrieval: ctxbench's BM25 retrieval in CrossCodeEval mode against a
// Python re-typing of CrossCodeEval's own script (bench/cceval_retrieval.py: NLTK 3.8, numpy) on
// Debian source packages of its four languages. Prints, per repository: chunks whose tokens agree,
// and tasks whose top-5 (file names, texts, scores bit for bit) agree, for `bm25` (RG1, next
// chunk) and `bm25-ref`. Needs python3 with nltk and numpy (Debian: python3-nltk).
// Usage: node --import tsx bench/cceval-parity.ts [tasksPerRepo] [package:language ...]
//   e.g. bench/cceval-parity.ts 10 python-cryptography:python commons-lang3:java
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskRecord } from '../src/datasets/types.ts';
import { RepoIndex } from '../src/context/chunks.ts';
import { codeTokens } from '../src/context/nltk.ts';
import { Retrieval } from '../src/context/retrieve.ts';
import { DEFAULT_RETRIEVAL } from '../src/context/types.ts';
import type { LanguageId } from '../src/languages/types.ts';
import { randomFor } from '../src/util/random.ts';
import { sourceTree } from './sources.ts';

const DEFAULT_REPOSITORIES: { source: string; language: LanguageId; cceval: string }[] = [
  { source: 'jinja2', language: 'python', cceval: 'python' },
  { source: 'commons-io', language: 'java', cceval: 'java' },
  { source: 'newtonsoft-json', language: 'csharp', cceval: 'csharp' },
  { source: 'node-got', language: 'typescript', cceval: 'typescript' },
];
const PYTHON = '/usr/bin/python3';
const SCRIPT = new URL('./cceval_retrieval.py', import.meta.url).pathname;
const tasksPerRepo = Number(process.argv[2] ?? 30);
const REPOSITORIES =
  process.argv.length > 3
    ? process.argv.slice(3).map((arg) => {
        const [source, cceval] = arg.split(':') as [string, string];
        return { source, cceval, language: cceval as LanguageId };
      })
    : DEFAULT_REPOSITORIES;

interface Picked {
  filename: string;
  text: string;
  score: string;
}

function sampleTasks(
  root: string,
  language: LanguageId,
  files: string[],
  count: number,
): (TaskRecord & { groundtruth: string })[] {
  const random = randomFor(12, root);
  const tasks: (TaskRecord & { groundtruth: string })[] = [];
  for (let attempt = 0; tasks.length < count && attempt < count * 20; attempt++) {
    const path = random.pick(files);
    const text = readFileSync(join(root, path), 'utf8');
    const lines = text.split('\n');
    const lineIndex = random.int(lines.length);
    const line = lines[lineIndex]!;
    const indent = line.length - line.trimStart().length;
    if (line.trim().length < 8 || lineIndex < 5) continue;
    const cut = indent + Math.floor((line.length - indent) / 2);
    const offset = lines.slice(0, lineIndex).join('\n').length + 1 + cut;
    tasks.push({
      id: `${path}:${lineIndex + 1}`,
      kind: 'crossfile',
      language,
      repo: { name: 'bench', commit: null, root },
      path,
      prefix: text.slice(0, offset),
      suffix: '',
      reference: line.slice(cut),
      groundtruth: line.slice(cut),
      span: { startLine: lineIndex + 1, startColumn: cut, endLine: lineIndex + 1, endColumn: line.length },
      labels: { lines: 1 },
    });
  }
  return tasks;
}

const python = (args: string[], input?: string) =>
  execFileSync(PYTHON, [SCRIPT, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 30 });

for (const { source, language, cceval } of REPOSITORIES) {
  const root = sourceTree(source);
  const index = RepoIndex.for(root, 10, 10, 'crosscodeeval');
  const retrieval = new Retrieval({ ...DEFAULT_RETRIEVAL, compatibility: 'crosscodeeval' }, undefined, undefined);
  // tokens of every chunk
  const pyDigests = JSON.parse(python(['--tokens', root, cceval])) as Record<string, string>;
  let chunks = 0;
  let agreeing = 0;
  const extensions = new Set(
    language === 'typescript' ? ['.ts', '.tsx'] : [{ python: '.py', java: '.java', csharp: '.cs' }[cceval as 'python']],
  );
  const files = index.files.filter(
    (path) =>
      extensions.has(path.slice(path.lastIndexOf('.'))) && (language !== 'typescript' || path.startsWith('src/')),
  );
  for (const path of files) {
    for (const chunk of index.chunksOf(path)) {
      chunks++;
      const digest = createHash('md5').update(codeTokens(chunk.text).join('\0')).digest('hex');
      if (pyDigests[chunk.id] === digest) agreeing++;
    }
  }
  const pyChunks = Object.keys(pyDigests).length;
  if (files.length === 0) {
    console.log(`${source} (${cceval}): no candidate files as CrossCodeEval globs them (TypeScript: src/**)`);
    continue;
  }
  // retrieval
  const tasks = sampleTasks(root, language, files, tasksPerRepo);
  const started = Date.now();
  const reference = python(
    [],
    `${tasks
      .map((t) =>
        JSON.stringify({
          id: t.id,
          root,
          language: cceval,
          file: t.path,
          prompt: t.prefix,
          groundtruth: t.groundtruth,
        }),
      )
      .join('\n')}\n`,
  )
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string; bm25?: Picked[]; 'bm25-ref'?: Picked[] });
  const pythonSeconds = (Date.now() - started) / 1000;
  const counts = { bm25: 0, 'bm25-ref': 0 };
  const scoresExact = { bm25: 0, 'bm25-ref': 0 };
  let snippets = 0;
  const tsStarted = Date.now();
  for (const [i, t] of tasks.entries()) {
    for (const mode of ['bm25', 'bm25-ref'] as const) {
      const ours = await retrieval.retrieve(t, 'bm25', mode === 'bm25-ref');
      const theirs = reference[i]![mode] ?? [];
      snippets += theirs.length;
      const same =
        ours.length === theirs.length &&
        ours.every((s, k) => s.path === theirs[k]!.filename && s.text === theirs[k]!.text);
      const exact = same && ours.every((s, k) => s.score === Number(theirs[k]!.score));
      if (same) counts[mode]++;
      if (exact) scoresExact[mode]++;
      else if (process.env.CCEVAL_PARITY_VERBOSE) console.log(`  differs: ${t.id} ${mode}`);
    }
  }
  const tsSeconds = (Date.now() - tsStarted) / 1000;
  console.log(
    `${source} (${cceval}): ${files.length} files, chunks ${chunks} (Python ${pyChunks}), tokens agree on ` +
      `${agreeing}/${pyChunks} chunks`,
  );
  console.log(
    `  top-5 lists agree: bm25 ${counts.bm25}/${tasks.length}, bm25-ref ${counts['bm25-ref']}/${tasks.length}; with ` +
      `bit-identical scores: bm25 ${scoresExact.bm25}/${tasks.length}, bm25-ref ` +
      `${scoresExact['bm25-ref']}/${tasks.length} (${snippets} snippets)`,
  );
  console.log(
    `  time: Python ${pythonSeconds.toFixed(1)} s, ctxbench ${tsSeconds.toFixed(1)} s ` +
      `(${(pythonSeconds / Math.max(tsSeconds, 0.001)).toFixed(1)}x)`,
  );
}
