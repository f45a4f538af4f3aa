// The `crossfile` family (CrossCodeEval): complete a statement that uses a name which the file can
// only see through one of its project-internal imports/includes. For each such name, its first use
// in the file is the target: the cursor is put at a random token of that line before the name
// (seeded), and the reference runs to the end of the statement (tree-sitter statement boundaries;
// in the bracket languages up to the first `;`, `{` or `}`, as CrossCodeEval's post-processing cuts).
import { posix } from 'node:path';
import type { Node, Tree } from 'web-tree-sitter';
import type { TaskRecord } from '../datasets/types.ts';
import { Resolver } from '../index/resolve.ts';
import type { FileFacts } from '../index/types.ts';
import { parse } from '../languages/parser.ts';
import { getLanguage } from '../languages/registry.ts';
import type { LanguageId, LanguageSpec } from '../languages/types.ts';
import { FileTexts } from './files.ts';
import { holeAt, positionAt, referenceLines, taskId } from './hole.ts';
import { randomFor } from './random.ts';
import { limitPerGroup } from './select.ts';
import { FilterLog, type BuildOptions, type FamilyResult, type RepositoryInput } from './types.ts';

/** CrossCodeEval's minimum prompt lines; other languages use DEFAULT_PROMPT_LINES. */
export const CROSSFILE_PROMPT_LINES: Partial<Record<LanguageId, number>> = { python: 10, java: 20, typescript: 30, tsx: 30, csharp: 5 };
export const DEFAULT_PROMPT_LINES = 10;
export const REFERENCE_TOKENS = { min: 3, max: 30 } as const;

/**
 * Languages whose statements CrossCodeEval cuts after the first `;`, `{` or `}` (the same list as
 * the models stage's post-processing, so that a perfect completion, post-processed, equals the
 * reference). Other languages end the reference at the statement's end.
 */
export const BRACKET_LANGUAGES: ReadonlySet<LanguageId> = new Set(['java', 'csharp', 'typescript', 'tsx', 'javascript', 'c', 'cpp', 'objc', 'php', 'rust']);

/** A name the file sees only through a project-internal import. */
export interface CrossName {
  name: string;
  /** the repository files the import brings in. */
  files: string[];
  /** `package` when those files are in the importing file's folder, else `project`. */
  level: 'package' | 'project';
}

const MAX_INCLUDE_DEPTH = 8;

/**
 * The names a file sees through its project-internal imports: the names an import binds
 * (`from m import f`, `import a.b.C`, `import {x} from './y'`), and for includes and wildcard
 * imports every function, declaration and macro of the files reached (includes transitively).
 * Names the file defines or declares itself resolve locally and are left out.
 */
export function crossFileNames(facts: FileFacts, resolver: Resolver, factsByPath: Map<string, FileFacts>): Map<string, CrossName> {
  const dir = posix.dirname(facts.path);
  const levelOf = (files: string[]) => (files.every((file) => posix.dirname(file) === dir) ? 'package' : 'project');
  const local = new Set([...facts.functions.map((fn) => fn.name), ...facts.declarations, ...(facts.macros ?? []).map((macro) => macro.name)]);
  const names = new Map<string, CrossName>();
  const add = (name: string, files: string[]) => {
    if (!local.has(name) && !names.has(name)) names.set(name, { name, files, level: levelOf(files) });
  };
  const visited = new Set<string>([facts.path]);
  const visit = (from: FileFacts, depth: number) => {
    for (const ref of from.imports) {
      if (ref.system) continue;
      const files = resolver.resolveImport(from.path, ref).filter((file) => file !== facts.path);
      if (files.length === 0) continue;
      if (depth === 0) for (const binding of ref.bindings) add(binding, files);
      if (ref.resolve !== 'include' && !ref.wildcard) continue;
      for (const file of files) {
        const reached = factsByPath.get(file);
        if (!reached || visited.has(file)) continue;
        visited.add(file);
        for (const name of [...reached.functions.map((fn) => fn.name), ...reached.declarations, ...(reached.macros ?? []).map((macro) => macro.name)]) add(name, [file]);
        if (ref.resolve === 'include' && depth < MAX_INCLUDE_DEPTH) visit(reached, depth + 1);
      }
    }
  };
  visit(facts, 0);
  return names;
}

interface Leaf {
  start: number;
  end: number;
  comment: boolean;
}

/** Tokens overlapping [from, to): leaves of the tree, with strings and comments taken whole. */
function leavesIn(node: Node, from: number, to: number, spec: LanguageSpec, out: Leaf[] = []): Leaf[] {
  if (node.endIndex <= from || node.startIndex >= to) return out;
  const comment = spec.commentTypes.includes(node.type);
  if (node.childCount === 0 || comment || spec.stringTypes.includes(node.type)) {
    if (node.endIndex > node.startIndex) out.push({ start: node.startIndex, end: node.endIndex, comment });
    return out;
  }
  for (const child of node.children) if (child) leavesIn(child, from, to, spec, out);
  return out;
}

/** The first statement-typed descendant that starts after `offset`, in document order. */
function firstStatementAfter(node: Node, offset: number, statementTypes: Set<string>): Node | null {
  for (const child of node.namedChildren) {
    if (!child || child.endIndex <= offset) continue;
    if (child.startIndex > offset && statementTypes.has(child.type)) return child;
    const inner = firstStatementAfter(child, offset, statementTypes);
    if (inner) return inner;
  }
  return null;
}

/**
 * First uses of cross-file names: identifiers outside import statements, in document order. A
 * node of an import rule's type is an import statement when an import was recorded on its first
 * line (rules also match `require(...)` calls and `export` statements that import nothing).
 */
function firstUses(tree: Tree, text: string, names: Map<string, CrossName>, spec: LanguageSpec, importLines: Set<number>): { name: CrossName; start: number; end: number }[] {
  const identifierTypes = new Set(spec.identifierTypes);
  const importTypes = new Set(spec.imports.map((rule) => rule.type));
  const uses: { name: CrossName; start: number; end: number }[] = [];
  const seen = new Set<string>();
  const cursor = tree.walk();
  const insideImport: boolean[] = [false];
  for (;;) {
    const type = cursor.nodeType;
    const inImport = insideImport[insideImport.length - 1]! || (importTypes.has(type) && importLines.has(cursor.startPosition.row + 1));
    if (!inImport && identifierTypes.has(type)) {
      const word = text.slice(cursor.startIndex, cursor.endIndex);
      const name = names.get(word);
      if (name && !seen.has(word)) {
        seen.add(word);
        uses.push({ name, start: cursor.startIndex, end: cursor.endIndex });
      }
    }
    if (cursor.gotoFirstChild()) {
      insideImport.push(inImport);
      continue;
    }
    let done = false;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        done = true;
        break;
      }
      insideImport.pop();
    }
    if (done) break;
  }
  cursor.delete();
  return uses;
}

interface Target {
  repo: RepositoryInput;
  path: string;
  language: LanguageId;
  name: CrossName;
  start: number;
  end: number;
  tokens: number;
}

/** Cursor and reference end for one use of a cross-file name, or null when no cursor fits. */
function cut(root: Node, text: string, use: { start: number; end: number }, spec: LanguageSpec, random: () => number, starts: number[]): { start: number; end: number; tokens: number } | null {
  const statementTypes = new Set(spec.statementTypes);
  let statement: Node | null = root.descendantForIndex(use.start, use.end);
  while (statement && !statementTypes.has(statement.type)) statement = statement.parent;
  const line = positionAt(starts, use.start).line;
  const lineStart = starts[line - 1]!;
  const lineEnd = (starts[line] ?? text.length + 1) - 1;
  const from = Math.max(lineStart, statement?.startIndex ?? lineStart);
  const statementEnd = statement?.endIndex ?? lineEnd;
  const nested = statement ? firstStatementAfter(statement, use.start, statementTypes) : null;
  const limit = nested ? nested.startIndex : statementEnd;
  const scope = statement ?? root;
  const bracket = BRACKET_LANGUAGES.has(spec.id);
  const terminator = bracket ? text.slice(use.end, statementEnd).search(/[;{}]/) : -1;
  let end: number;
  if (terminator >= 0) {
    end = use.end + terminator + 1;
  } else {
    const before = leavesIn(scope, use.start, limit, spec).filter((leaf) => !leaf.comment && leaf.end <= limit);
    end = before.length > 0 ? before[before.length - 1]!.end : use.end;
  }
  end = Math.max(end, use.end);
  const onLine = leavesIn(scope, from, use.end, spec).filter((leaf) => !leaf.comment && leaf.start >= from && leaf.start <= use.start);
  // In the bracket languages a `;`, `{` or `}` between cursor and name would end the statement before the name.
  const cursors = bracket ? onLine.filter((leaf) => !/[;{}]/.test(text.slice(leaf.start, use.end))) : onLine;
  if (cursors.length === 0) return null;
  const cursor = cursors[Math.floor(random() * cursors.length)]!.start;
  const tokens = leavesIn(scope, cursor, end, spec).filter((leaf) => !leaf.comment && leaf.start >= cursor && leaf.end <= end).length;
  return { start: cursor, end, tokens };
}

/** Finds, for each reference, whether it occurs verbatim in another file of the repository. */
function foundElsewhere(targets: { repo: RepositoryInput; path: string; reference: string }[], files: FileTexts): boolean[] {
  // Anchor each reference on its longest word bounded by non-word characters inside it: any
  // occurrence elsewhere contains that word as a whole word, so only files with it are searched.
  const anchorOf = (reference: string) => {
    let best: string | null = null;
    for (const match of reference.matchAll(/\w+/g)) {
      const before = match.index === 0 ? '' : reference[match.index - 1]!;
      const after = reference[match.index + match[0].length] ?? '';
      if (before !== '' && after !== '' && (best === null || match[0].length > best.length)) best = match[0];
    }
    return best;
  };
  const anchors = targets.map((target) => anchorOf(target.reference));
  const byRepo = new Map<RepositoryInput, Set<string>>();
  targets.forEach((target, index) => {
    const set = byRepo.get(target.repo) ?? new Set<string>();
    if (anchors[index]) set.add(anchors[index]!);
    byRepo.set(target.repo, set);
  });
  const filesWithWord = new Map<RepositoryInput, Map<string, string[]>>();
  const allPaths = new Map<RepositoryInput, string[]>();
  for (const [repo, words] of byRepo) {
    const index = new Map<string, string[]>();
    const paths = repo.store.files().map((file) => file.path);
    allPaths.set(repo, paths);
    for (const path of paths) {
      const text = files.read(repo.root, path) ?? '';
      const found = new Set<string>();
      for (const match of text.matchAll(/\w+/g)) if (words.has(match[0]) && !found.has(match[0])) found.add(match[0]);
      for (const word of found) index.set(word, [...(index.get(word) ?? []), path]);
    }
    filesWithWord.set(repo, index);
  }
  return targets.map((target, index) => {
    const anchor = anchors[index];
    const paths = anchor ? filesWithWord.get(target.repo)!.get(anchor) ?? [] : allPaths.get(target.repo)!;
    return paths.some((path) => path !== target.path && (files.read(target.repo.root, path) ?? '').includes(target.reference));
  });
}

export async function buildCrossfileTasks(repos: RepositoryInput[], options: BuildOptions): Promise<FamilyResult> {
  const files = new FileTexts();
  const targets: Target[] = [];
  for (const repo of repos) {
    const stored = repo.store.files();
    const facts = repo.store.facts(stored.map((file) => file.path));
    const factsByPath = new Map(facts.map((f) => [f.path, f]));
    const resolver = new Resolver(facts);
    for (const fileFacts of facts) {
      if (options.languages && !options.languages.includes(fileFacts.language)) continue;
      const names = crossFileNames(fileFacts, resolver, factsByPath);
      if (names.size === 0) continue;
      const text = files.read(repo.root, fileFacts.path);
      if (text === null) continue;
      const spec = getLanguage(fileFacts.language);
      const tree = await parse(fileFacts.language, text);
      try {
        const starts = files.starts(repo.root, fileFacts.path);
        for (const use of firstUses(tree, text, names, spec, new Set(fileFacts.imports.map((ref) => ref.line)))) {
          const random = randomFor(options.seed, 'crossfile', fileFacts.path, use.name.name);
          const span = cut(tree.rootNode, text, use, spec, random.next, starts);
          if (span) targets.push({ repo, path: fileFacts.path, language: fileFacts.language, name: use.name, ...span });
        }
      } finally {
        tree.delete();
      }
    }
  }
  const log = new FilterLog('first uses of names seen only through a project-internal import', targets.length);
  const toTask = (target: Target): TaskRecord => {
    const text = files.read(target.repo.root, target.path)!;
    const hole = holeAt(text, target.start, target.end, files.starts(target.repo.root, target.path));
    return {
      id: taskId('crossfile', target.repo.name, target.path, hole.span),
      kind: 'crossfile',
      language: target.language,
      repo: { name: target.repo.name, commit: target.repo.commit, root: target.repo.root },
      path: target.path,
      ...hole,
      labels: { level: target.name.level, lines: referenceLines(hole.reference) },
      meta: { crossFileName: target.name.name, importedFiles: target.name.files, referenceTokens: target.tokens },
    };
  };
  let kept = log.keep('prompt too short', targets, (t) => {
    const line = positionAt(files.starts(t.repo.root, t.path), t.start).line;
    return line >= (options.minPromptLines?.[t.language] ?? CROSSFILE_PROMPT_LINES[t.language] ?? DEFAULT_PROMPT_LINES);
  });
  kept = log.keep(`reference not ${REFERENCE_TOKENS.min}-${REFERENCE_TOKENS.max} tokens`, kept, (t) => t.tokens >= REFERENCE_TOKENS.min && t.tokens <= REFERENCE_TOKENS.max);
  let tasks = kept.map(toTask);
  const elsewhere = foundElsewhere(tasks.map((task, index) => ({ repo: kept[index]!.repo, path: task.path, reference: task.reference.trim() })), files);
  tasks = log.keep('reference found verbatim in another file', tasks, (_, index) => !elsewhere[index]);
  const seen = new Set<string>();
  tasks = log.keep('duplicate reference', tasks, (task) => {
    const key = `${task.language}\0${task.reference.trim()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  tasks = limitPerGroup(tasks, options.limit, options.seed, log);
  return { tasks, filters: log.steps };
}
