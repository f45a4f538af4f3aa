// Live progress of a run: how many candidates are generated, scored and executed, the verdict counts,
// the wall time and the time summed over candidates, and pass@k, EM and ES per repository so far.
// Polls the server every second.
import type { RunProgress } from '../types.ts';
import { api } from './api.ts';
import type { Dispose, PageContext, ViewContext } from './context.ts';
import { append, count, duration, h, replaceChildren, verdictBadge } from './dom.ts';
import { reportTable } from './report-view.ts';

const COUNTED: readonly (keyof RunProgress['counts'])[] = [
  'failed',
  'built',
  'flagged',
  'passed',
  'timeout',
  'not-run',
  'no-output',
];

function meter(label: string, done: number, total: number, id: string) {
  const share = total ? Math.min(1, done / total) : 0;
  const bar = h('div', { class: 'meter-fill' });
  bar.style.width = `${(share * 100).toFixed(1)}%`;
  return h(
    'div',
    { class: 'meter-row', id },
    h('span', { class: 'meter-label' }, label),
    h('div', { class: 'meter' }, bar),
    h('span', { class: 'meter-value' }, `${count(done)} / ${count(total)}`),
  );
}

/** The union of the run's writing sessions; a run written before they were recorded has none. */
function wallTime({ wallMs, sessions }: RunProgress['time']): string {
  return wallMs === null
    ? 'not recorded'
    : `${duration(wallMs)} over ${count(sessions)} session${sessions === 1 ? '' : 's'}`;
}

function render(ctx: ViewContext, body: HTMLElement, progress: RunProgress) {
  replaceChildren(
    body,
    h(
      'section',
      { class: 'panel' },
      h('h2', null, 'Candidates'),
      meter('generated', progress.generated, progress.expected, 'generated'),
      meter('scored', progress.scored, progress.expected, 'scored'),
      meter('executed', progress.executed, progress.expected, 'executed'),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h2', null, 'Verdicts'),
      h(
        'div',
        { class: 'counters' },
        COUNTED.map((name) =>
          h(
            'div',
            { class: 'counter', id: `count-${name}` },
            h('span', { class: 'counter-value' }, count(progress.counts[name])),
            verdictBadge(name),
          ),
        ),
      ),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h2', null, 'Time'),
      h(
        'table',
        { class: 'facts' },
        h(
          'tbody',
          null,
          (
            [
              ['wall time', wallTime(progress.time), 'time-wall'],
              // summed over candidates (generation, build, tests), not the wall time: workers run side by side
              ['summed over candidates', duration(progress.time.totalMs), 'time-total'],
              ['average per candidate', duration(progress.time.averageMs), 'time-average'],
              ['generation', duration(progress.time.generationMs), null],
              ['build', duration(progress.time.buildMs), null],
              ['tests', duration(progress.time.testMs), null],
            ] as [string, string, string | null][]
          ).map(([name, value, id]) => h('tr', { id }, h('th', null, name), h('td', null, value))),
        ),
      ),
    ),
    h('section', { class: 'panel wide' }, h('h2', null, 'Per repository so far'), reportTable(ctx, progress.perRepo)),
    h(
      'p',
      { class: 'muted small', id: 'updated' },
      `${ctx.isStatic ? 'snapshot of' : 'updated'} ${new Date(progress.updatedAt).toLocaleTimeString('en-GB')} · ` +
        `version ${progress.version}`,
    ),
  );
}

export async function progressView(
  ctx: PageContext,
  container: HTMLElement,
  { run }: { run: string },
): Promise<Dispose> {
  const body = h('div', { class: 'progress-grid' });
  append(
    container,
    h(
      'h1',
      null,
      `Progress · ${run}`,
      ctx.isStatic ? null : h('span', { class: 'live', title: 'updates every second' }, 'live'),
    ),
    body,
  );
  let version = -1;
  const refresh = async () => {
    const progress = await api.progress(run);
    if (progress.version === version) return;
    version = progress.version;
    render(ctx, body, progress);
  };
  await refresh();
  if (ctx.isStatic) return null;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    await refresh()
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  }, 1000);
  return () => clearInterval(timer);
}
