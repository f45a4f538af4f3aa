// The task page: the original (facts, docstring, reference) beside each candidate of one run, or of
// two runs side by side, shown as output, raw, a diff against the reference or spliced into its
// file; each candidate's status, metrics and log tail; the prompt and its parts below.
import type { TaskRecord } from '../../datasets/index.ts';
import type { CandidateView, OriginalFacts, TaskDetail } from '../types.ts';
import { api } from './api.ts';
import type { Dispose, PageContext } from './context.ts';
import { append, count, duration, h, num, replaceChildren, table, verdictBadge, type Child } from './dom.ts';
import { href } from './nav.ts';
import { parseQuery, runQuery } from './query.ts';

type View = 'output' | 'raw' | 'diff' | 'file';
const VIEWS: readonly [View, string, string][] = [
  ['output', 'output', 'o'],
  ['raw', 'raw', 'r'],
  ['diff', 'diff vs reference', 'd'],
  ['file', 'in file', 'f'],
];
const TOKEN_PARTS = ['instruction', 'infile', 'suffix', 'retrieved', 'oracle', 'total'];
type DiffOp = 'equal' | 'delete' | 'insert';
const SIGNS: Record<DiffOp, string> = { equal: ' ', delete: '-', insert: '+' };
const DIFF_OPS: Record<string, DiffOp> = { '=': 'equal', '-': 'delete', '+': 'insert' };
/** Diff lines put on the page at first: a 50,000-line candidate's would take seconds to lay out. */
const DIFF_LINES_SHOWN = 5000;
/** Where the callee counts of the facts panel come from (default: the index). */
const CALLEES_FROM: Partial<Record<NonNullable<OriginalFacts['calleesFrom']>, string>> = {
  oracle: 'from the oracle snippets',
  published: 'published counts',
};

function lineCount(text: string): number {
  if (text === '') return 1;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

function gutter(first: number, lines: number) {
  const numbers = [];
  for (let n = 0; n < lines; n++) numbers.push(first + n);
  return h('pre', { class: 'gutter', 'aria-hidden': 'true' }, numbers.join('\n'));
}

/** Code with line numbers starting at `first`. */
function codeBlock(text: string, first = 1, className = '') {
  return h('div', { class: `code ${className}` }, gutter(first, lineCount(text)), h('pre', { class: 'text' }, text));
}

/** The whole file with the candidate in the hole, highlighted and scrolled into view. */
function splicedBlock(task: TaskRecord, text: string) {
  const hole = h(
    'mark',
    { class: `hole${text === '' ? ' empty' : ''}`, title: 'the candidate, where the reference was' },
    text,
  );
  const block = h(
    'div',
    { class: 'code file' },
    gutter(1, lineCount(task.prefix + text + task.suffix)),
    h('pre', { class: 'text' }, task.prefix, hole, task.suffix),
  );
  requestAnimationFrame(() => {
    block.scrollTop = Math.max(0, hole.offsetTop - block.clientHeight / 3);
  });
  return block;
}

/** Lines of a text as the server's diff counts them: a final newline ends the last line. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The diff (one character per line: `=`, `-` reference only, `+` candidate only) with both texts' lines; the first
 * DIFF_LINES_SHOWN lines until asked for all.
 */
function diffBlock(
  ops: string,
  reference: string,
  output: string,
  firstLine: number,
  method: CandidateView['diffMethod'],
) {
  const oldLines = splitLines(reference);
  const newLines = splitLines(output);
  const counts: Record<string, number> = { '=': 0, '-': 0, '+': 0 };
  for (const op of ops) counts[op] = (counts[op] ?? 0) + 1;
  const how = method === 'side-by-side' ? ' (too different for a shortest diff: lines compared by position)' : '';
  const body = h('div', { class: 'diff' });
  let oldIndex = 0;
  let newIndex = 0;
  let shown = 0;
  const more = h('button', { type: 'button', class: 'more', on: { click: () => render(ops.length) } });
  function render(limit: number) {
    const lines: HTMLElement[] = [];
    for (; shown < Math.min(limit, ops.length); shown++) {
      const op = DIFF_OPS[ops[shown]!]!;
      const oldLine = op === 'insert' ? null : ++oldIndex;
      const newLine = op === 'delete' ? null : ++newIndex;
      lines.push(
        h(
          'div',
          { class: `dl ${op}`, dataset: { op } },
          h('span', { class: 'ln' }, oldLine === null ? '' : String(firstLine + oldLine - 1)),
          h('span', { class: 'ln' }, newLine === null ? '' : String(newLine)),
          h('span', { class: 'sign' }, SIGNS[op]),
          h('span', { class: 'tx' }, op === 'insert' ? newLines[newLine! - 1] : oldLines[oldLine! - 1]),
        ),
      );
    }
    append(body, lines);
    more.hidden = shown >= ops.length;
    more.textContent = `show all ${count(ops.length)} lines (${count(shown)} shown)`;
  }
  render(DIFF_LINES_SHOWN);
  return h(
    'div',
    null,
    h(
      'p',
      { class: 'muted small diff-summary' },
      `${counts['-']} line(s) only in the reference, ${counts['+']} only in the candidate, ${counts['=']} the ` +
        `same${how}`,
    ),
    body,
    more,
  );
}

function factsTable(entries: readonly (readonly [string, Child] | false | null | undefined | '' | 0)[]) {
  return h(
    'table',
    { class: 'facts' },
    h(
      'tbody',
      null,
      entries
        .filter((entry): entry is readonly [string, Child] => Boolean(entry))
        .map(([name, value]) => h('tr', null, h('th', null, name), h('td', null, value))),
    ),
  );
}

function originalPanel(detail: TaskDetail) {
  const { task, facts } = detail;
  const callees = facts.callees
    ? h(
        'div',
        null,
        h(
          'h3',
          null,
          `Callees per level (${(facts.calleesFrom && CALLEES_FROM[facts.calleesFrom]) ?? 'from the index'})`,
        ),
        table(Object.keys(facts.callees), [Object.values(facts.callees)], { class: 'callees' }),
      )
    : null;
  return h(
    'section',
    { class: 'panel original', id: 'original' },
    h('h2', null, 'Original'),
    factsTable([
      ['path', `${task.path}:${task.span.startLine}–${task.span.endLine}`],
      ['repository', task.repo.commit ? `${task.repo.name} @ ${task.repo.commit.slice(0, 12)}` : task.repo.name],
      ['language', task.language],
      ['kind', task.kind],
      ...Object.entries(task.labels).map(([label, value]): [string, Child] => [label, String(value)]),
      facts.lastCommit !== null && ['last commit', facts.lastCommit],
      facts.testHits !== null && ['test hits', count(facts.testHits)],
      facts.callers !== null && ['callers', String(facts.callers)],
    ]),
    callees,
    task.docstring ? [h('h3', null, 'Docstring'), h('pre', { class: 'doc' }, task.docstring)] : null,
    task.signature ? [h('h3', null, 'Signature'), h('pre', { class: 'signature' }, task.signature)] : null,
    h('h3', null, 'Reference'),
    codeBlock(task.reference, task.span.startLine, 'reference'),
  );
}

function candidateFacts(candidate: CandidateView) {
  const verdict = candidate.verdict;
  return h(
    'div',
    { class: 'candidate-facts' },
    factsTable([
      [
        'verdict',
        verdictBadge(
          candidate.class,
          verdict
            ? `${candidate.class} (${verdict.verdict})`
            : candidate.class === 'no-output'
              ? 'no output'
              : 'not executed',
        ),
      ],
      verdict?.reason && ['why', verdict.reason],
      verdict?.flags?.length && verdict.verdict !== 'pass-flagged' && ['flags', verdict.flags.join('; ')],
      verdict && ['build', duration(verdict.buildMs)],
      verdict && [
        'tests',
        verdict.verdict === 'build-error'
          ? 'not run (the build failed)'
          : `${duration(verdict.testMs)} · ${verdict.selectedTests.join(', ') || 'whole suite'}`,
      ],
      verdict && ['execution cached', verdict.cached ? 'yes' : 'no'],
      ['generation', `${duration(candidate.latencyMs)}${candidate.cached ? ' (response cache)' : ''}`],
      ['total time', duration(candidate.timeMs)],
      ['tokens', `${candidate.promptTokens ?? '–'} prompt + ${candidate.completionTokens ?? '–'} completion`],
      ['finish reason', candidate.finishReason ?? '–'],
      ['post-processing', candidate.postprocess ?? '–'],
      candidate.error && ['error', h('span', { class: 'error-text' }, candidate.error)],
    ]),
    Object.keys(candidate.scores).length
      ? table(
          Object.keys(candidate.scores),
          [
            Object.entries(candidate.scores).map(([name, value]) =>
              candidate.scoreCaveats[name]
                ? h('span', { class: 'caveat', title: candidate.scoreCaveats[name] }, `${num(value, 1)}*`)
                : num(value, 1),
            ),
          ],
          { class: 'scores' },
        )
      : h('p', { class: 'muted' }, 'not scored'),
    Object.entries(candidate.scoreCaveats).map(([name, caveat]) =>
      h('p', { class: 'muted small caveat-note' }, `* ${name}: ${caveat}`),
    ),
    agentTrace(candidate.trace),
    verdict?.logTail ? [h('h3', null, 'Log tail'), h('pre', { class: 'log' }, verdict.logTail)] : null,
  );
}

/**
 * An agent run's turns as a timeline: each turn's time and tokens and the model's text, each tool call with what its
 * result added to the prompt.
 */
function agentTrace(trace: CandidateView['trace']) {
  if (!trace) return null;
  const calls = trace.turns.flatMap((turn) => turn.toolCalls).length;
  const stop = trace.stoppedBy === 'answer' ? 'its answer' : `the ${trace.stoppedBy} budget`;
  return h(
    'section',
    { class: 'agent-trace' },
    h('h3', null, 'Agent trace'),
    h(
      'p',
      { class: 'muted small trace-summary' },
      `${trace.turns.length} turns, ${calls} tool calls, ended by ${stop} · tools: ${trace.tools.join(', ')}`,
    ),
    h(
      'ol',
      { class: 'timeline' },
      trace.turns.map((turn, index) =>
        h(
          'li',
          { class: 'turn' },
          h(
            'div',
            { class: 'turn-head' },
            `turn ${index + 1} · ${duration(turn.ms)} · ${turn.promptTokens ?? '–'} prompt + ` +
              `${turn.completionTokens ?? '–'} completion tokens`,
          ),
          turn.content ? h('pre', { class: 'turn-text' }, turn.content) : null,
          turn.toolCalls.length > 0
            ? h(
                'ul',
                { class: 'tool-calls' },
                turn.toolCalls.map((call) =>
                  h(
                    'li',
                    { class: call.error ? 'tool-call refused' : 'tool-call' },
                    h('code', null, `${call.name}(${call.arguments})`),
                    call.error
                      ? ` refused: ${call.error}`
                      : ` +${count(call.resultTokens)} prompt tokens (${count(call.resultChars)} characters)`,
                    ` · ${duration(call.ms)}`,
                  ),
                ),
              )
            : null,
        ),
      ),
    ),
  );
}

function promptPanel(detail: TaskDetail, runId: string) {
  const { prompt, task } = detail;
  const heading = h('h2', null, `Prompt · ${runId}`);
  if (!prompt)
    return h(
      'section',
      { class: 'panel prompt' },
      heading,
      h('p', { class: 'muted' }, 'no prompt stored for this task'),
    );
  const parts = [
    ...TOKEN_PARTS.filter((part) => part in prompt.tokens),
    ...Object.keys(prompt.tokens).filter((part) => !TOKEN_PARTS.includes(part)),
  ];
  const retrieved = prompt.retrieved ?? task.retrieved ?? [];
  const oracleUsed = prompt.snippets.some((snippet) => snippet.source === 'oracle');
  const text = prompt.messages
    ? prompt.messages.map((message) => [
        h('div', { class: 'role' }, message.role),
        h('pre', { class: 'prompt-text' }, message.content),
      ])
    : h('pre', { class: 'prompt-text' }, prompt.prompt ?? '');
  const size = prompt.messages
    ? prompt.messages.reduce((sum, m) => sum + m.content.length, 0)
    : (prompt.prompt ?? '').length;
  return h(
    'section',
    { class: 'panel prompt' },
    heading,
    h('h3', null, 'Tokens per part'),
    table(parts, [parts.map((part) => prompt.tokens[part as keyof typeof prompt.tokens])], { class: 'tokens' }),
    prompt.snippets.length
      ? [
          h('h3', null, 'Snippets in the prompt'),
          table(
            ['source', 'file', 'lines', 'score'],
            prompt.snippets.map((s) => [
              s.source,
              s.path,
              `${s.startLine}–${s.endLine}`,
              s.score === null ? '–' : num(s.score, 3),
            ]),
            { class: 'snippets' },
          ),
        ]
      : h('p', { class: 'muted' }, 'no retrieved or oracle snippets (in-file context only)'),
    retrieved.length
      ? [
          h('h3', null, 'Retrieved chunks'),
          retrieved.map((chunk) =>
            h(
              'details',
              { class: 'chunk' },
              h(
                'summary',
                null,
                `${chunk.path}:${chunk.startLine}–${chunk.endLine}` +
                  (chunk.score === null ? '' : ` · score ${num(chunk.score, 3)}`),
              ),
              h('pre', null, chunk.text),
            ),
          ),
        ]
      : null,
    task.oracle?.length
      ? [
          h('h3', null, `Oracle context${oracleUsed ? '' : ' (not in this prompt)'}`),
          task.oracle.map((snippet) =>
            h(
              'details',
              { class: 'chunk' },
              h(
                'summary',
                null,
                `${snippet.name ? `${snippet.name} · ` : ''}${snippet.path}:${snippet.startLine}–${snippet.endLine}`,
              ),
              snippet.docstring ? h('pre', { class: 'doc' }, snippet.docstring) : null,
              h('pre', null, snippet.text),
            ),
          ),
        ]
      : null,
    h('details', { class: 'prompt-full' }, h('summary', null, `Prompt as sent (${count(size)} characters)`), text),
  );
}

export async function taskView(
  ctx: PageContext,
  container: HTMLElement,
  { runs, id, samples, params }: { runs: string[]; id: string; samples: number[]; params: URLSearchParams },
): Promise<Dispose> {
  const requestedView = params.get('view');
  params.delete('view');
  const query = parseQuery(params);
  const comparing = runs.length === 2;
  // The server finds a task by id; an exported copy by its position, which the run's rows give.
  const details = await Promise.all(
    runs.map(async (run) => {
      const ord = ctx.isStatic ? (await ctx.rows(run)).find((r) => r.id === id)?.ord : 0;
      if (ord === undefined) throw new Error(`run '${run}' has no task '${id}'`);
      return api.task(run, { id, ord });
    }),
  );
  const state: { view: View; samples: number[] } = {
    view: VIEWS.find(([name]) => name === requestedView)?.[0] ?? 'output',
    samples: runs.map((_, i) => samples[i] ?? details[i]!.candidates[0]?.sample ?? 0),
  };
  const [first, second] = runs as [string, string?];

  // The task's place in the (filtered) list, known once the run's whole list has loaded: a long run's
  // task page does not wait for it.
  let order: { id: string }[] = [];
  let position = -1;
  const linkTo = (taskId: string) =>
    comparing && second !== undefined
      ? href.compareTask(
          first,
          second,
          taskId,
          runs.map(() => 0),
          state.view,
        )
      : href.task(first, taskId, 0, query, state.view);
  const currentLink = () =>
    comparing && second !== undefined
      ? href.compareTask(first, second, id, state.samples, state.view)
      : href.task(first, id, state.samples[0] ?? 0, query, state.view);
  const step = (delta: number) => {
    const next = order[position + delta];
    if (next) location.hash = linkTo(next.id);
  };

  const panes = runs.map((_, index) => h('section', { class: 'panel candidates', id: `pane-${index}` }));
  function renderPane(index: number) {
    const detail = details[index]!;
    const pane = panes[index]!;
    const info = ctx.run(runs[index]!);
    const candidates = detail.candidates;
    const chosen = candidates.find((c) => c.sample === state.samples[index]) ?? candidates[0];
    const title = h('h2', null, `Candidates · ${info.id} `, h('span', { class: 'muted small' }, info.config.model));
    if (!chosen) {
      replaceChildren(pane, title, h('p', { class: 'muted' }, 'no candidates for this task yet'));
      return;
    }
    const text = state.view === 'raw' ? chosen.raw : chosen.output;
    let body: HTMLElement;
    if (text === null) body = h('p', { class: 'error-text' }, chosen.error ?? 'no output');
    else if (state.view === 'diff')
      body = diffBlock(
        chosen.diff ?? '',
        detail.task.reference,
        chosen.output ?? '',
        detail.task.span.startLine,
        chosen.diffMethod,
      );
    else if (state.view === 'file') body = splicedBlock(detail.task, text);
    else body = codeBlock(text, 1, 'candidate');
    replaceChildren(
      pane,
      title,
      h(
        'div',
        { class: 'tabs', role: 'tablist' },
        candidates.map((c) =>
          h(
            'button',
            {
              type: 'button',
              role: 'tab',
              class: `tab v-${c.class}${c === chosen ? ' selected' : ''}`,
              'aria-selected': c === chosen ? 'true' : 'false',
              title: `sample ${c.sample}: ${c.class}`,
              dataset: { sample: String(c.sample) },
              on: { click: () => select(index, c.sample) },
            },
            `#${c.sample}`,
          ),
        ),
      ),
      h(
        'div',
        { class: 'modes' },
        VIEWS.map(([name, label, key]) =>
          h(
            'button',
            {
              type: 'button',
              class: `mode${name === state.view ? ' selected' : ''}`,
              dataset: { view: name },
              title: `key ${key}`,
              on: { click: () => setView(name) },
            },
            label,
          ),
        ),
      ),
      body,
      candidateFacts(chosen),
    );
  }
  function select(index: number, sample: number) {
    state.samples[index] = sample;
    renderPane(index);
    ctx.replaceHash(currentLink());
  }
  function cycle(index: number, delta: number) {
    const candidates = details[index]?.candidates ?? [];
    if (candidates.length === 0) return;
    const at = candidates.findIndex((c) => c.sample === state.samples[index]);
    select(index, candidates[(Math.max(0, at) + delta + candidates.length) % candidates.length]!.sample);
  }
  function setView(view: View) {
    state.view = view;
    panes.forEach((_, index) => renderPane(index));
    ctx.replaceHash(currentLink());
  }

  const task = details[0]!.task;
  const back = comparing && second !== undefined ? href.compare(first, second) : href.list(first, query);
  const prevButton = h(
    'button',
    { type: 'button', id: 'prev-task', disabled: true, on: { click: () => step(-1) } },
    '‹ prev (k)',
  );
  const nextButton = h(
    'button',
    { type: 'button', id: 'next-task', disabled: true, on: { click: () => step(1) } },
    'next (j) ›',
  );
  const positionText = h('span', { class: 'muted', id: 'position' }, 'loading the task list');
  ctx.rows(first).then(
    (rows) => {
      const filtered = runQuery(rows, query).rows;
      order = filtered.some((r) => r.id === id) ? filtered : rows;
      position = order.findIndex((r) => r.id === id);
      prevButton.disabled = position <= 0;
      nextButton.disabled = position >= order.length - 1;
      positionText.textContent = `task ${count(position + 1)} of ${count(order.length)}`;
    },
    (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      positionText.textContent = `the task list did not load: ${why}`;
    },
  );
  append(
    container,
    h(
      'div',
      { class: 'taskbar' },
      h('a', { href: back, class: 'back' }, comparing ? '← comparison' : '← list'),
      prevButton,
      nextButton,
      positionText,
      // a task without a name (a cross-file or node hole) is titled by its place, not by its id twice
      h(
        'h1',
        { id: 'task-title' },
        task.name ?? `${task.path}:${task.span.startLine}`,
        ' ',
        h('span', { class: 'muted small' }, task.id),
      ),
    ),
    h('div', { class: `task-grid${comparing ? ' three' : ''}` }, originalPanel(details[0]!), panes),
    h(
      'div',
      { class: `prompts${comparing ? ' two' : ''}` },
      details.map((detail, index) => promptPanel(detail, runs[index]!)),
    ),
  );
  panes.forEach((_, index) => renderPane(index));
  ctx.replaceHash(currentLink());

  ctx.setKeys({
    j: () => step(1),
    k: () => step(-1),
    n: () => cycle(0, 1),
    p: () => cycle(0, -1),
    N: () => cycle(comparing ? 1 : 0, 1),
    P: () => cycle(comparing ? 1 : 0, -1),
    ...Object.fromEntries(VIEWS.map(([name, , key]) => [key, () => setView(name)])),
    u: () => {
      location.hash = back;
    },
    Escape: () => {
      location.hash = back;
    },
  });
  return null;
}
