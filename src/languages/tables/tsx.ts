// TSX: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const tsx: LanguageSpec = {
  id: 'tsx',
  displayName: 'TSX',
  grammar: { package: 'tree-sitter-typescript', wasm: 'tree-sitter-tsx.wasm' },
  extensions: [".tsx"],
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
