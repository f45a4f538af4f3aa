// Writer-thread side of IndexWriter: one connection of its own, one replacement at a time, and the
// facts and texts it stores kept to resolve its part of the functions and to make every row.
import { IndexStore, functionRow, type IndexReplacement } from './store.ts';
import { forEachResolvedRow, type WriterMessage } from './store-writer.ts';
import { ResolutionPlan } from './resolution-plan.ts';
import type { Resolver } from './resolve.ts';
import type { FileFacts } from './types.ts';

interface Replacement {
  store: IndexStore;
  /** the functions this thread resolves (the files from the plan's split on): it keeps only their call sites. */
  plan: ResolutionPlan;
  replacement: IndexReplacement;
  facts: FileFacts[];
  texts: Map<string, string>;
  /** built at 'resolve' (the facts are then dropped): makes the rows of the functions the calling thread resolves. */
  resolver: Resolver | null;
  /** the callers counts of the functions this thread resolved, by function number. */
  callers: Map<number, number>;
}

let open: Replacement | null = null;

function close(): void {
  open?.store.close();
  open = null;
}

/** Runs `write`; a failure ends the replacement there (rolled back), so nothing after it can be committed. */
function orAbort(replacement: Replacement, write: () => void): void {
  try {
    write();
  } catch (error) {
    replacement.replacement.abort();
    close();
    throw error;
  }
}

export function handle(message: WriterMessage): void {
  if (message.kind === 'begin') {
    const store = new IndexStore(message.file);
    try {
      open = {
        store,
        plan: new ResolutionPlan(message.split),
        replacement: store.beginReplace(message.removed),
        facts: [],
        texts: new Map(),
        resolver: null,
        callers: new Map(),
      };
    } catch (error) {
      store.close();
      throw error;
    }
    return;
  }
  const current = open;
  if (!current) {
    // nothing was begun, or a write failed and was rolled back (its error was reported): an abort has nothing to undo
    if (message.kind === 'abort') return;
    throw new Error('index writer: no replacement in progress');
  }
  const textOf = (path: string) => current.texts.get(path)!;
  const ownFacts = (facts: FileFacts) => current.plan.keep(facts, 'writer');
  if (message.kind === 'rows') {
    orAbort(current, () => {
      for (const [file, factsJson, text] of message.files) {
        current.replacement.putFile(file, factsJson);
        current.facts.push(ownFacts(JSON.parse(factsJson) as FileFacts));
        current.texts.set(file.path, text);
      }
      if (message.resolved === '') return;
      const resolver = current.resolver;
      if (!resolver) throw new Error('index writer: resolved functions before the resolution');
      forEachResolvedRow(message.resolved, (number, level, callsJson) =>
        current.replacement.putFunctionRow(
          functionRow(resolver.functionRecord(number, level, textOf), callsJson, number),
        ),
      );
    });
    return;
  }
  if (message.kind === 'resolve') {
    orAbort(current, () => {
      for (const [path, text] of message.kept) current.texts.set(path, text);
      const kept = current.store.facts(message.kept.map(([path]) => path)).map(ownFacts);
      const resolver = current.plan.resolver([...kept, ...current.facts], message.root, message.yablocoIndexedFiles);
      current.facts = [];
      current.resolver = resolver;
      current.callers = resolver.resolveEach(
        (number, calls, level) =>
          current.replacement.putFunctionRow(
            functionRow(resolver.functionRecord(number, level, textOf), JSON.stringify(calls), number),
          ),
        current.plan.range(resolver, 'writer'),
      );
    });
    return;
  }
  try {
    if (message.kind === 'finish') {
      const callers = new Map(current.callers);
      for (const [number, count] of message.callers) callers.set(number, (callers.get(number) ?? 0) + count);
      current.replacement.finish(callers);
    } else current.replacement.abort();
  } finally {
    close();
  }
}
