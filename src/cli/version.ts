// The package version (package.json at the package root: two levels up from src/cli and dist/cli).
import { readFileSync } from 'node:fs';

export function toolVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
