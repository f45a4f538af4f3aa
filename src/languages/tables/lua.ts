// Lua: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const lua: LanguageSpec = {
  id: 'lua',
  displayName: 'Lua',
  grammar: { package: '@tree-sitter-grammars/tree-sitter-lua', wasm: 'tree-sitter-lua.wasm' },
  extensions: [".lua"],
  lineComment: "--",
  blockComment: ["--[[", "]]"],
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
