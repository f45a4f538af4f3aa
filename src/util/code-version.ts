// The version of a stage's own code: the package version plus a hash of the stage's source files
// (recursively). Caches keyed by it (exec verdicts, index facts) are not reused by a changed stage,
// even when the package version was not bumped.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

function hashFolder(hash: ReturnType<typeof createHash>, folder: URL, prefix: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    if (entry.isDirectory()) hashFolder(hash, new URL(`${entry.name}/`, folder), `${prefix}${entry.name}/`);
    else if (/\.(ts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      hash.update(`${prefix}${entry.name}\0`).update(readFileSync(new URL(entry.name, folder)));
  }
}

/** `<package version>+<12 hex digits>` over the source files under `folders` (each a folder URL ending in `/`). */
export function codeVersion(folders: URL[]): string {
  const hash = createHash('sha256');
  for (const folder of folders) hashFolder(hash, folder, `${folder.pathname.split('/').slice(-2, -1)[0]}/`);
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return `${pkg.version}+${hash.digest('hex').slice(0, 12)}`;
}
