// The Rust and Go module systems on fixture repositories: the Rust module tree (`mod.rs`, `lib.rs`,
// a second crate in `src/bin`), every `use` form, re-exports, method receivers typed and untyped;
// Go import paths through go.mod, package names that differ from their folder, receivers, and
// cross-file holes that end where the statement ends.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { indexRepository, type IndexRun } from '../../src/index/indexer.ts';
import { parseUse } from '../../src/index/modules/rust.ts';
import { goModulePath } from '../../src/index/modules/go.ts';
import { Resolver } from '../../src/index/resolve.ts';
import { buildFromIndexes } from '../../src/tasks/build.ts';
import { crossFileNames } from '../../src/tasks/crossfile.ts';
import { repositoryCommit } from '../../src/util/git.ts';

const FIXTURES = new URL('../fixtures/repos/', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-modules-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

async function open(name: string): Promise<IndexRun> {
  const root = join(scratch, name);
  cpSync(join(FIXTURES, name), root, { recursive: true });
  return indexRepository(root, { db: join(scratch, `${name}.db`) });
}

/** Every function's calls as `name:level[path#callee ...]`, `?` when flagged ambiguous. */
function callsByFunction(run: IndexRun): Map<string, string[]> {
  const functions = run.store.functions();
  const byId = new Map(functions.map((fn) => [fn.id, fn]));
  const calls = run.store.calls();
  return new Map(
    functions.map((fn) => [
      `${fn.path}#${fn.qualifiedName}`,
      calls
        .filter((call) => call.callerId === fn.id)
        .map(
          (call) =>
            `${call.name}:${call.level}${call.ambiguous ? '?' : ''}[${call.calleeIds.map((id) => `${byId.get(id)!.path}#${byId.get(id)!.qualifiedName}`).join(' ')}]`,
        ),
    ]),
  );
}

function names(run: IndexRun, path: string): string[] {
  const facts = run.store.facts(run.store.files().map((file) => file.path));
  const byPath = new Map(facts.map((file) => [file.path, file]));
  const resolver = new Resolver(facts, run.root);
  return [...crossFileNames(byPath.get(path)!, resolver, byPath).values()].map(
    (name) => `${name.name}:${name.files.join('+')}`,
  );
}

describe('Rust module system', () => {
  let run: IndexRun;
  before(async () => {
    run = await open('rust-modules');
  });
  after(() => run.store.close());

  it('expands use trees leaf by leaf', () => {
    assert.deepEqual(parseUse('pub(crate) use a::{b::{c, d as e}, f::*, self, g as _};'), [
      { path: ['a', 'b', 'c'], alias: null, glob: false },
      { path: ['a', 'b', 'd'], alias: 'e', glob: false },
      { path: ['a', 'f'], alias: null, glob: true },
      { path: ['a'], alias: null, glob: false },
      { path: ['a', 'g'], alias: '_', glob: false },
    ]);
    assert.deepEqual(parseUse('use ::std::{io, /* c */ fmt::Write};'), [
      { path: ['std', 'io'], alias: null, glob: false },
      { path: ['std', 'fmt', 'Write'], alias: null, glob: false },
    ]);
    assert.deepEqual(parseUse('use super::*;'), [{ path: ['super'], alias: null, glob: true }]);
  });

  it('resolves paths through the module tree, re-exports and the second crate', () => {
    const calls = callsByFunction(run);
    assert.deepEqual(calls.get('src/lib.rs#run'), [
      // `Client` is net's `pub use self::client::Client`; `let client = Client::new(..)` states its type.
      'new:project[src/net/client.rs#Client::new]',
      'send:project[src/net/client.rs#Client::send]',
      // `util::helper()` and `crate::util::helper()`: util.rs, beside lib.rs.
      'helper:package[src/util.rs#helper]',
      'helper:package[src/util.rs#helper]',
      // `pub use crate::error::Error` is src/error/mod.rs (never src/bin/error.rs); `let err: Error` states its type.
      'from_kind:project[src/error/mod.rs#Error::from_kind]',
      'describe:project[src/error/mod.rs#Error::describe]',
      'make:file[src/lib.rs#make]',
      // `unknown`'s type is not stated: every `send` is a candidate, none is chosen.
      'send:unresolved?[src/net/client.rs#Client::send src/net/server.rs#Server::send]',
      'Ok:stdlib[]',
    ]);
    // The binary crate's `crate::error` is its own src/bin/error.rs.
    assert.deepEqual(calls.get('src/bin/tool.rs#main'), [
      'new:package[src/bin/error.rs#Error::new]',
      'report:package[src/bin/error.rs#Error::report]',
      'helper:package[src/bin/error.rs#helper]',
    ]);
    // A parameter typed through an alias (`client: &C`, `use ...::Client as C`), a module bound by `self`
    // in a group, a glob (`server::*`) and a nested group (`error::{kind::Kind, Error}`).
    assert.deepEqual(calls.get('src/util.rs#connect'), [
      'send:project[src/net/client.rs#Client::send]',
      'ping:project[src/net/mod.rs#ping]',
      'serve:project[src/net/server.rs#serve]',
      'from_kind:project[src/error/mod.rs#Error::from_kind]',
    ]);
    assert.deepEqual(calls.get('src/net/server.rs#relay'), [
      // `client: Client` where `use super::Client` goes through net's re-export.
      'send:package[src/net/client.rs#Client::send]',
      // a receiver that is a call (`Client::new("relay").send()`): the type its callee returns (`-> Self`, Client).
      'send:package[src/net/client.rs#Client::send]',
      'new:package[src/net/client.rs#Client::new]',
    ]);
    // `let server: Server`; `self.log()` is the impl's own method.
    assert.deepEqual(calls.get('src/net/server.rs#serve'), [
      'send:file[src/net/server.rs#Server::send]',
      'Self_less:file[src/net/server.rs#Self_less]',
    ]);
    assert.deepEqual(calls.get('src/net/client.rs#Client::send'), ['log:file[src/net/client.rs#Client::log]']);
    // `helper` is not in scope in server.rs: not guessed from util.rs or src/bin/error.rs.
    assert.deepEqual(calls.get('src/net/server.rs#Self_less'), ['helper:unresolved[]']);
    // A field's type is not modelled: flagged, with the candidates.
    assert.deepEqual(calls.get('src/error/mod.rs#Error::describe'), ['name:unresolved?[src/error/kind.rs#Kind::name]']);
    // `x: &str`: a method of a standard type.
    assert.deepEqual(calls.get('src/net/client.rs#Client::new'), ['to_string:stdlib[]']);
    // The inline test module's `use super::*` (same file) and its calls.
    // `run()` returns std's Result: its `unwrap` is the library's.
    assert.deepEqual(calls.get('src/lib.rs#tests::runs'), [
      'unwrap:stdlib[]',
      'run:file[src/lib.rs#run]',
      'make:file[src/lib.rs#make]',
    ]);
  });

  it('builds cross-file holes that end with their statement, none running onto a closing brace', async () => {
    const repo = { name: 'rust-modules', root: run.root, commit: repositoryCommit(run.root), store: run.store };
    const { tasks } = await buildFromIndexes([repo], {
      family: 'crossfile',
      seed: 2,
      minPromptLines: { rust: 1 },
      command: 'test',
      toolVersion: 'test',
    });
    assert.deepEqual(
      tasks.map(
        (task) =>
          `${task.path}:${task.span.startLine} ${(task.meta as { crossFileName: string }).crossFileName} ` +
          `${task.reference}`,
      ),
      [
        'src/bin/tool.rs:7 Error let e = Error::new();',
        'src/bin/tool.rs:9 error error::helper();',
        'src/lib.rs:11 Error ), Error> {',
        'src/lib.rs:12 Client Client::new("x");',
        'src/lib.rs:14 util util::helper();',
        'src/lib.rs:16 error Error::from_kind(error::kind::Kind::Io);',
        'src/net/server.rs:15 Client client: Client) {',
        'src/util.rs:8 C : &C, kind: Kind) -> Error {',
        'src/util.rs:8 Kind connect(client: &C, kind: Kind) -> Error {',
        'src/util.rs:10 net net::ping();',
        'src/util.rs:11 serve serve();',
      ],
    );
    // `Kind`'s first use in src/error/mod.rs is the field `kind: Kind,`: its first `;`/`{`/`}` is the
    // struct's closing brace on the next line, so it is no task.
  });

  it('gives the crossfile family each use-bound name with the file that defines it', () => {
    assert.deepEqual(names(run, 'src/util.rs'), [
      'net:src/net/mod.rs',
      'ping:src/net/mod.rs',
      'Server:src/net/server.rs',
      'serve:src/net/server.rs',
      'relay:src/net/server.rs',
      'Self_less:src/net/server.rs',
      'C:src/net/client.rs',
      'Kind:src/error/kind.rs',
      'Error:src/error/mod.rs',
    ]);
    assert.deepEqual(names(run, 'src/bin/tool.rs'), [
      'error:src/bin/error.rs',
      'Error:src/bin/error.rs',
      'helper:src/bin/error.rs',
    ]);
  });
});

describe('Go module system', () => {
  let run: IndexRun;
  before(async () => {
    run = await open('go-modules');
  });
  after(() => run.store.close());

  it('reads the module path of a go.mod', () => {
    assert.equal(goModulePath('// c\nmodule example.com/app // trailing\n\ngo 1.21\n'), 'example.com/app');
    assert.equal(goModulePath('module "example.com/quoted"\n'), 'example.com/quoted');
    assert.equal(goModulePath('go 1.21\n'), null);
  });

  it('resolves package-qualified calls through go.mod and methods by their stated receiver type', () => {
    const calls = callsByFunction(run);
    assert.deepEqual(calls.get('main.go#main.main'), [
      // example.com/app/internal/store is internal/store, not third/internal/store.
      'New:project[internal/store/store.go#store.New]',
      // `s := store.New()`: the type is not stated.
      'Put:unresolved?[internal/store/cache.go#store.Cache.Put internal/store/store.go#store.Store.Put]',
      // `var db store.Store`, `c := &store.Cache{}`.
      'Put:project[internal/store/store.go#store.Store.Put]',
      'Put:project[internal/store/cache.go#store.Cache.Put]',
      'Println:stdlib[]',
      // the alias `cfg` of package settings.
      'Load:project[config/config.go#settings.Load]',
      'helper:package[helper.go#main.helper]',
      // `srv := Server{..}`.
      'Run:file[main.go#main.Server.Run]',
    ]);
    // An unaliased import binds the package's own name (`settings`); `New()` is not in package main: not guessed.
    assert.deepEqual(calls.get('helper.go#main.helper'), [
      'New:unresolved[]',
      'Load:project[config/config.go#settings.Load]',
    ]);
    // The method's receiver `(s *Server)` states s's type; a field's type (`s.st`) is not modelled.
    assert.deepEqual(calls.get('main.go#main.Server.Run'), [
      'Put:unresolved?[internal/store/cache.go#store.Cache.Put internal/store/store.go#store.Store.Put]',
      'stop:file[main.go#main.Server.stop]',
    ]);
    assert.deepEqual(calls.get('internal/store/store.go#store.Store.Put'), [
      'append:stdlib[]',
      'flush:file[internal/store/store.go#store.Store.flush]',
    ]);
  });

  it('names a package and its exported members as cross-file names', () => {
    assert.deepEqual(names(run, 'main.go'), [
      'cfg:config/config.go',
      'Load:config/config.go',
      'store:internal/store/cache.go+internal/store/store.go',
      'Cache:internal/store/cache.go',
      'New:internal/store/store.go',
      'Store:internal/store/store.go',
    ]);
  });

  it("ends a hole in a struct field at the end of the field, not at the struct's closing brace", async () => {
    const repo = { name: 'go-modules', root: run.root, commit: repositoryCommit(run.root), store: run.store };
    const { tasks } = await buildFromIndexes([repo], {
      family: 'crossfile',
      seed: 2,
      minPromptLines: { go: 1 },
      command: 'test',
      toolVersion: 'test',
    });
    const field = tasks.find((task) => task.path === 'main.go' && task.span.startLine === 12);
    assert.ok(field, tasks.map((task) => `${task.path}:${task.span.startLine}`).join(' '));
    assert.equal(field.span.endLine, 12);
    assert.match(field.reference, /^[^\n]*store\.Store$/);
    assert.equal(field.suffix.startsWith('\n\tname string\n}'), true);
  });
});

describe('namespaced imports (generic resolution)', () => {
  it('resolves a PHP `use A\\B\\C` to the file of the class (one folder per segment)', async () => {
    const run = await open('php-namespaces');
    try {
      assert.deepEqual(names(run, 'src/Cart.php'), ['Item:src/Shop/Item.php']);
    } finally {
      run.store.close();
    }
  });
});
