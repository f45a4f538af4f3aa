export type * from './types.ts';
export { LABELS, SEMANTIC_CLASSES, SEMANTIC_SUBCLASSES } from './types.ts';
export { loadLanguage, getParser, parse } from './parser.ts';
export { flatten, FlatTree, type SyntaxNode } from './flat-tree.ts';
export {
  allLanguages,
  getLanguage,
  isLanguageId,
  languageForPath,
  LANGUAGES,
  registerLanguage,
  selfReceivers,
  moduleExtensions,
  pluginLanguagesVersion,
  commentStartPattern,
  escapeRegExp,
} from './registry.ts';
export { LanguageSchema } from './schema.ts';
