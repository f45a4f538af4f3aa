// One file's share of the `node` family (M2RC-Eval): walk the tree-sitter tree once, label every
// named node with its depth bucket and semantic class, apply the paper's per-sample filters and
// draw the holes with the file's own seeded generator. Runs on worker threads (parallel.ts).
import { readSourceText } from '../util/source-text.ts';
import { join } from 'node:path';
import { parse, getLanguage, type LanguageId, type SemanticLabel } from '../languages/index.ts';
import { DEFAULT_BUCKETS, type BucketConvention } from './types.ts';
import { lineStarts, positionAt } from '../datasets/index.ts';
import { randomFor } from '../util/random.ts';

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
  /** holes on no line of `changedLines` (a live benchmark's window), before the other filters. */
  outsideLines: number;
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

/**
 * How depths are read for buckets. The paper says "the i-th layer of a tree with N layers"; ctxbench
 * counts the root as layer 1 and N as the depth of the deepest named node (the default). Other
 * readings: the root as layer 0 (depths and N one less), or N over all nodes, anonymous ones
 * (punctuation, keywords) included.
 */

/**
 * The bucket of a node at depth `depth` (root = 1) in a tree of depth `treeDepth` (root = 1), the root read as layer
 * `rootDepth`.
 */
export function bucketOf(depth: number, treeDepth: number, rootDepth: 0 | 1 = 1): number {
  const shift = 1 - rootDepth;
  return depthBucket(depth - shift, treeDepth - shift);
}

interface CompiledRule {
  pattern: RegExp | null;
  within: readonly string[] | null;
  label: SemanticLabel;
}
const compiledRules = new Map<LanguageId, Map<string, CompiledRule[]>>();

/** A language's text rules by node type, compiled once. */
function textRules(language: LanguageId): Map<string, CompiledRule[]> {
  let rules = compiledRules.get(language);
  if (!rules) {
    rules = new Map();
    for (const rule of getLanguage(language).semanticRules ?? []) {
      const compiled = {
        pattern: rule.pattern === undefined ? null : new RegExp(rule.pattern, 'su'),
        within: rule.within ?? null,
        label: rule.label,
      };
      for (const type of rule.types) rules.set(type, [...(rules.get(type) ?? []), compiled]);
    }
    compiledRules.set(language, rules);
  }
  return rules;
}

const withinSets = new Map<LanguageId, ReadonlySet<string>>();

/** The node types a language's text rules apply within (SemanticTextRule.within), collected once. */
function withinTypes(language: LanguageId): ReadonlySet<string> {
  let types = withinSets.get(language);
  if (!types)
    withinSets.set(
      language,
      (types = new Set((getLanguage(language).semanticRules ?? []).flatMap((rule) => rule.within ?? []))),
    );
  return types;
}

/**
 * The language table's label for a hole: `Class/subclass`. `types` are the named nodes sharing the
 * hole's span, innermost first (the hole is named by the first); `within` the type of the nearest node
 * around it that some rule applies within. The table's text rules come first (of each type in turn,
 * the first whose pattern matches `text` where its `within` holds), then the innermost type's map,
 * then the fallback.
 */
export function semanticLabel(
  language: LanguageId,
  types: string | readonly string[],
  text: string,
  within?: string,
): string {
  const spec = getLanguage(language);
  const rules = textRules(language);
  const spanTypes = typeof types === 'string' ? [types] : types;
  let label: SemanticLabel | undefined;
  for (const type of spanTypes) {
    label = rules
      .get(type)
      ?.find(
        (rule) =>
          (rule.within === null || (within !== undefined && rule.within.includes(within))) &&
          (rule.pattern === null || rule.pattern.test(text)),
      )?.label;
    if (label) break;
  }
  label ??= spec.semantic[spanTypes[0]!] ?? spec.semanticFallback;
  return `${label.class}/${label.subclass}`;
}

const LETTER = /\p{L}/u;

function isWhitespace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0xfeff ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x3000
  );
}

/**
 * The reference text[start, end): its line count (counted only up to one past the limit) and the
 * first per-sample filter it fails, or null when it passes them all.
 */
export function nodeTextCheck(
  text: string,
  start = 0,
  end = text.length,
): { lines: number; problem: NodeFilter | null } {
  let first = start;
  while (first < end && isWhitespace(text.charCodeAt(first))) first++;
  // A final line break ends the last line rather than starting another (as referenceLines counts).
  const last = end > start && text.charCodeAt(end - 1) === 10 ? end - 1 : end;
  let lines = 1;
  for (let i = start; i < last && lines <= NODE_FILTERS.maxLines; i++) if (text.charCodeAt(i) === 10) lines++;
  if (first === end) return { lines, problem: 'whitespace' };
  if (lines > NODE_FILTERS.maxLines) return { lines, problem: 'tooLong' };
  if (end - start < NODE_FILTERS.shortChars) {
    let letters = 0;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code > 127 && LETTER.test(text[i]!))) letters++;
    }
    if (letters < NODE_FILTERS.minLetterShare * (end - start)) return { lines, problem: 'fewLetters' };
  }
  return { lines, problem: null };
}

/** A named node below the root, as the walk reports it. */
export interface WalkedNode {
  start: number;
  end: number;
  type: string;
  /** root = 1. */
  depth: number;
  /** inside an ERROR node, or holding an ERROR or MISSING node. */
  error: boolean;
}

/** `within`: the type id of the nearest named node around this one (a strict ancestor) of the language's rules'
 *  `within` types (SemanticTextRule.within), -1 when none. */
type Visit = (start: number, end: number, typeId: number, depth: number, error: boolean, within: number) => void;

/**
 * Walks every named node below the root in document order (one cursor pass), reporting its span,
 * type id, depth (root = 1) and whether it holds or sits in a syntax error. Returns the depth of
 * the deepest named node, of the deepest node of any kind, and the type names. A tree without
 * errors is streamed; one with errors is buffered first, since a node learns that it holds an
 * error only after its children were walked.
 */
export async function walkNamedNodes(
  language: LanguageId,
  text: string,
  visit: Visit,
): Promise<{ treeDepth: number; allDepth: number; typeName: (typeId: number) => string }> {
  const tree = await parse(language, text);
  const types = tree.language;
  try {
    const checkErrors = tree.rootNode.hasError;
    const named: boolean[] = [];
    const isNamed = (typeId: number) => (named[typeId] ??= types.nodeTypeIsNamed(typeId));
    const buffered: { start: number; end: number; typeId: number; depth: number; error: boolean; within: number }[] =
      [];
    // The rules' `within` types: for each node on the path from the root, the nearest of them at or above it (-1: none)
    const withinNames = withinTypes(language);
    const tracksWithin = withinNames.size > 0;
    const isWithin: boolean[] = [];
    const enclosing: number[] = [-1];
    // For buffered walks: the ancestors' entries (-1 when not named), and whether each is inside an ERROR node.
    const stack: number[] = [];
    const inError: boolean[] = [false];
    const errorTypeId = types.idForNodeType('ERROR', true);
    const cursor = tree.walk();
    let depth = 1;
    let treeDepth = 1;
    let allDepth = 1;
    for (;;) {
      const typeId = cursor.nodeTypeId;
      if (depth > allDepth) allDepth = depth;
      const within = tracksWithin ? enclosing[enclosing.length - 1]! : -1;
      let entry = -1;
      if (depth > 1 && isNamed(typeId)) {
        if (depth > treeDepth) treeDepth = depth;
        if (checkErrors) {
          const error = inError[inError.length - 1]! || typeId === errorTypeId || cursor.nodeIsMissing;
          entry = buffered.length;
          buffered.push({ start: cursor.startIndex, end: cursor.endIndex, typeId, depth, error, within });
          // A node holding an ERROR or MISSING node holds a syntax error too.
          if (error && !inError[inError.length - 1])
            for (const ancestor of stack) if (ancestor >= 0) buffered[ancestor]!.error = true;
        } else {
          visit(cursor.startIndex, cursor.endIndex, typeId, depth, false, within);
        }
      } else if (checkErrors && depth > 1 && cursor.nodeIsMissing && !inError[inError.length - 1]) {
        for (const ancestor of stack) if (ancestor >= 0) buffered[ancestor]!.error = true;
      }
      if (cursor.gotoFirstChild()) {
        if (tracksWithin)
          enclosing.push((isWithin[typeId] ??= withinNames.has(types.nodeTypeForId(typeId) ?? '')) ? typeId : within);
        if (checkErrors) {
          stack.push(entry);
          inError.push(inError[inError.length - 1]! || typeId === errorTypeId);
        }
        depth++;
        continue;
      }
      let done = false;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          done = true;
          break;
        }
        if (checkErrors) {
          stack.pop();
          inError.pop();
        }
        if (tracksWithin) enclosing.pop();
        depth--;
      }
      if (done) break;
    }
    cursor.delete();
    for (const node of buffered) visit(node.start, node.end, node.typeId, node.depth, node.error, node.within);
    const names: string[] = [];
    return {
      treeDepth,
      allDepth,
      typeName: (typeId) => (names[typeId] ??= types.nodeTypeForId(typeId) ?? String(typeId)),
    };
  } finally {
    tree.delete();
  }
}

/** Every named node below the root, in document order, with its type name. */
export async function listNamedNodes(
  language: LanguageId,
  text: string,
): Promise<{ nodes: WalkedNode[]; treeDepth: number }> {
  const raw: { start: number; end: number; typeId: number; depth: number; error: boolean }[] = [];
  const { treeDepth, typeName } = await walkNamedNodes(language, text, (start, end, typeId, depth, error) =>
    raw.push({ start, end, typeId, depth, error }),
  );
  return { nodes: raw.map(({ typeId, ...node }) => ({ ...node, type: typeName(typeId) })), treeDepth };
}

/** A hole: the named nodes sharing one span, innermost first, and what is around them. */
interface Span {
  start: number;
  end: number;
  /** the innermost node's type id: it names the hole. */
  typeId: number;
  /** the type ids of every named node with this span, innermost first. */
  spanTypes: number[];
  /** the nearest rules' `within` type around the span (Visit), -1 when none. */
  within: number;
  depth: number;
  error: boolean;
}

interface Candidate extends Span {
  lines: number;
}

/**
 * Walks a file's holes in document order: named nodes that share a span (Python `expression_statement >
 * assignment`) are one hole, named by the innermost of them (its type and depth), in or holding a syntax
 * error when any of them is.
 */
async function walkSpans(
  language: LanguageId,
  text: string,
  onSpan: (span: Span) => void,
): ReturnType<typeof walkNamedNodes> {
  let pending: Span | undefined;
  // Nodes come in document order, a parent right before a child with its span.
  const walked = await walkNamedNodes(language, text, (start, end, typeId, depth, error, within) => {
    if (pending && pending.start === start && pending.end === end) {
      pending = {
        start,
        end,
        typeId,
        spanTypes: [typeId, ...pending.spanTypes],
        within,
        depth,
        error: error || pending.error,
      };
      return;
    }
    if (pending) onSpan(pending);
    pending = { start, end, typeId, spanTypes: [typeId], within, depth, error };
  });
  if (pending) onSpan(pending);
  return walked;
}

/** A hole's label (semanticLabel) from the type names of its span. */
function spanLabel(language: LanguageId, text: string, span: Span, typeName: (typeId: number) => string): string {
  return semanticLabel(
    language,
    span.spanTypes.map(typeName),
    text.slice(span.start, span.end),
    span.within >= 0 ? typeName(span.within) : undefined,
  );
}

/** Every hole of a file before the filters, in document order, with its type (the innermost node's) and label. */
export async function listHoles(
  language: LanguageId,
  text: string,
): Promise<{ start: number; end: number; type: string; spanTypes: string[]; semantic: string; error: boolean }[]> {
  const spans: Span[] = [];
  const { typeName } = await walkSpans(language, text, (span) => spans.push(span));
  return spans.map((span) => ({
    start: span.start,
    end: span.end,
    type: typeName(span.typeId),
    spanTypes: span.spanTypes.map(typeName),
    semantic: spanLabel(language, text, span, typeName),
    error: span.error,
  }));
}

/** Reservoir sampling: keeps a uniform sample of `size` of the items seen so far (`seen` before this one). */
function keepSample(
  sample: Candidate[],
  seen: number,
  size: number,
  item: Candidate,
  random: { int(n: number): number },
): void {
  if (seen < size) {
    sample.push(item);
    return;
  }
  const slot = random.int(seen + 1);
  if (slot < size) sample[slot] = item;
}

/**
 * Labels, filters and draws `perFile` holes of one file (uniformly among the holes that pass the
 * filters). A hole is a span: named nodes that share one (Python `expression_statement >
 * assignment`) are one hole, named by the innermost of them (its type, depth and label).
 */
export async function sampleFile(
  file: SampledFile & { text: string },
  seed: number,
  perFile: number,
  buckets: BucketConvention = DEFAULT_BUCKETS,
): Promise<FileSample> {
  const removed: Record<NodeFilter, number> = { error: 0, whitespace: 0, tooLong: 0, fewLetters: 0 };
  const random = randomFor(seed, 'node', file.path);
  const drawn: Candidate[] = [];
  const multi: Candidate[] = [];
  let candidates = 0;
  let outsideLines = 0;
  let eligible = 0;
  let multiEligible = 0;
  const onLines = file.changedLines ? linesFilter(file.text, file.changedLines) : null;
  const settle = (node: Span) => {
    candidates++;
    if (onLines && !onLines(node.start, node.end)) {
      outsideLines++;
      return;
    }
    if (node.error) {
      removed.error++;
      return;
    }
    const { lines, problem } = nodeTextCheck(file.text, node.start, node.end);
    if (problem) {
      removed[problem]++;
      return;
    }
    const candidate = { ...node, lines };
    keepSample(drawn, eligible++, perFile, candidate, random);
    // twice as many multi-line spares, since some of them may have been drawn already
    if (lines >= 2) keepSample(multi, multiEligible++, 2 * perFile, candidate, random);
  };
  const { treeDepth, allDepth, typeName } = await walkSpans(file.language, file.text, settle);
  const label = (node: Candidate): NodeHole => {
    const type = typeName(node.typeId);
    const bucket = bucketOf(node.depth, buckets.treeDepth === 'named' ? treeDepth : allDepth, buckets.rootDepth);
    return {
      start: node.start,
      end: node.end,
      type,
      depth: node.depth,
      treeDepth,
      lines: node.lines,
      bucket,
      semantic: spanLabel(file.language, file.text, node, typeName),
    };
  };
  const multiLineAlternates = multi
    .filter((node) => !drawn.includes(node))
    .slice(0, perFile)
    .map(label);
  return { path: file.path, candidates, removed, outsideLines, drawn: drawn.map(label), multiLineAlternates };
}

/** Whether a hole (offsets, end exclusive) touches one of the line ranges (1-based, inclusive, in order). */
function linesFilter(text: string, ranges: readonly [number, number][]): (start: number, end: number) => boolean {
  const starts = lineStarts(text);
  const lineOf = (offset: number) => positionAt(starts, offset).line;
  return (start, end) => {
    const first = lineOf(start);
    const last = lineOf(Math.max(start, end - 1));
    return ranges.some(([from, to]) => from <= last && to >= first);
  };
}

export interface SampledFile {
  path: string;
  language: LanguageId;
  /** only holes on these lines (1-based inclusive ranges): the lines a live benchmark's window changed. */
  changedLines?: [number, number][];
}

export interface NodeBatch {
  root: string;
  seed: number;
  perFile: number;
  buckets: BucketConvention;
  files: SampledFile[];
}

/** Worker entry (see parallel.ts): samples each file of the batch. */
export async function handle(batch: NodeBatch): Promise<FileSample[]> {
  const samples: FileSample[] = [];
  for (const file of batch.files)
    samples.push(
      await sampleFile(
        { ...file, text: readSourceText(join(batch.root, file.path)) },
        batch.seed,
        batch.perFile,
        batch.buckets,
      ),
    );
  return samples;
}
