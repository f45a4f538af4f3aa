// JavaScript: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const javascript: LanguageSpec = {
  id: 'javascript',
  displayName: 'JavaScript',
  grammar: { package: 'tree-sitter-javascript', wasm: 'tree-sitter-javascript.wasm' },
  extensions: [".js", ".mjs", ".cjs", ".jsx"],
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
