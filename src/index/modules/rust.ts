// Rust's module system. Crates start at `lib.rs`, `main.rs`, `build.rs` and the files directly in
// `bin/`, `examples/`, `tests/` and `benches/`; `mod foo;` in a crate root or `mod.rs` loads
// `foo.rs` or `foo/mod.rs` beside it, and in `bar.rs` loads `bar/foo.rs` or `bar/foo/mod.rs`. Paths
// start at `crate::`, `self::`, `super::`, a child module, a name the file defines or imports, or
// another crate (`std`/`core`/`alloc` are the standard library). `use` trees are expanded leaf by
// leaf (`use a::{b, c as d, e::*, self}`), and a path through a module follows its `use` items
// (re-exports, `pub use x::*` included) to the file that defines the item.
//
// Calls: `f()` reaches functions of the same file, of the `use`d names and of glob imports, never a
// same-named function elsewhere (Rust does not see it). `path::f()` follows the path; `Type::f()`,
// `self.f()` and `x.f()` where x's type is stated (`x: &Foo`, `let x: Foo`, `Foo::new()`,
// `Foo { .. }`) reach `Type`'s methods. `x.f()` on a value whose type the code does not state is
// left unresolved and flagged ambiguous, with every same-named method as a candidate.
// Not modelled: `#[path]` attributes, `mod` declarations inside inline modules, macro-generated
// items, trait methods reached through a type that only implements the trait (left unresolved),
// visibility (a private `use` is followed like a `pub use`; code that compiles never relies on it).
import { posix } from 'node:path';
import type { CallSite, Definition, FileFacts, ImportRef } from '../types.ts';
import { lastSegment, type CallDecision, type CallLookup, type ImportBinding, type ModuleSystem } from './types.ts';

const STANDARD_CRATES = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);
const CRATE_ROOT_FILES = new Set(['lib.rs', 'main.rs', 'build.rs']);
const CRATE_ROOT_DIRS = new Set(['bin', 'examples', 'tests', 'benches']);
const PRIMITIVE = /^(?:[iu](?:8|16|32|64|128|size)|f32|f64|bool|char|str|\[.*|\(.*)$/;

/** One leaf of a `use` tree: `a::b::c` bound as `c` (or its alias), or a glob `a::b::*`. */
export interface UseLeaf {
  path: string[];
  alias: string | null;
  glob: boolean;
}

/** The leaves of a `use` item's text (`pub(crate) use a::{b::{c, d as e}, f::*, self};`). */
export function parseUse(text: string): UseLeaf[] {
  const body = text
    .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ' ')
    .replace(/^\s*pub\s*(?:\([^)]*\))?\s*/, '')
    .replace(/^use\b/, '');
  const tokens = body.match(/r#\w+|[A-Za-z_$][\w$]*|::|[{},*]/g) ?? [];
  let index = 0;
  const tree = (prefix: string[]): UseLeaf[] => {
    const token = tokens[index];
    if (token === undefined) return [];
    if (token === '{') {
      index++;
      const leaves: UseLeaf[] = [];
      while (index < tokens.length && tokens[index] !== '}') {
        const before = index;
        leaves.push(...tree(prefix));
        if (tokens[index] === ',') index++;
        if (index === before) index++;
      }
      index++;
      return leaves;
    }
    if (token === '*') {
      index++;
      return [{ path: prefix, alias: null, glob: true }];
    }
    if (token === '::') {
      index++;
      return tree(prefix);
    }
    index++;
    const segment = token.replace(/^r#/, '');
    if (tokens[index] === '::') {
      index++;
      return tree([...prefix, segment]);
    }
    let alias: string | null = null;
    if (tokens[index] === 'as') {
      alias = tokens[index + 1] ?? null;
      index += 2;
    }
    // `use a::{self}` binds the module `a` itself.
    return [{ path: segment === 'self' && prefix.length > 0 ? prefix : [...prefix, segment], alias, glob: false }];
  };
  const leaves: UseLeaf[] = [];
  while (index < tokens.length) {
    const before = index;
    leaves.push(...tree([]));
    if (index === before) index++;
  }
  return leaves;
}

const USE_ITEM = /^\s*(?:pub\s*(?:\([^)]*\))?\s*)?use\b/;

/** The module name a `mod foo;` item declares. */
function modName(text: string): string | null {
  return /\bmod\s+(?:r#)?(\w+)\s*;/.exec(text)?.[1] ?? null;
}

interface Module {
  /** the crate's root file. */
  crate: string;
  segments: string[];
}

/** Where a path leads. */
type Target =
  | { kind: 'module'; file: string }
  | { kind: 'item'; files: string[] }
  | { kind: 'outside'; which: 'stdlib' | 'external' }
  | null;

class RustModules implements ModuleSystem {
  private readonly facts = new Map<string, FileFacts>();
  private readonly modules = new Map<string, Module>();
  private readonly byModule = new Map<string, string>();
  private readonly children = new Map<string, Map<string, string>>();
  private readonly uses = new Map<string, UseLeaf[]>();
  /** names of the items each file defines (functions outside impls, types, constants, macros). */
  private readonly items = new Map<string, Set<string>>();
  /** every type name the repository defines or implements. */
  private readonly typeNames = new Set<string>();
  private readonly bindingCache = new Map<string, ImportBinding[]>();

  constructor(files: FileFacts[]) {
    for (const file of files) {
      if (file.language !== 'rust') continue;
      this.facts.set(file.path, file);
      this.uses.set(
        file.path,
        file.imports.filter((ref) => USE_ITEM.test(ref.target)).flatMap((ref) => parseUse(ref.target)),
      );
      const names = new Set([
        ...file.declarations,
        ...file.functions
          .filter((fn) => fn.kind === 'function' && !fn.qualifiedName.includes('::'))
          .map((fn) => fn.name),
      ]);
      this.items.set(file.path, names);
      for (const name of file.declarations) this.typeNames.add(name);
      for (const fn of file.functions)
        if (fn.kind !== 'function' && fn.qualifiedName.includes('::'))
          this.typeNames.add(lastSegment(fn.qualifiedName.slice(0, fn.qualifiedName.lastIndexOf('::'))));
    }
    const roots = [...this.facts.keys()].filter(
      (path) => CRATE_ROOT_FILES.has(posix.basename(path)) || CRATE_ROOT_DIRS.has(posix.basename(posix.dirname(path))),
    );
    for (const root of roots) this.assign(root, { crate: root, segments: [] });
    for (const root of roots) this.walk(root, new Set(roots));
    // Files no `mod` reaches (behind `#[path]`, or not built): placed by their folder under the nearest crate root.
    for (const path of this.facts.keys()) {
      if (this.modules.has(path)) continue;
      const root = roots
        .filter((r) => path.startsWith(posix.dirname(r) === '.' ? '' : `${posix.dirname(r)}/`))
        .sort((a, b) => b.length - a.length)[0];
      if (!root) continue;
      const relative = posix.relative(posix.dirname(root), path).replace(/(?:\/mod)?\.rs$/, '');
      const segments = relative.split('/');
      if (!this.byModule.has(this.key(root, segments))) this.assign(path, { crate: root, segments });
    }
  }

  private key(crate: string, segments: string[]): string {
    return `${crate}\0${segments.join('::')}`;
  }

  private assign(path: string, module: Module): void {
    this.modules.set(path, module);
    this.byModule.set(this.key(module.crate, module.segments), path);
  }

  /** Follows `mod foo;` items from a crate root, breadth first. */
  private walk(root: string, roots: Set<string>): void {
    const queue = [root];
    while (queue.length > 0) {
      const file = queue.shift()!;
      const module = this.modules.get(file)!;
      const base =
        posix.basename(file) === 'mod.rs' || roots.has(file)
          ? posix.dirname(file)
          : posix.join(posix.dirname(file), posix.basename(file, '.rs'));
      const children = new Map<string, string>();
      this.children.set(file, children);
      for (const ref of this.facts.get(file)!.imports) {
        const name = modName(ref.target);
        if (!name) continue;
        const child = [posix.join(base, `${name}.rs`), posix.join(base, name, 'mod.rs')].find((candidate) =>
          this.facts.has(candidate),
        );
        if (!child) continue;
        children.set(name, child);
        if (this.modules.has(child)) continue;
        this.assign(child, { crate: module.crate, segments: [...module.segments, name] });
        queue.push(child);
      }
    }
  }

  private moduleFile(crate: string, segments: string[]): string | null {
    return this.byModule.get(this.key(crate, segments)) ?? null;
  }

  /** The module a path starts from, for its first segment, as seen from `file`. */
  private start(file: string, first: string, visited: Set<string>): Target {
    const module = this.modules.get(file);
    if (module && (first === 'crate' || first === '$crate')) return this.asModule(this.moduleFile(module.crate, []));
    if (first === 'self') return { kind: 'module', file };
    if (module && first === 'super')
      return this.asModule(
        module.segments.length > 0 ? this.moduleFile(module.crate, module.segments.slice(0, -1)) : null,
      );
    const local = this.lookupIn(file, first, visited);
    if (local) return local;
    return { kind: 'outside', which: STANDARD_CRATES.has(first) ? 'stdlib' : 'external' };
  }

  private asModule(file: string | null): Target {
    return file ? { kind: 'module', file } : null;
  }

  /** A name inside a module's file: a child module, an item it defines, or one it imports (re-exports, globs). */
  private lookupIn(file: string, name: string, visited: Set<string>): Target {
    const child = this.children.get(file)?.get(name);
    if (child) return { kind: 'module', file: child };
    if (this.items.get(file)?.has(name)) return { kind: 'item', files: [file] };
    const marker = `${file}\0${name}`;
    if (visited.has(marker)) return null;
    visited.add(marker);
    const leaves = this.uses.get(file) ?? [];
    for (const leaf of leaves) {
      if (!leaf.glob && (leaf.alias ?? leaf.path[leaf.path.length - 1]) === name) {
        const target = this.resolvePath(file, leaf.path, visited);
        if (target) return target;
      }
    }
    for (const leaf of leaves) {
      if (!leaf.glob) continue;
      const target = this.resolvePath(file, leaf.path, visited);
      if (target?.kind !== 'module') continue;
      const found = this.lookupIn(target.file, name, visited);
      if (found && found.kind !== 'outside') return found;
    }
    return null;
  }

  /** Where a path written in `file` leads. */
  resolvePath(file: string, segments: string[], visited = new Set<string>()): Target {
    if (segments.length === 0) return null;
    let target = this.start(file, segments[0]!, visited);
    for (const segment of segments.slice(1)) {
      if (target?.kind !== 'module') return target;
      if (segment === 'super') {
        const module = this.modules.get(target.file);
        target =
          module && module.segments.length > 0
            ? this.asModule(this.moduleFile(module.crate, module.segments.slice(0, -1)))
            : null;
      } else if (segment !== 'self') {
        target = this.lookupIn(target.file, segment, visited);
      }
    }
    return target;
  }

  bindings(fromPath: string, ref: ImportRef): ImportBinding[] | null {
    if (!this.facts.has(fromPath)) return null;
    const cacheKey = `${fromPath}\0${ref.line}\0${ref.target}`;
    const cached = this.bindingCache.get(cacheKey);
    if (cached) return cached;
    let bindings: ImportBinding[];
    if (ref.resolve === 'none') {
      bindings = ref.bindings.map((name) => ({ name, files: [], outside: 'external' }));
    } else if (!USE_ITEM.test(ref.target)) {
      const name = modName(ref.target);
      const child = name ? this.children.get(fromPath)?.get(name) : undefined;
      bindings = name && child ? [{ name, files: [child], outside: null, members: this.members(child) }] : [];
    } else {
      bindings = parseUse(ref.target).flatMap((leaf): ImportBinding[] => {
        const name = leaf.glob ? null : (leaf.alias ?? leaf.path[leaf.path.length - 1]!);
        if (name === '_') return [];
        const target = this.resolvePath(fromPath, leaf.path);
        if (!target) return [];
        if (target.kind === 'outside') return [{ name, files: [], outside: target.which }];
        if (target.kind === 'module')
          return [{ name, files: [target.file], outside: null, members: this.members(target.file) }];
        return [{ name, files: target.files, outside: null }];
      });
    }
    this.bindingCache.set(cacheKey, bindings);
    return bindings;
  }

  /** The name a type is defined under, when `file` imports it under an alias (`use a::Client as C`). */
  private typeBehind(file: string, name: string): string {
    const leaf = this.uses.get(file)?.find((candidate) => candidate.alias === name);
    return leaf ? leaf.path[leaf.path.length - 1]! : name;
  }

  /** The items a module's file defines, reached as `module::item`. */
  private members(file: string): { name: string; file: string }[] {
    return [...(this.items.get(file) ?? [])].map((name) => ({ name, file }));
  }

  resolveCall(caller: Definition, site: CallSite, lookup: CallLookup): CallDecision | null {
    if (!this.facts.has(caller.path)) return null;
    const all = lookup.definitions(site.name);
    const crate = this.modules.get(caller.path)?.crate;
    const sameCrate = (list: Definition[]) => {
      const own = list.filter((d) => this.modules.get(d.path)?.crate === crate);
      return own.length > 0 ? own : list;
    };
    const freeIn = (files: readonly string[]) => all.filter((d) => d.fn.kind === 'function' && files.includes(d.path));
    const ownType = lastSegment(caller.owner);
    const byType = (type: string): CallDecision => {
      const found = sameCrate(all.filter((d) => d.fn.kind !== 'function' && lastSegment(d.owner) === type));
      if (found.length > 0) return { found };
      if (this.typeNames.has(type)) return { found: [], level: 'unresolved' };
      return { found: [], level: lookup.stdlibModules.has(type) || PRIMITIVE.test(type) ? 'stdlib' : 'external' };
    };

    if (site.receiver === null) {
      const local = freeIn([caller.path]);
      if (local.length > 0) return { found: local };
      const binding = lookup.bindings.get(site.name);
      if (binding?.outside) return { found: [], level: binding.outside };
      if (binding) return { found: freeIn(binding.files) };
      const globbed = freeIn(lookup.globFiles);
      if (globbed.length > 0) return { found: globbed };
      return { found: [], level: lookup.stdlib.has(site.name) ? 'stdlib' : 'unresolved' };
    }
    if (site.receiverIsPath) {
      const segments = site.receiver
        .replace(/<[^<>]*(?:<[^<>]*>[^<>]*)*>/g, '')
        .split('::')
        .map((s) => s.trim())
        .filter(Boolean);
      if (segments.length === 1 && segments[0] === 'Self')
        return ownType ? byType(ownType) : { found: [], level: 'unresolved' };
      const target = this.resolvePath(caller.path, segments);
      if (!target) return { found: [], level: 'unresolved' };
      if (target.kind === 'outside') return { found: [], level: target.which };
      if (target.kind === 'module') return { found: freeIn([target.file]) };
      return byType(segments[segments.length - 1]!);
    }
    const stated =
      site.receiver === 'self'
        ? ownType
        : site.receiverType === 'Self'
          ? ownType
          : site.receiverType
            ? this.typeBehind(caller.path, lastSegment(site.receiverType))
            : '';
    if (stated) return byType(stated);
    // The receiver's type is not stated: every same-named method is a candidate, none is chosen.
    const methods = sameCrate(all.filter((d) => d.fn.kind !== 'function'));
    return { found: methods, level: 'unresolved', ambiguous: methods.length > 0 };
  }
}

export function createRustModules(files: FileFacts[]): ModuleSystem {
  return new RustModules(files);
}
