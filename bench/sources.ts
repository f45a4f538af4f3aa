// Real source trees for benchmarks: Debian source packages unpacked under bench/.cache/src; and the
// compiled package the floor and index steps measure.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = new URL('./.cache/src/', import.meta.url).pathname;

/** The unpacked source tree of a Debian source package, fetching it on first use. */
export function sourceTree(name: string): string {
  const find = () =>
    readdirSync(CACHE, { withFileTypes: true }).find((e) => e.isDirectory() && e.name.startsWith(`${name}-`));
  let entry;
  try {
    entry = find();
  } catch {
    entry = undefined;
  }
  if (!entry) {
    execFileSync('bash', [new URL('../scripts/fetch-sources.sh', import.meta.url).pathname, CACHE, name], {
      stdio: 'inherit',
    });
    entry = find();
  }
  if (!entry) throw new Error(`no source tree for ${name} under ${CACHE}`);
  return join(CACHE, entry.name);
}

/** YABLoCo's data (../shared/yabloco): its published rows, and snapshots of its repositories at its commits. */
export const YABLOCO_DATA = new URL('../../shared/yabloco/', import.meta.url).pathname;

/**
 * Where the snapshots are unpacked: beside the Debian trees, never among them (`redis-493e31e` is not Debian's
 * `redis`).
 */
const SNAPSHOTS = new URL('./.cache/yabloco/', import.meta.url).pathname;

/** A repository at YABLoCo's commit (`bullet3`, `redis`), unpacked once from its snapshot in YABLoCo's data. */
export function yablocoSnapshot(name: string): string {
  const tarball = readdirSync(YABLOCO_DATA).find((file) => file.startsWith(`${name}-`) && file.endsWith('.tar.xz'));
  if (!tarball) throw new Error(`no snapshot of ${name} in ${YABLOCO_DATA}`);
  const tree = join(SNAPSHOTS, tarball.slice(0, -'.tar.xz'.length));
  if (!existsSync(`${tree}.unpacked`)) {
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    execFileSync('tar', ['-xJf', join(YABLOCO_DATA, tarball), '-C', tree, '--strip-components=1'], {
      stdio: 'inherit',
    });
    writeFileSync(`${tree}.unpacked`, '');
  }
  return tree;
}

/** How a repository's rows execute: ctxbench's environment and YABLoCo's own recipe per candidate beside it. */
interface YablocoExec {
  /** the environment file that executes the rows */
  env: string;
  naiveTest: string;
  target?: number;
  /** YABLoCo's prebuilt tree and its incremental build (absent: the environment's setup and build). */
  naiveImage?: string;
  naiveBuild?: string;
  /** the folders whose rows the environment builds and tests (absent: every row). */
  folders?: string[];
}

const BULLET3_TESTS = [
  'InverseDynamics/Test_BulletInverseDynamics',
  'InverseDynamics/Test_BulletInverseForwardDynamics',
  'InverseDynamics/Test_BulletInverseDynamicsJacobian',
  'BulletDynamics/Test_btKinematicCharacterController',
  'BulletDynamics/pendulum/Test_BulletDynamics',
  'SharedMemory/Test_PhysicsClientServer',
  'collision/Test_Collision',
];

const EXEC: Record<'bullet3' | 'openssl' | 'llvm', YablocoExec> = {
  // YABLoCo's recipe per candidate: its build script on the container's prebuilt tree (incremental), then the seven
  // binaries.
  bullet3: {
    env: examplesEnv('bullet3.yaml'),
    naiveImage: './build_cmake_pybullet_double.sh > /dev/null',
    naiveBuild: './build_cmake_pybullet_double.sh',
    naiveTest: BULLET3_TESTS.map((test) => `build_cmake/test/${test}`).join(' && '),
    target: 3,
  },
  // YABLoCo's recipe per candidate: on the image's configured and built tree, `make` (incremental) and `make test`.
  openssl: {
    env: examplesEnv('openssl.yaml'),
    naiveImage:
      "./Configure --prefix=$PWD/install --openssldir=$PWD/install '-Wl,-rpath,$(LIBRPATH)' > /dev/null && make " +
      '-j2 > /dev/null',
    naiveBuild: 'make -j2 > /dev/null',
    naiveTest: 'make test',
    target: 10,
  },
  // The part of LLVM one machine builds in minutes (examples/envs/llvm.yaml); YABLoCo's recipe (the whole of LLVM,
  // then `make check-llvm-unit`, 4 h) is examples/envs/llvm-unit.yaml, for the queue. Its recipe per candidate here,
  // on the same part: the image's tree rebuilt by ninja (incremental), then every test of the part.
  llvm: {
    env: examplesEnv('llvm.yaml'),
    naiveTest:
      'for t in Support/SupportTests ADT/ADTTests Demangle/DemangleTests TableGen/TableGenTests; do ' +
      'build/unittests/$t || exit 1; done && python3 build/bin/llvm-lit -sv llvm/test/TableGen ' +
      'llvm/test/tools/llvm-cxxfilt',
    folders: [
      'llvm/lib/Support/',
      'llvm/include/llvm/Support/',
      'llvm/include/llvm/ADT/',
      'llvm/lib/Demangle/',
      'llvm/include/llvm/Demangle/',
      'llvm/lib/TableGen/',
      'llvm/include/llvm/TableGen/',
      'llvm/utils/TableGen/',
    ],
  },
};

/**
 * YABLoCo's four repositories: the checkout ctxbench has of each (the exact commit where YABLoCo's snapshot is at hand,
 * else Debian's version, onto which its rows are relocated) and the environment that executes its rows, where one is
 * shipped (redis's rows execute on Debian's redis: `npm run bench -- exec-redis`).
 */
export const YABLOCO_REPOSITORIES: { name: string; checkout: () => string; exec?: YablocoExec }[] = [
  { name: 'redis', checkout: () => yablocoSnapshot('redis') },
  { name: 'bullet3', checkout: () => yablocoSnapshot('bullet3'), exec: EXEC.bullet3 },
  { name: 'openssl', checkout: () => sourceTree('openssl'), exec: EXEC.openssl },
  // the part of LLVM one machine builds; the whole of it is examples/envs/llvm-unit.yaml, for the queue
  { name: 'llvm', checkout: () => sourceTree('llvm-toolchain-19'), exec: EXEC.llvm },
];

function examplesEnv(file: string): string {
  return new URL(`../examples/envs/${file}`, import.meta.url).pathname;
}

let built = false;

/**
 * Builds dist/ once per process (`npm run build`): the parse floor's worker and the scale index run the compiled
 * package.
 */
export function buildPackage(): void {
  if (built) return;
  const result = spawnSync(process.execPath, [new URL('../scripts/build.mjs', import.meta.url).pathname], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stderr.slice(-3000)}`);
  built = true;
}

/** A benchmark step's figures as its process prints them (a `RESULT {json}` line), with its wall time. */
export interface StepFigures {
  seconds: number;
  peakMiB: number;
  [key: string]: unknown;
}

/**
 * Runs `node ...nodeArguments` (one step, in a process of its own, so its peak RSS is its own) and reads its RESULT
 * line.
 */
export function stepProcess(name: string, nodeArguments: string[]): StepFigures {
  const started = performance.now();
  const result = spawnSync(process.execPath, nodeArguments, {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seconds = (performance.now() - started) / 1000;
  const line = result.stdout.split('\n').find((text) => text.startsWith('RESULT '));
  if (result.status !== 0 || !line)
    throw new Error(
      `step ${name} failed (exit ${result.status}):\n${result.stderr.slice(-3000)}${result.stdout.slice(-2000)}`,
    );
  return { seconds, ...(JSON.parse(line.slice('RESULT '.length)) as { peakMiB: number }) };
}

/** A step of bench/compiled-steps.mjs (floor, index, reindex): on the compiled package, without tsx. */
export function compiledStep(name: 'floor' | 'index' | 'reindex', args: Record<string, string>): StepFigures {
  buildPackage();
  return stepProcess(name, [new URL('./compiled-steps.mjs', import.meta.url).pathname, name, JSON.stringify(args)]);
}
