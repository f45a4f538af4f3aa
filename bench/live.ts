// A live benchmark on redis's real history (`npm run bench -- live`). A Debian source package carries
// one upstream tarball and the patches of every Debian revision; its changelog dates each revision and
// names the CVEs it fixed. The history built here: the upstream 7.0.15 with Debian's packaging patches,
// committed at 7.0.15-1's date, then one commit per later revision (~deb12u1 ... the newest) with the
// patches its changelog entry names, at its date. `ctxbench refresh` then builds quarterly windows from
// it; two baselines run over the windows' function and node tasks; `report --by window` draws them.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceTree } from './sources.ts';

const CACHE = new URL('./.cache/live/', import.meta.url).pathname;
const BIN = new URL('../bin/ctxbench.js', import.meta.url).pathname;

interface Revision {
  version: string;
  /** the maintainer's date, ISO (UTC). */
  date: string;
  text: string;
}

/** Debian's changelog entries, oldest first. */
function changelog(text: string): Revision[] {
  const entries: Revision[] = [];
  for (const block of text.split(/\n(?=\S+ \()/)) {
    const head = /^\S+ \((?:\d+:)?([^)]+)\)/.exec(block);
    const trailer = /\n -- .+?>\s+(.+)\s*$/m.exec(block);
    if (!head || !trailer) continue;
    entries.push({ version: head[1]!, date: new Date(trailer[1]!).toISOString(), text: block });
  }
  return entries.reverse();
}

function cves(text: string): string[] {
  return [...new Set(text.match(/CVE-\d{4}-\d+/g) ?? [])];
}

/** The Debian packaging of the newest revision: its changelog and patches (downloaded once). */
function debianFolder(): string {
  const folder = join(CACHE, 'debian');
  const unpacked = join(folder, 'unpacked');
  if (existsSync(join(unpacked, 'debian', 'changelog'))) return unpacked;
  mkdirSync(folder, { recursive: true });
  execFileSync('flock', ['/tmp/apt.lock', 'apt-get', 'source', '-qq', '--download-only', 'redis'], {
    cwd: folder,
    stdio: 'inherit',
  });
  const tarball = readdirSync(folder).find((name) => name.endsWith('.debian.tar.xz'));
  if (!tarball) throw new Error(`apt-get source redis gave no .debian.tar.xz in ${folder}`);
  mkdirSync(unpacked, { recursive: true });
  execFileSync('tar', ['-xJf', join(folder, tarball), '-C', unpacked]);
  return unpacked;
}

/** The history: one commit per Debian revision of the upstream version, at its date, with its patches. */
function buildHistory(): { repo: string; commits: { version: string; date: string; patches: string[] }[] } {
  const upstream = sourceTree('redis');
  const debian = debianFolder();
  const version = /redis-(.+)$/.exec(upstream)![1]!;
  const revisions = changelog(readFileSync(join(debian, 'debian', 'changelog'), 'utf8')).filter((revision) =>
    revision.version.startsWith(`${version}-`),
  );
  const series = readFileSync(join(debian, 'debian', 'patches', 'series'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  // a patch belongs to the first revision whose entry names one of its CVEs (file name or header); without a CVE, to
  // the first
  const owner = (patch: string) => {
    const file = join(debian, 'debian', 'patches', patch);
    const header = readFileSync(file, 'utf8').split(/^(?:---|diff |Index: )/m)[0]!;
    const named = cves(`${patch}\n${header}`);
    const index = revisions.findIndex((revision) => named.some((cve) => revision.text.includes(cve)));
    return Math.max(index, 0);
  };
  const byRevision = revisions.map(() => [] as string[]);
  for (const patch of series) byRevision[owner(patch)]!.push(patch);
  const repo = join(CACHE, 'redis-history');
  rmSync(repo, { recursive: true, force: true });
  cpSync(upstream, repo, { recursive: true });
  const git = (args: string[], date?: string) =>
    execFileSync('git', ['-C', repo, ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Debian',
        GIT_AUTHOR_EMAIL: 'debian@example.org',
        GIT_COMMITTER_NAME: 'Debian',
        GIT_COMMITTER_EMAIL: 'debian@example.org',
        ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
      },
    });
  git(['init', '-q']);
  const commits = revisions.map((revision, index) => {
    for (const patch of byRevision[index]!) {
      const applied = spawnSync(
        'patch',
        ['-p1', '--forward', '--batch', '--quiet', '-i', join(debian, 'debian', 'patches', patch)],
        { cwd: repo, encoding: 'utf8' },
      );
      if (applied.status !== 0)
        throw new Error(`${patch} (${revision.version}) does not apply: ${applied.stdout}${applied.stderr}`);
    }
    git(['add', '-A']);
    git(['commit', '-q', '--allow-empty', '-m', `redis ${revision.version}`], revision.date);
    return { version: revision.version, date: revision.date, patches: byRevision[index]! };
  });
  return { repo, commits };
}

function ctxbench(args: string[]): { stdout: string; seconds: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`ctxbench ${args.join(' ')} failed (${result.status}):\n${result.stderr.slice(-3000)}`);
  return { stdout: result.stdout, seconds: (performance.now() - started) / 1000 };
}

const started = performance.now();
const { commits } = buildHistory();
console.log(
  `redis history from Debian's revisions of ${commits[0]!.version}: ${commits.length} commits ` +
    `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
for (const commit of commits)
  console.log(
    `  ${commit.date.slice(0, 10)}  ${commit.version.padEnd(18)} ` +
      `${commit.patches.length === 0 ? '(no patch)' : commit.patches.join(', ')}`,
  );

const spec = join(CACHE, 'redis.yaml');
const live = join(CACHE, 'redis.live');
rmSync(live, { recursive: true, force: true });
// quarterly windows after the initial import (its whole tree is dated 7.0.15-1's day)
writeFileSync(
  spec,
  `repositories:\n  - path: redis-history\n    name: redis\nfamilies:\n  - family: function\n  - family: crossfile\n ` +
    ` - family: node\nwindow:\n  start: 2024-04-01\n  length: 3 months\nout: redis.live\n`,
);
const first = ctxbench(['refresh', spec]);
console.log(`\nrefresh (cold: fetch, every closed window): ${first.seconds.toFixed(1)} s`);
console.log(first.stdout.trimEnd());
const again = ctxbench(['refresh', spec]);
console.log(
  `refresh again (nothing new): ${again.seconds.toFixed(1)} s, ${(first.seconds / again.seconds).toFixed(1)}x faster ` +
    `than the cold one`,
);

const chain = JSON.parse(readFileSync(join(live, 'live.json'), 'utf8')) as {
  windows: { start: string; sets: { family: string; tasks: number }[] }[];
};
const total = (family: string) =>
  chain.windows.reduce((sum, window) => sum + window.sets.find((set) => set.family === family)!.tasks, 0);
console.log(
  `\n${chain.windows.length} windows; tasks in all: function ${total('function')}, crossfile ${total('crossfile')}, ` +
    `node ${total('node')}`,
);

// two baselines over each family's windows, and the report by window
const runs = [
  ['reference', 'baseline:reference', 'infile'],
  ['copy-retrieved', 'baseline:copy-retrieved', 'bm25'],
] as const;
for (const family of ['function', 'node']) {
  if (total(family) === 0) throw new Error(`no ${family} task in any window`);
  const dirs = runs.map(([name, model, context]) => {
    const dir = join(CACHE, 'runs', `${family}-${name}`);
    rmSync(dir, { recursive: true, force: true });
    const made = ctxbench(['eval', `${live}#${family}`, '--model', model, '--context', context, '--run', dir]);
    ctxbench(['score', dir, '--metrics', 'em,es']);
    console.log(`${family} ${name}: eval ${made.seconds.toFixed(1)} s`);
    return dir;
  });
  const html = join(CACHE, `redis-${family}-windows.html`);
  ctxbench([
    'report',
    ...dirs,
    '--by',
    'window',
    '--metrics',
    'em,es',
    '--cutoff',
    'baseline:copy-retrieved=2025-07-01',
    '--html',
    '--out',
    html,
  ]);
  const json = JSON.parse(
    ctxbench(['report', ...dirs, '--by', 'window', '--metrics', 'em,es', '--format', 'json']).stdout,
  ) as { rows: { run: string; group: string[]; tasks: number; means: Record<string, number | null> }[] };
  console.log(`${family}: es and em per window (report --by window; ${html}):`);
  const cell = (value: number | null | undefined) => (value === null || value === undefined ? '-' : value.toFixed(1));
  for (const row of json.rows)
    console.log(
      `  ${row.run.split('/').pop()!.padEnd(24)} ${row.group[0]}  ${String(row.tasks).padStart(3)} tasks  es ` +
        `${cell(row.means.es).padStart(5)}  em ${cell(row.means.em).padStart(5)}`,
    );
}
