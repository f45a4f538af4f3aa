// Go: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const go: LanguageSpec = {
  id: 'go',
  displayName: 'Go',
  grammar: { package: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  extensions: [".go"],
  lineComment: "//",
  blockComment: ["/*", "*/"],
  commentTypes: ['comment'],
  identifierTypes: ['identifier'],
  stringTypes: [],
  definitions: [],
  calls: [],
  imports: [],
  scopes: [],
  docstring: 'comment-before',
  statementTypes: [],
  keywords: [],
  stdlib: [],
  semantic: {},
  semanticFallback: { class: 'Expression', subclass: 'other' },
};
