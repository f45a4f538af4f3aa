// `ctxbench refresh <spec.yaml>`: a live benchmark's new windows built from the repositories' new commits.
import { UsageError, commandLine, type Command } from '../command.ts';
import { textOption } from '../options.ts';
import { toolVersion } from '../version.ts';
import { formatTable } from '../../util/table.ts';
import { isCalendarDay } from '../../util/dates.ts';
import { loadLiveSpec, refreshLive } from '../../tasks/index.ts';

function day(value: string | undefined, option: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isCalendarDay(value)) throw new UsageError(`--${option} must be a date YYYY-MM-DD, got '${value}'`);
  return value;
}

export const refreshCommand: Command = {
  usage: 'refresh <spec.yaml> [--until DATE] [--dry-run]',
  example:
    'ctxbench refresh live/redis.yaml   # then: ctxbench eval live/redis.live#function --model baseline:reference ' +
    '--context infile --run runs/live-ref',
  options: {
    until: {
      type: 'string',
      valueName: 'YYYY-MM-DD',
      description: 'windows ending after this day stay open (default: today, UTC)',
    },
    'dry-run': {
      type: 'boolean',
      description: 'fetch, then print the windows a refresh would add, and write nothing else',
    },
  },
  async run({ positionals, values }) {
    if (positionals.length !== 1)
      throw new UsageError(`expected one spec file, got ${positionals.length}\nUsage: ctxbench ${this.usage}`);
    const spec = loadLiveSpec(positionals[0]!);
    const dryRun = values['dry-run'] === true;
    const result = await refreshLive(spec, {
      until: day(textOption(values, 'until'), 'until'),
      dryRun,
      toolVersion: toolVersion(),
      command: commandLine('refresh', positionals, values),
      onProgress: (line) => console.error(line),
    });
    for (const note of result.notes) console.error(`note: ${note}`);
    const families = spec.spec.families.map((family) => family.family);
    const rows = result.added.map(({ window, repositories, tasks }) => [
      `${window.start} .. ${window.end}`,
      repositories.map((repo) => `${repo.name}: ${repo.commits}`).join(', '),
      ...(dryRun ? [] : families.map((family) => tasks[family] ?? 0)),
    ]);
    if (rows.length === 0) {
      console.log(
        `${result.out}: nothing to add (${result.windows} window(s) built; the next window closes when its last day ` +
          `has passed and a commit is in it or after it)`,
      );
      return 0;
    }
    console.log(
      formatTable(
        ['window', 'commits in the window', ...(dryRun ? [] : families.map((family) => `${family} tasks`))],
        rows,
      ),
    );
    console.log(
      dryRun
        ? `${result.out}: would add ${rows.length} window(s)` +
            `${result.rebuilt ? ' (the spec changed: every window again)' : ''}; nothing written`
        : `${result.out}: added ${rows.length} window(s)` +
            `${result.rebuilt ? ' (the spec changed: every window built again)' : ''}, ${result.windows} in all; ` +
            `evaluate a family's windows with: ` +
            `ctxbench eval ${result.out}#${families[0]} --model M --context S --run DIR`,
    );
    return 0;
  },
};
