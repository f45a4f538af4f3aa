// The language tables, by id and by file extension.
import { InputError } from '../util/errors.ts';
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

const TABLES: readonly LanguageSpec[] = [c, cpp, csharp, go, html, haskell, java, javascript, kotlin, lua, objc, php, python, r, ruby, rust, scala, typescript, tsx];
const BY_ID = new Map<LanguageId, LanguageSpec>(TABLES.map((spec) => [spec.id, spec]));

const BY_EXTENSION = new Map<string, LanguageId>();
for (const spec of TABLES) for (const extension of spec.extensions) BY_EXTENSION.set(extension.toLowerCase(), spec.id);

// Dialects that may hide behind another language's extension (`.h`: C, C++ or Objective-C), tried in precedence order.
const HEADER_DIALECTS = TABLES.filter((spec) => spec.headerMarkers)
  .sort((a, b) => b.headerMarkers!.precedence - a.headerMarkers!.precedence)
  .map((spec) => ({
    id: spec.id,
    extensions: new Set(spec.headerMarkers!.extensions),
    patterns: spec.headerMarkers!.patterns.map((source) => new RegExp(source, 'm')),
  }));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Blanks out a language's comments and double-quoted strings so that prose cannot look like syntax. */
function codeOnly(spec: LanguageSpec, text: string): string {
  const alternatives = ['"(?:[^"\\\\\\n]|\\\\.)*"'];
  if (spec.blockComment) alternatives.push(`${escapeRegExp(spec.blockComment[0])}[\\s\\S]*?${escapeRegExp(spec.blockComment[1])}`);
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
  const byExtension = BY_EXTENSION.get(extension) ?? null;
  if (text === undefined) return byExtension;
  const dialects = HEADER_DIALECTS.filter((dialect) => dialect.extensions.has(extension));
  if (dialects.length === 0) return byExtension;
  const code = byExtension ? codeOnly(BY_ID.get(byExtension)!, text) : text;
  return dialects.find((dialect) => dialect.patterns.some((pattern) => pattern.test(code)))?.id ?? byExtension;
}

export function allLanguages(): readonly LanguageSpec[] {
  return TABLES;
}

export function isLanguageId(value: string): value is LanguageId {
  return BY_ID.has(value as LanguageId);
}

export function getLanguage(id: LanguageId | string): LanguageSpec {
  const spec = BY_ID.get(id as LanguageId);
  if (!spec) throw new InputError(`unknown language '${id}' (known: ${TABLES.map((t) => t.id).join(', ')})`);
  return spec;
}
