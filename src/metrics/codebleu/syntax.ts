// CodeBLEU's syntax match: the S-expressions (tree-sitter's own printing, node types and field
// names) of the root and of every node that has children.
import type { Node } from 'web-tree-sitter';

export function subtreeExpressions(root: Node): string[] {
  const expressions = [root.toString()];
  const cursor = root.walk();
  try {
    // Depth-first over the descendants; a node is listed when it has children.
    let depth = 0;
    for (;;) {
      if (cursor.gotoFirstChild()) {
        depth++;
      } else {
        while (!cursor.gotoNextSibling()) {
          if (depth === 0 || !cursor.gotoParent()) return expressions;
          depth--;
          if (depth === 0) return expressions;
        }
      }
      if (cursor.currentNode.childCount > 0) expressions.push(cursor.currentNode.toString());
    }
  } finally {
    cursor.delete();
  }
}

/** Reference subtrees found in the candidate (each reference occurrence counts) and their number. */
export function syntaxCounts(candidate: Node, reference: Node): { matched: number; total: number } {
  const candidateSet = new Set(subtreeExpressions(candidate));
  const referenceList = subtreeExpressions(reference);
  return {
    matched: referenceList.filter((expression) => candidateSet.has(expression)).length,
    total: referenceList.length,
  };
}
