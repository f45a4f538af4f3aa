// Run specs: a YAML or JSON file holding a command's whole invocation, so a run is made again from one file
// (`eval --spec run.yaml`). Its keys are the command's options (`model`, `context`, `max-tokens`, ...), the
// positional's name (`tasks`) and `plugins` (files, each with the SHA-256 it must have). Options given on the
// command line override the spec's. Paths are relative to the spec's folder. A run stores the spec it was made
// with, every option in effect and paths absolute (`results RUN --spec` writes it back out).
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { hashFile } from '../util/file-hash.ts';
import { InputError } from '../util/errors.ts';
import { parseRecord } from '../util/schema.ts';
import { readYamlFile } from '../util/yaml-lines.ts';
import type { Command, SpecShape } from './command.ts';

const PluginEntrySchema = z.union([
  z.string().min(1),
  z.strictObject({
    file: z.string().min(1),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
]);

/** The spec schema of a command: its positional, its options by type, and `plugins`. */
export function specSchema(command: Command, shape: SpecShape) {
  const fields: Record<string, z.ZodType> = {
    [shape.positional]: z.string().min(1),
    plugins: z.array(PluginEntrySchema).optional(),
  };
  for (const [name, option] of Object.entries(command.options)) {
    if (name === 'spec') continue;
    const scalar = option.type === 'boolean' ? z.boolean() : z.union([z.string(), z.number()]);
    fields[name] = (option.multiple ? z.union([scalar, z.array(scalar)]) : scalar).optional();
  }
  return z.strictObject(fields);
}

/** A spec read from a file: the command line it stands for, and the plugins it needs (hashes checked). */
export interface ReadSpec {
  argv: string[];
  plugins: string[];
}

/**
 * The options the command line names itself (`--name`, `--name=v`, `-x`): the spec's values of those are overridden.
 */
function namedOnCommandLine(argv: readonly string[], command: Command): Set<string> {
  const shorts = new Map(
    Object.entries(command.options).flatMap(([name, option]) => (option.short ? [[option.short, name] as const] : [])),
  );
  const named = new Set<string>();
  for (const token of argv) {
    const long = /^--([^=]+)/.exec(token);
    if (long) named.add(long[1]!.startsWith('no-') && !(long[1]! in command.options) ? long[1]!.slice(3) : long[1]!);
    const short = /^-([A-Za-z])$/.exec(token);
    if (short && shorts.has(short[1]!)) named.add(shorts.get(short[1]!)!);
  }
  return named;
}

/**
 * Reads `file` as a spec of `command` and returns the command line: the spec's options (those the command line
 * does not name itself) before the given arguments, and its positional when the command line has none.
 */
export function readSpec(file: string, command: Command, shape: SpecShape, argv: readonly string[]): ReadSpec {
  const { value, where } = readYamlFile(file, 'spec');
  const spec = parseRecord(specSchema(command, shape), value ?? {}, where) as Record<string, unknown>;
  const folder = dirname(resolve(file));
  const place = (path: string) => (isAbsolute(path) ? path : resolve(folder, path));
  const named = namedOnCommandLine(argv, command);
  const tokens: string[] = [];
  for (const [name, raw] of Object.entries(spec)) {
    if (name === shape.positional || name === 'plugins' || named.has(name) || raw === undefined) continue;
    for (const item of Array.isArray(raw) ? raw : [raw]) {
      if (typeof item === 'boolean') {
        if (item) tokens.push(`--${name}`);
        continue;
      }
      let text = String(item);
      if (shape.paths.includes(name)) text = place(text);
      else if (shape.namesOrPaths.includes(name) && existsSync(place(text))) text = place(text);
      // one token: a value that starts with "-" stays a value
      tokens.push(`--${name}=${text}`);
    }
  }
  const hasPositional = argv.some(
    (token, index) => !token.startsWith('-') && !(index > 0 && takesValue(argv[index - 1]!, command)),
  );
  const positional = spec[shape.positional] as string | undefined;
  if (positional !== undefined && !hasPositional) {
    // a live benchmark's `#family` stays after the path
    const hash = positional.lastIndexOf('#');
    tokens.push(
      hash > 0 && !existsSync(place(positional))
        ? `${place(positional.slice(0, hash))}${positional.slice(hash)}`
        : place(positional),
    );
  }
  const plugins = ((spec.plugins ?? []) as z.output<typeof PluginEntrySchema>[]).map((entry, index) => {
    const { file: plugin, sha256 } = typeof entry === 'string' ? { file: entry, sha256: undefined } : entry;
    const path = place(plugin);
    if (!existsSync(path))
      throw new InputError(`plugin file not found: ${path}`, {
        file,
        line: where.lineOf?.(['plugins', index]),
        field: `plugins[${index}]`,
      });
    if (sha256 !== undefined && hashFile(path) !== sha256) {
      throw new InputError(
        `the plugin ${path} is not the one the spec names (its SHA-256 is ${hashFile(path)}, the spec's ${sha256}): ` +
          `restore it, or remove its sha256 to accept the new one`,
        { file, line: where.lineOf?.(['plugins', index]), field: `plugins[${index}].sha256` },
      );
    }
    return path;
  });
  return { argv: [...tokens, ...argv], plugins };
}

/** Whether `token` is an option of `command` that takes a value (its next argument is that value, not a positional). */
function takesValue(token: string, command: Command): boolean {
  const long = /^--([^=]+)$/.exec(token);
  if (long) return command.options[long[1]!]?.type === 'string';
  const short = /^-([A-Za-z])$/.exec(token);
  return (
    short !== null &&
    Object.values(command.options).some((option) => option.short === short[1] && option.type === 'string')
  );
}

/**
 * The spec of an invocation: its positional and every option in effect, paths absolute, and the plugins with their
 * hashes.
 */
export function specOf(
  command: Command,
  shape: SpecShape,
  positional: string,
  values: Record<string, unknown>,
  plugins: { file: string; sha256: string }[],
): Record<string, unknown> {
  const absolute = (path: string) => resolve(path);
  const hash = positional.lastIndexOf('#');
  const spec: Record<string, unknown> = {
    [shape.positional]:
      hash > 0 && !existsSync(positional)
        ? `${absolute(positional.slice(0, hash))}${positional.slice(hash)}`
        : absolute(positional),
  };
  for (const name of Object.keys(command.options)) {
    const value = values[name];
    if (name === 'spec' || value === undefined || value === false || (Array.isArray(value) && value.length === 0))
      continue;
    if (
      typeof value === 'string' &&
      (shape.paths.includes(name) || (shape.namesOrPaths.includes(name) && existsSync(value)))
    )
      spec[name] = absolute(value);
    else spec[name] = value;
  }
  if (plugins.length > 0) spec.plugins = plugins;
  return spec;
}
