// Signature obfuscation (YABLoCo's proposal against memorisation): a function task's target and its
// parameters get neutral names, consistently in everything a model sees and in the reference, so a
// model that remembers the repository cannot recall the body by name. Task ids stay, so runs on
// the original and the obfuscated set compare task by task.
import { createHash } from 'node:crypto';
import type { SyntaxNode as Node } from '../languages/index.ts';
import type { FunctionTask } from '../datasets/index.ts';
import { resolvePath } from '../index/index.ts';
import { parse, getLanguage } from '../languages/index.ts';

/** What a task's obfuscation renamed (kept in `meta.obfuscated`). */
export interface Renaming {
  name: { from: string; to: string };
  parameters: { from: string; to: string }[];
}

/** A name not yet in `text` (the base, then with `_` appended). */
function freshName(base: string, text: string, taken: Set<string>): string {
  let name = base;
  while (taken.has(name) || new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(text)) name += '_';
  taken.add(name);
  return name;
}

/**
 * Replaces whole words (identifier boundaries) by their new names; `members: false` leaves a word
 * right after `.`, `->` or `::` alone (a parameter `limit` is not the field `s->limit`).
 */
function renameWords(text: string, names: Map<string, string>, members = true): string {
  if (names.size === 0) return text;
  const pattern = [...names.keys()]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[$]/g, '\\$'))
    .join('|');
  const before = members ? '(?<![\\w$])' : '(?<![\\w$]|\\.|->|::)';
  return text.replace(new RegExp(`${before}(?:${pattern})(?![\\w$])`, 'g'), (word) => names.get(word)!);
}

/** Fields of a parameter that hold no declared name: its type and its default value. */
const NOT_NAMES = new Set(['type', 'value', 'default_value', 'default']);

/**
 * Declared names in a parameter list: identifiers outside types and defaults (C's `const int *n` → n, Python's `a: int
 * = b` → a).
 */
function parameterNames(list: Node, identifierTypes: string[]): string[] {
  const names: string[] = [];
  const visit = (node: Node) => {
    for (let i = 0; i < node.namedChildCount; i++) {
      const child = node.namedChild(i)!;
      if (
        NOT_NAMES.has(node.fieldNameForNamedChild(i) ?? '') ||
        (/(^|_)type(_|$)/.test(child.type) && !identifierTypes.includes(child.type))
      )
        continue;
      if (identifierTypes.includes(child.type) && child.type !== 'type_identifier') {
        if (!names.includes(child.text)) names.push(child.text);
      } else {
        visit(child);
      }
    }
  };
  visit(list);
  return names;
}

/** The renaming of one function task, or null when the task is not a function task or its definition is not found. */
export async function renamingOf(task: FunctionTask): Promise<Renaming | null> {
  if (!task.name) return null;
  const spec = getLanguage(task.language);
  const text = task.prefix + task.reference + task.suffix;
  const tree = await parse(task.language, text);
  try {
    const types = new Map(spec.definitions.map((rule) => [rule.type, rule]));
    let definition: Node | null = null;
    const find = (node: Node) => {
      if (definition) return;
      const rule = types.get(node.type);
      if (rule && node.startPosition.row + 1 >= task.span.startLine && node.endPosition.row + 1 <= task.span.endLine)
        definition = node;
      else for (const child of node.namedChildren) if (child) find(child);
    };
    find(tree.rootNode);
    if (!definition) return null;
    const rule = types.get((definition as Node).type)!;
    const list = rule.parameters ? resolvePath(definition, rule.parameters.path)[0] : undefined;
    const parameters = list ? parameterNames(list, spec.identifierTypes).filter((name) => name !== task.name) : [];
    const seen = `${text}\n${task.docstring ?? ''}\n${(task.oracle ?? []).map((snippet) => snippet.text).join('\n')}`;
    const taken = new Set<string>();
    const hash = createHash('sha256').update(task.id).digest('hex').slice(0, 6);
    return {
      name: { from: task.name, to: freshName(`fn_${hash}`, seen, taken) },
      parameters: parameters.map((from, index) => ({ from, to: freshName(`arg${index + 1}`, seen, taken) })),
    };
  } finally {
    tree.delete();
  }
}

/**
 * The task with the renaming applied: the target's name everywhere (prefix, suffix, signature,
 * docstring, reference, oracle), its parameters in the function itself (signature, docstring, reference).
 */
export function applyRenaming(task: FunctionTask, renaming: Renaming): FunctionTask {
  const name = new Map([[renaming.name.from, renaming.name.to]]);
  const parameters = new Map(renaming.parameters.map((p) => [p.from, p.to] as const));
  const inFunction = (text: string) => renameWords(renameWords(text, parameters, false), name);
  const renamed: FunctionTask = {
    ...task,
    prefix: renameWords(task.prefix, name),
    suffix: renameWords(task.suffix, name),
    reference: inFunction(task.reference),
    name: renaming.name.to,
    meta: { ...task.meta, obfuscated: renaming },
  };
  if (task.signature !== undefined) renamed.signature = inFunction(task.signature);
  if (task.docstring !== undefined && task.docstring !== null) renamed.docstring = inFunction(task.docstring);
  if (task.oracle)
    renamed.oracle = task.oracle.map((snippet) => ({ ...snippet, text: renameWords(snippet.text, name) }));
  return renamed;
}
