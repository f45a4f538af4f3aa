// The options of every command that calls a model through the generation runner (`eval`,
// `docstrings generate`): the model, its endpoint, sampling, concurrency and the response cache.
import { providerForms, resolveBaseUrl, type BackendOptions } from '../models/index.ts';
import { responseCacheFile } from '../runstore/index.ts';
import type { OptionSpec } from './command.ts';
import { integerOption, numberOption, textOption, type OptionValues } from './options.ts';

export const MODEL_OPTIONS: Record<string, OptionSpec> = {
  model: { type: 'string', valueName: 'P', description: providerForms() },
  concurrency: {
    type: 'string',
    valueName: 'C',
    description: 'calls in flight at most (lowered automatically on 429/503)',
    default: '4',
  },
  'base-url': {
    type: 'string',
    valueName: 'U',
    description: 'OpenAI-compatible endpoint (default: $OPENAI_BASE_URL, else api.openai.com)',
  },
  'api-key-env': {
    type: 'string',
    valueName: 'NAME',
    description: 'environment variable holding the API key (default OPENAI_API_KEY)',
  },
  'max-tokens': {
    type: 'string',
    valueName: 'M',
    description: 'tokens generated at most per candidate',
    default: '256',
  },
  temperature: { type: 'string', valueName: 'T', description: 'sampling temperature (default 0 for -n 1, else 0.8)' },
  'top-p': { type: 'string', valueName: 'P', description: 'nucleus sampling (default 1 when greedy, else 0.95)' },
  stop: { type: 'string', multiple: true, valueName: 'S', description: 'stop sequence (repeatable)' },
  seed: { type: 'string', valueName: 'N', description: 'sampling seed; sample i is sent with seed + i' },
  'no-cache': { type: 'boolean', description: 'bypass the shared response cache' },
  'cache-dir': {
    type: 'string',
    valueName: 'DIR',
    description: 'response cache folder (default $CTXBENCH_CACHE_DIR, else ~/.cache/ctxbench)',
  },
  'retry-errors': {
    type: 'boolean',
    description: 'also redo candidates that failed in an earlier session of this run',
  },
  timeout: { type: 'string', valueName: 'SEC', description: 'seconds to wait for one answer', default: '600' },
};

/** The parsed MODEL_OPTIONS, as the runner and `createBackend` take them. */
export function modelSettings(values: OptionValues) {
  const model = textOption(values, 'model') ?? null;
  const endpoint: BackendOptions = {
    baseUrl: textOption(values, 'base-url') ?? null,
    apiKeyEnv: textOption(values, 'api-key-env') ?? null,
    timeoutMs: numberOption(values, 'timeout', { min: 1 })! * 1000,
  };
  return {
    model,
    endpoint,
    concurrency: integerOption(values, 'concurrency', { max: 1024 })!,
    maxTokens: integerOption(values, 'max-tokens')!,
    temperature: numberOption(values, 'temperature', { min: 0, max: 2 }) ?? null,
    topP: numberOption(values, 'top-p', { min: 0, max: 1 }) ?? null,
    seed: integerOption(values, 'seed', { min: -Infinity }) ?? null,
    stop: (values.stop as string[] | undefined) ?? [],
    cacheFile: values['no-cache'] === true ? null : responseCacheFile(textOption(values, 'cache-dir') ?? null),
    retryErrors: values['retry-errors'] === true,
    baseUrl: model?.startsWith('openai:') ? resolveBaseUrl(endpoint) : null,
  };
}
