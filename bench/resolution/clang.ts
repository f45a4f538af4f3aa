// C and C++ ground truth from libclang (Debian's python3-clang, libclang 14): bench/resolution/clang.py
// parses every translation unit of the language with the tree's own flags (CMake's
// compile_commands.json, configure only) or `-I` for every header folder, and prints the Truth JSON.
// Install: apt-get install -y python3-clang libclang-14-dev (yaml-cpp's tests also want libgtest-dev
// libgmock-dev; without them those files count in filesWithErrors).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Truth, TruthExtractor } from './truth.ts';

const SCRIPT = fileURLToPath(new URL('./clang.py', import.meta.url));
// Debian's python3-clang lives in the system Python's dist-packages (a pyenv `python3` lacks it).
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/**
 * Debian's libclang bindings, and the googletest headers the packages' tests include (without them clang reads a
 * `TEST_F` body as broken code and drops its calls), installed on first use as bench/sources.ts fetches sources
 * (root, or sudo).
 */
function ensureBindings(): void {
  const bindings = spawnSync(PYTHON, ['-c', 'import clang.cindex'], { stdio: 'ignore' }).status === 0;
  const gtest = existsSync('/usr/include/gtest/gtest.h') && existsSync('/usr/include/gmock/gmock.h');
  if (bindings && gtest) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  spawnSync(
    [
      ...sudo,
      'apt-get',
      'install',
      '-y',
      '-qq',
      'python3-clang',
      'libclang-14-dev',
      'libgtest-dev',
      'libgmock-dev',
    ].join(' '),
    { shell: true, stdio: 'inherit' },
  );
}

function clangTruth(language: 'c' | 'cpp', root: string): Promise<Truth> {
  ensureBindings();
  return new Promise((resolve, reject) => {
    execFile(PYTHON, [SCRIPT, root, '--lang', language], { maxBuffer: 1024 * 2 ** 20 }, (error, stdout, stderr) => {
      if (error && /No module named 'clang/.test(stderr))
        return reject(
          new Error(`${PYTHON} lacks libclang's bindings: apt-get install -y python3-clang libclang-14-dev`),
        );
      if (error) return reject(new Error(`clang.py failed on ${root}: ${error.message}\n${stderr.slice(-3000)}`));
      // the script's summary (translation units, calls left out and why, the commonest errors)
      for (const line of stderr.split('\n')) if (line.trim()) console.log(`    ${line}`);
      resolve(JSON.parse(stdout) as Truth);
    });
  });
}

/** One extractor per language (the packages differ), the same script. Each package is 5K-100K lines of its language. */
function clangExtractor(language: 'c' | 'cpp', packages: string[]): TruthExtractor {
  return { languages: [language], packages, extract: (root) => clangTruth(language, root) };
}

/** C: jansson (JSON, 11K lines), libyaml (YAML, 17K lines). */
export const CLANG_C = clangExtractor('c', ['jansson', 'libyaml']);
/**
 * C++: yaml-cpp (templates, operators, gtest suites), box2d (classes, virtual shapes and joints, operators on vectors;
 * its extern/ holds imgui).
 */
export const CLANG_CPP = clangExtractor('cpp', ['yaml-cpp', 'box2d']);
