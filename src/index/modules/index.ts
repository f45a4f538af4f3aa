// The registry of module systems: one entry per language whose imports and calls the generic
// resolution order gets wrong. Adding one = one entry here (see ./types.ts).
import type { LanguageId } from '../../languages/index.ts';
import type { FileFacts } from '../types.ts';
import { createGoPackages } from './go.ts';
import { createRustModules } from './rust.ts';
import type { ModuleSystem, ModuleSystemEntry } from './types.ts';

export const MODULE_SYSTEMS: readonly ModuleSystemEntry[] = [
  { language: 'rust', create: createRustModules },
  { language: 'go', create: createGoPackages },
];

/** The module systems of the languages present among `files`. */
export function createModuleSystems(files: FileFacts[], root: string | null): Map<LanguageId, ModuleSystem> {
  const present = new Set(files.map((file) => file.language));
  return new Map(
    MODULE_SYSTEMS.filter((entry) => present.has(entry.language)).map((entry) => [
      entry.language,
      entry.create(files, root),
    ]),
  );
}

export type { CallDecision, CallLookup, ImportBinding, ModuleSystem } from './types.ts';
