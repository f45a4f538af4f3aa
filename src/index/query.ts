// Reading an index: function records with their callees, the call graph, a per-language summary,
// and git-blame dates (computed on demand per file, cached by file hash).
import { execFileSync } from 'node:child_process';
import type { IndexStore } from './store.ts';
import { callLevelIn, callNameIn, contextLevel } from './resolve.ts';
import type { CallLevel, ContextLevel, FunctionRecord, LevelMode, ResolvedCall } from './types.ts';

export interface CalleeRef {
  name: string;
  /** null for standard-library and external callees. */
  path: string | null;
  startLine: number | null;
  level: CallLevel;
  id: string | null;
}

/** The `ctxbench functions --jsonl` record. */
export interface FunctionListing {
  id: string;
  name: string;
  qualifiedName: string;
  path: string;
  language: string;
  startLine: number;
  endLine: number;
  signature: string;
  docstring: string | null;
  code: string;
  level: ContextLevel;
  /** the functions it calls, each once: calls resolved to one definition, the standard library or an external one. */
  callees: CalleeRef[];
  /** calls that stay ambiguous, each once by name with its candidates: never counted as callees. */
  ambiguous: { name: string; candidates: CalleeRef[] }[];
  callers: number;
  lastCommit: string | null;
}

/** Every function with its distinct callees (unresolved calls, and calls the level mode does not count, left out). */
export function listFunctions(
  store: IndexStore,
  options: { blame?: boolean; levels?: LevelMode } = {},
): FunctionListing[] {
  const mode = options.levels ?? 'default';
  const functions = store.functions();
  const byId = new Map(functions.map((f) => [f.id, f]));
  const callsByCaller = groupCalls(store.calls());
  const dates = options.blame ? blameDates(store, functions) : new Map<string, string | null>();
  return functions.map((f) => ({
    id: f.id,
    name: f.name,
    qualifiedName: f.qualifiedName,
    path: f.path,
    language: f.language,
    startLine: f.span.startLine,
    endLine: f.span.endLine,
    signature: f.signature,
    docstring: f.docstring,
    code: f.code,
    level: mode === 'default' ? f.level : contextLevel(callsByCaller.get(f.id) ?? [], mode),
    ...calleesOf(callsByCaller.get(f.id) ?? [], byId, mode),
    callers: f.callers,
    lastCommit: dates.get(f.id) ?? null,
  }));
}

function groupCalls(calls: ResolvedCall[]): Map<string, ResolvedCall[]> {
  const grouped = new Map<string, ResolvedCall[]>();
  for (const call of calls) {
    const list = grouped.get(call.callerId) ?? [];
    list.push(call);
    grouped.set(call.callerId, list);
  }
  return grouped;
}

/** A function's callees (each once) and its ambiguous calls (each name once, with its candidates, apart). */
function calleesOf(
  calls: ResolvedCall[],
  byId: Map<string, FunctionRecord>,
  mode: LevelMode,
): Pick<FunctionListing, 'callees' | 'ambiguous'> {
  const seen = new Set<string>();
  const callees: CalleeRef[] = [];
  const ambiguous = new Map<string, CalleeRef[]>();
  const refOf = (name: string, id: string | null, level: CallLevel): CalleeRef => {
    const target = id ? byId.get(id) : undefined;
    return { name, path: target?.path ?? null, startLine: target?.span.startLine ?? null, level, id };
  };
  for (const call of calls) {
    const level = callLevelIn(call, mode);
    if (level === null || level === 'unresolved') continue;
    const name = callNameIn(call, mode);
    // the callee YABLoCo's clang names instead (a declaration, a pointer variable) is one callee with no function
    // record here
    const named = mode === 'yabloco' && call.yablocoName !== undefined;
    if (call.ambiguous && call.calleeIds.length > 1 && !named) {
      if (!ambiguous.has(name))
        ambiguous.set(
          name,
          call.calleeIds.map((id) => refOf(name, id, level)),
        );
      continue;
    }
    const id = named ? null : (call.calleeIds[0] ?? null);
    const key = `${name}\0${id ?? level}`;
    if (seen.has(key)) continue;
    seen.add(key);
    callees.push(refOf(name, id, level));
  }
  return { callees, ambiguous: [...ambiguous].map(([name, candidates]) => ({ name, candidates })) };
}

/** The call graph: nodes are functions, edges resolved calls (ambiguous ones to every candidate). */
export function callGraph(store: IndexStore): {
  nodes: { id: string; name: string; path: string; level: ContextLevel }[];
  edges: { from: string; to: string; level: CallLevel; ambiguous: boolean }[];
} {
  const nodes = store.functions().map((f) => ({ id: f.id, name: f.qualifiedName, path: f.path, level: f.level }));
  const edges: { from: string; to: string; level: CallLevel; ambiguous: boolean }[] = [];
  const seen = new Set<string>();
  for (const call of store.calls()) {
    for (const to of call.calleeIds) {
      const key = `${call.callerId}>${to}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({ from: call.callerId, to, level: call.level, ambiguous: call.ambiguous });
    }
  }
  return { nodes, edges };
}

export function graphToDot(graph: ReturnType<typeof callGraph>): string {
  const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const lines = ['digraph calls {', '  node [shape=box, fontname="monospace"];'];
  for (const node of graph.nodes) lines.push(`  ${quote(node.id)} [label=${quote(`${node.name}\n${node.path}`)}];`);
  for (const edge of graph.edges)
    lines.push(
      `  ${quote(edge.from)} -> ${quote(edge.to)} ` +
        `[label=${quote(edge.level)}${edge.ambiguous ? ', style=dashed' : ''}];`,
    );
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export interface LanguageSummary {
  language: string;
  files: number;
  lines: number;
  functions: number;
  calls: number;
  /** share of call sites resolved to a definition, the standard library or an external declaration. */
  resolvedShare: number;
  levels: Record<ContextLevel, number>;
}

export function summarize(store: IndexStore): LanguageSummary[] {
  const summaries = new Map<string, LanguageSummary>();
  const entry = (language: string) => {
    let summary = summaries.get(language);
    if (!summary) {
      summary = {
        language,
        files: 0,
        lines: 0,
        functions: 0,
        calls: 0,
        resolvedShare: 0,
        levels: { project: 0, package: 0, file: 0, stdlib: 0, none: 0 },
      };
      summaries.set(language, summary);
    }
    return summary;
  };
  for (const file of store.files()) {
    const summary = entry(file.language);
    summary.files++;
    summary.lines += file.lines;
  }
  const languageOf = new Map<string, string>();
  for (const f of store.functions()) {
    const summary = entry(f.language);
    summary.functions++;
    summary.levels[f.level]++;
    languageOf.set(f.id, f.language);
  }
  const resolved = new Map<string, number>();
  for (const call of store.calls()) {
    const language = languageOf.get(call.callerId)!;
    entry(language).calls++;
    if (call.level !== 'unresolved') resolved.set(language, (resolved.get(language) ?? 0) + 1);
  }
  for (const summary of summaries.values())
    summary.resolvedShare = summary.calls ? (resolved.get(summary.language) ?? 0) / summary.calls : 0;
  return [...summaries.values()].sort((a, b) => a.language.localeCompare(b.language));
}

/** Newest commit date (YYYY-MM-DD) over each function's lines, via `git blame`, cached per file hash. */
export function blameDates(store: IndexStore, functions: FunctionRecord[]): Map<string, string | null> {
  const dates = new Map<string, string | null>();
  const lines = lineBlame(store);
  if (!lines) return dates;
  for (const f of functions) dates.set(f.id, lines(f.path, f.span.startLine, f.span.endLine));
  return dates;
}

/**
 * A reader of each line's commit time (seconds, 0 where unknown; index 0 is line 1) of a file, blaming each file
 * once (cached in the index by file hash); null outside a git checkout.
 */
export function lineTimes(store: IndexStore): ((path: string) => number[]) | null {
  const root = store.meta('root');
  if (!root || !isGitCheckout(root)) return null;
  const hashes = new Map(store.files().map((f) => [f.path, f.hash]));
  const timesByPath = new Map<string, number[]>();
  return (path) => {
    let times = timesByPath.get(path);
    if (!times) {
      const hash = hashes.get(path) ?? '';
      times = store.blameTimes(path, hash) ?? undefined;
      if (!times) {
        // An untracked file has no dates: remembered as an empty list, so git is asked once per file version.
        times = gitBlameTimes(root, path) ?? [];
        store.putBlameTimes(path, hash, times);
      }
      timesByPath.set(path, times);
    }
    return times;
  };
}

/**
 * A reader of the newest commit date (YYYY-MM-DD, null when untracked) over a file's line range; null outside a git
 * checkout.
 */
export function lineBlame(
  store: IndexStore,
): ((path: string, startLine: number, endLine: number) => string | null) | null {
  const timesOf = lineTimes(store);
  if (!timesOf) return null;
  return (path, startLine, endLine) => {
    const times = timesOf(path);
    let newest = 0;
    for (let line = startLine; line <= endLine; line++) newest = Math.max(newest, times[line - 1] ?? 0);
    return newest > 0 ? new Date(newest * 1000).toISOString().slice(0, 10) : null;
  };
}

function isGitCheckout(root: string): boolean {
  try {
    execFileSync('git', ['-C', root, 'rev-parse', '--is-inside-work-tree'], { stdio: ['ignore', 'pipe', 'ignore'] });
    return true;
  } catch {
    return false;
  }
}

/** Committer time (seconds) of every line of a file, or null when git cannot blame it. */
function gitBlameTimes(root: string, path: string): number[] | null {
  let output: string;
  try {
    output = execFileSync('git', ['-C', root, 'blame', '--porcelain', '--', path], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
  const commitTimes = new Map<string, number>();
  const lineCommits: string[] = [];
  let current = '';
  for (const line of output.split('\n')) {
    const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(line);
    if (header) {
      current = header[1]!;
      lineCommits[Number(header[2]) - 1] = current;
    } else if (line.startsWith('committer-time ')) {
      commitTimes.set(current, Number(line.slice('committer-time '.length)));
    }
  }
  return lineCommits.map((sha) => commitTimes.get(sha) ?? 0);
}
