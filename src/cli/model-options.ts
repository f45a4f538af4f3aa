// The options of every command that calls a model through the generation runner (`eval`,
// `docstrings generate`): the model, its endpoint, sampling, concurrency and the response cache.
import { resolveBaseUrl, type BackendOptions } from '../models/provider.ts';
import { responseCacheFile } from '../runstore/cache.ts';
import { UsageError, type OptionSpec } from './command.ts';

export type Values = Record<string, string | boolean | string[] | undefined>;

export function text(values: Values, name: string): string | null {
  const value = values[name];
  return typeof value === 'string' ? value : null;
}

export function number(values: Values, name: string, check: { integer?: boolean; min?: number; max?: number } = {}): number | null {
  const raw = text(values, name);
  if (raw === null) return null;
  const value = Number(raw);
  const { integer = false, min = -Infinity, max = Infinity } = check;
  if (raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min || value > max) {
    const range = `${min > -Infinity ? ` >= ${min}` : ''}${max < Infinity ? ` <= ${max}` : ''}`;
    throw new UsageError(`--${name} must be ${integer ? 'an integer' : 'a number'}${range}, got '${raw}'`);
  }
  return value;
}

export const MODEL_OPTIONS: Record<string, OptionSpec> = {
  model: { type: 'string', valueName: 'P', description: 'openai:chat:<model>, openai:completion:<model>, llamacpp:<file.gguf>, baseline:copy-retrieved, baseline:empty or baseline:reference' },
  concurrency: { type: 'string', valueName: 'C', description: 'calls in flight at most (lowered automatically on 429/503)', default: '4' },
  'base-url': { type: 'string', valueName: 'U', description: 'OpenAI-compatible endpoint (default: $OPENAI_BASE_URL, else api.openai.com)' },
  'api-key-env': { type: 'string', valueName: 'NAME', description: 'environment variable holding the API key (default OPENAI_API_KEY)' },
  'max-tokens': { type: 'string', valueName: 'M', description: 'tokens generated at most per candidate', default: '256' },
  temperature: { type: 'string', valueName: 'T', description: 'sampling temperature (default 0 for -n 1, else 0.8)' },
  'top-p': { type: 'string', valueName: 'P', description: 'nucleus sampling (default 1 when greedy, else 0.95)' },
  stop: { type: 'string', multiple: true, valueName: 'S', description: 'stop sequence (repeatable)' },
  seed: { type: 'string', valueName: 'N', description: 'sampling seed; sample i is sent with seed + i' },
  'no-cache': { type: 'boolean', description: 'bypass the shared response cache' },
  'cache-dir': { type: 'string', valueName: 'DIR', description: 'response cache folder (default $CTXBENCH_CACHE_DIR, else ~/.cache/ctxbench)' },
  'retry-errors': { type: 'boolean', description: 'also redo candidates that failed in an earlier session of this run' },
  timeout: { type: 'string', valueName: 'SEC', description: 'seconds to wait for one answer', default: '600' },
};

/** The parsed MODEL_OPTIONS, as the runner and `createBackend` take them. */
export function modelSettings(values: Values) {
  const model = text(values, 'model');
  const endpoint: BackendOptions = { baseUrl: text(values, 'base-url'), apiKeyEnv: text(values, 'api-key-env'), timeoutMs: number(values, 'timeout', { min: 1 })! * 1000 };
  return {
    model,
    endpoint,
    concurrency: number(values, 'concurrency', { integer: true, min: 1, max: 1024 })!,
    maxTokens: number(values, 'max-tokens', { integer: true, min: 1 })!,
    temperature: number(values, 'temperature', { min: 0, max: 2 }),
    topP: number(values, 'top-p', { min: 0, max: 1 }),
    seed: number(values, 'seed', { integer: true }),
    stop: (values.stop as string[] | undefined) ?? [],
    cacheFile: values['no-cache'] === true ? null : responseCacheFile(text(values, 'cache-dir')),
    retryErrors: values['retry-errors'] === true,
    baseUrl: model?.startsWith('openai:') ? resolveBaseUrl(endpoint) : null,
  };
}
