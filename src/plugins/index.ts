// Plugins: a file (`--plugin ./my-retriever.ts`, or a `plugins:` entry of ctxbench.config.yaml)
// whose default export is `definePlugin({...})`. Each entry is registered in its kind's registry,
// exactly as ctxbench's built-ins register themselves, so every command, report and the viewer
// list and use it. A malformed plugin is an InputError naming the file and the field.
import { existsSync, readFileSync } from 'node:fs';
import { hashFile } from '../util/file-hash.ts';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { AgentTool, PromptTemplate, Retriever } from '../context/index.ts';
import type { CheatPattern, ReportParser, Sandbox } from '../exec/index.ts';
import type { MetricDefinition } from '../metrics/index.ts';
import type { BackendFactory } from '../models/index.ts';
import type { FigureKind } from '../report/index.ts';
import type { ExportFormat, ImportFormat } from '../datasets/index.ts';
import type { LanguageSpec } from '../languages/index.ts';
import type { ReviewRule } from '../review/index.ts';
import type { TaskFamily } from '../tasks/index.ts';
// every stage with a registry, loaded so that each registry's plugin slot exists before a plugin is read
import '../context/index.ts';
import '../datasets/index.ts';
import '../exec/index.ts';
import '../languages/index.ts';
import '../metrics/index.ts';
import '../models/index.ts';
import '../report/index.ts';
import '../review/index.ts';
import '../tasks/index.ts';
import { InputError } from '../util/errors.ts';
import { parseRecord } from '../util/schema.ts';
import { pluginSlots } from '../util/registry.ts';
import { addWorkerSetup } from '../util/workers.ts';
import { readYaml } from '../util/yaml-lines.ts';
import { CONFIG_FILE } from '../util/config-file.ts';

export { CONFIG_FILE };

/** What a plugin adds: any number of entries of each extension kind. */
export interface CtxbenchPlugin {
  /** shown in errors. */
  name: string;
  retrievers?: Retriever[];
  backends?: BackendFactory[];
  metrics?: MetricDefinition[];
  templates?: PromptTemplate[];
  sandboxes?: Sandbox[];
  figures?: FigureKind[];
  /** test-report formats an environment file names under `report.format`. */
  reportParsers?: ReportParser[];
  /** patterns that flag a passing candidate as `pass-flagged` (src/exec/cheats.ts). */
  cheatPatterns?: CheatPattern[];
  /** language tables (a grammar's .wasm by absolute path, or a built-in grammar's file name). */
  languages?: LanguageSpec[];
  /** which reviewed tasks `review apply --rule <name>` keeps. */
  reviewRules?: ReviewRule[];
  /** tools an agent may call in eval's agent mode (src/context/agent-tools.ts). */
  agentTools?: AgentTool[];
  /** formats `import` reads and `export` writes (src/datasets/formats.ts). */
  importFormats?: ImportFormat[];
  exportFormats?: ExportFormat[];
  /** task families `build` makes and every later stage reads (src/tasks/family.ts). */
  taskFamilies?: TaskFamily[];
}

/** Types a plugin's default export (`export default definePlugin({...})`); returns it unchanged. */
export function definePlugin(plugin: CtxbenchPlugin): CtxbenchPlugin {
  return plugin;
}

/**
 * The shape of a plugin's default export: its name and, under each registry's plugin key, entries of that registry's
 * shape.
 */
function pluginSchema() {
  return z.strictObject({
    name: z.string().min(1),
    ...Object.fromEntries(pluginSlots().map((slot) => [slot.key, z.array(slot.entry).optional()])),
  });
}

const loaded = new Map<string, CtxbenchPlugin>();
/** SHA-256 of each loaded plugin file as it was loaded (a run records them). */
const loadedHashes = new Map<string, string>();

/** The plugin files loaded in this process, in load order, with the SHA-256 of each. */
export function loadedPlugins(): { file: string; sha256: string }[] {
  return [...loadedHashes].map(([file, sha256]) => ({ file, sha256 }));
}

/** ctxbench's own package.json (from src/plugins or dist/plugins alike). */
const OWN_PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));

/**
 * Imports a plugin module; a TypeScript one under plain node (the compiled package) through tsx when
 * it is installed. tsImport loads it under its own URL: node keeps the failed first import of the
 * file's own URL, so registering tsx and importing that URL again fails the same way.
 */
async function importPluginFile(path: string): Promise<{ default?: unknown }> {
  const url = pathToFileURL(path).href;
  try {
    return (await import(url)) as { default?: unknown };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    let tsImport: (specifier: string, parent: string) => Promise<unknown>;
    try {
      ({ tsImport } = await import('tsx/esm/api'));
    } catch {
      throw new Error('a TypeScript plugin needs tsx installed (npm install tsx), or compile it to .js');
    }
    return (await tsImport(url, import.meta.url)) as { default?: unknown };
  }
}

/** Imports a plugin file and registers its entries (a file loaded twice registers once). */
export async function loadPlugin(file: string): Promise<CtxbenchPlugin> {
  const path = resolve(file);
  const known = loaded.get(path);
  if (known) return known;
  if (!existsSync(path)) throw new InputError('plugin file not found', { file });
  let module: { default?: unknown };
  try {
    module = await importPluginFile(path);
  } catch (error) {
    // require('ctxbench') from a CommonJS plugin: the package is an ES module only (with top-level await).
    const code = (error as NodeJS.ErrnoException).code;
    const commonJs =
      code === 'ERR_REQUIRE_ESM' ||
      code === 'ERR_REQUIRE_ASYNC_MODULE' ||
      (code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' && (error as Error).message.includes(OWN_PACKAGE_JSON));
    const reason = commonJs
      ? 'it is loaded as CommonJS and cannot require ctxbench, an ES module: name it .mjs (.mts), ' +
        'or add "type": "module" to the package.json of its folder'
      : (error as Error).message.split('\n')[0];
    throw new InputError(`cannot load the plugin: ${reason}`, { file });
  }
  if (module.default === undefined)
    throw new InputError('no default export; write `export default definePlugin({ name, ... })`', {
      file,
      field: '(default export)',
    });
  parseRecord(pluginSchema(), module.default, { file });
  const plugin = module.default as CtxbenchPlugin;
  for (const slot of pluginSlots()) {
    ((plugin as unknown as Record<string, unknown[] | undefined>)[slot.key] ?? []).forEach((entry, index) => {
      try {
        slot.add(entry);
      } catch (error) {
        throw new InputError((error as Error).message.replace(/^field '[^']*': /, ''), {
          file,
          field: `${slot.key}[${index}]`,
        });
      }
    });
  }
  loaded.set(path, plugin);
  loadedHashes.set(path, hashFile(path));
  // worker threads (indexing, task building) register the same entries
  addWorkerSetup(new URL(import.meta.url), 'loadPlugin', path);
  return plugin;
}

/** `ctxbench.config.yaml` (or `--config FILE`). */
export const ConfigFileSchema = z.strictObject({
  /** plugin files, relative to the config file, loaded in order before the command runs. */
  plugins: z.array(z.string().min(1)).optional(),
});

/** The plugin files a config file names (`plugins:`, paths relative to the file). */
export function pluginsOfConfig(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the config file: ${(error as Error).message.split('\n')[0]}`, { file });
  }
  const { value, where } = readYaml(text, file);
  const config = parseRecord(ConfigFileSchema, value ?? {}, where);
  return (config.plugins ?? []).map((plugin) => resolve(dirname(resolve(file)), plugin));
}

/**
 * Loads the plugins of a run of the CLI: the config file's (`--config FILE`, else
 * ./ctxbench.config.yaml when present), then each `--plugin FILE`, in order. Plugins run code, so a
 * config found in the working folder (an untrusted clone may hold one) may not list any: only a
 * config named with `--config` loads plugins.
 */
export async function loadPlugins(options: {
  config?: string;
  plugins?: readonly string[];
  cwd?: string;
}): Promise<CtxbenchPlugin[]> {
  const cwd = options.cwd ?? process.cwd();
  const config = options.config ?? (existsSync(resolve(cwd, CONFIG_FILE)) ? resolve(cwd, CONFIG_FILE) : undefined);
  if (options.config !== undefined && !existsSync(options.config))
    throw new InputError('config file not found', { file: options.config });
  const listed = config ? pluginsOfConfig(config) : [];
  if (options.config === undefined && listed.length > 0) {
    throw new InputError(
      `this config file was found in the current folder, not named, and its plugins run code: ctxbench loads none of ` +
        `them; to allow them, pass --config ${CONFIG_FILE}`,
      { file: config, field: 'plugins' },
    );
  }
  listed.forEach((file, index) => {
    if (!existsSync(file))
      throw new InputError(`plugin file not found: ${file}`, { file: config, field: `plugins[${index}]` });
  });
  const files = [...listed, ...(options.plugins ?? []).map((file) => resolve(cwd, file))];
  const plugins: CtxbenchPlugin[] = [];
  for (const file of files) plugins.push(await loadPlugin(file));
  return plugins;
}
