// A model backend: `replay:<file.jsonl>` answers each task with a completion recorded elsewhere
// (another harness, a hosted service's batch output, a person), one `{"taskId": ..., "completion": ...}`
// per line, so those completions get ctxbench's post-processing, metrics, execution and viewer.
// Use: ctxbench eval t.tasks --model replay:answers.jsonl --context infile --run runs/replayed --plugin examples/plugins/backend-replay.ts
import { readFileSync } from 'node:fs';
import { definePlugin, GenerationError, InputError, type Backend } from 'ctxbench';

function readAnswers(file: string): Map<string, string> {
  const answers = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the completions: ${(error as Error).message}`, { file });
  }
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let record: { taskId?: unknown; completion?: unknown };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      throw new InputError('not JSON', { file, line: index + 1 });
    }
    if (typeof record.taskId !== 'string') throw new InputError('must be a string', { file, line: index + 1, field: 'taskId' });
    if (typeof record.completion !== 'string') throw new InputError('must be a string', { file, line: index + 1, field: 'completion' });
    answers.set(record.taskId, record.completion);
  });
  return answers;
}

export default definePlugin({
  name: 'replay backend',
  backends: [
    {
      prefix: 'replay',
      forms: ['replay:<completions.jsonl>'],
      accepts: (spec) => (spec.endsWith('.jsonl') ? 'any' : null),
      // called once per run: read the file then, not when the plugin loads
      async create(spec, { provider }): Promise<Backend> {
        const answers = readAnswers(spec);
        return {
          provider,
          isBaseline: false,
          accepts: 'any',
          cacheIdentity: null, // nothing to save: the answers are on disk already
          async generate({ task }) {
            const text = answers.get(task.id);
            if (text === undefined) throw new GenerationError(`no completion for task '${task.id}' in ${spec}`, 'permanent');
            return { text, promptTokens: null, completionTokens: null, finishReason: 'stop' };
          },
          async close() {},
        };
      },
    },
  ],
});
