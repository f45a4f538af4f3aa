// One file's share of the `crossfile` family (runs on worker threads): find the first use of each
// cross-file name outside the import statements, put the cursor at a seeded random token of its
// line before the name, and cut the reference at the end of the statement.
import { readSourceText } from '../util/source-text.ts';
import { join } from 'node:path';
import type { Language, Node, Tree } from 'web-tree-sitter';
import { parse, getLanguage, type LanguageId, type LanguageSpec } from '../languages/index.ts';
import { lineStarts, positionAt } from '../datasets/index.ts';
import { randomFor } from '../util/random.ts';

export interface CrossfileJob {
  path: string;
  language: LanguageId;
  /** the names the file sees only through its project-internal imports. */
  names: string[];
  /** lines holding an import (import statements are not uses). */
  importLines: number[];
}

export interface CrossfileBatch {
  root: string;
  seed: number;
  files: CrossfileJob[];
}

/** A candidate hole: the first use of `name`, cut at [start, end). */
export interface CrossfileTarget {
  name: string;
  start: number;
  end: number;
  /** tokens of the reference (comments left out, strings whole). */
  tokens: number;
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

/** For each type id of a grammar: whether it is one of `types` (aliases give one name several ids). */
function typeIdMask(language: Language, types: Iterable<string>): boolean[] {
  const wanted = new Set(types);
  return Array.from({ length: language.nodeTypeCount }, (_, id) => wanted.has(language.nodeTypeForId(id) ?? ''));
}

/**
 * First uses of the names: identifiers outside import statements and off the lines that hold an
 * import, in document order. A node of an import rule's type is an import statement when an import
 * was recorded on its first line (rules also match `require(...)` calls and `export` statements
 * that import nothing).
 */
function firstUses(
  tree: Tree,
  text: string,
  names: Set<string>,
  spec: LanguageSpec,
  importLines: Set<number>,
): { name: string; start: number; end: number }[] {
  const identifier = typeIdMask(tree.language, spec.identifierTypes);
  const importNode = typeIdMask(
    tree.language,
    spec.imports.map((rule) => rule.type),
  );
  const uses: { name: string; start: number; end: number }[] = [];
  const seen = new Set<string>();
  const cursor = tree.walk();
  const insideImport: boolean[] = [false];
  for (;;) {
    const typeId = cursor.nodeTypeId;
    const onImportLine = importLines.has(cursor.startPosition.row + 1);
    const inImport = insideImport[insideImport.length - 1]! || (importNode[typeId] === true && onImportLine);
    // A name on an import's line is part of it too: `local fs = require("a.fs")`, `const x = require('./x')` bind it
    // outside the call.
    if (!inImport && !onImportLine && identifier[typeId]) {
      const start = cursor.startIndex;
      const end = cursor.endIndex;
      const word = text.slice(start, end);
      if (names.has(word) && !seen.has(word)) {
        seen.add(word);
        uses.push({ name: word, start, end });
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

/** Cursor and reference end for one use of a cross-file name, or null when no cursor fits. */
function cut(
  root: Node,
  text: string,
  use: { start: number; end: number },
  spec: LanguageSpec,
  random: () => number,
  starts: number[],
): { start: number; end: number; tokens: number } | null {
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
  // CrossCodeEval cuts these languages' statements after the first `;`, `{` or `}` (as the models
  // stage's post-processing does, so a perfect completion equals the reference); others end at the statement's end.
  const bracket = spec.bracketStatements === true;
  const terminator = bracket ? text.slice(use.end, statementEnd).search(/[;{}]/) : -1;
  // A `}` on a later line closes a construct around the use (a struct's fields, a block's tail
  // expression): the statement has no terminator of its own and the hole would run onto that brace.
  if (terminator >= 0 && text[use.end + terminator] === '}' && text.slice(use.end, use.end + terminator).includes('\n'))
    return null;
  let end: number;
  if (terminator >= 0) {
    end = use.end + terminator + 1;
  } else {
    const before = leavesIn(scope, use.start, limit, spec).filter((leaf) => !leaf.comment && leaf.end <= limit);
    end = before.length > 0 ? before[before.length - 1]!.end : use.end;
  }
  end = Math.max(end, use.end);
  const onLine = leavesIn(scope, from, use.end, spec).filter(
    (leaf) => !leaf.comment && leaf.start >= from && leaf.start <= use.start,
  );
  // In the bracket languages a `;`, `{` or `}` between cursor and name would end the statement before the name.
  const cursors = bracket ? onLine.filter((leaf) => !/[;{}]/.test(text.slice(leaf.start, use.end))) : onLine;
  if (cursors.length === 0) return null;
  const cursor = cursors[Math.floor(random() * cursors.length)]!.start;
  const tokens = leavesIn(scope, cursor, end, spec).filter(
    (leaf) => !leaf.comment && leaf.start >= cursor && leaf.end <= end,
  ).length;
  return { start: cursor, end, tokens };
}

/** The candidate holes of one file. */
export async function cutFile(job: CrossfileJob, text: string, seed: number): Promise<CrossfileTarget[]> {
  const spec = getLanguage(job.language);
  const tree = await parse(job.language, text);
  try {
    const starts = lineStarts(text);
    const targets: CrossfileTarget[] = [];
    for (const use of firstUses(tree, text, new Set(job.names), spec, new Set(job.importLines))) {
      const span = cut(tree.rootNode, text, use, spec, randomFor(seed, 'crossfile', job.path, use.name).next, starts);
      if (span) targets.push({ name: use.name, ...span });
    }
    return targets;
  } finally {
    tree.delete();
  }
}

/** Worker entry (see parallel.ts): the candidate holes of each file of the batch. */
export async function handle(batch: CrossfileBatch): Promise<CrossfileTarget[][]> {
  const results: CrossfileTarget[][] = [];
  for (const job of batch.files)
    results.push(await cutFile(job, readSourceText(join(batch.root, job.path)), batch.seed));
  return results;
}
