// The viewer's entry point: loads the run list, routes the URL hash to a page, dispatches keys.
import type { TaskRow } from '../types.ts';
import { api, isStatic, type RowsAnswer } from './api.ts';
import type { Dispose, KeyBindings, PageContext, ViewContext } from './context.ts';
import { h, replaceChildren } from './dom.ts';
import { href, parseHash, replaceHash } from './nav.ts';
import { compareView } from './compare.ts';
import { homeView } from './home.ts';
import { listView } from './list.ts';
import { progressView } from './progress.ts';
import { summaryView } from './summary.ts';
import { taskView } from './task.ts';

const main = document.getElementById('main')!;
const nav = document.getElementById('nav')!;
let keys: KeyBindings = {};
let cleanup: Dispose = null;

interface CachedRows {
  version: number;
  loaded: { version: number; rows: TaskRow[] } | undefined;
  promise: Promise<TaskRow[]>;
}

/** What every page shares: the runs and their task rows (reloaded when a run changed). */
const rowCache = new Map<string, CachedRows>();
const ctx: ViewContext = {
  runs: [],
  isStatic,
  run(id) {
    const run = this.runs.find((r) => r.id === id);
    if (!run) throw new Error(`no run '${id}' here (runs: ${this.runs.map((r) => r.id).join(', ')})`);
    return run;
  },
  /**
   * The run's task rows; `version` (from a progress answer) refetches them when the run changed:
   * only the changed rows when an earlier version is loaded.
   */
  async rows(id, version) {
    const cached = rowCache.get(id);
    if (cached && (version === undefined || cached.version >= version)) return cached.promise;
    const loaded = cached?.loaded;
    const request: Promise<RowsAnswer> = loaded && !isStatic ? api.tasksSince(id, loaded.version) : api.rows(id);
    const promise = request.then(
      (answer) => {
        let rows = answer.rows;
        if (answer.since !== undefined && loaded) {
          rows = loaded.rows.slice();
          for (const row of answer.rows) rows[row.ord] = row;
        }
        rowCache.set(id, {
          version: answer.version,
          loaded: { version: answer.version, rows },
          promise: Promise.resolve(rows),
        });
        return rows;
      },
      (error) => {
        rowCache.delete(id);
        throw error;
      },
    );
    rowCache.set(id, { version: version ?? 0, loaded, promise });
    return promise;
  },
  /** Whether a version of the run's task rows has arrived (not merely been asked for). */
  rowsLoaded(id) {
    return Boolean(rowCache.get(id)?.loaded);
  },
};

/**
 * What one page gets: the shared context, and key bindings and URL changes that take effect only while
 * it is the page shown. A page still loading when the user went elsewhere (a task asked for by j, then
 * Back) must not take over the next page's keys or URL.
 */
function pageContext(container: HTMLElement): PageContext {
  return Object.assign(Object.create(ctx) as ViewContext, {
    setKeys(bindings: KeyBindings) {
      if (container.isConnected) keys = bindings;
    },
    replaceHash(hash: string) {
      if (container.isConnected) replaceHash(hash);
    },
  });
}

function navigation(segments: string[]) {
  const [section, runId, page] = segments;
  const current = section === 'run' ? runId : section === 'compare' ? runId : ctx.runs[0]?.id;
  const link = (text: string, target: string, active: boolean) =>
    h('a', { href: target, class: active ? 'active' : null }, text);
  const picker =
    ctx.runs.length > 1
      ? h(
          'select',
          {
            id: 'run-picker',
            'aria-label': 'run',
            on: {
              change: (event) => {
                location.hash = href.list((event.target as HTMLSelectElement).value);
              },
            },
          },
          ctx.runs.map((run) => h('option', { value: run.id, selected: run.id === current }, run.id)),
        )
      : h('span', { class: 'run-name' }, current ?? '');
  return [
    h('a', { href: href.home(), class: 'brand' }, 'ctxbench viewer'),
    picker,
    current ? link('Tasks', href.list(current), section === 'run' && (page === undefined || page === 'task')) : null,
    current ? link('Summary', href.summary(current), page === 'summary') : null,
    current ? link('Progress', href.progress(current), page === 'progress') : null,
    ctx.runs.length > 1 ? link('Compare', href.compare(ctx.runs[0]!.id, ctx.runs[1]!.id), section === 'compare') : null,
    h('span', { class: 'spacer' }),
    isStatic ? h('span', { class: 'mode' }, 'static copy') : null,
    h('span', { class: 'keys-hint', title: 'keyboard' }, 'j/k task · n/p candidate · o/r/d/f view · / search'),
  ];
}

/**
 * Pages still loading, on the document element (`data-loading`): a page that loads after the user went elsewhere counts
 * until it is ended.
 */
let loading = 0;
function countLoading(change: number) {
  loading += change;
  document.documentElement.dataset.loading = String(loading);
}

async function route() {
  countLoading(1);
  cleanup?.();
  cleanup = null;
  keys = {};
  const container = h('div', { class: 'page' });
  main.replaceChildren(container);
  const pageCtx = pageContext(container);
  try {
    const { segments, params } = parseHash(location.hash);
    replaceChildren(nav, navigation(segments));
    const [section, a, page, b, ...rest] = segments;
    let dispose: Dispose;
    if (section === undefined) dispose = await homeView(pageCtx, container);
    else if (section === 'run' && a !== undefined && page === undefined)
      dispose = await listView(pageCtx, container, { run: a, params });
    else if (section === 'run' && a !== undefined && page === 'task' && b !== undefined)
      dispose = await taskView(pageCtx, container, { runs: [a], id: b, samples: rest.map(Number), params });
    else if (section === 'run' && a !== undefined && page === 'summary')
      dispose = await summaryView(pageCtx, container, { run: a });
    else if (section === 'run' && a !== undefined && page === 'progress')
      dispose = await progressView(pageCtx, container, { run: a });
    else if (section === 'compare' && a !== undefined && page !== undefined && b === 'task' && rest[0] !== undefined)
      dispose = await taskView(pageCtx, container, {
        runs: [a, page],
        id: rest[0],
        samples: rest.slice(1).map(Number),
        params,
      });
    else if (section === 'compare' && a !== undefined && page !== undefined)
      dispose = await compareView(pageCtx, container, { a, b: page });
    else throw new Error(`no page ${location.hash}`);
    // A page that finished loading after the user went elsewhere is ended at once, not kept as the current one.
    if (container.isConnected) cleanup = dispose;
    else dispose?.();
  } catch (error) {
    container.replaceChildren(h('p', { class: 'error', role: 'alert' }, messageOf(error)));
  } finally {
    countLoading(-1);
  }
}

document.addEventListener('keydown', (event) => {
  const target = event.target;
  const typing =
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
  if (typing) {
    if (event.key === 'Escape') target.blur();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const action = keys[event.key];
  if (action) {
    event.preventDefault();
    action(event);
  }
});

window.addEventListener('hashchange', () => void route());

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// (a classic script: no top-level await)
api
  .runs()
  .then((runs) => {
    ctx.runs = runs;
    return route();
  })
  .catch((error: unknown) => {
    main.replaceChildren(h('p', { class: 'error', role: 'alert' }, `cannot load the runs: ${messageOf(error)}`));
  });
