// Python: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const python: LanguageSpec = {
  id: 'python',
  displayName: 'Python',
  grammar: { package: 'tree-sitter-python', wasm: 'tree-sitter-python.wasm' },
  extensions: [".py", ".pyi"],
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
