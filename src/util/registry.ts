// One registry per extension kind (retrievers, backends, metrics, templates, sandboxes, figures,
// report parsers, languages). Built-ins register themselves exactly as a plugin's entries do, and
// every list ctxbench shows (help, reports, the viewer) is read from here.
import { InputError } from './errors.ts';

export class Registry<T> {
  private readonly entries = new Map<string, T>();

  /** `kind` names the registry in errors ("unknown metric 'x' (known: ...)"); `field` is the option or field that names entries. */
  constructor(readonly kind: string, private readonly field?: string) {}

  /** Adds an entry; a second entry under the same name is an error (a plugin cannot silently replace a built-in). */
  register(name: string, entry: T): T {
    if (!/^[A-Za-z0-9][A-Za-z0-9._@-]*$/.test(name)) throw new InputError(`invalid ${this.kind} name '${name}' (letters, digits, . _ @ -)`, this.location());
    if (this.entries.has(name)) throw new InputError(`a ${this.kind} named '${name}' is already registered`, this.location());
    this.entries.set(name, entry);
    return entry;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  get(name: string): T {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new InputError(`unknown ${this.kind} '${name}' (known: ${this.names().join(', ')})`, this.location());
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
