// Go's packages. An import path names a package folder: the module path of a `go.mod` (read from
// the checkout) plus the folder below that `go.mod`; paths of no module of the repository are the
// standard library (first element without a dot) or other modules. The name an import binds is its
// alias, else the package's own name (its `package` clause), else the path's last element.
//
// Calls: `f()` reaches the functions of the caller's package (its folder) and of dot-imports;
// `pkg.F()` the functions of the imported package; `x.M()` the methods of x's type where the code
// states it (the method's receiver `(s *Server)`, a parameter, `var x T`, `x := T{}` / `&T{}`),
// in the caller's package or, for `pkg.T`, in pkg. `x.M()` on a value whose type the code does not
// state is left unresolved and flagged ambiguous, with every same-named method as a candidate.
// Repositories without a go.mod fall back to the generic resolution (folders matched by path suffix).
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { CallSite, Definition, FileFacts, ImportRef } from '../types.ts';
import { lastSegment, type CallDecision, type CallLookup, type ImportBinding, type ModuleSystem } from './types.ts';

/** Go's predeclared functions: the only standard-library functions a plain call reaches. */
const BUILTINS = new Set([
  'append',
  'cap',
  'clear',
  'close',
  'complex',
  'copy',
  'delete',
  'imag',
  'len',
  'make',
  'max',
  'min',
  'new',
  'panic',
  'print',
  'println',
  'real',
  'recover',
]);

interface GoModule {
  /** folder of the go.mod, relative to the root ('.' at the top). */
  dir: string;
  path: string;
}

/** The module path a go.mod declares. */
export function goModulePath(text: string): string | null {
  return /^\s*module\s+"?([^\s"]+)"?/m.exec(text.replace(/\/\/[^\n]*/g, ''))?.[1] ?? null;
}

class GoPackages implements ModuleSystem {
  private readonly modules: GoModule[] = [];
  private readonly filesByDir = new Map<string, string[]>();
  private readonly packageNames = new Map<string, string>();
  private readonly goFiles = new Set<string>();
  /** exported top-level names (functions, types, constants, variables) per file. */
  private readonly exported = new Map<string, string[]>();

  constructor(files: FileFacts[], root: string | null) {
    for (const file of files) {
      if (file.language !== 'go') continue;
      this.goFiles.add(file.path);
      const names = [
        ...file.functions.filter((fn) => fn.kind === 'function').map((fn) => fn.name),
        ...file.declarations,
      ];
      this.exported.set(file.path, [...new Set(names.filter((name) => /^\p{Lu}/u.test(name)))]);
      const dir = posix.dirname(file.path);
      this.filesByDir.set(dir, [...(this.filesByDir.get(dir) ?? []), file.path]);
      const qualified = file.functions[0]?.qualifiedName;
      if (qualified?.includes('.') && !file.path.endsWith('_test.go'))
        this.packageNames.set(dir, qualified.split('.')[0]!);
    }
    if (root === null) return;
    const seen = new Set<string>();
    for (const dir of this.filesByDir.keys()) {
      for (let current = dir; !seen.has(current); current = posix.dirname(current)) {
        seen.add(current);
        const manifest = join(root, current, 'go.mod');
        if (existsSync(manifest)) {
          const path = goModulePath(readFileSync(manifest, 'utf8'));
          if (path) this.modules.push({ dir: current, path });
        }
        if (current === '.') break;
      }
    }
    // The longest module path first: a nested module owns its folder.
    this.modules.sort((a, b) => b.path.length - a.path.length);
  }

  /** The package folder of an import path, or where it is when outside the repository; null without a go.mod. */
  private packageOf(importPath: string): { dir: string } | { outside: 'stdlib' | 'external' } | null {
    if (this.modules.length === 0) return null;
    for (const module of this.modules) {
      if (importPath !== module.path && !importPath.startsWith(`${module.path}/`)) continue;
      return { dir: posix.normalize(posix.join(module.dir, importPath.slice(module.path.length + 1))) };
    }
    return { outside: importPath.split('/')[0]!.includes('.') ? 'external' : 'stdlib' };
  }

  bindings(fromPath: string, ref: ImportRef): ImportBinding[] | null {
    if (ref.resolve !== 'go-package' || !this.goFiles.has(fromPath)) return null;
    const where = this.packageOf(ref.target);
    if (!where) return null;
    const files =
      'dir' in where ? (this.filesByDir.get(where.dir) ?? []).filter((path) => !path.endsWith('_test.go')) : [];
    const outside = 'outside' in where ? where.outside : null;
    if (ref.wildcard) return [{ name: null, files, outside }];
    const lastElement = ref.target.split('/').pop()!;
    // The default binding is the package's name; an explicit alias stays.
    const names = ref.bindings.map((name) =>
      name === lastElement && 'dir' in where ? (this.packageNames.get(where.dir) ?? name) : name,
    );
    const members = files.flatMap((file) => (this.exported.get(file) ?? []).map((name) => ({ name, file })));
    return names.map((name) => ({ name, files, outside, members }));
  }

  resolveCall(caller: Definition, site: CallSite, lookup: CallLookup): CallDecision | null {
    if (!this.goFiles.has(caller.path) || this.modules.length === 0) return null;
    const all = lookup.definitions(site.name);
    const functionsIn = (files: readonly string[]) =>
      all.filter((d) => d.fn.kind === 'function' && files.includes(d.path));
    const packageFiles = this.filesByDir.get(caller.dir) ?? [];
    const methodsOf = (type: string): CallDecision => {
      const dot = type.lastIndexOf('.');
      let files = packageFiles;
      if (dot > 0) {
        const binding = lookup.bindings.get(type.slice(0, dot));
        if (binding?.outside) return { found: [], level: binding.outside };
        files = binding?.files ?? [];
      }
      const name = type.slice(dot + 1);
      const found = all.filter(
        (d) => d.fn.kind !== 'function' && lastSegment(d.owner) === name && files.includes(d.path),
      );
      return found.length > 0 ? { found } : { found: [], level: 'unresolved' };
    };

    if (site.receiver === null) {
      const local = functionsIn([caller.path]);
      if (local.length > 0) return { found: local };
      const inPackage = functionsIn(packageFiles);
      if (inPackage.length > 0) return { found: inPackage };
      const dotted = functionsIn(lookup.globFiles);
      if (dotted.length > 0) return { found: dotted };
      return { found: [], level: BUILTINS.has(site.name) ? 'stdlib' : 'unresolved' };
    }
    if (site.receiverType) return methodsOf(site.receiverType);
    const binding = lookup.bindings.get(site.receiver);
    if (binding) return binding.outside ? { found: [], level: binding.outside } : { found: functionsIn(binding.files) };
    // The receiver's type is not stated: every same-named method is a candidate, none is chosen.
    const methods = all.filter((d) => d.fn.kind !== 'function');
    return { found: methods, level: 'unresolved', ambiguous: methods.length > 0 };
  }
}

export function createGoPackages(files: FileFacts[], root: string | null): ModuleSystem {
  return new GoPackages(files, root);
}
