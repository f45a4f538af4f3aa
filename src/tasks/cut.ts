// The task families' post-processing rules (tasks/family.ts `postprocess`): from the code of a model's answer (its
// first markdown fence already taken, models/postprocess.ts) to the candidate that is scored, with the rule's name.
// - crossfile: one statement. `cceval-bracket` (CrossCodeEval's rule for Java, C#, TypeScript and
//   the other `;`-terminated languages): cut after the first `;`, `{` or `}`. `cceval-python`
//   (its Python rule): the shortest prefix ending before a newline that, appended to the in-file
//   prompt, parses without ERROR node. `statement-parse` (the same idea for every other language):
//   the shortest prefix ending before a newline that, put between the prompt and the right context,
//   parses with no more ERROR/MISSING nodes than the original file, and whose statement (the
//   outermost node of the table's statementTypes that starts on the cursor's line) ends inside it.
// - node: `node-parse`, the longest prefix (at a token boundary, within the reference's line count
//   plus a margin) that, put in the hole, forms a
//   complete, error-free node of the type of the reference's node; else `node-lines`: as many lines
//   as the reference has.
// - function: `function-parse` (YABLoCo): drop `#include` lines, cut at a `main(` definition, move
//   the block to the hole's indentation, keep
//   the one definition named like the target (else the first one) found by parsing; else
//   `function-text`: the text after the first two steps.
import type { Node, Tree } from 'web-tree-sitter';
import type { TaskRecord } from '../datasets/index.ts';
import { extractFile } from '../index/index.ts';
import { parse, getLanguage, type LanguageId } from '../languages/index.ts';

/** A post-processed answer: the candidate, and the name of the rule that produced it. */
export interface Postprocessed {
  output: string;
  rule: string;
}

/** Node-rule search bounds: cut points within the reference's line count plus this many lines. */
const NODE_EXTRA_LINES = 2;
const NODE_MAX_PARSES = 200;

// ---- crossfile: one statement -------------------------------------------------------------

export async function cutToStatement(task: TaskRecord, code: string): Promise<Postprocessed> {
  if (getLanguage(task.language).bracketStatements)
    return { output: cutAfterFirstBracket(code), rule: 'cceval-bracket' };
  if (task.language === 'python') return { output: await pythonStatement(task.prefix, code), rule: 'cceval-python' };
  return { output: await parsedStatement(task, code), rule: 'statement-parse' };
}

/**
 * CrossCodeEval: up to and including the first `;`, `{` or `}`. (Their code returns the whole text
 * when that character is the very first one, a falsy-index slip not reproduced here.)
 */
export function cutAfterFirstBracket(code: string): string {
  const index = code.search(/[;{}]/);
  return index < 0 ? code : code.slice(0, index + 1);
}

/** Cut points of the "followed by a newline" rules: every j >= 1 with code[j] === '\n'. */
function newlineCuts(code: string): number[] {
  const cuts: number[] = [];
  for (let index = 1; index < code.length; index++) if (code[index] === '\n') cuts.push(index);
  return cuts;
}

/** CrossCodeEval's Python rule: prompt + code[:j] has no ERROR node; else the whole completion. */
async function pythonStatement(prefix: string, code: string): Promise<string> {
  for (const cut of newlineCuts(code)) {
    const clean = await withTree('python', prefix + code.slice(0, cut), (tree) => !containsError(tree.rootNode));
    if (clean) return code.slice(0, cut).trimEnd();
  }
  return code;
}

async function parsedStatement(task: TaskRecord, code: string): Promise<string> {
  const { statementTypes } = getLanguage(task.language);
  const statements = new Set(statementTypes);
  const baseline = await withTree(task.language, task.prefix + task.reference + task.suffix, (tree) =>
    problemCount(tree.rootNode),
  );
  const start = task.prefix.length + leadingSpace(code);
  const lineStart = task.prefix.lastIndexOf('\n') + 1;
  for (const cut of newlineCuts(code)) {
    if (cut <= leadingSpace(code)) continue;
    const end = task.prefix.length + cut;
    const accepted = await withTree(task.language, task.prefix + code.slice(0, cut) + task.suffix, (tree) => {
      if (problemCount(tree.rootNode) > baseline) return false;
      const statement = cursorStatement(tree.rootNode.descendantForIndex(start), statements, lineStart);
      return !statement || (statement.endIndex <= end && !statement.hasError);
    });
    if (accepted) return code.slice(0, cut).trimEnd();
  }
  return code;
}

// ---- node: the hole's node ----------------------------------------------------------------

export async function cutToNode(task: TaskRecord, code: string): Promise<Postprocessed> {
  const start = task.prefix.length;
  const { types, baseline } = await withTree(task.language, task.prefix + task.reference + task.suffix, (tree) => ({
    types: new Set(exactNodes(tree.rootNode, start, start + task.reference.length).map((node) => node.type)),
    baseline: problemCount(tree.rootNode),
  }));
  if (types.size > 0) {
    const lead = leadingSpace(code);
    // Longest first: a shorter prefix can form a node of the same type (`q` of `q *Queue`, `return` of `return x * 2`).
    for (const cut of tokenCuts(code, lineCount(task.reference) + NODE_EXTRA_LINES).reverse()) {
      if (cut <= lead) continue;
      const complete = await withTree(task.language, task.prefix + code.slice(0, cut) + task.suffix, (tree) => {
        const nodes = exactNodes(tree.rootNode, start + lead, start + cut);
        return nodes.some((node) => types.has(node.type) && !node.hasError) && problemCount(tree.rootNode) <= baseline;
      });
      if (complete) return { output: code.slice(0, cut), rule: 'node-parse' };
    }
  }
  return { output: code.split('\n').slice(0, lineCount(task.reference)).join('\n'), rule: 'node-lines' };
}

/** Token-boundary cut points, in text order, within the first `maxLines` lines, at most NODE_MAX_PARSES. */
function tokenCuts(code: string, maxLines: number): number[] {
  const cuts: number[] = [];
  let lines = 1;
  for (let index = 1; index <= code.length && cuts.length < NODE_MAX_PARSES; index++) {
    const previous = code[index - 1]!;
    if (previous === '\n' && ++lines > maxLines) break;
    const next = code[index];
    if (/\s/.test(previous)) continue;
    if (next !== undefined && /\w/.test(previous) && /\w/.test(next)) continue;
    cuts.push(index);
  }
  return cuts;
}

// ---- function: one definition -------------------------------------------------------------

const INCLUDE_LINE = /^[ \t]*#[ \t]*include\b.*(?:\n|$)/gm;
const MAIN_DEFINITION = /^[ \t]*(?:[A-Za-z_][\w \t*&:<>,]*[ \t*&])?main[ \t]*\([^;{)]*\)[ \t\r\n]*\{/m;

export async function cutToFunction(task: TaskRecord, code: string): Promise<Postprocessed> {
  let text = code.replace(INCLUDE_LINE, '');
  if (task.name !== 'main') {
    const main = MAIN_DEFINITION.exec(text);
    if (main) text = text.slice(0, main.index);
  }
  // The index stage's extractor finds definitions by the language table's rules.
  const { functions } = await extractFile(task.path, task.language, text);
  const chosen =
    functions.find((fn) => task.name !== undefined && (fn.name === task.name || fn.qualifiedName === task.name)) ??
    functions.find((fn) => fn.name !== 'main');
  if (chosen) {
    // The function's own line indentation is part of it (a method's `def` sits inside its class).
    const before = text.split('\n')[chosen.span.startLine - 1]!.slice(0, chosen.span.startColumn - 1);
    const chosenCode = text.slice(chosen.codeStart, chosen.codeEnd);
    const code = /^[ \t]*$/.test(before) ? `${before}${chosenCode}` : chosenCode;
    return { output: reindent(code, /^[ \t]*/.exec(task.reference)![0]), rule: 'function-parse' };
  }
  return { output: text.trim(), rule: 'function-text' };
}

/** Moves a block so its first line has the hole's indentation (a method written at top level fits its class). */
function reindent(code: string, indentation: string): string {
  const own = /^[ \t]*/.exec(code)![0];
  if (own === indentation) return code;
  return code
    .split('\n')
    .map((line) =>
      line.trim() === ''
        ? line
        : line.startsWith(own)
          ? indentation + line.slice(own.length)
          : indentation + line.trimStart(),
    )
    .join('\n');
}

// ---- tree helpers -------------------------------------------------------------------------

async function withTree<T>(language: LanguageId, text: string, use: (tree: Tree) => T): Promise<T> {
  const tree = await parse(language, text);
  try {
    return use(tree);
  } finally {
    tree.delete();
  }
}

/** CrossCodeEval's syntax check: is there a node of type ERROR (MISSING nodes do not count)? */
function containsError(node: Node): boolean {
  if (node.type === 'ERROR') return true;
  if (!node.hasError) return false;
  return node.children.some((child) => child !== null && containsError(child));
}

/** ERROR and MISSING nodes in a tree. */
function problemCount(node: Node): number {
  if (node.isMissing) return 1;
  if (!node.hasError) return 0;
  let count = node.type === 'ERROR' ? 1 : 0;
  for (const child of node.children) if (child) count += problemCount(child);
  return count;
}

/**
 * Nodes spanning exactly [start, end), innermost first (the smallest node containing the range and its same-range
 * ancestors).
 */
function exactNodes(root: Node, start: number, end: number): Node[] {
  const nodes: Node[] = [];
  if (end <= start) return nodes;
  for (
    let node: Node | null = root.descendantForIndex(start, end - 1);
    node && node.startIndex === start && node.endIndex === end;
    node = node.parent
  )
    nodes.push(node);
  return nodes;
}

/**
 * The statement the cursor is in: the outermost statement-type ancestor that starts on the
 * cursor's line (an assignment rather than the call inside it; not the method around it), else the
 * innermost statement-type ancestor.
 */
function cursorStatement(node: Node | null, statementTypes: Set<string>, lineStart: number): Node | null {
  let innermost: Node | null = null;
  let outermostOnLine: Node | null = null;
  for (let current = node; current; current = current.parent) {
    if (!statementTypes.has(current.type)) continue;
    innermost ??= current;
    if (current.startIndex >= lineStart) outermostOnLine = current;
    else break;
  }
  return outermostOnLine ?? innermost;
}

function leadingSpace(text: string): number {
  return text.length - text.trimStart().length;
}

function lineCount(text: string): number {
  return text.split('\n').length;
}
