// YAML files read for their data and for the line of every key, so that a schema error names the
// line of the offending field (`tests.arg` -> line 7), not only the file.
import { readFileSync } from 'node:fs';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { InputError, errorReason } from './errors.ts';
import type { RecordLocation } from './schema.ts';

/** Parses YAML text: its value and a location whose `lineOf` finds the line of a field path. */
export function readYaml(text: string, file: string): { value: unknown; where: RecordLocation } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true });
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    // the message, then the offending line with a caret under the column (blank lines dropped)
    const [message, ...frame] = first.message.split('\n').filter((line) => line.trim() !== '');
    throw new InputError(`invalid YAML: ${[message, ...frame.map((line) => `  ${line}`)].join('\n')}`, {
      file,
      line: first.linePos?.[0]?.line,
    });
  }
  let value: unknown;
  try {
    // Aliases are bounded: a chain of aliases to aliases (a "billion laughs" file) would expand without end.
    value = doc.toJS({ maxAliasCount: 50 }) as unknown;
  } catch (error) {
    throw new InputError(`invalid YAML: ${(error as Error).message.split('\n')[0]}`, { file });
  }
  const lineOf = (path: readonly PropertyKey[]): number | undefined => {
    let node: unknown = doc.contents;
    let offset: number | undefined;
    for (const part of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === part);
        if (!pair) break;
        offset = (pair.key as Node | null)?.range?.[0] ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof part === 'number' && node.items[part] !== undefined) {
        node = node.items[part];
        offset = (node as Node).range?.[0] ?? offset;
      } else {
        break;
      }
    }
    return offset === undefined ? undefined : lineCounter.linePos(offset).line;
  };
  return { value, where: { file, lineOf } };
}

/**
 * Reads a YAML (or JSON) file a user wrote: its text, value and field lines; `what` names it when it cannot be read.
 */
export function readYamlFile(file: string, what: string): { text: string; value: unknown; where: RecordLocation } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the ${what}: ${errorReason(error)}`, { file });
  }
  return { text, ...readYaml(text, file) };
}
