// HTML: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const html: LanguageSpec = {
  id: 'html',
  displayName: 'HTML',
  grammar: { package: 'tree-sitter-html', wasm: 'tree-sitter-html.wasm' },
  extensions: [".html", ".htm"],
  lineComment: null,
  blockComment: ["<!--", "-->"],
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
