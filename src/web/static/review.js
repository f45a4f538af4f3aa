// The review page (`ctxbench review`): one task at a time, its docstring next to the code it
// describes; `-`, `?` or `+` marks it (and moves to the next task without a mark), a note travels
// with the mark, and every mark is saved at once, so a reload resumes at the first unmarked task.
// Task texts are put into the page as text only (dom.js).
import { h, replaceChildren } from './dom.js';

const MARKS = [
  { mark: '-', label: 'unsuitable' },
  { mark: '?', label: 'needs outside context' },
  { mark: '+', label: 'enough to write the body' },
];

/** The badge's class of each mark ('+' and anything else: plus). */
const MARK_CLASSES = { '-': 'minus', '?': 'question' };
const state = { items: [], reviews: {}, index: 0, reviewed: 0, total: 0 };

async function request(path, options) {
  const response = await fetch(path, { cache: 'no-store', ...options });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

function showError(error) {
  replaceChildren(document.getElementById('status'), h('span', { class: 'error-text' }, `not saved: ${error.message}`));
}

async function save(mark) {
  const item = state.items[state.index];
  const note = document.getElementById('note').value;
  try {
    const answer = await request(`/api/review/${encodeURIComponent(item.id)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mark, note }),
    });
    state.reviews[item.id] = { mark, note };
    state.reviewed = answer.reviewed;
    return true;
  } catch (error) {
    showError(error);
    return false;
  }
}

/** Marks the task shown, then moves to the next task without a mark (or stays on the last one). */
async function markCurrent(mark) {
  if (!(await save(mark))) return;
  const next = state.items.findIndex((item, index) => index > state.index && !state.reviews[item.id]);
  const anyOpen = state.items.findIndex((item) => !state.reviews[item.id]);
  show(next >= 0 ? next : anyOpen >= 0 ? anyOpen : state.index);
}

function progressText() {
  return `${state.reviewed} of ${state.total} reviewed`;
}

function show(index) {
  state.index = Math.max(0, Math.min(state.items.length - 1, index));
  const item = state.items[state.index];
  document.getElementById('progress').textContent = progressText();
  const main = document.getElementById('main');
  if (!item) {
    replaceChildren(main, h('p', { class: 'muted' }, 'this task set has no tasks'));
    return;
  }
  const review = state.reviews[item.id];
  replaceChildren(
    main,
    h(
      'div',
      { class: 'review-head' },
      h('h1', { id: 'task-title' }, item.name ?? item.id),
      h('span', { id: 'position', class: 'muted' }, `task ${state.index + 1} of ${state.items.length}`),
      h(
        'span',
        { class: 'muted' },
        `${item.repo}/${item.path}:${item.line} · ` +
          `${item.language}${item.kind === 'synthetic' ? ' · synthetic docstring' : ''}`,
      ),
      h(
        'span',
        {
          id: 'current-mark',
          class: `mark-badge${review ? ` mark-${MARK_CLASSES[review.mark] ?? 'plus'}` : ''}`,
        },
        review ? `marked ${review.mark}` : 'not marked',
      ),
    ),
    h('h3', null, 'Docstring'),
    h('pre', { id: 'docstring', class: 'review-doc' }, item.docstring ?? '(no docstring)'),
    h('h3', null, 'Signature'),
    h('pre', { id: 'signature', class: 'code' }, item.signature ?? ''),
    h('h3', null, 'Code'),
    h('pre', { id: 'body', class: 'code' }, item.body),
    h(
      'div',
      { class: 'review-actions' },
      MARKS.map(({ mark, label }) =>
        h(
          'button',
          {
            'data-mark': mark,
            class: review?.mark === mark ? 'chosen' : null,
            title: label,
            on: { click: () => markCurrent(mark) },
          },
          `${mark}  ${label}`,
        ),
      ),
      h('button', { id: 'prev', on: { click: () => show(state.index - 1) } }, '← previous'),
      h('button', { id: 'next', on: { click: () => show(state.index + 1) } }, 'next →'),
    ),
    h('label', { for: 'note' }, h('h3', null, 'Note')),
    h('textarea', { id: 'note', rows: 3, placeholder: 'why (optional); saved with the mark' }),
    h('div', { id: 'status', class: 'muted' }),
  );
  const note = document.getElementById('note');
  note.value = review?.note ?? '';
  // A changed note of a task already marked is saved when the field is left.
  note.addEventListener('change', () => {
    const current = state.reviews[item.id];
    if (current && note.value !== current.note)
      save(current.mark).then((saved) => saved && (document.getElementById('status').textContent = 'note saved'));
  });
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || state.items.length === 0) return;
  if (event.target instanceof HTMLTextAreaElement) {
    if (event.key === 'Escape') event.target.blur();
    return;
  }
  if (MARKS.some((m) => m.mark === event.key)) markCurrent(event.key);
  else if (event.key === 'j' || event.key === 'ArrowRight') show(state.index + 1);
  else if (event.key === 'k' || event.key === 'ArrowLeft') show(state.index - 1);
  else if (event.key === 'n') document.getElementById('note').focus();
  else return;
  event.preventDefault();
});

async function start() {
  try {
    const data = await request('/api/review');
    Object.assign(state, { items: data.items, reviews: data.reviews, reviewed: data.reviewed, total: data.total });
    document.getElementById('review-who').textContent = `${data.tasksFile} · reviewer ${data.reviewer}`;
    const firstOpen = state.items.findIndex((item) => !state.reviews[item.id]);
    show(Math.max(firstOpen, 0));
  } catch (error) {
    replaceChildren(document.getElementById('main'), h('p', { class: 'error' }, error.message));
  }
}

start();
