// A parsed tree copied out of the wasm parser into typed arrays in one cursor walk, with nodes that answer every
// question from those arrays. Why: each web-tree-sitter Node getter is a call into wasm that copies the node through
// a transfer buffer and builds a new object; the index asks millions of them (it cost 1.4x the parse itself on LLVM).
// The walk calls the cursor's wasm functions directly: the cursor lives in the runtime's transfer buffer between
// calls, so nothing is copied on the JavaScript side (about 0.3x a parse for every node of the tree).
// A node's fields are the cursor's, as tree-sitter prints a tree: web-tree-sitter's `childForFieldName` also answers a
// field the grammar passes up from a child's children (Lua's `assignment_statement name:`), misses a few of a node's
// own (Haskell's `type_params bind:`) and may name an ERROR node before the field's node in a tree with errors.
import type { Point, Tree } from 'web-tree-sitter';
import { wasmRuntime, type CursorRuntime } from './parser.ts';

/** The part of web-tree-sitter's Node the index reads: a FlatNode and a web-tree-sitter Node both have it. */
export interface SyntaxNode {
  readonly id: number;
  readonly type: string;
  readonly isNamed: boolean;
  readonly text: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startPosition: Point;
  readonly endPosition: Point;
  readonly parent: SyntaxNode | null;
  readonly children: (SyntaxNode | null)[];
  readonly namedChildren: (SyntaxNode | null)[];
  readonly childCount: number;
  readonly namedChildCount: number;
  readonly firstNamedChild: SyntaxNode | null;
  readonly lastNamedChild: SyntaxNode | null;
  readonly previousSibling: SyntaxNode | null;
  readonly previousNamedSibling: SyntaxNode | null;
  child(index: number): SyntaxNode | null;
  namedChild(index: number): SyntaxNode | null;
  childForFieldName(fieldName: string): SyntaxNode | null;
  fieldNameForNamedChild(index: number): string | null;
  childrenForFieldName(fieldName: string): (SyntaxNode | null)[];
  descendantsOfType(types: string | string[]): (SyntaxNode | null)[];
}

/** Every node of a tree, in preorder (a node's number is its place in document order, ancestors first). */
export class FlatTree {
  readonly size: number;
  private lineStarts: number[] | undefined;

  constructor(
    /** the text the tree was parsed from. */
    readonly source: string,
    private readonly typeNames: readonly string[],
    private readonly fieldNames: readonly (string | null)[],
    readonly types: Uint16Array,
    readonly named: Uint8Array,
    readonly fields: Uint16Array,
    readonly starts: Uint32Array,
    readonly ends: Uint32Array,
    readonly parents: Int32Array,
    readonly firstChildren: Int32Array,
    readonly nextSiblings: Int32Array,
    readonly previousSiblings: Int32Array,
  ) {
    this.size = types.length;
  }

  get rootNode(): FlatNode {
    return new FlatNode(this, 0);
  }

  typeName(node: number): string {
    return this.typeNames[this.types[node]!] || 'ERROR';
  }

  fieldName(node: number): string | null {
    return this.fieldNames[this.fields[node]!] ?? null;
  }

  /** The field id of a name, as web-tree-sitter finds it (-1 when the grammar has no such field). */
  fieldId(name: string): number {
    return this.fieldNames.indexOf(name);
  }

  /** A text offset's row and column (tree-sitter's rows end at `\n`; columns count UTF-16 code units, like offsets). */
  point(offset: number): Point {
    const starts = (this.lineStarts ??= lineStartsOf(this.source));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { row: low, column: offset - starts[low]! };
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Growable columns of a flattening (one set per thread, reused from tree to tree). */
let scratch = columns(1 << 16);

function columns(capacity: number) {
  return {
    capacity,
    types: new Uint16Array(capacity),
    named: new Uint8Array(capacity),
    fields: new Uint16Array(capacity),
    starts: new Uint32Array(capacity),
    ends: new Uint32Array(capacity),
    parents: new Int32Array(capacity),
  };
}

function grown(from: typeof scratch) {
  const to = columns(from.capacity * 2);
  to.types.set(from.types);
  to.named.set(from.named);
  to.fields.set(from.fields);
  to.starts.set(from.starts);
  to.ends.set(from.ends);
  to.parents.set(from.parents);
  return to;
}

/** Copies a tree parsed from `source` into a FlatTree (the tree is left as it was; the caller still deletes it). */
export function flatten(tree: Tree, source: string): FlatTree {
  const runtime: CursorRuntime = wasmRuntime();
  // the cursor starts at the root; from here on it lives in the transfer buffer, which nothing else touches
  tree.walk();
  const handle = (tree as unknown as { 0: number })[0];
  let count = 0;
  let parent = -1;
  const ancestors: number[] = [];
  try {
    for (;;) {
      if (count === scratch.capacity) scratch = grown(scratch);
      scratch.types[count] = runtime._ts_tree_cursor_current_node_type_id_wasm(handle);
      scratch.named[count] = runtime._ts_tree_cursor_current_node_is_named_wasm(handle);
      scratch.fields[count] = runtime._ts_tree_cursor_current_field_id_wasm(handle);
      scratch.starts[count] = runtime._ts_tree_cursor_start_index_wasm(handle);
      scratch.ends[count] = runtime._ts_tree_cursor_end_index_wasm(handle);
      scratch.parents[count] = parent;
      const node = count++;
      if (runtime._ts_tree_cursor_goto_first_child_wasm(handle)) {
        ancestors.push(parent);
        parent = node;
        continue;
      }
      while (!runtime._ts_tree_cursor_goto_next_sibling_wasm(handle)) {
        if (!runtime._ts_tree_cursor_goto_parent_wasm(handle)) return flatTree(tree, source, count);
        parent = ancestors.pop()!;
      }
    }
  } finally {
    runtime._ts_tree_cursor_delete_wasm(handle);
  }
}

function flatTree(tree: Tree, source: string, count: number): FlatTree {
  const parents = scratch.parents.slice(0, count);
  const firstChildren = new Int32Array(count).fill(-1);
  const nextSiblings = new Int32Array(count).fill(-1);
  const previousSiblings = new Int32Array(count).fill(-1);
  const lastChildren = new Int32Array(count).fill(-1);
  for (let node = 1; node < count; node++) {
    const parent = parents[node]!;
    const previous = lastChildren[parent]!;
    if (previous < 0) firstChildren[parent] = node;
    else {
      nextSiblings[previous] = node;
      previousSiblings[node] = previous;
    }
    lastChildren[parent] = node;
  }
  return new FlatTree(
    source,
    tree.language.types,
    tree.language.fields,
    scratch.types.slice(0, count),
    scratch.named.slice(0, count),
    scratch.fields.slice(0, count),
    scratch.starts.slice(0, count),
    scratch.ends.slice(0, count),
    parents,
    firstChildren,
    nextSiblings,
    previousSiblings,
  );
}

/**
 * A node of a FlatTree. As with web-tree-sitter, each question that returns a node returns a new object (`id` tells
 * two apart), but for `children` and `namedChildren`, kept by the object that was asked.
 */
export class FlatNode implements SyntaxNode {
  private childList: FlatNode[] | undefined;
  private namedChildList: FlatNode[] | undefined;

  constructor(
    private readonly tree: FlatTree,
    readonly id: number,
  ) {}

  private at(node: number): FlatNode | null {
    return node < 0 ? null : new FlatNode(this.tree, node);
  }

  get type(): string {
    return this.tree.typeName(this.id);
  }

  get isNamed(): boolean {
    return this.tree.named[this.id] === 1;
  }

  get startIndex(): number {
    return this.tree.starts[this.id]!;
  }

  get endIndex(): number {
    return this.tree.ends[this.id]!;
  }

  get text(): string {
    return this.tree.source.slice(this.tree.starts[this.id]!, this.tree.ends[this.id]!);
  }

  get startPosition(): Point {
    return this.tree.point(this.tree.starts[this.id]!);
  }

  get endPosition(): Point {
    return this.tree.point(this.tree.ends[this.id]!);
  }

  get parent(): FlatNode | null {
    return this.at(this.tree.parents[this.id]!);
  }

  get children(): FlatNode[] {
    if (!this.childList) {
      this.childList = [];
      for (let child = this.tree.firstChildren[this.id]!; child >= 0; child = this.tree.nextSiblings[child]!)
        this.childList.push(new FlatNode(this.tree, child));
    }
    return this.childList;
  }

  get namedChildren(): FlatNode[] {
    if (!this.namedChildList) {
      this.namedChildList = [];
      for (let child = this.tree.firstChildren[this.id]!; child >= 0; child = this.tree.nextSiblings[child]!)
        if (this.tree.named[child] === 1) this.namedChildList.push(new FlatNode(this.tree, child));
    }
    return this.namedChildList;
  }

  get childCount(): number {
    let count = 0;
    for (let child = this.tree.firstChildren[this.id]!; child >= 0; child = this.tree.nextSiblings[child]!) count++;
    return count;
  }

  get namedChildCount(): number {
    let count = 0;
    for (let child = this.tree.firstChildren[this.id]!; child >= 0; child = this.tree.nextSiblings[child]!)
      count += this.tree.named[child]!;
    return count;
  }

  child(index: number): FlatNode | null {
    let child = this.tree.firstChildren[this.id]!;
    for (let i = 0; i < index && child >= 0; i++) child = this.tree.nextSiblings[child]!;
    return index < 0 ? null : this.at(child);
  }

  namedChild(index: number): FlatNode | null {
    if (index < 0) return null;
    let seen = 0;
    for (let child = this.tree.firstChildren[this.id]!; child >= 0; child = this.tree.nextSiblings[child]!)
      if (this.tree.named[child] === 1 && seen++ === index) return new FlatNode(this.tree, child);
    return null;
  }

  get firstNamedChild(): FlatNode | null {
    return this.namedChild(0);
  }

  get lastNamedChild(): FlatNode | null {
    let last = -1;
    for (let child = this.tree.firstChildren[this.id]!; child >= 0; child = this.tree.nextSiblings[child]!)
      if (this.tree.named[child] === 1) last = child;
    return this.at(last);
  }

  get previousSibling(): FlatNode | null {
    return this.at(this.tree.previousSiblings[this.id]!);
  }

  get previousNamedSibling(): FlatNode | null {
    let sibling = this.tree.previousSiblings[this.id]!;
    while (sibling >= 0 && this.tree.named[sibling] !== 1) sibling = this.tree.previousSiblings[sibling]!;
    return this.at(sibling);
  }

  childForFieldName(fieldName: string): FlatNode | null {
    const field = this.tree.fieldId(fieldName);
    if (field <= 0) return null;
    for (let child = this.tree.firstChildren[this.id]!; child >= 0; child = this.tree.nextSiblings[child]!)
      if (this.tree.fields[child] === field) return new FlatNode(this.tree, child);
    return null;
  }

  fieldNameForNamedChild(index: number): string | null {
    const child = this.namedChild(index);
    return child === null ? null : this.tree.fieldName(child.id);
  }

  childrenForFieldName(fieldName: string): FlatNode[] {
    const field = this.tree.fieldId(fieldName);
    const found: FlatNode[] = [];
    if (field <= 0) return found;
    for (let child = this.tree.firstChildren[this.id]!; child >= 0; child = this.tree.nextSiblings[child]!)
      if (this.tree.fields[child] === field) found.push(new FlatNode(this.tree, child));
    return found;
  }

  /**
   * The node and its descendants of these types, in document order. As in web-tree-sitter, a node ending at the very
   * start of the text is passed over, with everything in it.
   */
  descendantsOfType(types: string | string[]): FlatNode[] {
    const wanted = new Set(Array.isArray(types) ? types : [types]);
    const { tree } = this;
    const found: FlatNode[] = [];
    const end = this.id + this.subtreeSize();
    for (let node = this.id; node < end; node++)
      if (tree.ends[node] !== 0 && wanted.has(tree.typeName(node))) found.push(new FlatNode(tree, node));
    return found;
  }

  /** The number of nodes in this node's subtree, itself included (preorder: they follow it). */
  private subtreeSize(): number {
    const { tree } = this;
    for (let node = this.id; node >= 0; node = tree.parents[node]!) {
      const next = tree.nextSiblings[node]!;
      if (next >= 0) return next - this.id;
    }
    return tree.size - this.id;
  }
}
