// `ctxbench obfuscate <tasks> --out FILE`: the task set with each function task's target and
// parameters renamed (YABLoCo's proposed leakage control); other tasks are copied unchanged.
import { UsageError, type Command } from '../command.ts';
import { isFunctionTask, iterateTasks, writeTasks, type TaskRecord } from '../../datasets/index.ts';
import { applyRenaming, renamingOf } from '../../tasks/index.ts';

export const obfuscateCommand: Command = {
  usage: 'obfuscate <tasks> --out FILE',
  example:
    'ctxbench obfuscate function.tasks --out function-obfuscated.tasks && ctxbench eval function-obfuscated.tasks ' +
    '--model openai:chat:gpt-4o --out runs/gpt4o-obfuscated',
  options: {
    out: {
      type: 'string',
      description: 'the obfuscated task set (same task ids; meta.obfuscated lists the renaming)',
      valueName: 'FILE',
    },
  },
  async run({ positionals, values }) {
    const [file, ...rest] = positionals;
    if (!file || rest.length > 0) throw new UsageError(`expected one task set\nUsage: ctxbench ${this.usage}`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('--out FILE is required');
    if (out === file) throw new UsageError('--out must differ from the input task set');
    const tasks: TaskRecord[] = [];
    let renamed = 0;
    for (const task of iterateTasks(file)) {
      const renaming = isFunctionTask(task) ? await renamingOf(task) : null;
      if (renaming) renamed++;
      tasks.push(renaming && isFunctionTask(task) ? applyRenaming(task, renaming) : task);
    }
    writeTasks(out, tasks);
    console.log(
      `${renamed} of ${tasks.length} tasks obfuscated (function tasks whose definition was found), written to ${out}`,
    );
    return 0;
  },
};
