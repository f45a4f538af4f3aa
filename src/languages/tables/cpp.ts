// C++: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const cpp: LanguageSpec = {
  id: 'cpp',
  displayName: 'C++',
  grammar: { package: 'tree-sitter-cpp', wasm: 'tree-sitter-cpp.wasm' },
  extensions: [".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp"],
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
