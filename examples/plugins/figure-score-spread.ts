// A report figure: the spread of the per-task scores of the report's metric, one box per run (a
// mean hides whether a run is uniformly mediocre or all-or-nothing). `report --html`, `--figures`
// and the viewer's Summary page draw it with the built-in figures.
// Use: ctxbench report runs/a runs/b --html --out report.html --plugin examples/plugins/figure-score-spread.ts
import { definePlugin, taskValue, type DataRecord } from 'ctxbench';

export default definePlugin({
  name: 'score spread figure',
  figures: [
    {
      id: 'score-spread',
      title: 'Spread of per-task scores',
      description: 'A box per run over its tasks\' values of the report metric (median, quartiles, whiskers at 1.5 IQR).',
      build(input, options) {
        const data: DataRecord[] = input.runs.flatMap((run) => run.tasks.flatMap((task) => {
          const value = taskValue(task, options.metric);
          return value === undefined ? [] : [{ run: run.label, task: task.id, value }];
        }));
        if (data.length === 0) return [];
        return [{
          id: `score-spread-${options.metric.replace(/[^\w-]/g, '_')}`,
          kind: 'score-spread',
          title: `Spread of ${options.metric} over tasks`,
          caption: `${data.length} task scores of ${input.runs.length} run(s).`,
          data,
          chart: {
            mark: { type: 'boxplot', extent: 1.5 },
            encoding: { x: { field: 'run', type: 'nominal', title: null }, y: { field: 'value', type: 'quantitative', title: options.metric } },
          },
        }];
      },
    },
  ],
});
