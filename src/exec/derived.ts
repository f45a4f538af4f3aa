// Reference-free worker trees. A worker keeps the prepared build's products so that a candidate costs
// an incremental build, but the products built from the hole's file carry the reference (an object
// file, the test binary linking it, a bytecode cache): a candidate could `.incbin` or load them and
// call the reference. So, before a candidate's build, every product derived from its file is removed
// from the worker; the build would redo exactly those anyway, so it costs nothing extra.
//
// Which products those are is measured, not guessed per build system: once per source file and
// prepared tree, a worker gets the unmodified file with one byte added (a new newline at its end),
// runs the environment's build, and the files the build rewrote that carry code are that file's
// products (the reset then puts them back); the build's text bookkeeping stays, as it need not be
// remade when missing. Bytecode caches a runtime writes beside a source without a build step
// (Python's `__pycache__`) come from the language table's `bytecodeCaches`. Kept per work folder in
// `derived.json` (the work folder is keyed by the environment and the repository's content).
import { isUtf8 } from 'node:buffer';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { join, posix } from 'node:path';
import { z } from 'zod';
import { getLanguage, isLanguageId, type LanguageId } from '../languages/index.ts';
import { writeFileAtomic } from '../util/jsonl.ts';
import { parseRecord } from '../util/schema.ts';
import { readJsonFile } from './prepare.ts';
import type { TreeManifest } from './tree.ts';

export const DerivedProductsSchema = z.object({
  /** source path -> the prepared files its build rewrites (relative to the tree, sorted). */
  products: z.record(z.string(), z.array(z.string())),
});

/** The measured products per source file of one work folder, read and written whole. */
export class DerivedProducts {
  private readonly products: Map<string, string[]>;
  private readonly pending = new Map<string, Promise<string[]>>();
  private readonly file: string;

  constructor(workDir: string) {
    this.file = join(workDir, 'derived.json');
    const stored = existsSync(this.file)
      ? parseRecord(
          DerivedProductsSchema,
          readJsonFile(this.file, 'derived-products file', 'run exec again (it is measured again)'),
          { file: this.file },
          'delete it and run exec again',
        )
      : { products: {} };
    this.products = new Map(Object.entries(stored.products));
  }

  /** The products of `path`, measuring them once (concurrent callers for one path share the measurement). */
  async of(path: string, measure: () => Promise<string[]>): Promise<string[]> {
    const known = this.products.get(path);
    if (known) return known;
    let running = this.pending.get(path);
    if (!running) {
      running = measure().then((products) => {
        this.products.set(path, products);
        writeFileAtomic(
          this.file,
          JSON.stringify({ products: Object.fromEntries([...this.products].sort(([a], [b]) => a.localeCompare(b))) }),
        );
        return products;
      });
      this.pending.set(path, running);
      running.finally(() => this.pending.delete(path)).catch(() => {});
    }
    return running;
  }
}

/**
 * A build tool's own records, rewritten by every build: they hold paths, hashes and times, no code,
 * and without them the tool rebuilds everything (ninja's log and dependency database).
 */
export const BUILD_RECORDS = ['.ninja_log', '.ninja_deps'];

/** Bytes read to tell a compiled file from a text file. */
const SNIFF_BYTES = 64 * 1024;

/** The source's lines that are code worth matching: trimmed, at least 8 characters, with a letter. */
function codeLines(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length >= 8 && /[A-Za-z]/.test(line)),
  );
}

/**
 * Whether a rewritten file carries code: a compiled file (NUL bytes or not UTF-8) always; a text
 * file when it holds a code line of the source (a copy, a transpiled module). A text file without
 * one is the build's bookkeeping (CMake's `compiler_depend.make`, make's `.d` files), which the build
 * needs and does not remake when it is missing.
 */
function carriesCode(file: string, source: Set<string>): boolean {
  const fd = openSync(file, 'r');
  let head: Buffer;
  let whole: boolean;
  try {
    const size = fstatSync(fd).size;
    head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    readSync(fd, head, 0, head.length, 0);
    whole = size <= SNIFF_BYTES;
  } finally {
    closeSync(fd);
  }
  if (head.includes(0)) return true;
  // a small file was read whole already
  const text = whole ? head : readFileSync(file);
  if (!isUtf8(text)) return true;
  return text
    .toString('utf8')
    .split('\n')
    .some((line) => source.has(line.trim()));
}

/**
 * The files a probe build rewrote (the reset's changed paths, read in the prepared tree `base`) that are products of
 * `path` carrying code; not the source itself nor the build tool's records.
 */
export function productsOfProbe(base: string, path: string, changed: string[], manifest: TreeManifest): string[] {
  const source = codeLines(readFileSync(join(base, path), 'utf8'));
  return changed
    .filter(
      (relative) =>
        relative !== path &&
        manifest.get(relative)?.kind === 'file' &&
        !BUILD_RECORDS.includes(posix.basename(relative)) &&
        carriesCode(join(base, relative), source),
    )
    .sort();
}

function globPattern(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );
}

/** Prepared files that are bytecode caches of `path` by its language's table (`bytecodeCaches`). */
export function bytecodeCachesOf(path: string, language: LanguageId | string, manifest: TreeManifest): string[] {
  if (!isLanguageId(language)) return [];
  const patterns = getLanguage(language).bytecodeCaches ?? [];
  if (patterns.length === 0) return [];
  const folder = posix.dirname(path);
  const name = posix.basename(path);
  const stem = name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name;
  const matchers = patterns.map((pattern) =>
    globPattern(
      posix.join(
        folder,
        pattern.replaceAll('{stem}', () => stem.replaceAll('*', '')),
      ),
    ),
  );
  return [...manifest.keys()]
    .filter((relative) => manifest.get(relative)!.kind === 'file' && matchers.some((matcher) => matcher.test(relative)))
    .sort();
}
