// Ruby: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const ruby: LanguageSpec = {
  id: 'ruby',
  displayName: 'Ruby',
  grammar: { package: 'tree-sitter-ruby', wasm: 'tree-sitter-ruby.wasm' },
  extensions: [".rb"],
  lineComment: "#",
  blockComment: ["=begin", "=end"],
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
