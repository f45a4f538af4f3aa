// DOM helpers. Everything that comes from a run (model output, repository code, paths, names) is
// put into the page as text nodes or attribute values, never parsed as HTML.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** What `h` and `append` take as children: nodes, text, numbers, nested lists (null, undefined, false: nothing). */
export type Child = Node | string | number | null | undefined | false | readonly Child[];
/** Attributes (`true`: present, empty), `on` (listeners) and `dataset`; null, undefined and false are left out. */
export type Props = Record<string, unknown> & {
  on?: Record<string, (event: Event) => void> | null;
  dataset?: Record<string, string> | null;
};

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): text from a run shows them as visible marks and
 * never applies them, so code cannot be displayed in another order than it compiles in ("Trojan Source").
 */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text as nodes: plain text, with each bidirectional control replaced by a mark naming it. */
function textNodes(text: string): Node[] {
  const nodes: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(BIDI_CONTROL)) {
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    const code = `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    const mark = document.createElement('span');
    mark.className = 'bidi-control';
    mark.title = `bidirectional control character ${code}, shown and not applied`;
    mark.textContent = `<${code}>`;
    nodes.push(mark);
    last = match.index + match[0].length;
  }
  if (last < text.length || nodes.length === 0) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

/** Appends children: nodes, strings and numbers (as text), arrays of them; null, undefined and false are skipped. */
export function append(parent: Element, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, ...child);
    else if (child instanceof Node) parent.append(child);
    else parent.append(...textNodes(String(child)));
  }
}

function applyProps(element: HTMLElement | SVGElement, props: Props | null | undefined): void {
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'on')
      for (const [event, handler] of Object.entries(value as Record<string, (event: Event) => void>))
        element.addEventListener(event, handler);
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else if (key === 'href') {
      // Links only ever point inside the viewer.
      if (!String(value).startsWith('#')) throw new Error(`refusing link ${value}`);
      element.setAttribute('href', String(value));
    } else element.setAttribute(key, value === true ? '' : String(value));
  }
}

/** `h('div', { class: 'x', on: { click } }, 'text', child)`: an element whose string children are text. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  applyProps(element, props);
  append(element, ...children);
  return element;
}

/** The same for SVG elements. */
export function s(tag: string, props?: Props | null, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag) as SVGElement;
  applyProps(element, props);
  append(element, ...children);
  return element;
}

export function replaceChildren<E extends Element>(element: E, ...children: Child[]): E {
  element.replaceChildren();
  append(element, ...children);
  return element;
}

/** A number for a table cell: `–` when missing. */
export function num(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : Number(value).toFixed(digits);
}

export function count(value: number): string {
  return Number(value).toLocaleString('en-US');
}

export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The last path component of a run directory. */
export function shortDir(dir: string): string {
  return dir.split('/').filter(Boolean).pop() ?? dir;
}

/**
 * A table from a header and rows of cells (strings, numbers or nodes), in a wrapper that scrolls it sideways when it is
 * wider than its card.
 */
export function table(head: readonly Child[], rows: readonly (readonly Child[])[], props?: Props | null): HTMLElement {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      props,
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          head.map((cell) => h('th', null, cell)),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map((row) =>
          h(
            'tr',
            null,
            row.map((cell) => h('td', typeof cell === 'number' ? { class: 'n' } : null, cell)),
          ),
        ),
      ),
    ),
  );
}

/** A small label coloured by verdict class. */
export function verdictBadge(verdict: string, text?: string): HTMLElement {
  return h('span', { class: `badge v-${verdict}` }, text ?? verdict);
}
