// Lists a repository's source files: respects .gitignore, --include/--exclude globs, never follows a
// link out of the repository, and skips binary and huge files with a warning naming them (a UTF-16 file
// is decoded, one that is not valid UTF-8 as Latin-1, each with a warning).
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import { languageForPath, type LanguageId } from '../languages/index.ts';
import { BUILD_FILE } from './preprocessor.ts';
import { errorReason } from '../util/errors.ts';
import { decodeSource, ENCODING_NOTES } from '../util/source-text.ts';

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

/** Why a file of a known language was skipped, or decoded otherwise than as UTF-8. */
export type InputReason = 'over the size limit' | 'binary' | 'unreadable' | 'link' | 'utf-16' | 'latin1';

/** A file the walk skipped or decoded with a fallback (every reader of the repository reports them). */
export interface InputNote {
  path: string;
  action: 'skipped' | 'decoded';
  reason: InputReason;
}

const ALWAYS_SKIPPED_DIRS = new Set(['.git', '.hg', '.svn', 'node_modules', '.ctxbench']);
const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** A source file found by listSources, not read yet. */
export interface SourceEntry {
  path: string;
  /** absolute path to read. */
  full: string;
  size: number;
  /** the language its name gives (its text may refine it: a C++ `.h`). */
  language: LanguageId;
}

export interface SourceListing {
  entries: SourceEntry[];
  /** the build files found on the way (absolute paths; preprocessor.ts BUILD_FILE), whatever the globs select. */
  buildFiles: string[];
  /** the warnings of the listing and of every read so far, in the order of the walk. */
  warnings(): string[];
  /** the files skipped or decoded with a fallback so far, in the order of the walk (each with a warning). */
  inputs(): InputNote[];
  /** reads an entry (null when it is skipped, with a warning naming it). */
  read(entry: SourceEntry): SourceFile | null;
}

/**
 * Lists every file of a known language under `root` without reading it (.gitignore, globs, links
 * and size are decided from names and stat): a caller reads each when it needs its text.
 */
export function listSources(root: string, options: WalkOptions = {}): SourceListing {
  const realRoot = realpathSync(root);
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const included = options.include?.length ? picomatch(options.include, { dot: true }) : () => true;
  const excluded = options.exclude?.length ? picomatch(options.exclude, { dot: true }) : () => false;
  const entries: SourceEntry[] = [];
  const buildFiles: string[] = [];
  // each warning with its place in the walk: an entry's number, or after the entries found before it
  const warned: { at: number; text: string; input?: InputNote }[] = [];
  const warn = (text: string, input?: InputNote) =>
    warned.push({ at: entries.length - 0.5, text, ...(input ? { input } : {}) });
  const inOrder = () => [...warned].sort((a, b) => a.at - b.at);
  const visitedDirs = new Set<string>();

  const visit = (dir: string, rules: { base: string; matcher: Ignore }[]) => {
    const real = realpathSync(dir);
    if (visitedDirs.has(real)) {
      warn(`${toPosix(relative(realRoot, dir)) || '.'}: skipped, directory already indexed through another link`);
      return;
    }
    visitedDirs.add(real);
    const gitignore = readGitignore(dir);
    const activeRules = gitignore ? [...rules, { base: dir, matcher: gitignore }] : rules;
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (error) {
      warn(`${toPosix(relative(realRoot, dir))}: skipped, cannot list (${(error as NodeJS.ErrnoException).code})`);
      return;
    }
    for (const name of names) {
      const full = join(dir, name);
      const path = toPosix(relative(realRoot, full));
      let stats: Stats;
      try {
        stats = lstatSync(full);
        if (stats.isSymbolicLink()) {
          const problem = linkProblem(realRoot, real, full);
          if (problem) {
            // (a folder's link too: it may hold files of a known language)
            warn(`${path}: skipped, ${problem}`, { path, action: 'skipped', reason: 'link' });
            continue;
          }
          stats = statSync(full);
        }
      } catch (error) {
        warn(`${path}: skipped (${errorReason(error)})`);
        continue;
      }
      const isDir = stats.isDirectory();
      // hidden folders are not the repository's code (`.pc/`: Debian's unpatched copies of patched files)
      if (isDir && (ALWAYS_SKIPPED_DIRS.has(name) || name.startsWith('.'))) continue;
      if (isIgnored(activeRules, full, isDir)) continue;
      if (isDir) {
        visit(full, activeRules);
        continue;
      }
      if (stats.isFile() && stats.size <= maxBytes && BUILD_FILE.test(name)) buildFiles.push(full);
      if (!stats.isFile() || !included(path) || excluded(path)) continue;
      const language = languageForPath(path);
      if (!language) continue;
      if (stats.size > maxBytes) {
        warn(`${path}: skipped, ${stats.size} bytes is over the ${maxBytes}-byte limit (--max-file-bytes)`, {
          path,
          action: 'skipped',
          reason: 'over the size limit',
        });
        continue;
      }
      entries.push({ path, full, size: stats.size, language });
    }
  };
  visit(realRoot, []);
  const numbers = new Map(entries.map((entry, number) => [entry, number]));
  return {
    entries,
    buildFiles,
    warnings: () => inOrder().map((warning) => warning.text),
    inputs: () => inOrder().flatMap((warning) => (warning.input ? [warning.input] : [])),
    read(entry) {
      const at = numbers.get(entry)!;
      const { path } = entry;
      let bytes: Buffer;
      try {
        bytes = readFileSync(entry.full);
      } catch (error) {
        warned.push({
          at,
          text: `${path}: skipped (${errorReason(error)})`,
          input: { path, action: 'skipped', reason: 'unreadable' },
        });
        return null;
      }
      const decoded = decodeSource(bytes);
      if (!decoded) {
        warned.push({
          at,
          text: `${path}: skipped, binary content (NUL byte)`,
          input: { path, action: 'skipped', reason: 'binary' },
        });
        return null;
      }
      const { text, encoding } = decoded;
      if (encoding !== 'utf-8')
        warned.push({
          at,
          text: `${path}: ${ENCODING_NOTES[encoding]}`,
          input: { path, action: 'decoded', reason: encoding === 'latin1' ? 'latin1' : 'utf-16' },
        });
      return { path, language: languageForPath(path, text) ?? entry.language, text, size: entry.size };
    },
  };
}

/** Reads every entry of a listing (the ones skipped leave a warning in it). */
export function readListed(listing: SourceListing): SourceFile[] {
  return listing.entries.map((entry) => listing.read(entry)).filter((file): file is SourceFile => file !== null);
}

/** Reads every source file of a known language under `root`. */
export function walkRepository(root: string, options: WalkOptions = {}): WalkResult {
  const listing = listSources(root, options);
  const files = readListed(listing);
  return { files, warnings: listing.warnings() };
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
  if (fromTarget === '' || !(fromTarget.startsWith('..') || isAbsolute(fromTarget)))
    return 'link to an enclosing directory (symlink loop)';
  return null;
}
