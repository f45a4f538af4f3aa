// Benchmark floor: only parses each file with tree-sitter (no extraction, no resolution), with the
// compiled package's parser (plain JavaScript: it runs in the processes that measure dist/ without tsx).
const { parse } = await import(new URL('../dist/languages/parser.js', import.meta.url).href);

export async function handle(batch) {
  let nodes = 0;
  for (const file of batch) {
    const tree = await parse(file.language, file.text);
    nodes += tree.rootNode.descendantCount;
    tree.delete();
  }
  return nodes;
}
