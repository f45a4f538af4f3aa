// The language tables, by id and by file extension: one registry (LANGUAGES), the built-ins
// registered exactly as a plugin's languages are.
import { createHash } from 'node:crypto';
import { InputError } from '../util/errors.ts';
import { pluginEntry, Registry } from '../util/registry.ts';
import { z } from 'zod';
import type { LanguageId, LanguageSpec } from './types.ts';
import { c } from './tables/c.ts';
import { cpp } from './tables/cpp.ts';
import { csharp } from './tables/csharp.ts';
import { go } from './tables/go.ts';
import { html } from './tables/html.ts';
import { haskell } from './tables/haskell.ts';
import { java } from './tables/java.ts';
import { javascript } from './tables/javascript.ts';
import { kotlin } from './tables/kotlin.ts';
import { lua } from './tables/lua.ts';
import { objc } from './tables/objc.ts';
import { php } from './tables/php.ts';
import { python } from './tables/python.ts';
import { r } from './tables/r.ts';
import { ruby } from './tables/ruby.ts';
import { rust } from './tables/rust.ts';
import { scala } from './tables/scala.ts';
import { typescript } from './tables/typescript.ts';
import { tsx } from './tables/tsx.ts';

/** Every language ctxbench knows, by id: the built-in tables and the ones plugins register. */
export const LANGUAGES = new Registry<LanguageSpec>('language', 'language', {
  key: 'languages',
  entry: pluginEntry('id', {
    displayName: z.string(),
    grammar: z.object({ package: z.string(), wasm: z.string().min(1) }),
    extensions: z.array(z.string().regex(/^\.[^/\\]+$/, 'an extension with its dot (`.cu`)')).min(1),
    ...Object.fromEntries(
      [
        'commentTypes',
        'identifierTypes',
        'stringTypes',
        'definitions',
        'calls',
        'imports',
        'scopes',
        'statementTypes',
        'keywords',
        'stdlib',
      ].map((key) => [key, z.array(z.unknown())]),
    ),
    semantic: z.record(z.string(), z.looseObject({})),
    semanticFallback: z.looseObject({}),
    docstring: z.enum(['comment-before', 'python-body-string', 'comment-before-or-body-string']),
  }),
  add: registerLanguage,
});

interface Lookups {
  byExtension: Map<string, LanguageId>;
  /**
   * dialects that may hide behind another language's extension (`.h`: C, C++ or Objective-C), tried in precedence
   * order.
   */
  headerDialects: { id: LanguageId; extensions: Set<string>; pattern: RegExp }[];
  selfReceivers: Set<string>;
  moduleExtensions: Map<LanguageId, string[]>;
}
/** Worked out from the registered tables when first needed, again after a registration. */
let lookups: Lookups | null = null;

function tables(): Lookups {
  if (lookups) return lookups;
  const specs = LANGUAGES.list();
  const byExtension = new Map<string, LanguageId>();
  for (const spec of specs) for (const extension of spec.extensions) byExtension.set(extension.toLowerCase(), spec.id);
  const headerDialects = specs
    .filter((spec) => spec.headerMarkers)
    .sort((a, b) => b.headerMarkers!.precedence - a.headerMarkers!.precedence)
    // a dialect's patterns as one alternation: the text is scanned once per dialect
    .map((spec) => ({
      id: spec.id,
      extensions: new Set(spec.headerMarkers!.extensions),
      pattern: new RegExp(spec.headerMarkers!.patterns.map((source) => `(?:${source})`).join('|'), 'm'),
    }));
  const selfReceivers = new Set(specs.flatMap((spec) => spec.selfReceivers ?? []));
  const every = specs.flatMap((spec) => spec.moduleExtensions ?? []);
  const moduleExtensions = new Map(
    specs.map((spec) => [spec.id, [...new Set([...(spec.moduleExtensions ?? []), ...every])]]),
  );
  return (lookups = { byExtension, headerDialects, selfReceivers, moduleExtensions });
}

/** Registers a language table; its extensions may not be another language's (`.h` dialects use `headerMarkers`). */
export function registerLanguage(spec: LanguageSpec): LanguageSpec {
  const taken = spec.extensions
    .map((extension) => [extension, tables().byExtension.get(extension.toLowerCase())] as const)
    .find(([, owner]) => owner !== undefined);
  if (taken)
    throw new InputError(`extension '${taken[0]}' already belongs to the language '${taken[1]}'`, {
      field: 'extensions',
    });
  LANGUAGES.register(spec.id, spec);
  lookups = null;
  return spec;
}

for (const spec of [
  c,
  cpp,
  csharp,
  go,
  html,
  haskell,
  java,
  javascript,
  kotlin,
  lua,
  objc,
  php,
  python,
  r,
  ruby,
  rust,
  scala,
  typescript,
  tsx,
])
  registerLanguage(spec);
const BUILT_IN = new Set(LANGUAGES.names());

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Any of the ways a comment of the language starts (`lineComment`, `blockComment`, `otherCommentStarts`); null when the
 * table names none.
 */
export function commentStartPattern(spec: LanguageSpec): RegExp | null {
  const starts = [spec.lineComment, spec.blockComment?.[0], ...(spec.otherCommentStarts ?? [])].filter(
    (start): start is string => Boolean(start),
  );
  return starts.length > 0 ? new RegExp(starts.map(escapeRegExp).join('|')) : null;
}

/** Blanks out a language's comments and double-quoted strings so that prose cannot look like syntax. */
function codeOnly(spec: LanguageSpec, text: string): string {
  const alternatives = ['"(?:[^"\\\\\\n]|\\\\.)*"'];
  if (spec.blockComment)
    alternatives.push(`${escapeRegExp(spec.blockComment[0])}[\\s\\S]*?${escapeRegExp(spec.blockComment[1])}`);
  if (spec.lineComment) alternatives.push(`${escapeRegExp(spec.lineComment)}[^\\n]*`);
  return text.replace(new RegExp(alternatives.join('|'), 'g'), ' ');
}

/**
 * The language of a file, by extension (case-insensitive). An extension that several dialects share
 * (`.h`) is decided from the text by the tables' `headerMarkers`; without text it stays with the
 * table that lists the extension. Null when no table claims the extension.
 */
export function languageForPath(path: string, text?: string): LanguageId | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = name.slice(dot).toLowerCase();
  const { byExtension: owners, headerDialects } = tables();
  const byExtension = owners.get(extension) ?? null;
  if (text === undefined) return byExtension;
  const dialects = headerDialects.filter((dialect) => dialect.extensions.has(extension));
  if (dialects.length === 0) return byExtension;
  const code = byExtension ? codeOnly(LANGUAGES.get(byExtension), text) : text;
  return dialects.find((dialect) => dialect.pattern.test(code))?.id ?? byExtension;
}

export function allLanguages(): readonly LanguageSpec[] {
  return LANGUAGES.list();
}

export function isLanguageId(value: string): value is LanguageId {
  return LANGUAGES.has(value);
}

export function getLanguage(id: LanguageId): LanguageSpec {
  const spec = LANGUAGES.find(id);
  if (!spec) throw new InputError(`unknown language '${id}' (known: ${LANGUAGES.names().join(', ')})`);
  return spec;
}

/** Receivers that name the caller's own object or class, in any registered language. */
export function selfReceivers(): ReadonlySet<string> {
  return tables().selfReceivers;
}

/** The extensions an import of a `language` file may leave out: its own table's first, then every other language's. */
export function moduleExtensions(language: LanguageId): readonly string[] {
  return tables().moduleExtensions.get(language) ?? [];
}

/**
 * A version of the languages registered beyond the built-ins (empty without any): caches of what the index read include
 * it.
 */
export function pluginLanguagesVersion(): string {
  const added = LANGUAGES.list().filter((spec) => !BUILT_IN.has(spec.id));
  return added.length === 0 ? '' : `+${createHash('sha256').update(JSON.stringify(added)).digest('hex').slice(0, 12)}`;
}
