// Writer-thread side of IndexWriter: one connection of its own, one replacement at a time.
import { IndexStore, type IndexReplacement } from './store.ts';
import type { WriterMessage } from './store-writer.ts';

let open: { store: IndexStore; replacement: IndexReplacement } | null = null;

function close(): void {
  open?.store.close();
  open = null;
}

export function handle(message: WriterMessage): void {
  if (message.kind === 'begin') {
    const store = new IndexStore(message.file);
    try {
      open = { store, replacement: store.beginReplace(message.removed) };
    } catch (error) {
      store.close();
      throw error;
    }
    return;
  }
  if (!open) {
    // nothing was begun, or a write failed and was rolled back (its error was reported): an abort has nothing to undo
    if (message.kind === 'abort') return;
    throw new Error('index writer: no replacement in progress');
  }
  if (message.kind === 'rows') {
    try {
      for (const [file, facts] of message.files) open.replacement.putFile(file, facts);
      for (const row of message.functions) open.replacement.putFunctionRow(row);
    } catch (error) {
      // the rows after a failed one must never be committed: the replacement ends here
      open.replacement.abort();
      close();
      throw error;
    }
    return;
  }
  try {
    if (message.kind === 'finish') open.replacement.finish(message.callers);
    else open.replacement.abort();
  } finally {
    close();
  }
}
