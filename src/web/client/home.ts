// The first page: the runs being viewed, what made them and how far they are.
import type { Dispose, PageContext } from './context.ts';
import { append, count, h, table } from './dom.ts';
import { href } from './nav.ts';

export async function homeView(ctx: PageContext, container: HTMLElement): Promise<Dispose> {
  const [only] = ctx.runs;
  if (ctx.runs.length === 1 && only) {
    location.replace(href.list(only.id));
    return null;
  }
  append(
    container,
    h('h1', null, 'Runs'),
    table(
      ['run', 'model', 'context', 'template', 'samples', 'tasks', 'candidates', ''],
      ctx.runs.map((run) => [
        h('a', { href: href.list(run.id) }, run.id),
        run.config.model,
        run.config.context,
        run.config.template,
        run.config.samples,
        count(run.tasks),
        `${count(run.candidates)} / ${count(run.expected)}`,
        h(
          'span',
          null,
          h('a', { href: href.summary(run.id) }, 'summary'),
          ' · ',
          h('a', { href: href.progress(run.id) }, 'progress'),
        ),
      ]),
      { class: 'runs' },
    ),
    h('p', { class: 'muted' }, ctx.runs.map((run) => `${run.id}: ${run.dir}`).join(' · ')),
  );
  return null;
}
