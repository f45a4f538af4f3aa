// A retriever: ranks the candidate chunks by the share of the query's identifiers they contain.
// Candidates, the leakage rule, top-k and RG1's next-chunk rule stay ctxbench's: a retriever only
// scores. Use: ctxbench prompt t.tasks --id T --context identifier-overlap --plugin examples/plugins/retriever-identifiers.ts
import { definePlugin, type RetrieverInput } from 'ctxbench';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function identifierOverlap({ chunks, tokens }: RetrieverInput) {
  const wanted = new Set(tokens.filter((token) => IDENTIFIER.test(token)));
  const scores = Float64Array.from(chunks, (chunk) => {
    if (wanted.size === 0) return 0;
    const present = new Set(chunk.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
    let shared = 0;
    for (const name of wanted) if (present.has(name)) shared++;
    return shared / wanted.size;
  });
  // every chunk has a score (0 included): all are "touched"
  return { scores, touched: chunks.map((_, index) => index) };
}

export default definePlugin({
  name: 'identifier-overlap retriever',
  retrievers: [{ name: 'identifier-overlap', description: "share of the query's identifiers found in the chunk", score: identifierOverlap }],
});
