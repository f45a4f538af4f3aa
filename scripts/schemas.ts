// Writes docs/schema/<name>.schema.json from the zod schemas that define ctxbench's records (`npm run schemas`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonSchemaOf, PUBLISHED_SCHEMAS } from '../src/cli/schemas.ts';

const dir = fileURLToPath(new URL('../docs/schema/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const entry of PUBLISHED_SCHEMAS) {
  const file = join(dir, `${entry.name}.schema.json`);
  writeFileSync(file, `${JSON.stringify(jsonSchemaOf(entry), null, 2)}\n`);
  console.log(`wrote ${file}`);
}
