// Import and export formats: the prompt/completion JSONL that fine-tuning tools take ({prompt, completion} per line,
// the prompt being the code before the hole). Export writes a task set in it; import reads such a file back as
// cross-file-style tasks (no suffix, the completion as the reference), so a set made elsewhere can be evaluated.
// Use: ctxbench export prompt-completion tasks.db --out pairs.jsonl --plugin examples/plugins/format-prompt-completion.ts
//      ctxbench import prompt-completion pairs.jsonl --out pairs.tasks --plugin examples/plugins/format-prompt-completion.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { definePlugin, type TaskRecord } from 'ctxbench';

export default definePlugin({
  name: 'prompt/completion JSONL',
  exportFormats: [{
    name: 'prompt-completion',
    description: 'JSONL of {id, prompt, completion}: the code before the hole and the reference',
    out: 'FILE.jsonl',
    write(tasks, out) {
      const lines: string[] = [];
      for (const task of tasks) lines.push(JSON.stringify({ id: task.id, prompt: task.prefix, completion: task.reference }));
      writeFileSync(out, lines.map((line) => `${line}\n`).join(''));
      return lines.length;
    },
    written: (out) => `${out} (prompt/completion pairs)`,
  }],
  importFormats: [{
    name: 'prompt-completion',
    description: 'JSONL of {id, prompt, completion, language?}: each line one task whose hole ends the file',
    inputs: ['FILE.jsonl'],
    read([file], options) {
      const tasks = readFileSync(file!, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line, index): TaskRecord => {
        const { id, prompt, completion, language } = JSON.parse(line) as { id?: string; prompt: string; completion: string; language?: TaskRecord['language'] };
        const lines = prompt.split('\n');
        const endLines = completion.split('\n');
        return {
          id: id ?? `pair-${index + 1}`, kind: 'crossfile', language: options.language ?? language ?? 'python', repo: { name: 'pairs', commit: null }, path: `pairs/${index + 1}.txt`,
          prefix: prompt, suffix: '', reference: completion,
          span: { startLine: lines.length, startColumn: lines.at(-1)!.length + 1, endLine: lines.length + endLines.length - 1, endColumn: (endLines.length > 1 ? 0 : lines.at(-1)!.length) + endLines.at(-1)!.length + 1 },
          labels: { lines: endLines.length },
        };
      });
      return { tasks, report: [`${tasks.length} prompt/completion pairs`] };
    },
  }],
});
