// Objective-C: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const objc: LanguageSpec = {
  id: 'objc',
  displayName: 'Objective-C',
  grammar: { package: 'tree-sitter-objc', wasm: 'tree-sitter-objc.wasm' },
  extensions: [".m", ".mm"],
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
