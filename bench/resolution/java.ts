// Java's ground truth for `npm run bench -- resolution`: javac's own attribution (the tree API of
// JDK 17, bench/resolution/javac/CallGraph.java), compiled once into a temporary folder and run on a
// source tree. The classpath holds no dependencies: calls into them stay unresolved and are left out.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Truth, TruthExtractor } from './truth.ts';

const SOURCE = new URL('./javac/CallGraph.java', import.meta.url).pathname;
/** CallGraph reads a method tree's name position and javac's generated-member flags (internal API). */
const EXPORTS = ['tree', 'code'].flatMap((pkg) => [
  '--add-exports',
  `jdk.compiler/com.sun.tools.javac.${pkg}=ALL-UNNAMED`,
]);

/** The folder holding CallGraph.class, compiled on first use (keyed by the source's hash). */
function compiled(): string {
  const hash = createHash('sha256').update(readFileSync(SOURCE)).digest('hex').slice(0, 16);
  const folder = join(tmpdir(), `ctxbench-javac-${hash}`);
  if (!existsSync(join(folder, 'CallGraph.class'))) {
    mkdirSync(folder, { recursive: true });
    execFileSync('javac', [...EXPORTS, '-d', folder, SOURCE], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  return folder;
}

/** javac's call graph of every .java file under root (dot folders and debian/ left out). */
export function javacTruth(root: string): Promise<Truth> {
  const folder = compiled();
  return new Promise((resolve, reject) => {
    const child = spawn('java', [...EXPORTS, '-Xss16m', '-cp', folder, 'CallGraph', root], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code !== 0) return reject(new Error(`CallGraph failed on ${root} (exit ${code}):\n${stderr.slice(-3000)}`));
      if (stderr) process.stderr.write(`${stderr}\n`);
      const { tool, functions, calls, filesWithErrors } = JSON.parse(Buffer.concat(out).toString('utf8')) as Truth;
      resolve({ tool, functions, calls, filesWithErrors });
    });
  });
}

export const java: TruthExtractor = {
  languages: ['java'],
  packages: ['commons-io', 'jsoup'],
  extract: javacTruth,
};
