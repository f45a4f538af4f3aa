export type * from './types.ts';
export { LABELS, LANGUAGE_IDS, SEMANTIC_CLASSES, SEMANTIC_SUBCLASSES } from './types.ts';
export { loadLanguage, getParser, parse } from './parser.ts';
export { allLanguages, getLanguage, isLanguageId, languageForPath } from './registry.ts';
