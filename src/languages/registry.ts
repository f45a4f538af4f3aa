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
