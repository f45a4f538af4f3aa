// The review page (`ctxbench review`): one task at a time, its docstring next to the code it
// describes; `-`, `?` or `+` marks it (and moves to the next task without a mark), a note travels
// with the mark, and every mark is saved at once, so a reload resumes at the first unmarked task.
// Task texts are put into the page as text only (dom.ts).
import type { ReviewItem } from '../review-server.ts';
import { h, replaceChildren } from './dom.ts';

interface Marked {
  mark: string;
  note: string;
}

/** `GET /api/review`: the reviewer, the task set and the marks so far. */
interface ReviewAnswer {
  reviewer: string;
  tasksFile: string;
  items: ReviewItem[];
  reviews: Record<string, Marked>;
  reviewed: number;
  total: number;
}

/** An element of review.html or of the page shown (their ids are this file's). */
function byId<E extends HTMLElement = HTMLElement>(id: string): E {
  return document.getElementById(id) as E;
}

const MARKS = [
  { mark: '-', label: 'unsuitable' },
  { mark: '?', label: 'needs outside context' },
  { mark: '+', label: 'enough to write the body' },
];

/** The badge's class of each mark ('+' and anything else: plus). */
const MARK_CLASSES: Record<string, string> = { '-': 'minus', '?': 'question' };
const state: Omit<ReviewAnswer, 'reviewer' | 'tasksFile'> & { index: number } = {
  items: [],
  reviews: {},
  index: 0,
  reviewed: 0,
  total: 0,
};

async function request<T>(path: string, options?: RequestInit): Promise<T> {
  const response = await fetch(path, { cache: 'no-store', ...options });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function showError(error: unknown) {
  replaceChildren(byId('status'), h('span', { class: 'error-text' }, `not saved: ${messageOf(error)}`));
}

async function save(mark: string): Promise<boolean> {
  const item = state.items[state.index];
  if (!item) return false;
  const note = byId<HTMLTextAreaElement>('note').value;
  try {
    const answer = await request<{ reviewed: number }>(`/api/review/${encodeURIComponent(item.id)}`, {
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
async function markCurrent(mark: string) {
  if (!(await save(mark))) return;
  const next = state.items.findIndex((item, index) => index > state.index && !state.reviews[item.id]);
  const anyOpen = state.items.findIndex((item) => !state.reviews[item.id]);
  show(next >= 0 ? next : anyOpen >= 0 ? anyOpen : state.index);
}

function progressText() {
  return `${state.reviewed} of ${state.total} reviewed`;
}

function show(index: number) {
  state.index = Math.max(0, Math.min(state.items.length - 1, index));
  const item = state.items[state.index];
  byId('progress').textContent = progressText();
  const main = byId('main');
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
            on: { click: () => void markCurrent(mark) },
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
  const note = byId<HTMLTextAreaElement>('note');
  note.value = review?.note ?? '';
  // A changed note of a task already marked is saved when the field is left.
  note.addEventListener('change', () => {
    const current = state.reviews[item.id];
    if (current && note.value !== current.note)
      void save(current.mark).then((saved) => {
        if (saved) byId('status').textContent = 'note saved';
      });
  });
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || state.items.length === 0) return;
  if (event.target instanceof HTMLTextAreaElement) {
    if (event.key === 'Escape') event.target.blur();
    return;
  }
  if (MARKS.some((m) => m.mark === event.key)) void markCurrent(event.key);
  else if (event.key === 'j' || event.key === 'ArrowRight') show(state.index + 1);
  else if (event.key === 'k' || event.key === 'ArrowLeft') show(state.index - 1);
  else if (event.key === 'n') byId('note').focus();
  else return;
  event.preventDefault();
});

async function start() {
  try {
    const data = await request<ReviewAnswer>('/api/review');
    Object.assign(state, { items: data.items, reviews: data.reviews, reviewed: data.reviewed, total: data.total });
    replaceChildren(byId('review-who'), `${data.tasksFile} · reviewer ${data.reviewer}`);
    const firstOpen = state.items.findIndex((item) => !state.reviews[item.id]);
    show(Math.max(firstOpen, 0));
  } catch (error) {
    replaceChildren(byId('main'), h('p', { class: 'error' }, messageOf(error)));
  }
}

void start();
