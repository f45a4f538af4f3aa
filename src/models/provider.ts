// Provider strings -> backends: `openai:chat:<model>`, `openai:completion:<model>`,
// `llamacpp:<file.gguf>`, `baseline:copy-retrieved`, `baseline:empty`, `baseline:reference`.
import { InputError } from '../util/errors.ts';
import { BASELINES, createBaselineBackend, type BaselineName } from './baselines.ts';
import { createLlamaCppBackend } from './llamacpp.ts';
import { createOpenAIBackend, DEFAULT_OPENAI_BASE_URL } from './openai.ts';
import type { Backend } from './types.ts';

export type ProviderSpec =
  | { kind: 'openai'; mode: 'chat' | 'completion'; model: string }
  | { kind: 'llamacpp'; path: string }
  | { kind: 'baseline'; name: BaselineName };

const FORMS = 'openai:chat:<model>, openai:completion:<model>, llamacpp:<file.gguf>, baseline:copy-retrieved, baseline:empty, baseline:reference';

export function parseProvider(provider: string): ProviderSpec {
  const [kind, ...rest] = provider.split(':');
  const tail = rest.join(':');
  if (kind === 'openai') {
    const [mode, ...model] = rest;
    if ((mode === 'chat' || mode === 'completion') && model.join(':') !== '') return { kind, mode, model: model.join(':') };
  } else if (kind === 'llamacpp' && tail !== '') {
    return { kind, path: tail };
  } else if (kind === 'baseline' && (BASELINES as readonly string[]).includes(tail)) {
    return { kind, name: tail as BaselineName };
  }
  throw new InputError(`unknown model '${provider}' (forms: ${FORMS})`, { field: 'model' });
}

export interface BackendOptions {
  /** `--base-url`; falls back to OPENAI_BASE_URL, then OpenAI's own endpoint. */
  baseUrl?: string | null;
  /** name of the environment variable holding the key (`--api-key-env`); default OPENAI_API_KEY. */
  apiKeyEnv?: string | null;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** The endpoint an openai provider will call (recorded in the run config; the key never is). */
export function resolveBaseUrl(options: BackendOptions): string {
  const env = options.env ?? process.env;
  return options.baseUrl || env.OPENAI_BASE_URL || DEFAULT_OPENAI_BASE_URL;
}

export async function createBackend(provider: string, options: BackendOptions = {}): Promise<Backend> {
  const spec = parseProvider(provider);
  if (spec.kind === 'baseline') return createBaselineBackend(spec.name);
  if (spec.kind === 'llamacpp') return createLlamaCppBackend(spec.path);
  const env = options.env ?? process.env;
  let apiKey: string | null = env.OPENAI_API_KEY || null;
  if (options.apiKeyEnv) {
    apiKey = env[options.apiKeyEnv] || null;
    if (!apiKey) throw new InputError(`the environment variable ${options.apiKeyEnv} (named by --api-key-env) is not set`, { field: 'api-key-env' });
  }
  return createOpenAIBackend({ mode: spec.mode, model: spec.model, baseUrl: resolveBaseUrl(options), apiKey, timeoutMs: options.timeoutMs ?? 600_000 });
}
