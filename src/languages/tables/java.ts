// Java: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const java: LanguageSpec = {
  id: 'java',
  displayName: 'Java',
  grammar: { package: 'tree-sitter-java', wasm: 'tree-sitter-java.wasm' },
  extensions: [".java"],
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
