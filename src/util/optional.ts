// Optional packages: the queue's (bullmq, ioredis) and the charts' (vega, vega-lite, @resvg/resvg-js) are peer
// dependencies that npm does not install with ctxbench, since most users never load them. A feature that needs
// them loads them here, and their absence is a clear error naming the command that installs them.
import { readFileSync } from 'node:fs';
import { InputError } from './errors.ts';

/** The versions ctxbench is tested with: its package.json's optional peer dependencies. */
function testedVersions(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  return pkg.peerDependencies ?? {};
}

/** The command that installs `packages` at the versions ctxbench is tested with. */
export function installCommand(packages: readonly string[]): string {
  const versions = testedVersions();
  return `npm install ${packages.map((name) => (versions[name] ? `${name}@${versions[name]}` : name)).join(' ')}`;
}

/** Whether `error` says that one of `packages` is not installed. */
export function isMissingPackage(error: unknown, packages: readonly string[]): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return (
    typeof message === 'string' &&
    packages.some(
      (name) =>
        message.includes(`'${name}'`) || message.includes(`"${name}"`) || message.includes(`/node_modules/${name}/`),
    )
  );
}

/** `load()`, or an InputError saying that `feature` needs `packages` and how to install them. */
export async function loadOptional<T>(
  packages: readonly string[],
  feature: string,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isMissingPackage(error, packages)) throw error;
    throw new InputError(
      `${feature} needs the optional packages ${packages.join(' and ')}, which are not installed: ` +
        `${installCommand(packages)}`,
    );
  }
}
