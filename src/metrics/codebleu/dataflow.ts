// CodeBLEU's dataflow match: the data-flow graph extractors of CodeXGLUE/k4black (DFG_python,
// DFG_java, ...) expressed as one walker driven by per-language rules, then the variable renaming
// (var_0, var_1, ...) and the share of reference edges found in the candidate.
//
// Faithful to the reference in its quirks: tokens are cut from the text by tree-sitter's UTF-8
// byte columns applied to code-point strings; an extractor that fails (a missing child, an
// unknown position) yields no dataflow at all; Ruby's extractor shares its `states` with the
// caller. One deliberate difference: where the reference merges name lists through a Python set
// (an order that changes from run to run), the names are kept in first-appearance order.
import type { Node, Tree } from 'web-tree-sitter';
import type { CodeBleuLanguage } from './keywords.ts';

type Relation = 'comesFrom' | 'computedFrom';

interface Edge {
  name: string;
  index: number;
  relation: Relation;
  parentNames: string[];
  parentIndexes: number[];
}

type States = Map<string, number[]>;

interface DefinitionRule {
  types: string[];
  /** where the defined name and its value are: fields, or child positions (C#, Rust). */
  shape:
    | { kind: 'fields'; name: string; value: string }
    | { kind: 'children'; name: number; value: number; minChildren: number; maxChildren: number };
}

interface DataflowRules {
  definition: DefinitionRule;
  assignment: string[];
  /** `pairs`: one edge per (left token, right token); `parallel`: Python/Ruby tuple assignment. */
  assignmentStyle: 'pairs' | 'parallel';
  /** parallel style: assignments whose value is the last child (Python's for_in_clause). */
  valueIsLastChild?: string[];
  /** parallel style: skip an assignment without a `right` field (Python). */
  skipWithoutRight?: boolean;
  /** parallel style: left = first child, right = last child (Ruby's operator_assignment). */
  firstAndLastChild?: string[];
  increment: string[];
  branch: string[];
  /** children of a branch node that start an alternative path. */
  alternative: string[];
  /** once an alternative started, every later child is one too. */
  stickyAlternative: boolean;
  /** without an `else`, the incoming states survive. */
  keepIncomingWithoutElse: boolean;
  /** the incoming states are merged in unconditionally (Go, PHP, JavaScript). */
  mergeIncoming: boolean;
  loop: string[];
  loopStyle: { kind: 'python' } | { kind: 'ruby' } | { kind: 'c'; after: string } | { kind: 'go' };
  forEach: string[];
  forEachShape: { kind: 'fields'; name: string; value: string } | { kind: 'php' };
  whileLoop: string[];
  doFirst: string[];
  /** false for Ruby, whose extractor copies its states only at leaves. */
  copyStatesOnEntry: boolean;
}

const STRING_TYPES = new Set(['string_literal', 'string', 'character_literal']);

const C_SHARP: DataflowRules = {
  definition: {
    types: ['variable_declarator'],
    shape: { kind: 'children', name: 0, value: 1, minChildren: 2, maxChildren: 2 },
  },
  assignment: ['assignment_expression'],
  assignmentStyle: 'pairs',
  increment: ['postfix_unary_expression'],
  branch: ['if_statement', 'else'],
  alternative: ['if_statement', 'else'],
  stickyAlternative: true,
  keepIncomingWithoutElse: true,
  mergeIncoming: false,
  loop: ['for_statement'],
  loopStyle: { kind: 'c', after: 'local_variable_declaration' },
  forEach: ['for_each_statement'],
  forEachShape: { kind: 'fields', name: 'left', value: 'right' },
  whileLoop: ['while_statement'],
  doFirst: [],
  copyStatesOnEntry: true,
};

const DATAFLOW_RULES: Record<CodeBleuLanguage, DataflowRules> = {
  python: {
    definition: { types: ['default_parameter'], shape: { kind: 'fields', name: 'name', value: 'value' } },
    assignment: ['assignment', 'augmented_assignment', 'for_in_clause'],
    assignmentStyle: 'parallel',
    valueIsLastChild: ['for_in_clause'],
    skipWithoutRight: true,
    increment: [],
    branch: ['if_statement'],
    alternative: ['elif_clause', 'else_clause'],
    stickyAlternative: false,
    keepIncomingWithoutElse: true,
    mergeIncoming: false,
    loop: ['for_statement'],
    loopStyle: { kind: 'python' },
    forEach: [],
    forEachShape: { kind: 'fields', name: 'name', value: 'value' },
    whileLoop: ['while_statement'],
    doFirst: ['for_in_clause'],
    copyStatesOnEntry: true,
  },
  java: {
    definition: { types: ['variable_declarator'], shape: { kind: 'fields', name: 'name', value: 'value' } },
    assignment: ['assignment_expression'],
    assignmentStyle: 'pairs',
    increment: ['update_expression'],
    branch: ['if_statement', 'else'],
    alternative: ['if_statement', 'else'],
    stickyAlternative: true,
    keepIncomingWithoutElse: true,
    mergeIncoming: false,
    loop: ['for_statement'],
    loopStyle: { kind: 'c', after: 'local_variable_declaration' },
    forEach: ['enhanced_for_statement'],
    forEachShape: { kind: 'fields', name: 'name', value: 'value' },
    whileLoop: ['while_statement'],
    doFirst: [],
    copyStatesOnEntry: true,
  },
  c_sharp: C_SHARP,
  // XLCoST's choice, kept by CodeBLEU: C and C++ go through the C# extractor.
  c: C_SHARP,
  cpp: C_SHARP,
  ruby: {
    definition: { types: ['keyword_parameter'], shape: { kind: 'fields', name: 'name', value: 'value' } },
    assignment: ['assignment', 'operator_assignment'],
    assignmentStyle: 'parallel',
    firstAndLastChild: ['operator_assignment'],
    increment: [],
    branch: ['if', 'elsif', 'else', 'unless', 'when'],
    alternative: ['if', 'elsif', 'else', 'unless', 'when'],
    stickyAlternative: false,
    keepIncomingWithoutElse: true,
    mergeIncoming: false,
    loop: ['for'],
    loopStyle: { kind: 'ruby' },
    forEach: [],
    forEachShape: { kind: 'fields', name: 'name', value: 'value' },
    whileLoop: ['while_modifier', 'until'],
    doFirst: [],
    copyStatesOnEntry: false,
  },
  go: {
    definition: { types: ['var_spec'], shape: { kind: 'fields', name: 'name', value: 'value' } },
    assignment: ['assignment_statement'],
    assignmentStyle: 'pairs',
    increment: ['inc_statement'],
    branch: ['if_statement', 'else'],
    alternative: ['if_statement', 'else'],
    stickyAlternative: true,
    keepIncomingWithoutElse: true,
    mergeIncoming: true,
    loop: ['for_statement'],
    loopStyle: { kind: 'go' },
    forEach: [],
    forEachShape: { kind: 'fields', name: 'name', value: 'value' },
    whileLoop: [],
    doFirst: [],
    copyStatesOnEntry: true,
  },
  php: {
    definition: { types: ['simple_parameter'], shape: { kind: 'fields', name: 'name', value: 'default_value' } },
    assignment: ['assignment_expression', 'augmented_assignment_expression'],
    assignmentStyle: 'pairs',
    increment: ['update_expression'],
    branch: ['if_statement', 'else_clause'],
    alternative: ['if_statement', 'else_clause'],
    stickyAlternative: true,
    keepIncomingWithoutElse: false,
    mergeIncoming: true,
    loop: ['for_statement'],
    loopStyle: { kind: 'c', after: 'assignment_expression' },
    forEach: ['foreach_statement'],
    forEachShape: { kind: 'php' },
    whileLoop: ['while_statement'],
    doFirst: [],
    copyStatesOnEntry: true,
  },
  javascript: {
    definition: { types: ['variable_declarator'], shape: { kind: 'fields', name: 'name', value: 'value' } },
    assignment: ['assignment_pattern', 'augmented_assignment_expression'],
    assignmentStyle: 'pairs',
    increment: ['update_expression'],
    branch: ['if_statement', 'else'],
    alternative: ['if_statement', 'else'],
    stickyAlternative: true,
    keepIncomingWithoutElse: true,
    mergeIncoming: true,
    loop: ['for_statement'],
    loopStyle: { kind: 'c', after: 'variable_declaration' },
    forEach: [],
    forEachShape: { kind: 'fields', name: 'name', value: 'value' },
    whileLoop: ['while_statement'],
    doFirst: [],
    copyStatesOnEntry: true,
  },
  rust: {
    definition: {
      types: ['function_item'],
      shape: { kind: 'children', name: 1, value: 2, minChildren: 3, maxChildren: Infinity },
    },
    assignment: ['assignment_expression', 'compound_assignment_expr', 'let_expression'],
    assignmentStyle: 'pairs',
    increment: [],
    branch: ['if_expression', 'if_let_expression', 'match_expression', 'else'],
    alternative: ['if_expression', 'if_let_expression', 'match_expression', 'else'],
    stickyAlternative: true,
    keepIncomingWithoutElse: true,
    mergeIncoming: false,
    loop: ['for_expression'],
    loopStyle: { kind: 'c', after: 'local_variable_declaration' },
    forEach: ['for_each_statement'],
    forEachShape: { kind: 'fields', name: 'left', value: 'right' },
    whileLoop: ['while_expression', 'while_let_expression', 'loop_expression'],
    doFirst: [],
    copyStatesOnEntry: true,
  },
};

/** The reference raised here (AttributeError, IndexError, KeyError): no dataflow for this text. */
class ExtractionFailed extends Error {}

function required<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new ExtractionFailed();
  return value;
}

function childAt(node: Node, index: number): Node {
  const count = node.childCount;
  return required(node.child(index < 0 ? count + index : index));
}

/** web-tree-sitter types children as nullable; they never are. */
function childrenOf(node: Node): Node[] {
  return node.children.filter((child): child is Node => child !== null);
}

function isToken(node: Node): boolean {
  return (node.childCount === 0 || STRING_TYPES.has(node.type)) && node.type !== 'comment';
}

/** Positions as the Python bindings report them: (row, UTF-8 byte column). */
class SourcePositions {
  private readonly lines: string[];
  private readonly codePointLines: string[][];
  private readonly byteColumns: (Int32Array | null)[];

  constructor(text: string) {
    this.lines = text.split('\n');
    this.codePointLines = this.lines.map((line) => Array.from(line));
    this.byteColumns = this.lines.map((line) => {
      if (!/[^\x00-\x7f]/.test(line)) return null;
      const columns = new Int32Array(line.length + 1);
      let bytes = 0;
      for (let index = 0; index < line.length; index++) {
        columns[index] = bytes;
        const code = line.charCodeAt(index);
        if (code < 0x80) bytes += 1;
        else if (code < 0x800) bytes += 2;
        else if (code >= 0xd800 && code <= 0xdbff) {
          columns[index + 1] = bytes;
          bytes += 4;
          index++;
        } else bytes += 3;
      }
      columns[line.length] = bytes;
      return columns;
    });
  }

  byteColumn(row: number, column: number): number {
    return this.byteColumns[row]?.[column] ?? column;
  }

  key(node: Node): string {
    const { startPosition: s, endPosition: e } = node;
    return `${s.row},${this.byteColumn(s.row, s.column)},${e.row},${this.byteColumn(e.row, e.column)}`;
  }

  /** index_to_code_token: byte columns used as code-point offsets, as the reference does. */
  text(node: Node): string {
    const { startPosition: s, endPosition: e } = node;
    const startColumn = this.byteColumn(s.row, s.column);
    const endColumn = this.byteColumn(e.row, e.column);
    const line = (row: number) => this.codePointLines[row] ?? [];
    if (s.row === e.row) return line(s.row).slice(startColumn, endColumn).join('');
    let out = line(s.row).slice(startColumn).join('');
    for (let row = s.row + 1; row < e.row; row++) out += this.lines[row] ?? '';
    return out + line(e.row).slice(0, endColumn).join('');
  }
}

function orderedUnion<T>(a: readonly T[], b: readonly T[]): T[] {
  return [...new Set([...a, ...b])];
}

function sortedUnion(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

function byIndex(edges: Edge[]): Edge[] {
  return [...edges].sort((x, y) => x.index - y.index);
}

/** Loop bodies are walked twice; duplicate (name, index, relation) edges are merged. */
function mergeLoopEdges(edges: Edge[]): Edge[] {
  const merged = new Map<string, Edge>();
  for (const edge of edges) {
    const key = `${edge.name}\u0000${edge.index}\u0000${edge.relation}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...edge });
    else {
      seen.parentNames = orderedUnion(seen.parentNames, edge.parentNames);
      seen.parentIndexes = sortedUnion(seen.parentIndexes, edge.parentIndexes);
    }
  }
  return byIndex([...merged.values()]);
}

class DataflowExtractor {
  private readonly tokens = new Map<string, { index: number; code: string }>();

  constructor(
    private readonly rules: DataflowRules,
    private readonly positions: SourcePositions,
    root: Node,
  ) {
    let index = 0;
    const collect = (node: Node) => {
      if (isToken(node)) this.tokens.set(positions.key(node), { index: index++, code: positions.text(node) });
      else for (const child of childrenOf(node)) collect(child);
    };
    collect(root);
  }

  private token(node: Node): { index: number; code: string } {
    return required(this.tokens.get(this.positions.key(node)));
  }

  /** tree_to_variable_index: the tokens under `node` whose text differs from their node type. */
  private variables(node: Node | null): { index: number; code: string }[] {
    const found: { index: number; code: string }[] = [];
    const visit = (current: Node) => {
      if (isToken(current)) {
        const token = this.token(current);
        if (current.type !== token.code) found.push(token);
      } else for (const child of childrenOf(current)) visit(child);
    };
    visit(required(node));
    return found;
  }

  /** Edges from every left token to each right token (one parent per edge). */
  private pairEdges(names: Node | null, values: Node | null, relation: Relation, states: States): Edge[] {
    const edges: Edge[] = [];
    const valueTokens = this.variables(values);
    for (const name of this.variables(names)) {
      for (const value of valueTokens)
        edges.push({
          name: name.code,
          index: name.index,
          relation,
          parentNames: [value.code],
          parentIndexes: [value.index],
        });
      states.set(name.code, [name.index]);
    }
    return edges;
  }

  /** Python/Ruby: `a, b = c, d` pairs up the elements when the counts agree. */
  private parallelSides(node: Node): [Node[], Node[]] {
    const left = required(node.childForFieldName('left'));
    const right = required(node.childForFieldName('right'));
    let lefts = childrenOf(left).filter((child) => child.type !== ',');
    let rights = childrenOf(right).filter((child) => child.type !== ',');
    if (lefts.length !== rights.length) {
      lefts = [left];
      rights = [right];
    }
    if (lefts.length === 0) lefts = [left];
    if (rights.length === 0) rights = [right];
    return [lefts, rights];
  }

  private parallelEdges(lefts: (Node | null)[], rights: (Node | null)[], states: States): [Edge[], States] {
    const edges: Edge[] = [];
    for (const right of rights) {
      const [found, next] = this.walk(required(right), states);
      edges.push(...found);
      states = next;
    }
    const pairs = Math.min(lefts.length, rights.length);
    for (let pair = 0; pair < pairs; pair++) {
      const rightTokens = this.variables(rights[pair]!);
      for (const name of this.variables(lefts[pair]!)) {
        edges.push({
          name: name.code,
          index: name.index,
          relation: 'computedFrom',
          parentNames: rightTokens.map((token) => token.code),
          parentIndexes: rightTokens.map((token) => token.index),
        });
        states.set(name.code, [name.index]);
      }
    }
    return [edges, states];
  }

  walk(node: Node, incoming: States): [Edge[], States] {
    const rules = this.rules;
    const type = node.type;
    if (isToken(node)) {
      const states = new Map(incoming);
      const { index, code } = this.token(node);
      if (type === code) return [[], states];
      const from = states.get(code);
      if (states.has(code))
        return [[{ name: code, index, relation: 'comesFrom', parentNames: [code], parentIndexes: [...from!] }], states];
      if (type === 'identifier') states.set(code, [index]);
      return [[{ name: code, index, relation: 'comesFrom', parentNames: [], parentIndexes: [] }], states];
    }
    let states = rules.copyStatesOnEntry ? new Map(incoming) : incoming;

    if (rules.definition.types.includes(type)) {
      const shape = rules.definition.shape;
      let name: Node | null;
      let value: Node | null;
      if (shape.kind === 'fields') {
        name = node.childForFieldName(shape.name);
        value = node.childForFieldName(shape.value);
      } else {
        const count = node.childCount;
        name = childAt(node, shape.name);
        value = count >= shape.minChildren && count <= shape.maxChildren ? childAt(node, shape.value) : null;
      }
      if (value === null) {
        const edges = this.variables(name).map((token): Edge => {
          states.set(token.code, [token.index]);
          return { name: token.code, index: token.index, relation: 'comesFrom', parentNames: [], parentIndexes: [] };
        });
        return [byIndex(edges), states];
      }
      const [found, next] = this.walk(value, states);
      return [byIndex([...found, ...this.pairEdges(name, value, 'comesFrom', next)]), next];
    }

    if (rules.assignment.includes(type)) {
      if (rules.assignmentStyle === 'pairs') {
        const right = node.childForFieldName('right');
        const [found, next] = this.walk(required(right), states);
        return [
          byIndex([...found, ...this.pairEdges(node.childForFieldName('left'), right, 'computedFrom', next)]),
          next,
        ];
      }
      let lefts: (Node | null)[];
      let rights: (Node | null)[];
      if (rules.valueIsLastChild?.includes(type)) {
        rights = [childAt(node, -1)];
        lefts = [node.childForFieldName('left')];
      } else {
        if (rules.skipWithoutRight && node.childForFieldName('right') === null) return [[], states];
        [lefts, rights] = this.parallelSides(node);
        if (rules.firstAndLastChild?.includes(type)) {
          lefts = [childAt(node, 0)];
          rights = [childAt(node, -1)];
        }
      }
      const [edges, next] = this.parallelEdges(lefts, rights, states);
      return [byIndex(edges), next];
    }

    if (rules.increment.includes(type)) {
      const edges: Edge[] = [];
      const tokens = this.variables(node);
      for (const name of tokens) {
        for (const value of tokens)
          edges.push({
            name: name.code,
            index: name.index,
            relation: 'computedFrom',
            parentNames: [value.code],
            parentIndexes: [value.index],
          });
        states.set(name.code, [name.index]);
      }
      return [byIndex(edges), states];
    }

    if (rules.branch.includes(type)) return this.walkBranch(node, states);

    if (rules.loop.includes(type)) {
      const edges: Edge[] = [];
      const style = rules.loopStyle;
      if (style.kind === 'python' || style.kind === 'ruby') {
        for (let pass = 0; pass < 2; pass++) {
          const [lefts, rights] =
            style.kind === 'python'
              ? this.parallelSides(node)
              : [[node.childForFieldName('pattern')], [node.childForFieldName('value')]];
          const [found, next] = this.parallelEdges(lefts, rights, states);
          edges.push(...found);
          states = next;
          const body = style.kind === 'python' ? childAt(node, -1) : required(node.childForFieldName('body'));
          if (style.kind === 'ruby' || body.type === 'block') {
            const [inBody, after] = this.walk(body, states);
            edges.push(...inBody);
            states = after;
          }
        }
      } else {
        for (const child of childrenOf(node)) {
          const [found, next] = this.walk(child, states);
          edges.push(...found);
          states = next;
        }
        let again = false;
        for (const child of childrenOf(node)) {
          if (again) {
            const [found, next] = this.walk(child, states);
            edges.push(...found);
            states = next;
          } else if (style.kind === 'c' && child.type === style.after) {
            again = true;
          } else if (style.kind === 'go' && child.type === 'for_clause') {
            const update = child.childForFieldName('update');
            if (update !== null) {
              const [found, next] = this.walk(update, states);
              edges.push(...found);
              states = next;
            }
            again = true;
          }
        }
      }
      return [mergeLoopEdges(edges), states];
    }

    if (rules.forEach.includes(type)) {
      let name: Node | null = null;
      let value: Node | null = null;
      if (rules.forEachShape.kind === 'fields') {
        name = node.childForFieldName(rules.forEachShape.name);
        value = node.childForFieldName(rules.forEachShape.value);
      } else {
        for (const child of childrenOf(node)) {
          if (child.type !== 'variable_name') continue;
          if (value === null) value = child;
          else {
            name = child;
            break;
          }
        }
      }
      const body = node.childForFieldName('body');
      const edges: Edge[] = [];
      for (let pass = 0; pass < 2; pass++) {
        const [found, next] = this.walk(required(value), states);
        edges.push(...found, ...this.pairEdges(name, value, 'computedFrom', next));
        const [inBody, after] = this.walk(required(body), next);
        edges.push(...inBody);
        states = after;
      }
      return [mergeLoopEdges(edges), states];
    }

    if (rules.whileLoop.includes(type)) {
      const edges: Edge[] = [];
      for (let pass = 0; pass < 2; pass++) {
        for (const child of childrenOf(node)) {
          const [found, next] = this.walk(child, states);
          edges.push(...found);
          states = next;
        }
      }
      return [mergeLoopEdges(edges), states];
    }

    const edges: Edge[] = [];
    const children = childrenOf(node);
    for (const first of [true, false]) {
      for (const child of children) {
        if (rules.doFirst.includes(child.type) !== first) continue;
        const [found, next] = this.walk(child, states);
        edges.push(...found);
        states = next;
      }
    }
    return [byIndex(edges), states];
  }

  /** if/else: each alternative starts from the incoming states; the results are merged. */
  private walkBranch(node: Node, states: States): [Edge[], States] {
    const rules = this.rules;
    const edges: Edge[] = [];
    let current: States = new Map(states);
    const alternatives: States[] = [];
    let inAlternative = false;
    let hasElse = node.type.includes('else');
    for (const child of childrenOf(node)) {
      if (child.type.includes('else')) hasElse = true;
      const isAlternative = rules.alternative.includes(child.type) || (rules.stickyAlternative && inAlternative);
      if (!isAlternative) {
        const [found, next] = this.walk(child, current);
        edges.push(...found);
        current = next;
      } else {
        inAlternative = true;
        const [found, next] = this.walk(child, states);
        edges.push(...found);
        alternatives.push(next);
      }
    }
    alternatives.push(current);
    if (rules.keepIncomingWithoutElse && !hasElse) alternatives.push(states);
    const merged: States = new Map();
    for (const alternative of alternatives) {
      for (const [key, value] of alternative) merged.set(key, [...(merged.get(key) ?? []), ...value]);
    }
    if (rules.mergeIncoming) for (const [key, value] of states) merged.set(key, [...(merged.get(key) ?? []), ...value]);
    for (const [key, value] of merged)
      merged.set(
        key,
        [...new Set(value)].sort((x, y) => x - y),
      );
    return [byIndex(edges), merged];
  }
}

/** A data-flow edge with variables renamed in order of appearance. */
type NormalizedEdge = string;

/** get_data_flow + normalize_dataflow of the reference, for one parsed text. */
export function normalizedDataflow(tree: Tree, text: string, language: CodeBleuLanguage): NormalizedEdge[] {
  let edges: Edge[];
  try {
    const extractor = new DataflowExtractor(DATAFLOW_RULES[language], new SourcePositions(text), tree.rootNode);
    edges = byIndex(extractor.walk(tree.rootNode, new Map())[0]);
  } catch (error) {
    if (!(error instanceof ExtractionFailed)) throw error;
    edges = [];
  }
  // Keep only edges that take part in a flow, then merge the edges of one token.
  const linked = new Set<number>();
  for (const edge of edges) {
    if (edge.parentIndexes.length > 0) linked.add(edge.index);
    for (const parent of edge.parentIndexes) linked.add(parent);
  }
  const byToken = new Map<number, Edge>();
  for (const edge of edges) {
    if (!linked.has(edge.index)) continue;
    const seen = byToken.get(edge.index);
    byToken.set(
      edge.index,
      seen
        ? {
            ...edge,
            parentNames: orderedUnion(seen.parentNames, edge.parentNames),
            parentIndexes: orderedUnion(seen.parentIndexes, edge.parentIndexes),
          }
        : edge,
    );
  }
  const names = new Map<string, string>();
  const rename = (name: string) => {
    if (!names.has(name)) names.set(name, `var_${names.size}`);
    return names.get(name)!;
  };
  return [...byToken.values()].map((edge) => {
    const parents = edge.parentNames.map(rename);
    return JSON.stringify([rename(edge.name), edge.relation, parents]);
  });
}

/** Matched and total reference edges for one candidate/reference pair. */
export function dataflowCounts(
  candidate: readonly NormalizedEdge[],
  reference: readonly NormalizedEdge[],
): { matched: number; total: number } {
  const remaining = [...candidate];
  let matched = 0;
  for (const edge of reference) {
    const at = remaining.indexOf(edge);
    if (at >= 0) {
      matched++;
      remaining.splice(at, 1);
    }
  }
  return { matched, total: reference.length };
}
