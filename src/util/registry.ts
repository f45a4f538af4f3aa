// One registry per extension kind (docs/ARCHITECTURE.md "Where to add things": retrievers, backends, metrics,
// templates, sandboxes, figures, report parsers, cheat patterns, languages, review rules, agent tools, import and
// export formats). Built-ins register themselves exactly as a plugin's entries do, and
// every list ctxbench shows (help, reports, the viewer) is read from here. A registry that plugins
// may add to says so with its plugin slot (the key in a plugin's default export, the shape of an
// entry, the function that adds one): the plugin loader reads the slots, not a list of its own.
import { z } from 'zod';
import { InputError } from './errors.ts';

/**
 * Where a plugin's entries of one kind go: `key` of its default export, each entry checked by `entry`, added by `add`.
 */
export interface PluginSlot<T> {
  key: string;
  entry: z.ZodType;
  add: (entry: T) => unknown;
}

// each slot's `add` takes its own registry's entries: they are called with entries its `entry` schema accepted
const SLOTS: PluginSlot<unknown>[] = [];

/** Every registry's plugin slot, in the order the registries were made. */
export function pluginSlots(): readonly PluginSlot<unknown>[] {
  return SLOTS;
}

/** A plugin entry's function-valued field. */
export const pluginFunction = z.custom<(...args: never[]) => unknown>(
  (value) => typeof value === 'function',
  'must be a function',
);

/** A plugin entry: named by `key` (a non-empty string), with these fields (others pass through). */
export function pluginEntry(key: 'name' | 'prefix' | 'id', fields: Record<string, z.ZodType>): z.ZodType {
  return z.looseObject({ [key]: z.string().min(1), ...fields });
}

export class Registry<T> {
  private readonly entries = new Map<string, T>();

  /**
   * `kind` names the registry in errors ("unknown metric 'x' (known: ...)"); `field` is the option or field that names
   * entries; `plugin`, when plugins may add entries, its slot.
   */
  constructor(
    readonly kind: string,
    private readonly field?: string,
    plugin?: PluginSlot<T>,
  ) {
    if (plugin) {
      if (SLOTS.some((slot) => slot.key === plugin.key))
        throw new Error(`two registries take the plugin key '${plugin.key}'`);
      SLOTS.push(plugin as PluginSlot<unknown>);
    }
  }

  /** Adds an entry; a second entry under the same name is an error (a plugin cannot silently replace a built-in). */
  register(name: string, entry: T): T {
    if (!/^[A-Za-z0-9][A-Za-z0-9._@-]*$/.test(name))
      throw new InputError(`invalid ${this.kind} name '${name}' (letters, digits, . _ @ -)`, this.location());
    if (this.entries.has(name))
      throw new InputError(`a ${this.kind} named '${name}' is already registered`, this.location());
    this.entries.set(name, entry);
    return entry;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  get(name: string): T {
    const entry = this.entries.get(name);
    if (entry === undefined)
      throw new InputError(`unknown ${this.kind} '${name}' (known: ${this.names().join(', ')})`, this.location());
    return entry;
  }

  find(name: string): T | undefined {
    return this.entries.get(name);
  }

  /** Names in registration order (built-ins first). */
  names(): string[] {
    return [...this.entries.keys()];
  }

  list(): T[] {
    return [...this.entries.values()];
  }

  private location(): { field: string } | undefined {
    return this.field ? { field: this.field } : undefined;
  }
}
