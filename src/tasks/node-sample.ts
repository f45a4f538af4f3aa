// One file's share of the `node` family (M2RC-Eval): walk the tree-sitter tree once, label every
// named node with its depth bucket and semantic class, apply the paper's per-sample filters and
// draw the holes with the file's own seeded generator. Runs on worker threads (node-worker.ts).
import { parse } from '../languages/parser.ts';
import { getLanguage } from '../languages/registry.ts';
import type { LanguageId } from '../languages/types.ts';
import { randomFor } from './random.ts';

export const NODE_FILTERS = {
  maxLines: 5,
  /** references shorter than this need `minLetterShare` letters. */
  shortChars: 20,
  minLetterShare: 0.2,
  /** at least this share of the holes spans two or more lines. */
  multiLineShare: 0.3,
  buckets: 10,
} as const;

/** Filter names in the order they run, as the manifest reports them. */
export const NODE_FILTER_NAMES = {
  error: 'inside a syntax error',
  whitespace: 'all whitespace',
  tooLong: `more than ${NODE_FILTERS.maxLines} lines`,
  fewLetters: `under ${NODE_FILTERS.shortChars} characters with under ${NODE_FILTERS.minLetterShare * 100}% letters`,
} as const;
export type NodeFilter = keyof typeof NODE_FILTER_NAMES;

/** A candidate hole: one named node. */
export interface NodeHole {
  start: number;
  end: number;
  type: string;
  /** root = 1. */
  depth: number;
  /** depth of the file's deepest named node. */
  treeDepth: number;
  lines: number;
  bucket: number;
  /** `Class/subclass`. */
  semantic: string;
}

export interface FileSample {
  path: string;
  /** named nodes below the root. */
  candidates: number;
  removed: Record<NodeFilter, number>;
  /** the holes drawn, in draw order. */
  drawn: NodeHole[];
  /** multi-line holes not drawn, in draw order: replacements when the 30% share is short. */
  multiLineAlternates: NodeHole[];
}

/**
 * M2RC-Eval's bucket: ceil(i / (N / M)) for a node at depth i (root = 1) of a tree of depth N,
 * computed as ceil(M * i / N) in integers so that i = N is exactly bucket M.
 */
export function depthBucket(depth: number, treeDepth: number, buckets: number = NODE_FILTERS.buckets): number {
  return Math.max(1, Math.ceil((buckets * depth) / treeDepth));
}

/** The language table's label for a node type: `Class/subclass`. */
export function semanticLabel(language: LanguageId, nodeType: string): string {
  const spec = getLanguage(language);
  const label = spec.semantic[nodeType] ?? spec.semanticFallback;
  return `${label.class}/${label.subclass}`;
}

function isWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0xfeff || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x3000;
}

/**
 * The reference text[start, end): its line count (counted only up to one past the limit) and the
 * first per-sample filter it fails, or null when it passes them all.
 */
export function nodeTextCheck(text: string, start = 0, end = text.length): { lines: number; problem: NodeFilter | null } {
  let first = start;
  while (first < end && isWhitespace(text.charCodeAt(first))) first++;
  // A final line break ends the last line rather than starting another (as referenceLines counts).
  const last = end > start && text.charCodeAt(end - 1) === 10 ? end - 1 : end;
  let lines = 1;
  for (let i = start; i < last && lines <= NODE_FILTERS.maxLines; i++) if (text.charCodeAt(i) === 10) lines++;
  if (first === end) return { lines, problem: 'whitespace' };
  if (lines > NODE_FILTERS.maxLines) return { lines, problem: 'tooLong' };
  if (end - start < NODE_FILTERS.shortChars) {
    const letters = text.slice(start, end).match(/\p{L}/gu)?.length ?? 0;
    if (letters < NODE_FILTERS.minLetterShare * (end - start)) return { lines, problem: 'fewLetters' };
  }
  return { lines, problem: null };
}

export interface WalkedNode {
  start: number;
  end: number;
  type: string;
  depth: number;
  error: boolean;
}

/** Every named node below the root, in document order, with its depth and whether it holds a syntax error. */
export async function walkNamedNodes(language: LanguageId, text: string): Promise<{ nodes: WalkedNode[]; treeDepth: number }> {
  const tree = await parse(language, text);
  try {
    const checkErrors = tree.rootNode.hasError;
    const cursor = tree.walk();
    const nodes: WalkedNode[] = [];
    const named: boolean[] = [];
    const isNamed = (typeId: number) => (named[typeId] ??= tree.language.nodeTypeIsNamed(typeId));
    // Ancestors' entries in `nodes` (-1 for the root, which is not a candidate), and whether each is inside an ERROR node.
    const stack: number[] = [];
    const inError: boolean[] = [false];
    let depth = 1;
    let treeDepth = 1;
    for (;;) {
      let entry = -1;
      const error = checkErrors && (inError[inError.length - 1]! || cursor.nodeType === 'ERROR' || cursor.nodeIsMissing);
      if (depth > 1 && isNamed(cursor.nodeTypeId)) {
        entry = nodes.length;
        nodes.push({ start: cursor.startIndex, end: cursor.endIndex, type: cursor.nodeType, depth, error });
        if (depth > treeDepth) treeDepth = depth;
      }
      // A node holding an ERROR or MISSING node holds a syntax error too.
      if (error && !inError[inError.length - 1]) for (const ancestor of stack) if (ancestor >= 0) nodes[ancestor]!.error = true;
      if (cursor.gotoFirstChild()) {
        stack.push(entry);
        inError.push(error);
        depth++;
        continue;
      }
      let done = false;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          done = true;
          break;
        }
        stack.pop();
        inError.pop();
        depth--;
      }
      if (done) break;
    }
    cursor.delete();
    return { nodes, treeDepth };
  } finally {
    tree.delete();
  }
}

/** Labels, filters and draws `perFile` holes of one file. */
export async function sampleFile(file: { path: string; language: LanguageId; text: string }, seed: number, perFile: number): Promise<FileSample> {
  const { nodes, treeDepth } = await walkNamedNodes(file.language, file.text);
  const removed: Record<NodeFilter, number> = { error: 0, whitespace: 0, tooLong: 0, fewLetters: 0 };
  const eligible: (WalkedNode & { lines: number })[] = [];
  for (const node of nodes) {
    if (node.error) {
      removed.error++;
      continue;
    }
    const { lines, problem } = nodeTextCheck(file.text, node.start, node.end);
    if (problem) removed[problem]++;
    else eligible.push({ ...node, lines });
  }
  const label = (node: WalkedNode & { lines: number }): NodeHole => ({
    start: node.start,
    end: node.end,
    type: node.type,
    depth: node.depth,
    treeDepth,
    lines: node.lines,
    bucket: depthBucket(node.depth, treeDepth),
    semantic: semanticLabel(file.language, node.type),
  });
  const order = randomFor(seed, 'node', file.path).shuffle(eligible);
  const drawn = order.slice(0, perFile).map(label);
  const multiLineAlternates = order.slice(perFile).filter((node) => node.lines >= 2).slice(0, perFile).map(label);
  return { path: file.path, candidates: nodes.length, removed, drawn, multiLineAlternates };
}
