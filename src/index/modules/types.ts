// A language's module system, for the languages where imports and calls follow rules that a generic
// "same file, imported file, same folder, anywhere by name" order gets wrong (Rust's module tree and
// `use` paths, Go's import paths and packages). Registered per language in ./index.ts; the resolver
// asks it first and falls back to its generic order where it answers null.
import type { LanguageId } from '../../languages/index.ts';
import type { CallLevel, CallSite, Definition, FileFacts, ImportRef } from '../types.ts';

/** One name an import binds in its file, with the repository files that define it. */
export interface ImportBinding {
  /** the local name; null for a glob (`use a::*`, Go's `import . "x"`): every public name of `files`. */
  name: string | null;
  files: string[];
  /** the name is outside the repository: the standard library or another package. */
  outside: 'stdlib' | 'external' | null;
  /** when the name is a package or module: the items reached through it (`pkg.F`, `module::f`), each with its
   *  file; for a glob, the items it brings in. */
  members?: { name: string; file: string }[];
}

/** What the resolver knows when a call is decided. */
export interface CallLookup {
  /** every definition with this name, in the whole repository. */
  definitions(name: string): Definition[];
  /** the names the caller's file binds by its imports. */
  bindings: ReadonlyMap<string, { files: string[]; outside: 'stdlib' | 'external' | null }>;
  /** files whose every name the caller's file imports (globs). */
  globFiles: readonly string[];
  stdlib: ReadonlySet<string>;
  stdlibModules: ReadonlySet<string>;
}

/** A call's callees; `level` defaults to where they are (file, package, project), `unresolved` when none. */
export interface CallDecision {
  found: Definition[];
  level?: CallLevel;
  /** the candidates are several, or the receiver's type is unknown (flagged, not guessed). */
  ambiguous?: boolean;
}

export interface ModuleSystem {
  /** the names an import binds; null to leave the import to the generic resolution. */
  bindings(fromPath: string, ref: ImportRef): ImportBinding[] | null;
  /** the callees of a call; null to leave the call to the generic resolution. */
  resolveCall(caller: Definition, site: CallSite, lookup: CallLookup): CallDecision | null;
}

/**
 * Builds a language's module system over the files of one repository (root: its checkout, for manifests such as
 * go.mod).
 */
export type ModuleSystemFactory = (files: FileFacts[], root: string | null) => ModuleSystem;

export interface ModuleSystemEntry {
  language: LanguageId;
  create: ModuleSystemFactory;
}

/** The last segment of a `::`- or `.`-qualified name. */
export function lastSegment(name: string): string {
  return name.split(/::|\./).pop() ?? '';
}
