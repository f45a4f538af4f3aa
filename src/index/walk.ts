// Lists a repository's source files: respects .gitignore, --include/--exclude globs, never follows a
// link out of the repository, and skips binary and huge files with a warning naming them (a file that
// is not valid UTF-8 is decoded as Latin-1, with a warning).
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import { languageForPath } from '../languages/registry.ts';
import { decodeSource } from '../util/source-text.ts';
import type { LanguageId } from '../languages/types.ts';

export interface WalkOptions {
  include?: string[];
  exclude?: string[];
  /** files larger than this many bytes are skipped (default 2 MiB). */
  maxFileBytes?: number;
}

export interface SourceFile {
  /** repository-relative, `/` separators. */
  path: string;
  language: LanguageId;
  text: string;
  size: number;
}

export interface WalkResult {
  files: SourceFile[];
  /** one line per skipped file, naming it and why. */
  warnings: string[];
}

const ALWAYS_SKIPPED_DIRS = new Set(['.git', '.hg', '.svn', 'node_modules', '.ctxbench']);
const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Reads every source file of a known language under `root`. */
export function walkRepository(root: string, options: WalkOptions = {}): WalkResult {
  const realRoot = realpathSync(root);
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const included = options.include?.length ? picomatch(options.include, { dot: true }) : () => true;
  const excluded = options.exclude?.length ? picomatch(options.exclude, { dot: true }) : () => false;
  const files: SourceFile[] = [];
  const warnings: string[] = [];
  const visitedDirs = new Set<string>();

  const visit = (dir: string, rules: { base: string; matcher: Ignore }[]) => {
    const real = realpathSync(dir);
    if (visitedDirs.has(real)) {
      warnings.push(`${toPosix(relative(realRoot, dir)) || '.'}: skipped, directory already indexed through another link`);
      return;
    }
    visitedDirs.add(real);
    const gitignore = readGitignore(dir);
    const activeRules = gitignore ? [...rules, { base: dir, matcher: gitignore }] : rules;
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch (error) {
      warnings.push(`${toPosix(relative(realRoot, dir))}: skipped, cannot list (${(error as NodeJS.ErrnoException).code})`);
      return;
    }
    for (const name of entries) {
      const full = join(dir, name);
      const path = toPosix(relative(realRoot, full));
      let stats: Stats;
      try {
        stats = lstatSync(full);
        if (stats.isSymbolicLink()) {
          const problem = linkProblem(realRoot, real, full);
          if (problem) {
            warnings.push(`${path}: skipped, ${problem}`);
            continue;
          }
          stats = statSync(full);
        }
      } catch (error) {
        warnings.push(`${path}: skipped (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
        continue;
      }
      const isDir = stats.isDirectory();
      if (isDir && ALWAYS_SKIPPED_DIRS.has(name)) continue;
      if (isIgnored(activeRules, full, isDir)) continue;
      if (isDir) {
        visit(full, activeRules);
        continue;
      }
      if (!stats.isFile() || !included(path) || excluded(path)) continue;
      const extensionLanguage = languageForPath(path);
      if (!extensionLanguage) continue;
      if (stats.size > maxBytes) {
        warnings.push(`${path}: skipped, ${stats.size} bytes is over the ${maxBytes}-byte limit (--max-file-bytes)`);
        continue;
      }
      const bytes = readFileSync(full);
      if (bytes.includes(0)) {
        warnings.push(`${path}: skipped, binary content (NUL byte)`);
        continue;
      }
      const { text, encoding } = decodeSource(bytes);
      if (encoding !== 'utf-8') warnings.push(`${path}: not valid UTF-8, decoded as Latin-1`);
      const language = languageForPath(path, text) ?? extensionLanguage;
      files.push({ path, language, text, size: stats.size });
    }
  };
  visit(realRoot, []);
  return { files, warnings };
}

function readGitignore(dir: string): Ignore | null {
  let text: string;
  try {
    text = readFileSync(join(dir, '.gitignore'), 'utf8');
  } catch {
    return null;
  }
  return ignore().add(text);
}

function isIgnored(rules: { base: string; matcher: Ignore }[], full: string, isDir: boolean): boolean {
  for (const { base, matcher } of rules) {
    const path = toPosix(relative(base, full));
    if (matcher.ignores(isDir ? `${path}/` : path)) return true;
  }
  return false;
}

/** Why a link must not be followed (it leaves the repository, is broken, or loops), or null. */
function linkProblem(realRoot: string, realParent: string, link: string): string | null {
  let target: string;
  try {
    target = realpathSync(link);
  } catch {
    return 'link is broken or loops';
  }
  const fromRoot = relative(realRoot, target);
  if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) return 'link points outside the repository';
  const fromTarget = relative(target, realParent);
  if (fromTarget === '' || !(fromTarget.startsWith('..') || isAbsolute(fromTarget))) return 'link to an enclosing directory (symlink loop)';
  return null;
}
