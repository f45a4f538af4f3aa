// A metric: how close the completion's length is to the reference's (shorter / longer, over the
// stripped texts; 1 when both are empty). `column: true` shows it in the viewer's task list;
// `score` stores it, `report` tabulates it like the built-ins.
// Use: ctxbench score runs/x --metrics em,length-ratio --plugin examples/plugins/metric-length-ratio.ts
import { definePlugin } from 'ctxbench';

export default definePlugin({
  name: 'length-ratio metric',
  metrics: [
    {
      name: 'length-ratio',
      scale: 'fraction',
      description: 'shorter / longer length of the stripped prediction and reference (1 when both are empty)',
      column: true,
      compute(prediction, reference) {
        const [a, b] = [prediction.trim().length, reference.trim().length];
        return Math.max(a, b) === 0 ? 1 : Math.min(a, b) / Math.max(a, b);
      },
    },
  ],
});
