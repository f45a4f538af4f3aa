// Scala: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const scala: LanguageSpec = {
  id: 'scala',
  displayName: 'Scala',
  grammar: { package: 'tree-sitter-scala', wasm: 'tree-sitter-scala.wasm' },
  extensions: [".scala", ".sc"],
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
