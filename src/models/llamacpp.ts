// `llamacpp:<file.gguf>`: a local GGUF model through node-llama-cpp. That package is optional (its
// install pulls large GPU binaries), so it is imported dynamically and only when asked for; it is
// told never to build or download anything at run time.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { InputError } from '../util/errors.ts';
import { GenerationError, type Backend, type Generation, type GenerationRequest } from './types.ts';

// The slice of node-llama-cpp (v3) used here, typed structurally: the package is not a dependency.
interface LlamaModule {
  getLlama(options: { build: 'never' }): Promise<{ loadModel(options: { modelPath: string }): Promise<LlamaModel> }>;
  LlamaCompletion: new (options: {
    contextSequence: LlamaSequence;
  }) => { generateCompletion(prompt: string, options: LlamaGenerationOptions): Promise<string> };
  LlamaChatSession: new (options: {
    contextSequence: LlamaSequence;
    systemPrompt?: string;
    autoDisposeSequence?: boolean;
  }) => {
    prompt(text: string, options: LlamaGenerationOptions): Promise<string>;
    dispose(options?: { disposeSequence?: boolean }): void;
  };
}
interface LlamaModel {
  createContext(options: { threads: number }): Promise<{ getSequence(): LlamaSequence; dispose(): Promise<void> }>;
  tokenize(text: string): unknown[];
  dispose(): Promise<void>;
}
interface LlamaSequence {
  clearHistory(): Promise<void>;
}
interface LlamaGenerationOptions {
  maxTokens: number;
  temperature: number;
  topP: number;
  seed?: number;
  customStopTriggers?: string[];
}

const PACKAGE = 'node-llama-cpp';

async function importLlama(): Promise<LlamaModule> {
  try {
    // A variable specifier keeps bundlers and the type checker from requiring the package.
    return (await import(PACKAGE)) as LlamaModule;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') {
      throw new InputError(
        `the llamacpp backend needs the optional package ${PACKAGE}, which is not installed: run \`npm install ` +
          `--omit=optional ${PACKAGE} @node-llama-cpp/linux-x64\` (its CPU build; a default install pulls ~700 MB of ` +
          `GPU binaries), or serve the model with llama.cpp's server and use openai:completion:<model> --base-url`,
        { field: 'model' },
      );
    }
    throw error;
  }
}

export async function createLlamaCppBackend(modelPath: string): Promise<Backend> {
  if (!existsSync(modelPath)) throw new InputError(`model file not found: ${modelPath}`, { field: 'model' });
  const llamaModule = await importLlama();
  const llama = await llamaModule.getLlama({ build: 'never' });
  const model = await llama.loadModel({ modelPath });
  // node-llama-cpp's default thread count can exceed the CPUs this process may use (4 threads on a
  // 2-CPU machine here), and llama.cpp's spinning threads then make each token ~100x slower.
  const context = await model.createContext({ threads: availableParallelism() });
  const sequence = context.getSequence();
  const completion = new llamaModule.LlamaCompletion({ contextSequence: sequence });
  // One sequence: calls run one after another, each from an empty history.
  let queue: Promise<unknown> = Promise.resolve();

  async function run({ prompt, sampling, sample }: GenerationRequest): Promise<Generation> {
    await sequence.clearHistory();
    const options: LlamaGenerationOptions = {
      maxTokens: sampling.maxTokens,
      temperature: sampling.temperature,
      topP: sampling.topP,
      ...(sampling.seed !== null ? { seed: sampling.seed + sample } : {}),
      ...(sampling.stop.length > 0 ? { customStopTriggers: sampling.stop } : {}),
    };
    let text: string;
    let promptText: string;
    if (prompt.messages) {
      const system = prompt.messages
        .filter((m) => m.role === 'system')
        .map((m) => m.content)
        .join('\n\n');
      const user = prompt.messages.filter((m) => m.role !== 'system');
      if (user.length !== 1 || user[0]!.role !== 'user')
        throw new GenerationError('llamacpp chat prompts must be a system message and one user message', 'permanent');
      const session = new llamaModule.LlamaChatSession({
        contextSequence: sequence,
        ...(system ? { systemPrompt: system } : {}),
        autoDisposeSequence: false,
      });
      try {
        text = await session.prompt(user[0]!.content, options);
      } finally {
        session.dispose({ disposeSequence: false });
      }
      promptText = `${system}\n${user[0]!.content}`;
    } else {
      promptText = prompt.prompt ?? '';
      text = await completion.generateCompletion(promptText, options);
    }
    if (text === '') throw new GenerationError('empty response: the model generated no text', 'permanent');
    return {
      text,
      promptTokens: model.tokenize(promptText).length,
      completionTokens: model.tokenize(text).length,
      finishReason: null,
    };
  }

  return {
    provider: `llamacpp:${modelPath}`,
    isBaseline: false,
    accepts: 'any',
    cacheIdentity: `llamacpp:${modelPath}`,
    tokenCounter: { name: `llamacpp:${modelPath}`, count: (text) => (text === '' ? 0 : model.tokenize(text).length) },
    generate(request) {
      const result = queue.then(() => run(request));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await context.dispose();
      await model.dispose();
    },
  };
}
