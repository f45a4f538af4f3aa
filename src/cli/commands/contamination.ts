// `ctxbench contamination <tasks> --corpus PATH... --out LABELS.jsonl`: n-gram overlap of every
// reference with a corpus (a model's training data), as labels that `report --labels` groups by.
import { UsageError, type Command } from '../command.ts';
import { iterateTasks } from '../../datasets/index.ts';
import { DEFAULT_CONTAMINATION, measureContamination } from '../../tasks/index.ts';
import { writeJsonl } from '../../util/jsonl.ts';
import { integerOption, numberOption, textOption } from '../options.ts';

export const contaminationCommand: Command = {
  usage: 'contamination <tasks> --corpus PATH [--corpus PATH...] --out LABELS.jsonl [--n 13] [--threshold 0.5]',
  example:
    'ctxbench contamination function.tasks --corpus the-stack-sample/ --corpus instruct.jsonl --out ' +
    'contamination.jsonl && ctxbench report runs/gpt --labels contamination.jsonl --by contaminated',
  options: {
    corpus: {
      type: 'string',
      multiple: true,
      description: 'corpus files or folders (walked); a .jsonl file counts each string of each record as a document',
      valueName: 'PATH',
    },
    out: {
      type: 'string',
      description: 'labels file: one {id, labels: {contaminated: yes|no, overlap}} per task',
      valueName: 'FILE',
    },
    n: {
      type: 'string',
      description: `n-gram length in tokens (identifiers, numbers and single symbols)`,
      valueName: 'N',
      default: String(DEFAULT_CONTAMINATION.n),
    },
    threshold: {
      type: 'string',
      description: "contaminated when at least this share of a reference's distinct n-grams is in the corpus",
      valueName: 'SHARE',
      default: String(DEFAULT_CONTAMINATION.threshold),
    },
  },
  async run({ positionals, values }) {
    const [tasks, ...rest] = positionals;
    // `--corpus A B` leaves B as a second positional: say to repeat the flag
    const hint =
      rest.length > 0 && values.corpus
        ? ` (got '${rest.join("', '")}' too: give each corpus path its own --corpus)`
        : '';
    if (!tasks || rest.length > 0) throw new UsageError(`expected one task set${hint}\nUsage: ctxbench ${this.usage}`);
    const corpus = values.corpus as string[] | undefined;
    if (!corpus || corpus.length === 0) throw new UsageError('--corpus PATH is required (repeat it for several)');
    const out = textOption(values, 'out');
    if (!out) throw new UsageError('--out FILE is required');
    // a share of a reference's n-grams: 0 would call every task contaminated
    const threshold = numberOption(values, 'threshold', { min: Number.EPSILON, max: 1 })!;
    const result = measureContamination(iterateTasks(tasks), corpus, { n: integerOption(values, 'n')!, threshold });
    writeJsonl(out, result.labels);
    const contaminated = result.labels.filter((record) => record.labels.contaminated === 'yes').length;
    const mean =
      result.labels.reduce((sum, record) => sum + Number(record.labels.overlap), 0) / Math.max(1, result.labels.length);
    console.log(`corpus: ${result.documents} documents, ${result.tokens} tokens`);
    console.log(
      `${contaminated} of ${result.labels.length} tasks contaminated (overlap >= ${threshold}); mean overlap ` +
        `${mean.toFixed(4)}`,
    );
    console.log(`labels written to ${out}`);
    return 0;
  },
};
