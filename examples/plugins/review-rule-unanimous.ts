// A review rule: which reviewed tasks `review apply` keeps. This one keeps a task only when at least
// two reviewers marked it and every one of them marked it '+' (the docstring alone is enough to
// write the body): a stricter set than YABLoCo's, for a benchmark of self-contained functions.
// Use: ctxbench review apply tasks.db --out strict.db --rule unanimous-plus --plugin examples/plugins/review-rule-unanimous.ts
import { definePlugin } from 'ctxbench';

export default definePlugin({
  name: 'unanimous review rule',
  reviewRules: [
    {
      name: 'unanimous-plus',
      description: "keep a task only when two or more reviewers marked it and all of them marked it '+'",
      keeps: (marks) => marks.length >= 2 && marks.every((mark) => mark === '+'),
    },
  ],
});
