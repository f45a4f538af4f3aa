// Language by path: extensions (case-insensitive) and the `.h` dialect decided from the text.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { GRAMMARS_DIR } from '../../src/languages/parser.ts';
import { allLanguages, getLanguage, LANGUAGES, languageForPath } from '../../src/languages/registry.ts';

test('registry: extensions map to languages, case-insensitively', () => {
  const cases: [string, string | null][] = [
    ['src/a.c', 'c'],
    ['src/a.cc', 'cpp'],
    ['src/a.CPP', 'cpp'],
    ['lib/x.hpp', 'cpp'],
    ['a.m', 'objc'],
    ['a.mm', 'objc'],
    ['pkg/mod.py', 'python'],
    ['A.java', 'java'],
    ['a.mjs', 'javascript'],
    ['a.jsx', 'javascript'],
    ['a.ts', 'typescript'],
    ['a.d.ts', 'typescript'],
    ['a.tsx', 'tsx'],
    ['main.go', 'go'],
    ['A.cs', 'csharp'],
    ['analysis.R', 'r'],
    ['analysis.r', 'r'],
    ['Makefile', null],
    ['README', null],
    ['notes.txt', null],
    ['.hidden', null],
    ['dir.c/file', null],
  ];
  for (const [path, language] of cases) assert.equal(languageForPath(path), language, path);
});

test('registry: a .h without text stays C; with text its syntax decides C, C++ or Objective-C', () => {
  assert.equal(languageForPath('include/x.h'), 'c');
  const headers: [string, string][] = [
    ['int add(int a, int b);\nstruct point { int x; };\n#define MAX 3\n', 'c'],
    // C with the usual C++ guard: still C.
    ['#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n', 'c'],
    // Prose in comments and strings does not count.
    [
      '/* a class of helpers; see Foo::bar, template<T> */\n// namespace notes: public:\nconst char *s = ' +
        '"std::string";\n',
      'c',
    ],
    ['class Shape {\npublic:\n  int area() const;\n};\n', 'cpp'],
    ['namespace geo {\nint f();\n}\n', 'cpp'],
    ['template <typename T>\nT max(T a, T b);\n', 'cpp'],
    ['struct Derived : Base { };\n', 'cpp'],
    ['#include <vector>\nint f();\n', 'cpp'],
    ['int n = std::max(1, 2);\n', 'cpp'],
    // C++-only forms in a header without a class or namespace keyword at a line start
    ['struct App {\n  virtual void draw() {}\n};\n', 'cpp'],
    ['inline void expand(const Vec3& min, Vec3& max) { max = min; }\n', 'cpp'],
    ['struct Utils {\n  static int count(int* err = 0) { return 0; }\n};\n', 'cpp'],
    ['ATTRIBUTE_ALIGNED16(struct) Contact : public ContactData {\n};\n', 'cpp'],
    ['Vec operator+(Vec a, Vec b);\n', 'cpp'],
    ['void *p = nullptr;\n', 'cpp'],
    // ... and C that looks close: a C99 loop declaration, an assignment in a condition, a bitwise and
    [
      'void f(int n) {\n  for (int i = 0, j = n; i < j; i++) {}\n  int c;\n  while ((c = next()) != 0) {}\n  g(n & ' +
        'mask);\n}\n',
      'c',
    ],
    ['#import <Foundation/Foundation.h>\n', 'objc'],
    ['@interface Counter : NSObject\n- (void)increment;\n@end\n', 'objc'],
    ['@protocol Named\n- (NSString *)name;\n@end\n', 'objc'],
    // Objective-C markers win over C++ ones (Objective-C++ headers).
    ['@class Foo;\nnamespace detail { }\n', 'objc'],
  ];
  for (const [text, language] of headers) assert.equal(languageForPath('include/x.H', text), language, text);
});

test('registry: an .inc is PHP when it opens a PHP tag, else C or C++ as a header would be', () => {
  assert.equal(languageForPath('lib/Support/Unix/Path.inc'), 'c');
  const fragments: [string, string][] = [
    ['<?php\nfunction helper($x) { return $x; }\n', 'php'],
    ['<html><?= $title ?></html>\n', 'php'],
    ['namespace llvm {\nstd::error_code current_path(SmallVectorImpl<char> &result) { return {}; }\n}\n', 'cpp'],
    ['static int table[] = {\n#include "values.def"\n};\nint lookup(int i) { return table[i]; }\n', 'c'],
    // a PHP tag inside a C comment or string is not one
    ['/* emits <?php headers */\nconst char *tag = "<?php";\n', 'c'],
  ];
  for (const [text, language] of fragments) assert.equal(languageForPath('src/x.inc', text), language, text);
});

test('registry: text does not change a language that an unshared extension decides', () => {
  assert.equal(languageForPath('a.c', 'class Foo { public: };'), 'c');
  assert.equal(languageForPath('a.cpp', '@interface X @end'), 'cpp');
  assert.equal(languageForPath('a.txt', 'class Foo {};'), null);
});

test('registry: unknown languages are a clear error', () => {
  assert.throws(() => getLanguage('cobol'), /unknown language 'cobol'/);
});

test('registry: the fixture headers of the three dialects', () => {
  const fixtures = join(import.meta.dirname, '..', 'fixtures', 'lang');
  const decide = (path: string) => languageForPath(path, readFileSync(join(fixtures, path), 'utf8'));
  assert.deepEqual(['c/list.h', 'cpp/matrix.h', 'objc/Counter.h'].map(decide), ['c', 'cpp', 'objc']);
});

test('registry: every table names a grammar pinned in grammars/manifest.json, and its .wasm is in grammars/', () => {
  interface Entry {
    package: string;
    grammars: { wasm: string; wasmSha256: string }[];
  }
  const manifest = JSON.parse(readFileSync(join(GRAMMARS_DIR, 'manifest.json'), 'utf8')) as { packages: Entry[] };
  const pinned = new Set(
    manifest.packages.flatMap((entry) => entry.grammars.map((grammar) => `${entry.package}/${grammar.wasm}`)),
  );
  const used = new Set(
    LANGUAGES.names().map((id) => `${getLanguage(id).grammar.package}/${getLanguage(id).grammar.wasm}`),
  );
  assert.deepEqual([...used].sort(), [...pinned].sort());
  for (const entry of manifest.packages) {
    for (const grammar of entry.grammars) {
      const hash = createHash('sha256')
        .update(readFileSync(join(GRAMMARS_DIR, grammar.wasm)))
        .digest('hex');
      assert.equal(hash, grammar.wasmSha256, grammar.wasm);
    }
  }
});

test('registry: getLanguage gives each registered table itself, and every language is listed once', () => {
  for (const id of LANGUAGES.names()) assert.equal(getLanguage(id as never), LANGUAGES.get(id), id);
  assert.deepEqual(
    allLanguages().map((spec) => spec.id),
    LANGUAGES.names(),
  );
  // C's table names no `scopeSeparator`, C++'s does
  assert.equal(getLanguage('c').scopeSeparator, undefined);
  assert.equal(getLanguage('cpp').scopeSeparator, '::');
});
