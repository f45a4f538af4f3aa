// The call graph a language's own compiler front end computes for a repository (libclang, javac's
// tree API, the TypeScript checker): the ground truth `npm run bench -- resolution` compares the
// index with. Each extractor writes this one shape; bench/resolution.ts does the comparison.

/**
 * A function definition (with a body) in the repository: path relative to the repository root, 1-based line of its
 * name.
 */
export interface TruthFunction {
  path: string;
  line: number;
  name: string;
  /** `Class::method`, `pkg.Class.method`: for the disagreement listings. */
  qualifiedName: string;
}

/**
 * What a call site is, syntactically: a plain call, a member call, an overloaded operator, object construction or
 * destruction.
 */
export type TruthCallKind = 'call' | 'member' | 'operator' | 'constructor' | 'destructor';

export interface TruthCall {
  /** the caller: index into `functions`. */
  caller: number;
  line: number;
  kind: TruthCallKind;
  /** the called function's name as the compiler names it (`operator+`, `Vec3`, `~Vec3`, `push_back`). */
  name: string;
  /** index into `functions` when the callee is defined (with a body) in the repository; null otherwise. */
  callee: number | null;
  /** the callee is declared outside the repository (a system or library header, the JDK, lib.d.ts). */
  external: boolean;
  /**
   * what the compiler itself cannot settle statically: a call that depends on a template parameter, or a
   * virtual/interface call (its target is only the static one). Reported apart, counted neither way.
   */
  unsettled?: 'dependent' | 'virtual';
}

export interface Truth {
  /** which front end computed it, with its version (`libclang 14.0.6`). */
  tool: string;
  functions: TruthFunction[];
  calls: TruthCall[];
  /** files the front end could not compile cleanly (they still count; the number is printed). */
  filesWithErrors: number;
}

/** One language's ground truth on one repository: registered in bench/resolution/extractors.ts. */
export interface TruthExtractor {
  /** the ctxbench language ids it covers (C and C++ share libclang). */
  languages: string[];
  /** Debian source packages it is measured on (bench/sources.ts fetches them), each 5K-100K lines. */
  packages: string[];
  /** computes the ground truth for one source tree (fetched, unpacked, not built). */
  extract(root: string): Promise<Truth>;
}
