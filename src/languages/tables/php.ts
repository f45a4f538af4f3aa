// PHP: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const php: LanguageSpec = {
  id: 'php',
  displayName: 'PHP',
  grammar: { package: 'tree-sitter-php', wasm: 'tree-sitter-php.wasm' },
  extensions: [".php"],
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
