// Benchmark floor: only parses each file with tree-sitter (no extraction, no resolution).
import { parse } from '../src/languages/parser.ts';
import type { LanguageId } from '../src/languages/types.ts';

export async function handle(batch: { path: string; language: LanguageId; text: string }[]): Promise<number> {
  let nodes = 0;
  for (const file of batch) {
    const tree = await parse(file.language, file.text);
    nodes += tree.rootNode.descendantCount;
    tree.delete();
  }
  return nodes;
}
