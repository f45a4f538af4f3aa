// Kotlin: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const kotlin: LanguageSpec = {
  id: 'kotlin',
  displayName: 'Kotlin',
  grammar: { package: '@tree-sitter-grammars/tree-sitter-kotlin', wasm: 'tree-sitter-kotlin.wasm' },
  extensions: [".kt", ".kts"],
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
