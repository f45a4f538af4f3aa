// C: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const c: LanguageSpec = {
  id: 'c',
  displayName: 'C',
  grammar: { package: 'tree-sitter-c', wasm: 'tree-sitter-c.wasm' },
  extensions: [".c", ".h"],
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
