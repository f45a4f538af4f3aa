// Call resolution on small repositories whose call graphs are checked by hand.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { indexRepository } from '../../src/index/indexer.ts';
import { listFunctions } from '../../src/index/query.ts';
import { cli } from '../capture-cli.ts';
import type { LevelMode } from '../../src/index/types.ts';

const FIXTURES = new URL('../fixtures/repos/', import.meta.url).pathname;
// The system headers outside the C library that the fixtures include (googletest's, zlib's) come from the tests' own
// folder, searched first as the compiler would (CPATH): the host may have none of them, or other versions.
process.env.CPATH = new URL('../fixtures/system-headers/', import.meta.url).pathname;

/** `path qualifiedName lines level callers=N [callee@path:line/level ...]` per function. */
async function graphOf(repo: string, levels: LevelMode = 'default'): Promise<string[]> {
  const db = join(mkdtempSync(join(tmpdir(), 'ctxbench-idx-')), 'index.db');
  const run = await indexRepository(join(FIXTURES, repo), { db });
  try {
    return listFunctions(run.store, { levels }).map(
      (f) =>
        `${f.path} ${f.qualifiedName} ${f.startLine}-${f.endLine} ${f.level} callers=${f.callers} [${f.callees.map((c) => `${c.name}@${c.path ? `${c.path}:${c.startLine}` : '-'}/${c.level}`).join(' ')}]`,
    );
  } finally {
    run.store.close();
  }
}

test('C/C++: static shadowing, out-of-line methods, overloads, calls through macros, header twins', async () => {
  assert.deepEqual(await graphOf('mixed-c'), [
    'include/shape.h geo::Shape::width 22-22 none callers=1 []',
    'lib/helpers.c clamp 5-10 none callers=2 []',
    'lib/helpers.c helpers_scale 13-17 file callers=0 [abs@-/stdlib clamp@lib/helpers.c:5/file]',
    'src/main.cpp make_shapes 10-16 package callers=1 [push_back@-/stdlib Shape@src/shape.cpp:9/package ' +
      'emplace_back@-/stdlib]',
    'src/main.cpp main 20-31 package callers=0 [make_shapes@src/main.cpp:10/file grow@src/shape.cpp:18/package ' +
      'operator[]@-/stdlib Shape@src/shape.cpp:9/package grow@src/shape.cpp:23/package ' +
      'util_tick@src/util.c:29/package util_log@src/util.c:23/package printf@-/stdlib ' +
      'total_area@src/shape.cpp:36/package data@-/stdlib size@-/stdlib util_length@src/util.c:34/package]',
    'src/shape.cpp geo::Shape::Shape 9-9 none callers=2 []',
    'src/shape.cpp geo::Shape::area 12-15 package callers=1 [util_add@src/util.c:17/package]',
    'src/shape.cpp geo::Shape::grow 18-21 file callers=1 [grow@src/shape.cpp:23/file]',
    'src/shape.cpp geo::Shape::grow 23-28 project callers=2 [clamp@lib/helpers.c:5/project ' +
      'util_log@src/util.c:23/package]',
    'src/shape.cpp geo::Shape::describe 30-33 project callers=0 [to_string@-/stdlib width@include/shape.h:22/project]',
    'src/shape.cpp geo::total_area 36-42 package callers=1 [util_add@src/util.c:17/package area@src/shape.cpp:12/file]',
    'src/util.c clamp 9-14 none callers=1 []',
    'src/util.c util_add 17-21 file callers=2 [clamp@src/util.c:9/file]',
    'src/util.c util_log 23-26 stdlib callers=2 [fprintf@-/stdlib]',
    'src/util.c util_tick 29-32 none callers=1 []',
    'src/util.c util_length 34-37 stdlib callers=1 [strlen@-/stdlib]',
  ]);
});

test("C++: calls resolved through stated types: a member call narrowed to its receiver's class or field (through type aliases and smart pointers; a library type's member is the library's; a call's result by its callee's return type), overloaded operators on typed operands (member and free, unary, compound assignment, subscript through a pointer conversion), a class name called is its constructor, overloads chosen by argument types; no operator call on numbers or pointers; operators and member calls on fields, elements, fields of locals and `*this`, through base classes; YABLoCo mode stops reading a function at an implicit `=` or a library template's member", async () => {
  const step =
    'src/sim.cpp step 5-15 project callers=0 [operator+@include/vec.h:12/project operator+=@include/vec.h:7/project ' +
    'advance@include/body.h:9/project size@-/stdlib x@include/vec.h:8/project operator-@include/vec.h:13/project ' +
    'operator[]@include/vec.h:9/project]';
  const common = [
    'include/body.h Body::advance 9-9 none callers=2 []',
    // `p->x()`, `v.x()`, `m_velocity.x()` and `m_shared->x()` (an alias of a shared_ptr<Vec>) are Vec's, not Body's
    'include/body.h Body::x 10-10 none callers=0 []',
    'include/body.h Body::next 18-18 none callers=1 []',
    'include/body.h Body::velocity 19-19 none callers=1 []',
  ];
  // inherited members (Quat's getX and operator*= are Quad's), calls inside and into a class template
  const quad = [
    'include/quad.h Quad::getX 7-7 none callers=2 []',
    'include/quad.h Quad::operator*= 8-8 none callers=2 []',
    'include/quad.h Quat::scaled 13-13 file callers=0 [operator*=@include/quad.h:8/file]',
    'include/quad.h Quat::first 14-14 file callers=1 [getX@include/quad.h:7/file]',
    'include/quad.h Array::size 20-20 none callers=2 []',
    'include/quad.h Array::grow 21-21 file callers=0 [size@include/quad.h:20/file]',
  ];
  const vec = [
    'include/vec.h Vec::operator+= 7-7 none callers=3 []',
    'include/vec.h Vec::x 8-8 none callers=4 []',
    'include/vec.h Vec::operator float* 9-9 none callers=1 []',
    'include/vec.h operator+ 12-12 file callers=2 [operator+=@include/vec.h:7/file]',
    'include/vec.h operator- 13-13 none callers=1 []',
    'include/vec.h twice 15-16 none callers=1 []',
  ];
  // `m_origin + m_axes[0]`, `box.lo += pts[1]`, `m_axes[1].x()`, `(*this).m_origin.x()`, `m_turn *= 2`: fields, an
  // element of a field array, a field of a typed local, `*this`, a base's operator; no call for the built-in `=` or an
  // element of an array
  const spin =
    'src/frame.cpp Frame::spin 15-23 project callers=0 [operator+@include/vec.h:12/project ' +
    'operator+=@include/vec.h:7/project x@include/vec.h:8/project operator*=@include/quad.h:8/project ' +
    'size@include/quad.h:20/project getX@include/quad.h:7/project first@include/quad.h:14/project]';
  assert.deepEqual(await graphOf('typed-cpp'), [
    ...common,
    ...quad,
    'include/vec.h Vec::Vec 5-5 none callers=1 []',
    ...vec,
    // `body.next()->velocity().x()`: each receiver a call, typed by what its callee returns (Body*, const Vec&): Vec's
    // x, not Body's
    'src/chain.cpp chain 4-6 project callers=0 [x@include/vec.h:8/project velocity@include/body.h:19/project ' +
      'next@include/body.h:18/project]',
    // overloads chosen by the known argument types (a string, a number, a Vec, an int local, a bool and a number): each
    // once
    'src/emit.cpp Emitter::Write 4-4 none callers=1 []',
    'src/emit.cpp Emitter::Write 5-5 none callers=1 []',
    'src/emit.cpp Emitter::Write 6-6 none callers=1 []',
    'src/emit.cpp Emitter::Write 7-7 none callers=1 []',
    'src/emit.cpp emitAll 11-17 file callers=0 [Write@src/emit.cpp:4/file Write@src/emit.cpp:5/file ' +
      'Write@src/emit.cpp:6/file Write@src/emit.cpp:7/file]',
    spin,
    step,
    'src/sim.cpp Body::settle 18-25 project callers=0 [size@-/stdlib advance@include/body.h:9/project ' +
      'Vec@include/vec.h:5/project twice@include/vec.h:15/project x@include/vec.h:8/project]',
  ]);
  const yabloco = await graphOf('typed-cpp', 'yabloco');
  // YABLoCo's clang stops reading `spin` at its first statement, Vec's implicit `=`; inside a class template its own
  // members count
  assert.equal(
    yabloco.find((line) => line.includes('Frame::spin')),
    'src/frame.cpp Frame::spin 15-23 none callers=0 []',
  );
  assert.equal(
    yabloco.find((line) => line.includes('Array::grow')),
    'include/quad.h Array::grow 21-21 file callers=0 [size@include/quad.h:20/file]',
  );
  // its first call, `m_history.size()`, is a member of a library class template: clang's reading stops there too
  assert.equal(
    yabloco.find((line) => line.includes('Body::settle')),
    'src/sim.cpp Body::settle 18-25 none callers=0 []',
  );
});

test("C++: overloads chosen by the operand's and arguments' types (a free operator in a namespace; a string literal is a `const char*` before a `std::string`; an enumeration's constant, a call's result, a cast, a field of the caller's class or of a typed value, a variable of the namespace, a bare constant (not the one a class scopes), a `std::stringstream` passed as a `std::istream&`, a class made by `T()` or `std::string(x)`; a commented unnamed parameter is no pointer; a better fit declared in a header beats the file's own; a template's type parameter takes any argument: `e[\"key\"]` calls `operator[]<Key>`; a number is no class without a one-value constructor), chained operators, a class's member typedef of another class's name renames nothing elsewhere, constructions written by declarations (`T v;`, `T v(x);`, `T v{x, y}`) and initializers (a member by its type, a base; none for a built-in member), a gtest fixture's members in a `TEST_F` body (through a typedef)", async () => {
  const graph = await graphOf('cpp-overloads');
  assert.deepEqual(graph, [
    'include/emitter.h out::operator<< 38-38 project callers=0 [write@src/emitter.cpp:12/project]',
    'include/emitter.h out::operator<< 39-39 project callers=2 [write@src/emitter.cpp:12/project string@-/stdlib]',
    'include/emitter.h out::operator<< 40-40 project callers=0 [write@src/emitter.cpp:13/project]',
    'include/emitter.h out::operator<< 41-41 project callers=2 [write@src/emitter.cpp:14/project]',
    'include/emitter.h out::operator<< 42-42 project callers=2 [write@src/emitter.cpp:15/project]',
    'include/emitter.h out::operator<< 43-43 project callers=2 [manip@src/emitter.cpp:16/project]',
    'include/emitter.h out::larger 52-52 none callers=1 []',
    'src/document.cpp out::Document::Document 21-21 package callers=2 [tag_@src/emitter.cpp:5/package]',
    'src/document.cpp out::Document::Document 22-22 package callers=2 [tag_@src/emitter.cpp:5/package]',
    'src/document.cpp out::Page::Page 23-23 file callers=0 [Document@src/document.cpp:22/file]',
    'src/document.cpp out::operator<< 25-25 none callers=2 []',
    'src/document.cpp out::Document::emitTo 28-28 project callers=0 [operator<<@include/emitter.h:41/project]',
    'src/document.cpp out::emitPair 33-33 project callers=0 [operator<<@include/emitter.h:42/project]',
    'src/document.cpp out::widest 35-35 project callers=0 [larger@include/emitter.h:52/project]',
    'src/document.cpp out::emitTitle 39-43 project callers=0 [read@src/emitter.cpp:17/package ' +
      'operator<<@include/emitter.h:43/project operator<<@include/emitter.h:39/project]',
    'src/document.cpp out::emitAll 45-52 project callers=0 [Emitter@src/emitter.cpp:11/package ' +
      'Document@src/document.cpp:21/file Document@src/document.cpp:22/file Tag@src/emitter.cpp:5/package ' +
      'operator<<@include/emitter.h:43/project operator<<@src/document.cpp:25/file ' +
      'operator<<@include/emitter.h:41/project operator<<@include/emitter.h:39/project ' +
      'tagged@src/emitter.cpp:6/package operator[]@src/emitter.cpp:20/package]',
    'src/emitter.cpp out::Tag::Tag 5-5 stdlib callers=5 [text@-/stdlib]',
    'src/emitter.cpp out::tagged 6-6 file callers=1 [Tag@src/emitter.cpp:5/file]',
    'src/emitter.cpp out::Size::Size 8-8 none callers=0 []',
    'src/emitter.cpp out::larger 9-9 none callers=0 []',
    'src/emitter.cpp out::Emitter::Emitter 11-11 none callers=1 []',
    'src/emitter.cpp out::Emitter::write 12-12 none callers=2 []',
    'src/emitter.cpp out::Emitter::write 13-13 none callers=1 []',
    'src/emitter.cpp out::Emitter::write 14-14 none callers=1 []',
    'src/emitter.cpp out::Emitter::write 15-15 none callers=1 []',
    'src/emitter.cpp out::Emitter::manip 16-16 none callers=1 []',
    'src/emitter.cpp out::Emitter::read 17-17 none callers=1 []',
    'src/emitter.cpp out::Emitter::read 18-18 none callers=0 []',
    'src/emitter.cpp out::Emitter::size 19-19 none callers=1 []',
    'src/emitter.cpp out::Emitter::operator[] 20-20 file callers=1 [Tag@src/emitter.cpp:5/file]',
    'src/emitter.cpp out::Emitter::operator[] 21-21 none callers=0 []',
    'test/emitter_test.cpp out::EmitterFixture::expect 11-11 none callers=1 []',
    'test/emitter_test.cpp out::operator<< 16-16 none callers=0 []',
    'test/emitter_test.cpp out::TEST_F 18-23 project callers=0 [Document@src/document.cpp:21/project ' +
      'operator<<@include/emitter.h:42/project operator<<@src/document.cpp:25/project ' +
      'expect@test/emitter_test.cpp:11/file EXPECT_EQ@-/external size@src/emitter.cpp:19/project]',
  ]);
});

test('C++: a const object calls the const overload: `operator[]` and a pointer conversion on a const reference, a const value, a field in a const method; the non-const ones otherwise', async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-const-'));
  writeFileSync(
    join(repo, 'mat.h'),
    [
      '#pragma once',
      'struct Vec {',
      '    float m[3];',
      '    operator float*() { return &m[0]; }',
      '    operator const float*() const { return &m[0]; }',
      '};',
      'struct Mat {',
      '    Vec rows[3];',
      '    Vec& operator[](int i) { return rows[i]; }',
      '    const Vec& operator[](int i) const { return rows[i]; }',
      '    float corner() const { return rows[0][0]; }',
      '    void zero() { rows[0][0] = 0; }',
      '};',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(repo, 'use.cpp'),
    '#include "mat.h"\nfloat first(const Mat& m) { return m[0][0]; }\nvoid clear(Mat& m) { m[1][1] = 0; }\nfloat ' +
      'last(const Vec v) { return v[2]; }\n',
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    assert.deepEqual(
      listFunctions(run.store).map(
        (f) => `${f.qualifiedName} ${f.startLine} [${f.callees.map((c) => `${c.path}:${c.startLine}`).join(' ')}]`,
      ),
      [
        'Vec::operator float* 4 []',
        'Vec::operator const float* 5 []',
        'Mat::operator[] 9 []',
        'Mat::operator[] 10 []',
        // `rows[0][0]`: an element of a field array, through the conversion; const in a const method
        'Mat::corner 11 [mat.h:5]',
        'Mat::zero 12 [mat.h:4]',
        // `m[0][0]` on a const reference: the const operator[] (line 10), then the const conversion (line 5)
        'first 2 [mat.h:5 mat.h:10]',
        'clear 3 [mat.h:4 mat.h:9]',
        'last 4 [mat.h:5]',
      ],
    );
  } finally {
    run.store.close();
  }
});

test("C++: an operator on another operator's result is typed by what that operator returns: `(a - b) * s`, `b * s - a`; none on numbers", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-operators-'));
  writeFileSync(
    join(repo, 'vec.h'),
    [
      '#pragma once',
      'struct Vec { float x, y; };',
      'inline Vec operator-(const Vec& a, const Vec& b) { return Vec{a.x - b.x, a.y - b.y}; }',
      'inline Vec operator*(const Vec& a, float s) { return Vec{a.x * s, a.y * s}; }',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(repo, 'use.cpp'),
    '#include "vec.h"\nVec mid(const Vec& a, const Vec& b) { return (a - b) * 0.5f; }\nVec far(const Vec& a, const ' +
      'Vec& b) { return b * 2.0f - a; }\nint count(int i, int n) { return (i - n) * 2; }\n',
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    const calls = run.store
      .calls()
      .map((call) => `${call.line}:${call.name}:${call.level}`)
      .sort();
    // every use of a Vec operator is a call, the outer ones typed by the inner one's return type (Vec); `(i - n) * 2`
    // is arithmetic
    assert.deepEqual(calls, [
      '2:operator*:package',
      '2:operator-:package',
      '3:operator*:package',
      '3:operator-:package',
    ]);
    assert.deepEqual(
      listFunctions(run.store).map(
        (f) => `${f.qualifiedName} [${f.callees.map((c) => `${c.name}@${c.startLine}`).join(' ')}]`,
      ),
      ['mid [operator*@4 operator-@3]', 'far [operator-@3 operator*@4]', 'count []', 'operator- []', 'operator* []'],
    );
  } finally {
    run.store.close();
  }
});

test("C: offsetof and static_assert are the compiler's (builtins, as clang reads them), not library calls: a function using only them calls nothing", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-builtins-'));
  writeFileSync(
    join(repo, 'list.c'),
    '#include <stddef.h>\n#include <string.h>\nstruct node { int key; struct node *next; };\nsize_t key_offset(void) ' +
      '{\n    static_assert(sizeof(int) == 4, "int");\n    return offsetof(struct node, key);\n}\nsize_t ' +
      'name_length(const char *name) { return strlen(name); }\n',
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    assert.deepEqual(
      listFunctions(run.store).map(
        (f) => `${f.name} ${f.level} [${f.callees.map((c) => `${c.name}/${c.level}`).join(' ')}]`,
      ),
      ['key_offset none []', 'name_length stdlib [strlen/stdlib]'],
    );
  } finally {
    run.store.close();
  }
});

test('C/C++ preprocessor: a branch dead on Linux (x86-64, GCC-like) is not read: its functions, calls and macros neither indexed nor used for resolution; a condition on another macro keeps both branches', async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-platform-'));
  writeFileSync(
    join(repo, 'scalar.h'),
    [
      '#pragma once',
      '#ifdef __cplusplus',
      'inline float hostSqrt(float x) { return x; }',
      '#else',
      '#define fastSqrt native_sqrt',
      '#endif',
      '#if defined(_WIN32) || defined(__APPLE__)',
      'inline float fastSqrt(float x) { return 0; }',
      '#elif defined(__linux__) && !defined(_MSC_VER)',
      'inline float fastSqrt(float x) { return hostSqrt(x); }',
      '#else',
      'inline float fastSqrt(float x) { return 1; }',
      '#endif',
      '#if 0',
      'inline float retired(float x) { return x; }',
      '#endif',
      '#ifdef USE_DOUBLE',
      'inline double tuned(double x) { return x; }',
      '#else',
      'inline float tuned(float x) { return x; }',
      '#endif',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(repo, 'use.cpp'),
    '#include "scalar.h"\nfloat norm(float v) {\n#ifndef __linux__\n    return retired(v);\n#else\n    return ' +
      'fastSqrt(v) + tuned(v);\n#endif\n}\n',
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    assert.deepEqual(
      listFunctions(run.store).map(
        (f) =>
          `${f.name}:${f.startLine} [${f.callees.map((c) => `${c.name}@${c.startLine}`).join(' ')}] ambiguous=${f.ambiguous.map((a) => a.candidates.map((c) => c.startLine).join('|')).join(',')}`,
      ),
      [
        'hostSqrt:3 [] ambiguous=',
        'fastSqrt:10 [hostSqrt@3] ambiguous=',
        // `USE_DOUBLE` is no macro of the platform: both branches stay (the float argument picks the float overload)
        'tuned:18 [] ambiguous=',
        'tuned:20 [] ambiguous=',
        'norm:2 [fastSqrt@10 tuned@20] ambiguous=',
      ],
    );
  } finally {
    run.store.close();
  }
});

test("C/C++ preprocessor: a macro the repository defines only in dead branches is undefined on the platform (and one defined only under it, in a next round); one a build file names, live code defines, a fallback defines (`#ifndef X`) or the system's headers define stays unknown; a refresh reads a file again when such a macro changes side", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-repository-macros-'));
  writeFileSync(
    join(repo, 'config.h'),
    [
      '#pragma once',
      '#if defined(_WIN32) || defined(__APPLE__)',
      '#define USE_FAST',
      '#define WITH_GL',
      '#define HAS_ATOMICS',
      '#endif',
      '#ifdef USE_FAST',
      '#define FAST_PATH 1',
      '#endif',
      // a fallback (`#ifndef X` / `#define X`) and a macro of the system's headers: possibly defined here too
      '#ifdef _WIN32',
      '#ifndef HAVE_FALLBACK',
      '#define HAVE_FALLBACK 1',
      '#endif',
      '#define BYTE_ORDER 1234',
      '#endif',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(repo, 'pick.h'),
    [
      '#pragma once',
      '#include "config.h"',
      '#ifdef USE_FAST',
      'inline int pick() { return 1; }',
      '#else',
      'inline int pick() { return 2; }',
      '#endif',
      '#if defined(FAST_PATH) && FAST_PATH',
      'inline int twice() { return 1; }',
      '#else',
      'inline int twice() { return 2; }',
      '#endif',
      '#ifdef WITH_GL',
      'inline int draw() { return 3; }',
      '#endif',
      '#ifdef HAS_ATOMICS',
      'inline int atomic() { return 4; }',
      '#endif',
      '#ifdef HAVE_FALLBACK',
      'inline int fallback() { return 5; }',
      '#endif',
      '#ifdef BYTE_ORDER',
      'inline int ordered() { return 6; }',
      '#endif',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(repo, 'atomics.cpp'),
    '#define HAS_ATOMICS\n#include "pick.h"\nint use() { return pick() + twice(); }\n',
  );
  writeFileSync(join(repo, 'CMakeLists.txt'), 'option(WITH_GL "draw with OpenGL" OFF)\n');
  const db = join(repo, 'out', 'index.db');
  const listed = async () => {
    const run = await indexRepository(repo, { db });
    try {
      return {
        parsed: run.parsed,
        functions: listFunctions(run.store).map(
          (f) =>
            `${f.path}:${f.name}:${f.startLine}${f.callees.length > 0 ? ` [${f.callees.map((c) => `${c.name}@${c.startLine}`).join(' ')}]` : ''}`,
        ),
      };
    } finally {
      run.store.close();
    }
  };
  assert.deepEqual(await listed(), {
    parsed: 3,
    functions: [
      'atomics.cpp:use:3 [pick@6 twice@11]',
      'pick.h:pick:6',
      'pick.h:twice:11',
      'pick.h:draw:14',
      'pick.h:atomic:17',
      'pick.h:fallback:20',
      'pick.h:ordered:23',
    ],
  });
  // a live definition of `USE_FAST` elsewhere: pick.h, unchanged, is read again with it unknown (both branches of each
  // chain stay)
  writeFileSync(join(repo, 'fast.cpp'), '#define USE_FAST\nint fast() { return 0; }\n');
  const refreshed = await listed();
  assert.equal(refreshed.parsed, 3);
  assert.deepEqual(
    refreshed.functions.filter((f) => f.startsWith('pick.h')),
    [
      'pick.h:pick:4',
      'pick.h:pick:6',
      'pick.h:twice:9',
      'pick.h:twice:11',
      'pick.h:draw:14',
      'pick.h:atomic:17',
      'pick.h:fallback:20',
      'pick.h:ordered:23',
    ],
  );
});

test("C++ qualified names: a method defined out of line under `using namespace` is named with its class's namespaces, the class its file sees (another file's global class of the same name does not count)", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-qualified-'));
  mkdirSync(join(repo, 'include'));
  mkdirSync(join(repo, 'src'));
  writeFileSync(
    join(repo, 'include', 'slider.h'),
    'namespace gui {\nnamespace controls {\nclass Slider {\npublic:\n  float value();\n  void set(float ' +
      'v);\n};\n}\n}\n',
  );
  writeFileSync(
    join(repo, 'src', 'slider.cpp'),
    '#include "../include/slider.h"\nusing namespace gui;\nusing namespace gui::controls;\nfloat Slider::value() { ' +
      'return 1; }\nvoid Slider::set(float v) { value(); }\n',
  );
  writeFileSync(
    join(repo, 'test.cpp'),
    'class Slider {\npublic:\n  void moved() {}\n};\nvoid Slider_test() { Slider s; s.moved(); }\n',
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    assert.deepEqual(
      listFunctions(run.store).map((f) => `${f.path}:${f.qualifiedName} [${f.callees.map((c) => c.name).join(' ')}]`),
      [
        'src/slider.cpp:gui::controls::Slider::value []',
        'src/slider.cpp:gui::controls::Slider::set [value]',
        'test.cpp:Slider::moved []',
        'test.cpp:Slider_test [moved]',
      ],
    );
  } finally {
    run.store.close();
  }
});

test("C++: a macro naming a type is an alias of it (`#define VecArg const Vec&`): a member call and an operator on a value of that type reach the class's; an operator on a call's result is typed by what the callee returns", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-type-macros-'));
  writeFileSync(
    join(repo, 'vec.h'),
    [
      '#pragma once',
      'class Vec {',
      'public:',
      '  Vec normalized() const { return *this; }',
      '  float x;',
      '};',
      'inline Vec operator*(const Vec& a, float s) { return a; }',
      '#define VecArg const Vec&',
      '#define Vec4 Vec',
      'inline Vec unit(VecArg v) { return v.normalized(); }',
      'inline Vec scaled(VecArg v) { return v * 2.0f; }',
      'inline Vec wide(Vec4 v) { return v.normalized(); }',
      'inline bool operator==(const Vec& a, const Vec& b) { return a.x == b.x; }',
      'inline bool same(const Vec& a, const Vec& b) { return a.normalized() == b.normalized(); }',
      '',
    ].join('\n'),
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    assert.deepEqual(
      listFunctions(run.store).map(
        (f) => `${f.qualifiedName} [${f.callees.map((c) => `${c.name}@${c.startLine}`).join(' ')}]`,
      ),
      [
        'Vec::normalized []',
        'operator* []',
        'unit [normalized@4]',
        'scaled [operator*@7]',
        'wide [normalized@4]',
        'operator== []',
        // an operand that is a call has the type its callee returns
        'same [operator==@13 normalized@4]',
      ],
    );
  } finally {
    run.store.close();
  }
});

test("C++ in YABLoCo mode: clang reads a function's calls up to the first one naming what its table lacks (an implicit `operator=`, a class template's member from outside, a library container's member), not in templates; a callee defined in a file YABLoCo did not index is at its declaration; a method defined out of line under `using namespace` is its class's", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-clang-reading-'));
  writeFileSync(
    join(repo, 'shape.h'),
    [
      '#pragma once',
      '#include <vector>',
      '#include "parts/box.h"',
      '#include "parts/drawer.h"',
      'namespace geo {',
      'struct Point { float x; float y; };',
      'template <typename T> struct List { int size() const { return n; } int twice() const { return size() * 2; } ' +
        'int n; };',
      'class Shape {',
      'public:',
      '    float area() const;',
      '    float scale() const { return area() * 2; }',
      '    void moveTo(const Point& p) { m_at = p; m_count = area(); }',
      '    int count() const { return m_points.size() + area(); }',
      '    int names() const { return m_names.size() + area(); }',
      '    float boxed() const { return m_box.area(); }',
      '    void paint() const { m_drawer->draw(); }',
      '    parts::Box m_box;',
      '    parts::Drawer* m_drawer;',
      '    Point m_at;',
      '    float m_count;',
      '    List<Point> m_points;',
      '    std::vector<int> m_names;',
      '};',
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(repo, 'shape.cpp'),
    '#include "shape.h"\nusing namespace geo;\nfloat Shape::area() const { return scale2(); }\n',
  );
  writeFileSync(join(repo, 'util.cpp'), '#include "shape.h"\nfloat scale2() { return 2; }\n');
  mkdirSync(join(repo, 'parts'));
  writeFileSync(
    join(repo, 'parts', 'box.h'),
    '#pragma once\nnamespace parts {\nclass Box {\npublic:\n    float area() const;\n};\n}\n',
  );
  writeFileSync(join(repo, 'parts', 'box.cpp'), '#include "box.h"\nfloat parts::Box::area() const { return 1; }\n');
  writeFileSync(
    join(repo, 'parts', 'drawer.h'),
    '#pragma once\nnamespace parts {\nclass Drawer {\npublic:\n    virtual void draw() = 0;\n};\n}\n',
  );
  writeFileSync(
    join(repo, 'pen.cpp'),
    '#include "parts/drawer.h"\nclass Pen : public parts::Drawer {\npublic:\n    void draw() override {}\n};\n',
  );
  const levels = async (yablocoIndexedFiles?: string[]) => {
    const run = await indexRepository(repo, {
      db: join(mkdtempSync(join(tmpdir(), 'ctxbench-idx-')), 'index.db'),
      yablocoIndexedFiles,
    });
    try {
      return listFunctions(run.store, { levels: 'yabloco' })
        .filter((f) => f.path === 'shape.h')
        .map((f) => `${f.name} ${f.level} [${f.callees.map((c) => `${c.name}/${c.level}`).join(' ')}]`);
    } finally {
      run.store.close();
    }
  };
  assert.deepEqual(await levels(), [
    // inside the template: its own member counts
    'size none []',
    'twice file [size/file]',
    // `area` is defined out of line as `Shape::area` under `using namespace geo`: still Shape's own
    'scale package [area/package]',
    // `m_at = p` is Point's implicit `=`: clang's reading stops there, `area()` after it does not count
    'moveTo none []',
    'count none []',
    'names none []',
    'boxed project [area/project]',
    // a pure virtual method: clang names the declaration in Drawer's header, not Pen's override in this folder
    'paint project [parts::Drawer::draw/project]',
  ]);
  // YABLoCo indexed shape.h only: `area`, defined in shape.cpp, counts at its declaration in the caller's own file;
  // Box's `area`, defined in parts/box.cpp, at its class's declaration in parts/box.h (not at Shape's `area` in the
  // caller's file)
  const declared = await levels(['shape.h']);
  assert.equal(
    declared.find((line) => line.startsWith('scale ')),
    'scale file [area/file]',
  );
  assert.equal(
    declared.find((line) => line.startsWith('boxed ')),
    'boxed project [area/project]',
  );
});

test('C++ overloads: an argument of a built-in type (a parameter or local `bool`, `unsigned char`, a literal) picks the overload of that type over other built-ins and classes', async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-builtin-overloads-'));
  writeFileSync(
    join(repo, 'out.cpp'),
    'struct Out {\n    void Write(bool b) {}\n    void Write(char c) {}\n    void Write(const Out& o) {}\n};\nvoid ' +
      'emit(Out& out, bool flag, unsigned char code) {\n    out.Write(flag);\n    out.Write(code);\n    ' +
      "out.Write('x');\n    out.Write(true);\n}\n",
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    const emit = listFunctions(run.store).find((f) => f.name === 'emit')!;
    assert.deepEqual(
      emit.callees.map((c) => `${c.name}@${c.startLine}`),
      ['Write@2', 'Write@3'],
    );
    assert.deepEqual(emit.ambiguous, []);
  } finally {
    run.store.close();
  }
});

test("Java and TypeScript: members through the superclass and interfaces, `super(x)` and `this(x)` reach constructors, `super.m()` the base's method", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-bases-'));
  writeFileSync(
    join(repo, 'Shape.java'),
    'class Shape {\n    Shape(int sides) {}\n    int area() { return 0; }\n    int describe() { return area(); }\n}\n',
  );
  writeFileSync(
    join(repo, 'Square.java'),
    'class Square extends Shape {\n    Square(int side) { super(4); }\n    Square() { this(1); }\n    int area() { ' +
      'return super.area() + describe(); }\n    int twice(Square other) { return other.describe(); }\n}\n',
  );
  writeFileSync(
    join(repo, 'errors.ts'),
    'export class RequestError extends Error {\n    constructor(message: string) { super(message); }\n    ' +
      'describe(): string { return this.name; }\n}\nexport class TimeoutError extends RequestError {\n    ' +
      "constructor() { super('timed out'); }\n    report(): string { return this.describe(); }\n}\n",
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    assert.deepEqual(
      listFunctions(run.store)
        .filter((f) => f.callees.length > 0)
        .map(
          (f) =>
            `${f.path} ${f.qualifiedName}:${f.startLine} [${f.callees.map((c) => `${c.name}@${c.path}:${c.startLine}`).join(' ')}]`,
        ),
      [
        'Shape.java Shape.describe:4 [area@Shape.java:3]',
        'Square.java Square.Square:2 [super@Shape.java:2]',
        'Square.java Square.Square:3 [this@Square.java:2]',
        'Square.java Square.area:4 [area@Shape.java:3 describe@Shape.java:4]',
        'Square.java Square.twice:5 [describe@Shape.java:4]',
        // `super(message)` in a class derived from the runtime's Error
        'errors.ts RequestError.constructor:2 [super@null:null]',
        'errors.ts TimeoutError.constructor:6 [super@errors.ts:2]',
        'errors.ts TimeoutError.report:7 [describe@errors.ts:3]',
      ],
    );
  } finally {
    run.store.close();
  }
});

test("after a hostile review: a directive in a comment or a raw string is none, a file ending in a dead branch ends dead, a class of the same last name lends no methods, `operator=` is never a base's, an `auto` local hides the field of its name", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-review-'));
  writeFileSync(
    join(repo, 'guard.h'),
    '#ifndef GUARD_H\n#define GUARD_H\nvoid live1(void) {}\n/*\n#if 0\n*/\nvoid afterComment(void) { live1(); ' +
      '}\nconst char* shader = R"(\n#if 0\n)";\nvoid afterShader(void) { live1(); }\n#endif\n#if 0\nvoid tail(void) ' +
      '{}\n',
  );
  writeFileSync(
    join(repo, 'Foo.java'),
    'class AbstractBuilder { void validate() {} }\nclass Foo { static class Builder extends AbstractBuilder { Foo ' +
      'build() { validate(); return null; } } }\n',
  );
  writeFileSync(
    join(repo, 'Bar.java'),
    'class Bar { static class Builder { void validate() {} Bar build() { return null; } } }\n',
  );
  writeFileSync(
    join(repo, 'hold.cpp'),
    [
      'struct Vec { void norm() {} };',
      'struct Other { void norm() {} };',
      'struct Box { Vec lo; };',
      'struct OBox { Other lo; };',
      'OBox makeBox();',
      'struct Base { Base& operator=(const Base& o) { return *this; } };',
      'struct Derived : Base { int w; };',
      'void after1() {}',
      'class Holder {',
      '    Box m_box;',
      '    Derived m_d;',
      '    void assign(const Derived& o) { m_d = o; after1(); }',
      '    void shadow() { auto m_box = makeBox(); m_box.lo.norm(); }',
      '    void loop(OBox* bs, int n) { for (auto& m_box : bs) m_box.lo.norm(); }',
      '    void typed(Other* os) { for (const Other& o : os) o.norm(); }',
      '};',
      'struct Fields {',
      '    Other* g[3];',
      '    Other& r;',
      '    Other *pa, b;',
      '    void all() { g[0]->norm(); r.norm(); pa->norm(); b.norm(); }',
      '};',
      '',
    ].join('\n'),
  );
  const run = await indexRepository(repo, { db: join(mkdtempSync(join(tmpdir(), 'ctxbench-idx-')), 'index.db') });
  try {
    const line = (f: {
      path: string;
      qualifiedName: string;
      callees: { name: string; path: string | null; startLine: number | null }[];
      ambiguous: unknown[];
    }) =>
      `${f.path} ${f.qualifiedName} [${f.callees.map((c) => `${c.name}@${c.path}:${c.startLine}`).join(' ')}]${f.ambiguous.length > 0 ? ' ambiguous' : ''}`;
    const listed = listFunctions(run.store).map(line);
    assert.deepEqual(
      listed.filter((l) => l.startsWith('guard.h')),
      ['guard.h live1 []', 'guard.h afterComment [live1@guard.h:3]', 'guard.h afterShader [live1@guard.h:3]'],
    );
    assert.ok(listed.includes('Foo.java Foo.Builder.build [validate@Foo.java:1]'), listed.join('\n'));
    // `m_d = o` is Derived's implicit `=`, not Base's: no call; in YABLoCo mode the reading stops there
    assert.ok(listed.includes('hold.cpp Holder::assign [after1@hold.cpp:8]'), listed.join('\n'));
    assert.ok(listFunctions(run.store, { levels: 'yabloco' }).map(line).includes('hold.cpp Holder::assign []'));
    // a range-for's `auto&` variable hides the field; a typed one types its calls
    assert.ok(!listed.some((l) => l.startsWith('hold.cpp Holder::loop [norm@hold.cpp:1]')), listed.join('\n'));
    assert.ok(listed.includes('hold.cpp Holder::typed [norm@hold.cpp:2]'), listed.join('\n'));
    // every declarator form of a field is typed: an array of pointers, a reference, both names of `Other *pa, b;`
    assert.ok(listed.includes('hold.cpp Fields::all [norm@hold.cpp:2]'), listed.join('\n'));
    // `m_box` is the `auto` local, not the Box field: never Vec's norm
    assert.ok(!listed.some((l) => l.startsWith('hold.cpp Holder::shadow [norm@hold.cpp:1]')), listed.join('\n'));
  } finally {
    run.store.close();
  }
});

test('an ambiguous call is listed once, apart from the callees, with its candidates; never counted as a callee', async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-ambiguous-'));
  writeFileSync(
    join(repo, 'a.cpp'),
    'struct Door { void reset() {} };\nstruct Lamp { void reset() {} };\nvoid tidy(Door& door) {\n    auto thing = ' +
      'make();\n    thing.reset();\n    thing->reset();\n    door.reset();\n}\n',
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    const tidy = listFunctions(run.store).find((f) => f.name === 'tidy')!;
    assert.deepEqual(
      tidy.callees.map((c) => `${c.name}@${c.startLine}`),
      ['reset@1'],
    );
    assert.deepEqual(
      tidy.ambiguous.map((a) => `${a.name}: ${a.candidates.map((c) => c.startLine).join(' ')}`),
      ['reset: 1 2'],
    );
  } finally {
    run.store.close();
  }
});

test("TypeScript: `new Timeout()` reaches the class's `constructor`; a member call (`emitter.once`) never reaches a free function of the same name, and one no project class has is the built-in's (`seen.push`)", async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-ts-constructors-'));
  writeFileSync(
    join(repo, 'util.ts'),
    'export function once(fn: () => void): () => void { return fn; }\n\nexport class Timeout extends Error {\n    ' +
      'constructor(message: string) {\n        super(message);\n    }\n}\n',
  );
  writeFileSync(
    join(repo, 'wait.ts'),
    "import { EventEmitter } from 'events';\nimport { once, Timeout } from './util';\n\nexport function " +
      "wait(emitter: EventEmitter, done: () => void, seen: string[]): void {\n    emitter.once('end', done);\n    " +
      "once(done);\n    seen.push('end');\n    throw new Timeout('too slow');\n}\n",
  );
  const run = await indexRepository(repo, { db: join(repo, 'out', 'index.db') });
  try {
    assert.deepEqual(
      listFunctions(run.store).map(
        (f) =>
          `${f.path} ${f.qualifiedName} callers=${f.callers} [${f.callees.map((c) => `${c.name}@${c.path}:${c.startLine}`).join(' ')}]`,
      ),
      [
        'util.ts once callers=1 []',
        'util.ts Timeout.constructor callers=1 [super@null:null]',
        // `emitter.once` is the EventEmitter's (node's events), `seen.push` the built-in Array's (no class here has a
        // push)
        'wait.ts wait callers=0 [once@null:null once@util.ts:1 push@null:null Timeout@util.ts:4]',
      ],
    );
  } finally {
    run.store.close();
  }
});

test("C levels: POSIX and C library calls are stdlib, other system headers external, a static inline of the same folder's header package; YABLoCo mode drops calls inside macro expansions (the C library macros too: `assert`, `tolower`) and counts calls through function pointers by their variable, but no call in a statement using NULL", async () => {
  const common = [
    'src/debug.c _serverAssert 5-7 stdlib callers=1 [fprintf@-/stdlib]',
    'src/debug.c lastError 11-13 stdlib callers=0 [__errno_location@-/stdlib]',
  ];
  const rest = [
    'src/sds.h sdslen 4-4 none callers=1 []',
    'src/server.c closeListener 8-10 stdlib callers=0 [close@-/stdlib]',
    'src/server.c keyLength 13-15 package callers=1 [sdslen@src/sds.h:4/package strlen@-/stdlib]',
  ];
  const checksum = 'src/server.c checksum 23-25 none callers=0 [crc32@-/external]';
  assert.deepEqual(await graphOf('levels-c'), [
    ...common,
    'src/keys.c keyStart 6-9 stdlib callers=0 [assert@-/stdlib tolower@-/stdlib isdigit@-/stdlib]',
    ...rest,
    'src/server.c checkKey 18-20 package callers=0 [_serverAssert@src/debug.c:5/package]',
    checksum,
    'src/server.c dispatch 30-32 none callers=0 []',
    'src/server.c emptyKeyLength 35-37 file callers=0 [keyLength@src/server.c:13/file strlen@-/stdlib]',
  ]);
  // YABLoCo names a call through a function pointer by the variable it starts from, in the caller's file
  assert.deepEqual(await graphOf('levels-c', 'yabloco'), [
    ...common,
    // glibc defines `assert` and <ctype.h>'s functions as macros in C: their calls are expansions
    'src/keys.c keyStart 6-9 none callers=0 []',
    ...rest,
    'src/server.c checkKey 18-20 none callers=0 []',
    checksum,
    'src/server.c dispatch 30-32 file callers=0 [handler::run@-/file h@-/file cmp@-/file]',
    // a statement using NULL is invalid to YABLoCo's clang (no stddef.h of its own): `strlen("NULL")` beside it goes
    // too
    'src/server.c emptyKeyLength 35-37 none callers=0 []',
  ]);
});

test('C: a header sees the macros of the file including it, an object-like macro can rename a function, `##` macros generate functions; YABLoCo mode: calls through a record field are `Record::field`; a statement using an undeclared compiler-header name (NULL, a `va_list` local) loses all its calls; the rest of the function keeps them', async () => {
  const emit = ['src/log.c emit 5-5 stdlib callers=3 [fputs@-/stdlib]', 'src/log.c check 6-6 none callers=2 []'];
  const reportFailure = 'src/main.c report_failure 2-2 stdlib callers=2 [fputs@-/stdlib]';
  // functions that gen.h's macros generate by token pasting (directly, and through an X-macro list): defined in gen.h;
  // set_i comes after a comment with an apostrophe in the replacement text (where the tree ends the #define)
  const generated = 'src/gen.c total 3-3 package callers=0 [set_i@-/package get_i@-/package size_default@-/package]';
  assert.deepEqual(await graphOf('clang-recovery-c'), [
    // `check_that` is main.c's macro, defined before main.c includes check.h
    'src/check.h positive 2-5 package callers=1 [report_failure@src/main.c:2/package]',
    'src/clock.h elapsed 4-4 none callers=0 []',
    'src/conn.c bufDone 3-3 none callers=0 []',
    'src/conn.h connClose 9-9 none callers=0 []',
    generated,
    ...emit,
    'src/log.c logf_ 9-16 file callers=0 [emit@src/log.c:5/file va_start@-/stdlib vfprintf@-/stdlib va_end@-/stdlib]',
    'src/log.c find 19-23 file callers=0 [check@src/log.c:6/file emit@src/log.c:5/file]',
    'src/log.c measure 26-33 file callers=0 [check@src/log.c:6/file emit@src/log.c:5/file fputs@-/stdlib]',
    reportFailure,
    // `fail_with` is an object-like macro naming report_failure (compat.h)
    'src/main.c main 7-7 package callers=0 [report_failure@src/main.c:2/file positive@src/check.h:2/package]',
  ]);
  assert.deepEqual(await graphOf('clang-recovery-c', 'yabloco'), [
    'src/check.h positive 2-5 none callers=1 []',
    // through a global function-pointer variable: named by it, where it is defined (clock.c)
    'src/clock.h elapsed 4-4 package callers=0 [now_us@-/package]',
    // through a field of a record invalid to its clang (a size_t field): named by the variable only
    'src/conn.c bufDone 3-3 file callers=0 [b@-/file]',
    // through a record's field: `Record::field`, where the record is, and the variable it starts from
    'src/conn.h connClose 9-9 file callers=0 [ConnType::close@-/file conn@-/file]',
    generated,
    ...emit,
    'src/log.c logf_ 9-16 file callers=0 [emit@src/log.c:5/file]',
    'src/log.c find 19-23 file callers=0 [emit@src/log.c:5/file]',
    // `size_t n` stays declared (as in most of YABLoCo's redis graph), so does `rest` despite its NULL initializer
    'src/log.c measure 26-33 file callers=0 [check@src/log.c:6/file emit@src/log.c:5/file fputs@-/stdlib]',
    reportFailure,
    // a call spelled through a macro is not counted, renaming macros included
    'src/main.c main 7-7 package callers=0 [positive@src/check.h:2/package]',
  ]);
});

test("C, YABLoCo mode: a function declared with a compiler-header type (size_t) is invalid and not counted, unless a `typedef size_t (*f)(...)` declared the name before it in the translation unit: then a size_t parameter works, a size_t return type does not; a definition in an included file before the typedef stays valid; a header's functions are read in the first source file including it; a record with size_t only in a function-pointer field's parameters stays valid; so is a function a macro generates with a size_t argument", async () => {
  const definitions = [
    'src/lib.c grow 3-3 none callers=1 []',
    'src/lib.c fill 4-4 none callers=1 []',
    'src/lib.c total 5-5 none callers=1 []',
  ];
  const plain = ['src/plain.c put 3-3 none callers=2 []', 'src/plain.c keep 4-4 none callers=1 []'];
  const lengthOf = 'src/types.h lengthOf 4-4 none callers=1 []';
  // put's size_t parameter: wide.h alone declares no typedef, but app.c includes types.h before it
  const wide = 'src/wide.h wide 3-3 package callers=0 [put@src/plain.c:3/package]';
  assert.deepEqual(await graphOf('undeclared-types-c'), [
    'src/app.c useAll 5-11 package callers=0 [grow@src/lib.c:3/package lengthOf@src/types.h:4/package ' +
      'fill@src/lib.c:4/package total@src/lib.c:5/package]',
    'src/counter.c sum 4-8 package callers=0 [load_l@-/package load_zu@-/package]',
    ...definitions,
    'src/parser.c feed 3-6 none callers=0 []',
    ...plain,
    'src/plain.c usePlain 7-10 file callers=0 [put@src/plain.c:3/file keep@src/plain.c:4/file]',
    lengthOf,
    wide,
  ]);
  assert.deepEqual(await graphOf('undeclared-types-c', 'yabloco'), [
    // grow: declared before the typedef; total: returns size_t after it
    'src/app.c useAll 5-11 package callers=0 [lengthOf@src/types.h:4/package fill@src/lib.c:4/package]',
    // GENERATE_LOAD(size_t, zu): load_zu's signature uses size_t, undeclared in counter.c's translation unit
    'src/counter.c sum 4-8 package callers=0 [load_l@-/package]',
    ...definitions,
    // Buffer has a size_t field: only the variable names the call through it
    'src/parser.c feed 3-6 package callers=0 [Callbacks::onData@-/package cb@-/file buf@-/file]',
    ...plain,
    // no typedef in plain.c's translation unit: put's size_t parameter stays undeclared
    'src/plain.c usePlain 7-10 file callers=0 [keep@src/plain.c:4/file]',
    lengthOf,
    wide,
  ]);
});

test('C: a header is read inside the first source file including it: its functions see the static functions of the headers that file includes', async () => {
  const expected = [
    'src/clock.h ticks 1-1 none callers=1 []',
    'src/main.c main 4-4 package callers=0 [elapsed@src/timer.h:2/package]',
    // timer.h does not include clock.h; main.c includes both
    'src/timer.h elapsed 2-2 package callers=1 [ticks@src/clock.h:1/package]',
  ];
  assert.deepEqual(await graphOf('header-context-c'), expected);
  assert.deepEqual(await graphOf('header-context-c', 'yabloco'), expected);
});

test('C, YABLoCo mode: a record field typed by a function or function-pointer typedef of its file is a function-pointer field (`Record::field`)', async () => {
  assert.deepEqual(await graphOf('typedef-fields-c'), ['src/ctx.c finish 3-6 none callers=0 []']);
  assert.deepEqual(await graphOf('typedef-fields-c', 'yabloco'), [
    'src/ctx.c finish 3-6 package callers=0 [Context::push@-/package c@-/file Context::release@-/package]',
  ]);
});

test('Python: methods through self, plain calls to module functions, imported functions and module aliases, stdlib modules', async () => {
  assert.deepEqual(await graphOf('py-app'), [
    'shop/cart.py Cart.__init__ 10-11 none callers=0 []',
    'shop/cart.py Cart.add 13-16 file callers=0 [total@shop/cart.py:18/file]',
    'shop/cart.py Cart.total 18-20 project callers=2 [round_cents@shop/util/money.py:5/project sum@-/stdlib]',
    'shop/cart.py Cart.count 22-24 file callers=0 [total@shop/cart.py:32/file]',
    'shop/cart.py Cart.receipt 26-29 project callers=0 [format_money@shop/util/money.py:10/project dumps@-/stdlib ' +
      'total@shop/cart.py:18/file]',
    'shop/cart.py total 32-34 stdlib callers=1 [len@-/stdlib]',
    'shop/util/money.py round_cents 5-7 stdlib callers=2 [floor@-/stdlib]',
    'shop/util/money.py format_money 10-12 file callers=1 [str@-/stdlib round_cents@shop/util/money.py:5/file]',
  ]);
});

test('Java: calls on imported classes, static and instance methods, java.lang receivers', async () => {
  assert.deepEqual(await graphOf('java-app'), [
    'src/com/acme/app/Main.java com.acme.app.Main.main 8-12 project callers=0 ' +
      '[open@src/com/acme/model/Account.java:18/project deposit@src/com/acme/model/Account.java:8/project ' +
      'report@src/com/acme/app/Main.java:14/file]',
    'src/com/acme/app/Main.java com.acme.app.Main.report 14-16 project callers=1 [println@-/stdlib ' +
      'balance@src/com/acme/model/Account.java:13/project]',
    'src/com/acme/model/Account.java com.acme.model.Account.deposit 8-10 stdlib callers=2 [addExact@-/stdlib]',
    'src/com/acme/model/Account.java com.acme.model.Account.balance 13-15 none callers=1 []',
    'src/com/acme/model/Account.java com.acme.model.Account.open 18-22 file callers=1 ' +
      '[deposit@src/com/acme/model/Account.java:8/file]',
  ]);
});

test("Java: calls resolved through stated types: a field, a parameter, a local (`var` from `new`), a loop variable, a call's result (its callee's return type); a JDK type's members are the library's, never a project method of the same name; overloads by argument types", async () => {
  assert.deepEqual(await graphOf('typed-java'), [
    // `items.size()` on a List, not Cart.size itself
    'src/shop/Cart.java shop.Cart.size 10-10 stdlib callers=1 [size@-/stdlib]',
    // `ledger.close()` on the field: Ledger's, not Cart.close itself
    'src/shop/Cart.java shop.Cart.close 12-12 package callers=0 [close@src/shop/Ledger.java:8/package]',
    'src/shop/Cart.java shop.Cart.total 14-21 package callers=0 [close@src/shop/Ledger.java:8/package ' +
      'length@-/stdlib of@-/stdlib size@src/shop/Ledger.java:6/package size@src/shop/Cart.java:10/file]',
    'src/shop/Ledger.java shop.Ledger.size 6-6 none callers=3 []',
    'src/shop/Ledger.java shop.Ledger.close 8-8 none callers=2 []',
    // overloads by the argument's type: a string literal, a number, a `final` class parameter, an annotated array
    'src/shop/Ledger.java shop.Ledger.add 10-10 none callers=1 []',
    'src/shop/Ledger.java shop.Ledger.add 12-12 none callers=1 []',
    'src/shop/Ledger.java shop.Ledger.add 14-14 file callers=1 [size@src/shop/Ledger.java:6/file]',
    'src/shop/Ledger.java shop.Ledger.add 16-16 none callers=1 []',
    'src/shop/Ledger.java shop.Ledger.fill 19-24 file callers=0 [add@src/shop/Ledger.java:10/file ' +
      'add@src/shop/Ledger.java:12/file add@src/shop/Ledger.java:14/file add@src/shop/Ledger.java:16/file]',
    'src/shop/Till.java shop.Till.ledger 4-4 none callers=1 []',
    // `ledger().size()`: the receiver is a call; its callee returns a Ledger, so Ledger's size, not Cart's
    'src/shop/Till.java shop.Till.count 7-7 package callers=0 [size@src/shop/Ledger.java:6/package ' +
      'ledger@src/shop/Till.java:4/file]',
  ]);
});

test("C++: a number operand with a class operand calls the free operator taking both; library classes' operators and initializers are the library's; nested classes by scope", async () => {
  assert.deepEqual(await graphOf('cpp-scalar'), [
    // `Node` inside Body is Body::Node, not hull::Node (whose `m_v` is a number)
    'body.h Body::push 17-17 package callers=0 [operator*@vec.h:11/package]',
    // a library class's member initializer and operator are the library's (a library number's initializer is no call)
    'body.h Body::Body 20-20 stdlib callers=0 [name@-/stdlib]',
    'body.h Body::named 21-21 stdlib callers=0 [operator==@-/stdlib]',
    // in a template, a library class of its parameter: no call until instantiated
    'body.h Stack::Stack 28-28 none callers=0 []',
    'body.h Stack::top 29-29 none callers=0 []',
    // a number on the left of a class (its other operand typed from inside parentheses), a built-in local, a typedef of
    // one
    'mid.cpp midpoint 5-7 package callers=0 [operator*@vec.h:11/package operator+@vec.h:10/package]',
    'mid.cpp scaled 10-13 package callers=0 [operator*@vec.h:11/package]',
    // numbers only: the language's operators, no call
    'mid.cpp area 16-18 none callers=0 []',
    // math.h's functions, declared through glibc's macros, are the C library's
    'mid.cpp angle 21-23 stdlib callers=0 [acosf@-/stdlib]',
    'vec.h Vec2::Vec2 7-7 none callers=3 []',
    'vec.h operator+ 10-10 file callers=1 [Vec2@vec.h:7/file]',
    'vec.h operator* 11-11 file callers=3 [Vec2@vec.h:7/file]',
    'vec.h operator* 12-12 file callers=0 [Vec2@vec.h:7/file]',
  ]);
});

test('Java: JDK classes and their bases, inherited overloads, typed resources, inner classes, library bases, type parameters by their bounds', async () => {
  assert.deepEqual(await graphOf('java-library'), [
    'src/text/Document.java text.Document.text 10-11 none callers=0 []',
    // `text()` on a Document that declares only text(String): Element's (Java looks a name up through the bases)
    'src/text/Document.java text.Document.body 13-13 package callers=0 [text@src/text/Element.java:6/package]',
    // an inner class's call on its outer instance's field (a java.util List): the library's
    'src/text/Document.java text.Document.Walker.count 17-17 stdlib callers=0 [size@-/stdlib]',
    'src/text/Element.java text.Element.text 6-6 none callers=2 []',
    'src/text/Element.java text.Element.text 8-8 none callers=0 []',
    'src/text/Element.java text.Element.accept 10-10 none callers=1 []',
    'src/text/Element.java text.Element.accept 12-12 none callers=0 []',
    'src/text/Element.java text.Element.normalName 14-14 none callers=1 []',
    // `accept(this)`: `this` is an Element, not a pointer; `other.tag.normalName()` is Tag's by the field's type
    'src/text/Element.java text.Element.named 17-20 package callers=0 [accept@src/text/Element.java:10/file ' +
      'isEmpty@-/stdlib normalName@src/text/Tag.java:4/package]',
    // `super(message)` in a class derived from java.io.IOException
    'src/text/Failure.java text.Failure.Failure 7-9 stdlib callers=0 [super@-/stdlib]',
    // a type parameter is its bound: `T extends Element`, `V extends Tag`
    'src/text/Holder.java text.Holder.name 7-7 package callers=0 [normalName@src/text/Element.java:14/package]',
    'src/text/Holder.java text.Holder.tag 9-9 package callers=0 [normalName@src/text/Tag.java:4/package]',
    // a parameter's class declares only text(String): the base's text()
    'src/text/Page.java text.Page.title 4-4 package callers=0 [text@src/text/Element.java:6/package]',
    'src/text/Streams.java text.Streams.closeQuietly 12-12 none callers=0 []',
    'src/text/Streams.java text.Streams.closeQuietly 14-14 none callers=1 []',
    'src/text/Streams.java text.Streams.copy 16-16 none callers=1 []',
    'src/text/Streams.java text.Streams.copy 18-18 none callers=0 []',
    'src/text/Streams.java text.Streams.emit 20-20 none callers=1 []',
    'src/text/Streams.java text.Streams.emit 22-22 none callers=0 []',
    // the nearest JDK base wins (BufferedReader is a Reader before a Closeable); a literal is a String, not a char[];
    // a resource and a catch parameter have their stated types; members of JDK classes are the library's
    'src/text/Streams.java text.Streams.pipe 25-36 file callers=0 [closeQuietly@src/text/Streams.java:14/file ' +
      'copy@src/text/Streams.java:16/file ByteArrayInputStream@-/stdlib emit@src/text/Streams.java:20/file ' +
      'read@-/stdlib getMessage@-/stdlib flush@-/stdlib]',
    'src/text/Tag.java text.Tag.normalName 4-4 none callers=2 []',
  ]);
});

test("TypeScript: calls through stated types and the runtime's classes: fields typed or made by `new` (a runtime `Map` has its own `get`), module variables, a cast, a class or interface derived from a library class (`this.once()` in a `Duplex`, `super.pipe()`, an `express.Express` is express's); a renamed import reaches what it names, a runtime module never a file of its name, `Reflect.has` never a project `has`; a class's bases are its own module's; a type parameter is its bound", async () => {
  assert.deepEqual(await graphOf('ts-library'), [
    'src/distance.ts levenshtein 1-3 stdlib callers=1 [abs@-/stdlib]',
    'src/errors.ts RequestError.constructor 2-4 stdlib callers=1 [super@-/stdlib]',
    'src/errors.ts TimeoutError.constructor 8-10 file callers=0 [super@src/errors.ts:2/file]',
    // a field or parameter of a type parameter's type is its bound's (`T extends Store`)
    'src/generic.ts Cache.constructor 7-9 none callers=0 []',
    'src/generic.ts Cache.read 11-13 package callers=0 [get@src/store.ts:10/package]',
    'src/generic.ts Cache.fill 15-17 package callers=0 [set@src/store.ts:18/package]',
    // `import {request as httpRequest} from 'http'` is node's http, not this file
    'src/http.ts request 2-4 none callers=0 []',
    'src/store.ts Store.constructor 6-8 stdlib callers=0 [WeakMap@-/stdlib]',
    // `this.map.get(key)` on a field made by `new Map()`: the runtime's get, not Store.get itself
    'src/store.ts Store.get 10-12 stdlib callers=2 [get@-/stdlib]',
    'src/store.ts Store.has 14-16 stdlib callers=0 [has@-/stdlib]',
    'src/store.ts Store.set 18-20 stdlib callers=3 [set@-/stdlib]',
    'src/store.ts once 23-25 none callers=0 []',
    // `this.once()` in a Duplex is the stream's, not the free `once`; `withoutBody.has()` a module ReadonlySet's;
    // `shared.set()` a module Store's
    'src/stream.ts Request.start 17-21 package callers=0 [once@-/stdlib has@-/stdlib finish@src/stream.ts:23/file ' +
      'set@src/store.ts:18/package httpRequest@-/stdlib]',
    'src/stream.ts Request.finish 23-26 package callers=1 [pipe@-/stdlib set@src/store.ts:18/package]',
    // `server.get()` on an interface extending express.Express is express\'s; `store.get()` after `as Store` is
    // Store\'s; `distance` is levenshtein
    'src/stream.ts serve 29-35 package callers=0 [get@-/external get@src/store.ts:10/package has@-/stdlib ' +
      'distance@src/distance.ts:1/package]',
    // this module\'s TimeoutError derives from Error, not from errors.ts\'s RequestError
    'src/timer.ts TimeoutError.constructor 3-5 stdlib callers=0 [super@-/stdlib]',
  ]);
});

test('C#: calls on classes of an imported namespace, System receivers', async () => {
  assert.deepEqual(await graphOf('cs-app'), [
    'src/App/Program.cs Acme.App.Program.Main 10-15 project callers=0 [Open@src/Model/Account.cs:23/project ' +
      'Deposit@src/Model/Account.cs:11/project Report@src/App/Program.cs:17/file]',
    'src/App/Program.cs Acme.App.Program.Report 17-20 project callers=1 [WriteLine@-/stdlib ' +
      'Balance@src/Model/Account.cs:17/project]',
    'src/Model/Account.cs Acme.Model.Account.Deposit 11-14 stdlib callers=2 [Max@-/stdlib]',
    'src/Model/Account.cs Acme.Model.Account.Balance 17-20 none callers=1 []',
    'src/Model/Account.cs Acme.Model.Account.Open 23-28 file callers=1 [Deposit@src/Model/Account.cs:11/file]',
  ]);
});

test('Kotlin: imported classes and imported top-level functions', async () => {
  assert.deepEqual(await graphOf('kt-app'), [
    'src/main/kotlin/com/acme/app/Main.kt com.acme.app.main 7-11 project callers=0 ' +
      '[open@src/main/kotlin/com/acme/model/Account.kt:19/project ' +
      'deposit@src/main/kotlin/com/acme/model/Account.kt:8/project ' +
      'report@src/main/kotlin/com/acme/app/Main.kt:13/file]',
    'src/main/kotlin/com/acme/app/Main.kt com.acme.app.report 13-15 project callers=1 [println@-/stdlib ' +
      'balance@src/main/kotlin/com/acme/model/Account.kt:13/project]',
    'src/main/kotlin/com/acme/model/Account.kt com.acme.model.Account.deposit 8-10 stdlib callers=2 [maxOf@-/stdlib]',
    'src/main/kotlin/com/acme/model/Account.kt com.acme.model.Account.balance 13-15 none callers=1 []',
    'src/main/kotlin/com/acme/model/Account.kt com.acme.model.open 19-23 file callers=1 ' +
      '[deposit@src/main/kotlin/com/acme/model/Account.kt:8/file]',
  ]);
});

test('Go: package calls through an import path, standard-library packages', async () => {
  assert.deepEqual(await graphOf('go-app'), [
    'cmd/tool/main.go main.run 11-13 project callers=1 [ToUpper@-/stdlib Sprint@-/stdlib ' +
      'Double@internal/mathx/mathx.go:15/project]',
    'cmd/tool/main.go main.main 15-17 file callers=0 [Println@-/stdlib run@cmd/tool/main.go:11/file]',
    'internal/mathx/mathx.go mathx.Clamp 4-12 none callers=1 []',
    'internal/mathx/mathx.go mathx.Double 15-17 file callers=1 [Clamp@internal/mathx/mathx.go:4/file]',
  ]);
});

test('re-indexing reads only hashes when unchanged, and re-parses only a changed file', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-reindex-'));
  cpSync(join(FIXTURES, 'py-app'), root, { recursive: true });
  const first = await indexRepository(root);
  assert.equal(first.parsed, 2);
  first.store.close();
  const second = await indexRepository(root);
  assert.equal(second.unchanged, true);
  assert.equal(second.parsed, 0);
  second.store.close();
  const { appendFileSync } = await import('node:fs');
  appendFileSync(
    join(root, 'shop', 'util', 'money.py'),
    '\n\ndef cents(amount):\n    """Whole cents of an amount."""\n    return round_cents(amount) * 100\n',
  );
  const third = await indexRepository(root);
  assert.equal(third.parsed, 1);
  const cents = listFunctions(third.store).find((f) => f.name === 'cents')!;
  assert.deepEqual(
    cents.callees.map((c) => `${c.name}/${c.level}`),
    ['round_cents/file'],
  );
  assert.equal(listFunctions(third.store).find((f) => f.name === 'round_cents')!.callers, 3);
  third.store.close();
});

test('an index made by other index or language code is rebuilt, not reused', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-reindex-code-'));
  cpSync(join(FIXTURES, 'py-app'), root, { recursive: true });
  const first = await indexRepository(root);
  assert.equal(first.parsed, 2);
  first.store.setMeta('code', '0.0.0+an-older-extractor');
  first.store.close();
  const second = await indexRepository(root);
  assert.equal(second.unchanged, false);
  assert.equal(second.parsed, 2);
  assert.notEqual(second.store.meta('code'), '0.0.0+an-older-extractor');
  second.store.close();
  const third = await indexRepository(root);
  assert.equal(third.parsed, 0);
  third.store.close();
});

test('functions --levels yabloco lists YABLoCo levels; an unknown mode is a usage error naming the option', async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'ctxbench-idx-')), 'index.db');
  const levelOf = (stdout: string, name: string) =>
    stdout
      .split('\n')
      .find((line) => line.startsWith(`${name} `))
      ?.split(/\s+/)[3];
  const byDefault = await cli(['functions', join(FIXTURES, 'levels-c'), '--db', db]);
  assert.equal(byDefault.code, 0);
  assert.equal(levelOf(byDefault.stdout, 'checkKey'), 'package');
  const yabloco = await cli(['functions', join(FIXTURES, 'levels-c'), '--db', db, '--levels', 'yabloco']);
  assert.equal(yabloco.code, 0);
  assert.equal(levelOf(yabloco.stdout, 'checkKey'), 'none');
  assert.equal(levelOf(yabloco.stdout, 'dispatch'), 'file');
  const bad = await cli(['functions', join(FIXTURES, 'levels-c'), '--db', db, '--levels', 'clang']);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /--levels must be default or yabloco, got 'clang'/);
});

test("C++, YABLoCo mode: a call in a constructor's member initializer is judged by that initializer, not by the class around it", async () => {
  // Widget::count names size_t; the initializer `value(scale(v))` does not, so clang keeps its call
  const expected = [
    'src/widget.cpp scale 3-3 none callers=1 []',
    'src/widget.cpp Widget::Widget 7-7 file callers=0 [scale@src/widget.cpp:3/file]',
    'src/widget.cpp Widget::count 8-8 none callers=0 []',
  ];
  assert.deepEqual(await graphOf('initializer-cpp'), expected);
  assert.deepEqual(await graphOf('initializer-cpp', 'yabloco'), expected);
});

test("resolution split in two parts on a file edge (the index resolves in two threads, each keeping only its part's call sites) gives every function, call and callers count of one whole pass", async () => {
  const { walkRepository } = await import('../../src/index/walk.ts');
  const { extractFile } = await import('../../src/index/extract.ts');
  const { Resolver } = await import('../../src/index/resolve.ts');
  const { ResolutionPlan } = await import('../../src/index/resolution-plan.ts');
  for (const repo of ['mixed-c', 'rust-modules', 'go-modules', 'java-app', 'py-app']) {
    const root = join(FIXTURES, repo);
    const files = walkRepository(root).files.sort((a, b) => (a.path < b.path ? -1 : 1));
    const extract = () => Promise.all(files.map((file) => extractFile(file.path, file.language, file.text)));
    const facts = await extract();
    const textOf = (path: string) => files.find((file) => file.path === path)!.text;
    const pass = (resolver: InstanceType<typeof Resolver>, part?: { from: number; to: number }) => {
      const rows: string[] = [];
      const callers = resolver.resolveEach(
        (number, calls, level) =>
          rows.push(`${number} ${JSON.stringify([resolver.functionRecord(number, level, textOf), calls])}`),
        part,
      );
      return { rows, callers };
    };
    const whole = pass(new Resolver(facts, root));
    assert.ok(whole.rows.length > 3 && whole.callers.size > 0, repo);
    const splits = new Set<number>();
    for (const share of [0, 0.3, 0.5, 0.75, 1]) {
      const plan = ResolutionPlan.forFiles(files, share);
      // each thread's resolver has the other thread's files without their call sites
      const firstFacts = (await extract()).map((f) => plan.keep(f, 'calling'));
      const secondFacts = (await extract()).map((f) => plan.keep(f, 'writer'));
      // the two parts' call sites are all of them, each kept once
      const callSites = (all: typeof facts) =>
        all.reduce((sum, f) => sum + f.functions.reduce((n, fn) => n + fn.calls.length, 0), 0);
      assert.equal(callSites(firstFacts) + callSites(secondFacts), callSites(facts), repo);
      const first = plan.resolver(firstFacts, root);
      const second = plan.resolver(secondFacts, root);
      const calling = plan.range(first, 'calling');
      const writer = plan.range(second, 'writer');
      // the two ranges meet: every function is resolved once
      assert.equal(writer.from, calling.to, repo);
      const from = Math.min(calling.to, whole.rows.length);
      splits.add(from);
      const a = pass(first, calling);
      const b = pass(second, writer);
      assert.deepEqual([...a.rows, ...b.rows], whole.rows, repo);
      const merged = new Map(a.callers);
      for (const [id, count] of b.callers) merged.set(id, (merged.get(id) ?? 0) + count);
      assert.deepEqual(new Map([...merged].sort()), new Map([...whole.callers].sort()), repo);
    }
    // from the first function on, through at least one file edge inside
    assert.ok(
      splits.has(0) && [...splits].some((split) => split > 0 && split < whole.rows.length),
      `${repo}: ${[...splits]}`,
    );
  }
});

test("C: a definition without a comment of its own takes its prototype's: the nearest before it in its file, else in a header its file includes, else after it; never from a header its file does not include", async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'ctxbench-idx-')), 'index.db');
  const run = await indexRepository(join(FIXTURES, 'declaration-docs-c'), { db });
  try {
    assert.deepEqual(
      run.store.functions().map((f) => `${f.path} ${f.name}: ${f.docstring}`),
      [
        'src/api.c store_open: Opens the store at path.',
        'src/api.c store_close: null',
        'src/api.c store_sync: What the source says.',
        'src/api.c helper: The nearest prototype in the file.',
        'src/api.c late: A prototype after the definition.',
        'src/tool.c reset: null',
      ],
    );
  } finally {
    run.store.close();
  }
});
