import { readFileSync } from 'node:fs';
import { extractFile } from '../src/index/extract.ts';
const [lang, path] = process.argv.slice(2) as [any, string];
const facts = await extractFile(path, lang, readFileSync(path, 'utf8'));
for (const f of facts.functions) console.log(JSON.stringify([f.name, f.qualifiedName, f.kind, f.signature, f.span.startLine, f.span.endLine, f.calls.map((c) => c.name)]));
