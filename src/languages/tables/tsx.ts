// TSX: TypeScript with JSX, as data.
import type { LanguageSpec } from '../types.ts';
import { ecmascriptSemantic, jsxSemantic } from './javascript.ts';
import { typescript, typescriptSemantic } from './typescript.ts';

export const tsx: LanguageSpec = {
  ...typescript,
  id: 'tsx',
  displayName: 'TSX',
  grammar: { package: 'tree-sitter-typescript', wasm: 'tree-sitter-tsx.wasm' },
  extensions: ['.tsx'],
  retrievalPeers: ['typescript'],
  crossCodeEvalFolder: 'src',
  bracketStatements: true,
  semantic: { ...ecmascriptSemantic, ...typescriptSemantic, ...jsxSemantic },
};
