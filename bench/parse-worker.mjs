// Benchmark floor: only parses each file with tree-sitter (no extraction, no resolution), with the
// compiled package's parser (plain JavaScript: it runs in the processes that measure dist/ without tsx).
const { parse } = await import(new URL('../dist/languages/parser.js', import.meta.url).href);

/** Parses each file of a batch; returns the batch's number of lines (the index counts them in its workers too). */
export async function handle(batch) {
  let lines = 0;
  for (const file of batch) {
    const tree = await parse(file.language, file.text);
    tree.delete();
    for (let i = file.text.indexOf('\n'); i >= 0; i = file.text.indexOf('\n', i + 1)) lines++;
  }
  return lines;
}
