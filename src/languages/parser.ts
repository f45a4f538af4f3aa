// Loads tree-sitter grammars (web-tree-sitter + the .wasm files in the package's grammars/ folder)
// once per thread. WebAssembly grammars were chosen over native bindings: every grammar loads under
// one runtime version, with no peer-version conflicts and no install-time compilation. The .wasm
// files are extracted from pinned grammar packages at build time (scripts/grammars.mjs).
import { basename, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import { getLanguage } from './registry.ts';
import type { LanguageId } from './types.ts';

let runtimeReady: Promise<void> | null = null;

/** The wasm runtime's cursor functions that flat-tree.ts calls directly (web-tree-sitter's own exports, by name). */
export interface CursorRuntime {
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_named_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_delete_wasm(tree: number): void;
}

/** The Emscripten module object web-tree-sitter runs on: the object given to `Parser.init` becomes it. */
const runtime: Partial<CursorRuntime> = {};

/** The runtime of a thread that has loaded a language (flat-tree.ts). */
export function wasmRuntime(): CursorRuntime {
  if (typeof runtime._ts_tree_cursor_goto_first_child_wasm !== 'function')
    throw new Error('the tree-sitter runtime is not initialised, or does not export its cursor functions');
  return runtime as CursorRuntime;
}
const languages = new Map<LanguageId, Promise<Language>>();
const parsers = new Map<LanguageId, Parser>();

/** grammars/ at the package root: the same two levels up from src/languages and dist/languages. */
export const GRAMMARS_DIR = fileURLToPath(new URL('../../grammars/', import.meta.url));

/** A built-in grammar's file in grammars/; a plugin's language may give its .wasm by absolute path. */
function wasmPath(id: LanguageId): string {
  const { wasm } = getLanguage(id).grammar;
  return isAbsolute(wasm) ? wasm : GRAMMARS_DIR + basename(wasm);
}

/** The tree-sitter Language object of a language (loaded once per thread). */
export async function loadLanguage(id: LanguageId): Promise<Language> {
  runtimeReady ??= Parser.init(runtime);
  await runtimeReady;
  let language = languages.get(id);
  if (!language) {
    language = Language.load(wasmPath(id));
    languages.set(id, language);
  }
  return language;
}

/** A parser for a language, reused across calls on this thread. */
export async function getParser(id: LanguageId): Promise<Parser> {
  let parser = parsers.get(id);
  if (!parser) {
    const language = await loadLanguage(id);
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(id, parser);
  }
  return parser;
}

/**
 * Parses source text (reusing `previous`, an edited tree of an earlier version of it, where unchanged).
 * The caller must `tree.delete()` when done (wasm memory is not GC'd).
 */
export async function parse(id: LanguageId, text: string, previous?: Tree): Promise<Tree> {
  const parser = await getParser(id);
  const tree = parser.parse(text, previous);
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${id} source of ${text.length} characters`);
  return tree;
}
