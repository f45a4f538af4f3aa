// Provider strings -> backends, through one registry of backend factories keyed by the string's
// prefix: `openai:chat:<model>`, `openai:completion:<model>`, `llamacpp:<file.gguf>`,
// `baseline:copy-retrieved|empty|reference`, and whatever a plugin registers. A factory loads its
// client only when a backend is created, so listing or checking providers loads no model client.
import { InputError } from '../util/errors.ts';
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import { z } from 'zod';
import { BASELINES, type BaselineName } from './baselines.ts';
import type { Backend, PromptShape } from './types.ts';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface BackendOptions {
  /** `--base-url`; falls back to OPENAI_BASE_URL, then OpenAI's own endpoint. */
  baseUrl?: string | null;
  /** name of the environment variable holding the key (`--api-key-env`); default OPENAI_API_KEY. */
  apiKeyEnv?: string | null;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

export interface BackendFactory {
  /** `openai` answers the provider strings `openai:...`. */
  prefix: string;
  /** the accepted string forms, shown in help and in errors (`openai:chat:<model>`). */
  forms: readonly string[];
  /**
   * the prompt shape the backend named by `spec` (the text after `prefix:`) takes, or null when `spec` is malformed.
   */
  accepts(spec: string): PromptShape | null;
  /** creates the backend; `provider` is the whole string (the run's `model`). */
  create(spec: string, options: BackendOptions & { provider: string }): Promise<Backend>;
  /** its backends are reference baselines, not models (reports label them; their answers are not cached). */
  baseline?: boolean;
}

export const BACKENDS = new Registry<BackendFactory>('model backend', 'model', {
  key: 'backends',
  entry: pluginEntry('prefix', {
    forms: z.array(z.string()).min(1),
    accepts: pluginFunction,
    create: pluginFunction,
    baseline: z.boolean().optional(),
  }),
  add: registerBackend,
});

export function registerBackend(factory: BackendFactory): BackendFactory {
  return BACKENDS.register(factory.prefix, factory);
}

export interface ProviderSpec {
  backend: string;
  /** the factory's backends are reference baselines. */
  baseline: boolean;
  /** the provider string after `<backend>:`. */
  spec: string;
  accepts: PromptShape;
}

export function providerForms(): string {
  return BACKENDS.list()
    .flatMap((factory) => factory.forms)
    .join(', ');
}

/** Checks a provider string without creating anything (before a run folder is locked). */
export function parseProvider(provider: string): ProviderSpec {
  const colon = provider.indexOf(':');
  const factory = colon > 0 ? BACKENDS.find(provider.slice(0, colon)) : undefined;
  const spec = provider.slice(colon + 1);
  const accepts = factory?.accepts(spec);
  if (!factory || !accepts)
    throw new InputError(`unknown model '${provider}' (forms: ${providerForms()})`, { field: 'model' });
  return { backend: factory.prefix, baseline: factory.baseline === true, spec, accepts };
}

/** The endpoint an openai provider will call (recorded in the run config; the key never is). */
export function resolveBaseUrl(options: BackendOptions): string {
  const env = options.env ?? process.env;
  return options.baseUrl || env.OPENAI_BASE_URL || DEFAULT_OPENAI_BASE_URL;
}

export async function createBackend(provider: string, options: BackendOptions = {}): Promise<Backend> {
  const { backend, spec } = parseProvider(provider);
  return BACKENDS.get(backend).create(spec, { ...options, provider });
}

registerBackend({
  prefix: 'openai',
  forms: ['openai:chat:<model>', 'openai:completion:<model>'],
  accepts(spec) {
    const [mode, ...model] = spec.split(':');
    return (mode === 'chat' || mode === 'completion') && model.join(':') !== '' ? mode : null;
  },
  async create(spec, options) {
    const [mode, ...model] = spec.split(':') as ['chat' | 'completion', ...string[]];
    const env = options.env ?? process.env;
    let apiKey: string | null = env.OPENAI_API_KEY || null;
    if (options.apiKeyEnv) {
      apiKey = env[options.apiKeyEnv] || null;
      if (!apiKey)
        throw new InputError(`the environment variable ${options.apiKeyEnv} (named by --api-key-env) is not set`, {
          field: 'api-key-env',
        });
    }
    const { createOpenAIBackend } = await import('./openai.ts');
    return createOpenAIBackend({
      mode,
      model: model.join(':'),
      baseUrl: resolveBaseUrl(options),
      apiKey,
      timeoutMs: options.timeoutMs ?? 600_000,
    });
  },
});

registerBackend({
  prefix: 'llamacpp',
  forms: ['llamacpp:<file.gguf>'],
  accepts: (spec) => (spec !== '' ? 'any' : null),
  async create(spec) {
    const { createLlamaCppBackend } = await import('./llamacpp.ts');
    return createLlamaCppBackend(spec);
  },
});

registerBackend({
  prefix: 'baseline',
  baseline: true,
  forms: BASELINES.map((name) => `baseline:${name}`),
  accepts: (spec) => ((BASELINES as readonly string[]).includes(spec) ? 'any' : null),
  async create(spec) {
    const { createBaselineBackend } = await import('./baselines.ts');
    return createBaselineBackend(spec as BaselineName);
  },
});
