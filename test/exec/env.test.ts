// Environment files: defaults, relative paths, and errors that name the file, line and key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { environmentHash, loadEnvironment, missingTools, parseEnvironment, readState } from '../../src/exec/index.ts';

const FILE = '/envs/demo.yaml';

test('a minimal environment gets its defaults; paths are relative to the file', () => {
  const env = parseEnvironment('repo: ../src/demo\nsetup: make\ntest: make check TESTS="{tests}"\ntimeout: 30\n', FILE);
  assert.deepEqual(env, {
    file: FILE,
    name: 'demo',
    repo: '/src/demo',
    setup: ['make'],
    build: [],
    test: 'make check TESTS="{tests}"',
    tests: null,
    timeout: 30,
    setupTimeout: 3600,
    env: {},
    coverage: null,
    workers: null,
    limits: {
      cpuSeconds: 30,
      memoryMb: 4096,
      processes: 1024,
      fileSizeMb: 1024,
      outputMb: 64,
      tmpMb: 1024,
      shmMb: 64,
      diskMb: 8192,
      cpus: 1,
    },
    passPattern: null,
    setupNetwork: false,
    workDir: null,
    mounts: [],
    report: null,
    requires: [],
    testFiles: [],
  });
});

test('every key is read', () => {
  const env = parseEnvironment(
    [
      'repo: /r',
      'setup: [./configure, make -j2]',
      'build: make',
      'test: ./runtest {tests}',
      'tests:',
      '  list: ./runtest --list',
      '  arg: --single {test}',
      '  batch: true',
      'timeout: 60.5',
      'setupTimeout: 900',
      'env: {CC: gcc, JOBS: 2, DEBUG: false}',
      'coverage:',
      '  tool: gcov',
      '  build: make gcov',
      'workers: 3',
      'limits: {memoryMb: 512, processes: 64}',
      'passPattern: "All tests passed"',
      'setupNetwork: true',
      'workDir: cache',
      'mounts: [/usr/share]',
      'report: {format: regex, pass: "^ok (.+)$", fail: "^FAIL (.+)$"}',
    ].join('\n'),
    FILE,
    '/elsewhere',
  );
  assert.equal(env.repo, '/elsewhere');
  assert.deepEqual(env.setup, ['./configure', 'make -j2']);
  assert.deepEqual(env.tests, {
    list: './runtest --list',
    names: null,
    arg: '--single {test}',
    buildArg: '{test}',
    batch: true,
  });
  assert.deepEqual(env.env, { CC: 'gcc', JOBS: '2', DEBUG: 'false' });
  assert.deepEqual(env.coverage, { tool: 'gcov', build: ['make gcov'] });
  assert.deepEqual(env.limits, {
    cpuSeconds: 61,
    memoryMb: 512,
    processes: 64,
    fileSizeMb: 1024,
    outputMb: 64,
    tmpMb: 1024,
    shmMb: 64,
    diskMb: 8192,
    cpus: 1,
  });
  assert.deepEqual(env.mounts, ['/usr/share']);
  assert.deepEqual(env.report, { format: 'regex', file: null, pass: '^ok (.+)$', fail: '^FAIL (.+)$' });
  assert.equal(env.workers, 3);
  assert.equal(env.setupTimeout, 900);
  assert.equal(env.workDir, '/envs/cache');
  assert.equal(env.setupNetwork, true);
});

const BASE = 'repo: r\nsetup: make\ntest: t {tests}\ntimeout: 5\n';
const errors: [string, string, RegExp][] = [
  ['missing key', 'repo: r\nsetup: make\ntimeout: 5\n', /^\/envs\/demo\.yaml, field 'test': missing field$/],
  ['unknown key, with its line', `${BASE}tset: x\n`, /^\/envs\/demo\.yaml, line 5, field 'tset': unknown key/],
  [
    'no placeholder with a test list',
    'repo: r\nsetup: make\ntest: make test\ntimeout: 5\ntests: {names: [a]}\n',
    /line 3, field 'test': must contain the \{tests\} placeholder when `tests` is configured/,
  ],
  [
    'bad timeout',
    'repo: r\nsetup: make\ntest: t {tests}\ntimeout: -1\n',
    /line 4, field 'timeout': must be a positive number/,
  ],
  ['list and names', `${BASE}tests:\n  list: ls\n  names: [a]\n`, /line 5, field 'tests': give exactly one of/],
  ['nested unknown key', `${BASE}tests:\n  names: [a]\n  bach: true\n`, /line 7, field 'tests.bach': unknown key/],
  [
    'arg without placeholder',
    `${BASE}tests:\n  names: [a]\n  arg: --single\n`,
    /line 7, field 'tests.arg': must contain the \{test\} placeholder/,
  ],
  [
    'buildArg without placeholder',
    `${BASE}tests:\n  names: [a]\n  buildArg: --target\n`,
    /line 7, field 'tests.buildArg': must contain the \{test\} placeholder/,
  ],
  [
    '{tests} in the build without tests',
    `${BASE}build: make {tests}\n`,
    /line 5, field 'build': uses \{tests\} but no `tests` are configured/,
  ],
  ['coverage without tests', `${BASE}coverage:\n  tool: gcov\n`, /line 5, field 'coverage': needs `tests`/],
  [
    'unknown coverage tool',
    `${BASE}tests: {names: [a]}\ncoverage: {tool: jacoco}\n`,
    /field 'coverage.tool': must be one of gcov, python, node/,
  ],
  ['bad limit', `${BASE}limits:\n  memoryMb: lots\n`, /line 6, field 'limits.memoryMb': must be a positive number/],
  ['bad variable name', `${BASE}env:\n  1X: a\n`, /field 'env.1X': not a valid variable name/],
  ['bad regex', `${BASE}passPattern: "("\n`, /line 5, field 'passPattern': not a valid regular expression/],
  ['invalid YAML', 'repo: r\nsetup: [make\n', /^\/envs\/demo\.yaml, line \d+: invalid YAML/],
  [
    'invalid YAML: the offending line shown',
    "repo: r\ntests:\n  list: ctest -N | sed -n 's/^Test: //p'\n",
    /^\/envs\/demo\.yaml, line 3: invalid YAML: Nested mappings are not allowed in compact mappings at line 3, column 9:\n {4}list: ctest -N \| sed -n 's\/\^Test: \/\/p'\n {10}\^$/,
  ],
  ['not a mapping', '- a\n- b\n', /expected a mapping of keys/],
];
for (const [name, text, message] of errors) {
  test(`error: ${name}`, () => {
    assert.throws(
      () => parseEnvironment(text, FILE),
      (error: Error) => {
        assert.equal(error.name, 'InputError');
        assert.match(error.message, message);
        return true;
      },
    );
  });
}

test('requires: paths and command names the host lacks are named; present ones are not', () => {
  const env = parseEnvironment(
    'repo: .\nsetup: make\ntest: make check\ntimeout: 30\nrequires: [sh, /bin/sh, ctxbench-no-such-tool, ' +
      '/no/such/compiler, $CTXBENCH_HOME/package.json, $CTXBENCH_HOME/no-such-file]\n',
    FILE,
  );
  assert.deepEqual(env.requires, [
    'sh',
    '/bin/sh',
    'ctxbench-no-such-tool',
    '/no/such/compiler',
    '$CTXBENCH_HOME/package.json',
    '$CTXBENCH_HOME/no-such-file',
  ]);
  assert.deepEqual(missingTools(env), ['ctxbench-no-such-tool', '/no/such/compiler', '$CTXBENCH_HOME/no-such-file']);
  assert.throws(
    () => parseEnvironment('repo: .\nsetup: make\ntest: make check\ntimeout: 30\nrequires: tsc\n', FILE),
    /field 'requires': must be a list of paths or command names/,
  );
});

test('testFiles: files and folders of the repository, normalised; one outside it, missing or behind a link is named', () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-env-'));
  try {
    mkdirSync(join(repo, 'tests', 'unit'), { recursive: true });
    writeFileSync(join(repo, 'tests', 'unit', 'test_a.py'), '');
    symlinkSync('tests', join(repo, 'linked'));
    const parse = (list: string) =>
      parseEnvironment(`repo: ${repo}\nsetup: make\ntest: make check\ntimeout: 30\ntestFiles: ${list}\n`, FILE);
    assert.deepEqual(parse('[./tests/unit/, tests/unit/test_a.py]').testFiles, ['tests/unit', 'tests/unit/test_a.py']);
    const cases: [string, string][] = [
      ['[../elsewhere]', "field 'testFiles[0]': '../elsewhere' escapes the repository (..)"],
      ['[/etc/passwd]', "field 'testFiles[0]': '/etc/passwd' is absolute: it must be relative to the repository"],
      ['[tests, tests/gone.py]', "field 'testFiles[1]': 'tests/gone.py' is not in the repository"],
      [
        '[tests/unit/test_a.py/x]',
        "field 'testFiles[0]': 'tests/unit/test_a.py/x' is not in the repository (tests/unit/test_a.py is not a " +
          'folder)',
      ],
      [
        '[linked/unit]',
        "field 'testFiles[0]': 'linked/unit' is reached through a symbolic link (linked): name the file or folder it " +
          'points to',
      ],
      ['[.]', "field 'testFiles[0]': '.' is the repository itself: name its test files or folders"],
      ['tests', "field 'testFiles': must be a list of files and folders of the repository"],
    ];
    for (const [list, message] of cases)
      assert.throws(
        () => parse(list),
        (error: Error) => error.message === `${FILE}, line 5, ${message}`,
        list,
      );
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

test('the shipped sample environments carry check states made on the shipped repositories (no stale-state warning)', () => {
  const envs = new URL('../../examples/envs/', import.meta.url).pathname;
  const shipped = readdirSync(envs)
    .filter((name) => name.endsWith('.state.json'))
    .sort();
  assert.deepEqual(shipped, [
    'c-kvstore.state.json',
    'java-bank.state.json',
    'py-inventory.state.json',
    'ts-tasks.state.json',
  ]);
  for (const name of shipped) {
    const env = loadEnvironment(join(envs, name.replace(/\.state\.json$/, '.yaml')));
    // the hash covers the repository's files: a file the package leaves out (a folder's .gitignore) would change it
    assert.equal(
      readState(env)?.envHash,
      environmentHash(env, 'bwrap'),
      `${name}: run \`ctxbench exec check examples/envs/${name.replace(/\.state\.json$/, '.yaml')}\` again`,
    );
    const dotFiles = (readdirSync(env.repo, { recursive: true }) as string[]).filter((file) =>
      basename(file).startsWith('.'),
    );
    assert.deepEqual(dotFiles, [], `${env.repo}: a dot file that npm pack may leave out`);
  }
});
