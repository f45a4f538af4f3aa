// Haskell: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const haskell: LanguageSpec = {
  id: 'haskell',
  displayName: 'Haskell',
  grammar: { package: 'tree-sitter-haskell', wasm: 'tree-sitter-haskell.wasm' },
  extensions: [".hs"],
  lineComment: "--",
  blockComment: ["{-", "-}"],
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
