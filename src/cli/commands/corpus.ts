// `ctxbench corpus <repo...> --out DIR --family F [--exclude TASKS]`: an instruction / fine-tuning
// corpus of samples of a family's kind, with nothing of the evaluation sets in it.
import { commandLine, UsageError, type Command } from '../command.ts';
import { toolVersion } from '../version.ts';
import { integerOption, languagesOption, languagesOptionSpec, textOption } from '../options.ts';
import { formatTable } from '../../util/table.ts';
import { buildCorpus } from '../../context/index.ts';
import { familyNames, inputWarnings } from '../../tasks/index.ts';

export const corpusCommand: Command = {
  usage:
    'corpus <repo...> --out DIR --family function|node|crossfile [--exclude TASKS...] [--template FIM] ' +
    '[--chat-template NAME] [--strategy S] [--limit N] [--languages a,b] [--seed N]',
  example:
    'ctxbench corpus other-repos/* --out instruct/ --family node --exclude node.tasks --template starcoder2 --limit ' +
    '500',
  options: {
    out: {
      type: 'string',
      description: 'folder for chat.jsonl, fim.jsonl (with --template) and manifest.json',
      valueName: 'DIR',
    },
    family: {
      type: 'string',
      description: `kind of samples: ${familyNames().join(', ')} (function: the training-split rules)`,
      valueName: 'F',
    },
    exclude: {
      type: 'string',
      multiple: true,
      description:
        'evaluation task set to keep out: its repositories are refused; samples from its files, with its references ' +
        'or near-duplicates of them (BLEU-2 >= 0.2) are dropped (repeatable)',
      valueName: 'TASKS',
    },
    template: {
      type: 'string',
      description:
        'FIM template (e.g. starcoder2, deepseek-coder): also write fim.jsonl, prompt + reference as one text',
      valueName: 'NAME',
    },
    'chat-template': {
      type: 'string',
      description: "chat template of chat.jsonl (default: the family's)",
      valueName: 'NAME',
    },
    strategy: {
      type: 'string',
      description: 'context of the prompts (default: oracle for function, bm25 otherwise)',
      valueName: 'S',
    },
    limit: { type: 'string', description: 'at most N samples per repository and language (seeded)', valueName: 'N' },
    languages: languagesOptionSpec(),
    seed: { type: 'string', description: 'random seed', valueName: 'N', default: '0' },
  },
  async run({ positionals, values }) {
    if (positionals.length === 0)
      throw new UsageError(`expected at least one repository\nUsage: ctxbench ${this.usage}`);
    const family = values.family as string | undefined;
    if (!family || !familyNames().includes(family))
      throw new UsageError(`--family must be one of ${familyNames().join(', ')}`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('--out DIR is required');
    const manifest = await buildCorpus({
      repos: positionals,
      out,
      family,
      exclude: (values.exclude as string[] | undefined) ?? [],
      strategy: textOption(values, 'strategy'),
      chatTemplate: textOption(values, 'chat-template'),
      fimTemplate: textOption(values, 'template'),
      seed: integerOption(values, 'seed', { min: 0 })!,
      limit: integerOption(values, 'limit'),
      languages: languagesOption(values),
      command: commandLine('corpus', positionals, values),
      toolVersion: toolVersion(),
    });
    for (const repo of manifest.repositories) if (repo.status !== 'used') console.log(`${repo.name}: ${repo.status}`);
    console.log(
      formatTable(
        ['language', 'built', 'file of eval set', 'same reference', 'near-duplicate', 'written'],
        Object.entries(manifest.counts).map(([language, c]) => [
          language,
          c.built,
          c.fileOfEvaluationSet,
          c.sameReference,
          c.nearDuplicate,
          c.written,
        ]),
      ),
    );
    console.log(`${manifest.samples} samples written to ${out} (manifest.json lists every count)`);
    for (const line of inputWarnings(manifest.inputs)) console.error(line);
    if (manifest.samples === 0) {
      const built = Object.values(manifest.counts).reduce((sum, counts) => sum + counts.built, 0);
      console.error(
        `warning: no samples: ${
          built === 0
            ? `the repositories hold no ${family} candidate in a supported language`
            : `all ${built} built samples were left out (see the table)`
        }`,
      );
    }
    return 0;
  },
};
