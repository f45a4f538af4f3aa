// Post-processing: from the model's raw text to the candidate that is scored, stored beside the raw
// text with the name of the rule that produced it. Every rule first takes the code of the first
// markdown fence (when there is one); then the task family's rule (tasks/cut.ts for the built-ins).
// Rules that needed a fence are named with a `fence+` prefix. A generation marked `verbatim` (the
// reference baseline) is kept as it is, under the rule `verbatim`.
import type { TaskRecord } from '../datasets/index.ts';
import { taskFamily, type Postprocessed } from '../tasks/index.ts';
import type { Generation } from './types.ts';

/** The scored candidate of a generation: its text as is when it is marked verbatim, else post-processed. */
export function candidateOf(
  task: TaskRecord,
  generation: Pick<Generation, 'text' | 'verbatim'>,
): Promise<Postprocessed> {
  return generation.verbatim
    ? Promise.resolve({ output: generation.text, rule: 'verbatim' })
    : postprocess(task, generation.text);
}

export async function postprocess(task: TaskRecord, raw: string): Promise<Postprocessed> {
  const { code, fenced } = extractFence(raw);
  const { output, rule } = await taskFamily(task.kind).postprocess(task, code);
  return { output, rule: fenced ? `fence+${rule}` : rule };
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * The code of the first fenced block. The info string after the opening fence (`c`, `cpp`,
 * `python title="x"`) is dropped as a whole line; text without a fence is returned unchanged
 * (YABLoCo's harness stripped a `c`/`cpp` prefix from any text, eating the `c` of `const`). A lone
 * bare fence after some code is read as the end of an unopened block (completion models often
 * close one), so the code before it is kept.
 */
export function extractFence(text: string): { code: string; fenced: boolean } {
  const lines = text.split('\n');
  const fences: { index: number; marker: string; info: string }[] = [];
  lines.forEach((line, index) => {
    const match = FENCE.exec(line);
    if (match && !(match[1]!.startsWith('`') && match[2]!.includes('`')))
      fences.push({ index, marker: match[1]!, info: match[2]!.trim() });
  });
  const open = fences[0];
  if (!open) return { code: text, fenced: false };
  const close = fences.find(
    (fence) =>
      fence.index > open.index &&
      fence.info === '' &&
      fence.marker[0] === open.marker[0] &&
      fence.marker.length >= open.marker.length,
  );
  const before = lines.slice(0, open.index).join('\n');
  if (!close && open.info === '' && before.trim() !== '') return { code: before, fenced: true };
  return { code: lines.slice(open.index + 1, close ? close.index : lines.length).join('\n'), fenced: true };
}
