export type * from './types.ts';
export { LANGUAGE_IDS, SEMANTIC_CLASSES } from './types.ts';
export { loadLanguage, getParser, parse } from './parser.ts';
export { allLanguages, getLanguage, isLanguageId } from './registry.ts';
