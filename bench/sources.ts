// Real source trees for benchmarks: Debian source packages unpacked under bench/.cache/src.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = new URL('./.cache/src/', import.meta.url).pathname;

/** The unpacked source tree of a Debian source package, fetching it on first use. */
export function sourceTree(name: string): string {
  const find = () => readdirSync(CACHE, { withFileTypes: true }).find((e) => e.isDirectory() && e.name.startsWith(`${name}-`));
  let entry;
  try {
    entry = find();
  } catch {
    entry = undefined;
  }
  if (!entry) {
    execFileSync('bash', [new URL('../scripts/fetch-sources.sh', import.meta.url).pathname, CACHE, name], { stdio: 'inherit' });
    entry = find();
  }
  if (!entry) throw new Error(`no source tree for ${name} under ${CACHE}`);
  return join(CACHE, entry.name);
}
