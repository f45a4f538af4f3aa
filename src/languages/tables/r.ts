// R: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const r: LanguageSpec = {
  id: 'r',
  displayName: 'R',
  grammar: { package: '@eagleoutice/tree-sitter-r', wasm: 'tree-sitter-r.wasm' },
  extensions: [".r"],
  lineComment: "#",
  blockComment: null,
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
