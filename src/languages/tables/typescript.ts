// TypeScript: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const typescript: LanguageSpec = {
  id: 'typescript',
  displayName: 'TypeScript',
  grammar: { package: 'tree-sitter-typescript', wasm: 'tree-sitter-typescript.wasm' },
  extensions: [".ts", ".mts", ".cts"],
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
