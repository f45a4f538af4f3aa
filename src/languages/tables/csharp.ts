// C#: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const csharp: LanguageSpec = {
  id: 'csharp',
  displayName: 'C#',
  grammar: { package: 'tree-sitter-c-sharp', wasm: 'tree-sitter-c_sharp.wasm' },
  extensions: [".cs"],
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
