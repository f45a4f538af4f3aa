// A virtualised table: only the rows in view exist in the DOM, so a list of 10,000 tasks scrolls
// and filters without delay. Each row is a link (deep link to the task), selectable with j/k.
import { h, type Child } from './dom.ts';

const OVERSCAN = 8;

/** A column: its title, width (a CSS grid track), a row's cell, and the field a click on its header sorts by. */
export interface TableColumn<R> {
  title: string;
  width?: string;
  cell(row: R): Child;
  className?: string;
  sortKey?: string;
}

export interface TableOptions<R> {
  columns: readonly TableColumn<R>[];
  /** each row's link. */
  href(row: R): string;
  rowClass?(row: R): string;
  /** called with a sortable header's `sortKey` when it is clicked. */
  onSort?(sortKey: string): void;
  /** only as high as its rows (up to 60% of the window) instead of filling it. */
  fit?: boolean;
  rowHeight?: number;
}

export interface VirtualTable<R> {
  element: HTMLElement;
  readonly rows: readonly R[];
  readonly selected: number;
  setRows(next: readonly R[]): void;
  select(index: number): void;
  dispose(): void;
}

export function virtualTable<R>({
  columns,
  href,
  rowClass,
  onSort,
  fit = false,
  rowHeight = 28,
}: TableOptions<R>): VirtualTable<R> {
  const template = columns.map((column) => column.width ?? '1fr').join(' ');
  const head = h(
    'div',
    { class: 'vt-head', role: 'row' },
    columns.map((column) =>
      h(
        'div',
        {
          class: `vt-cell ${column.className ?? ''}${column.sortKey ? ' sortable' : ''}`,
          role: 'columnheader',
          title: column.sortKey ? `sort by ${column.title}` : null,
          on: column.sortKey ? { click: () => onSort?.(column.sortKey!) } : null,
        },
        column.title,
      ),
    ),
  );
  head.style.gridTemplateColumns = template;
  const body = h('div', { class: 'vt-body', role: 'rowgroup' });
  const element = h('div', { class: 'vt', role: 'table' }, head, body);
  let rows: readonly R[] = [];
  let selected = -1;
  let frame = 0;

  function render() {
    frame = 0;
    body.style.height = `${rows.length * rowHeight}px`;
    if (fit)
      element.style.height = `${Math.min(
        head.offsetHeight + rows.length * rowHeight + 2,
        Math.round(window.innerHeight * 0.6),
      )}px`;
    const top = Math.max(0, element.scrollTop - body.offsetTop);
    const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((top + element.clientHeight) / rowHeight) + OVERSCAN);
    const visible: HTMLElement[] = [];
    for (let index = first; index < last; index++) {
      const row = rows[index]!;
      const line = h(
        'a',
        {
          class: `vt-row${index === selected ? ' selected' : ''} ${rowClass?.(row) ?? ''}`,
          href: href(row),
          role: 'row',
          dataset: { index: String(index) },
        },
        columns.map((column) =>
          h('div', { class: `vt-cell ${column.className ?? ''}`, role: 'cell' }, column.cell(row)),
        ),
      );
      line.style.gridTemplateColumns = template;
      line.style.top = `${index * rowHeight}px`;
      line.style.height = `${rowHeight}px`;
      visible.push(line);
    }
    body.replaceChildren(...visible);
  }

  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(render);
  };
  element.addEventListener('scroll', schedule);
  window.addEventListener('resize', schedule);

  function scrollToIndex(index: number) {
    const rowTop = body.offsetTop + index * rowHeight;
    const viewTop = element.scrollTop + head.offsetHeight;
    if (rowTop < viewTop) element.scrollTop = rowTop - head.offsetHeight;
    else if (rowTop + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = rowTop + rowHeight - element.clientHeight;
  }

  return {
    element,
    get rows() {
      return rows;
    },
    get selected() {
      return selected;
    },
    setRows(next: readonly R[]) {
      rows = next;
      selected = Math.min(selected, rows.length - 1);
      render();
    },
    select(index: number) {
      if (rows.length === 0) return;
      selected = Math.max(0, Math.min(rows.length - 1, index));
      scrollToIndex(selected);
      render();
    },
    dispose() {
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    },
  };
}
