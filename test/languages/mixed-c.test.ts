// The mixed C/C++ fixture repository (test/fixtures/repos/mixed-c): dialects, linkage, out-of-line
// methods, overloads and calls through macros, file by file. Its README describes the call graph.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFixture, renderCall, renderFunction } from './extract-helpers.ts';

const repo = (path: string) => extractFixture(`repos/mixed-c/${path}`);

test('mixed-c: .h files are decided by their content, sources by extension', async () => {
  const languages = await Promise.all(
    [
      'include/util.h',
      'include/shape.h',
      'lib/helpers.h',
      'src/util.c',
      'src/shape.cpp',
      'src/main.cpp',
      'lib/helpers.c',
    ].map(async (path) => [path, (await repo(path)).facts.language]),
  );
  assert.deepEqual(Object.fromEntries(languages), {
    'include/util.h': 'c',
    'include/shape.h': 'cpp',
    'lib/helpers.h': 'c',
    'src/util.c': 'c',
    'src/shape.cpp': 'cpp',
    'src/main.cpp': 'cpp',
    'lib/helpers.c': 'c',
  });
});

test('mixed-c: a static function shadows a same-named function of another file', async () => {
  const util = (await repo('src/util.c')).facts;
  const helpers = (await repo('lib/helpers.c')).facts;
  assert.deepEqual(util.functions.filter((fn) => fn.name === 'clamp').map(renderFunction), [
    'function clamp (3) local 9:1-14:2 body 10:1-14:2',
  ]);
  assert.deepEqual(helpers.functions.map(renderFunction), [
    'function clamp (3) 5:1-10:2 body 6:1-10:2',
    'function helpers_scale (2) 13:1-17:2 body 14:1-17:2',
  ]);
  assert.deepEqual(util.functions.find((fn) => fn.name === 'util_add')?.calls.map(renderCall), ['clamp/3@20:17']);
  assert.equal(util.functions[0]!.signature, 'static long clamp(long value, long lo, long hi)');
  assert.equal(
    util.functions[0]!.docstring,
    "Keeps a value inside [lo, hi]; file-local, shadows lib/helpers.c's clamp.",
  );
});

test('mixed-c: methods defined out of line take their class from the declarator', async () => {
  const { facts } = await repo('src/shape.cpp');
  assert.deepEqual(facts.functions.map(renderFunction), [
    'constructor geo::Shape::Shape (2) 9:1-9:72 body 9:70-9:72',
    'method geo::Shape::area (0) 12:1-15:2 body 13:1-15:2',
    // Overloads: same qualified name, told apart by their parameter counts.
    'method geo::Shape::grow (1) 18:1-21:2 body 19:1-21:2',
    'method geo::Shape::grow (2) 23:1-28:2 body 24:1-28:2',
    'method geo::Shape::describe (0) 30:1-33:2 body 31:1-33:2',
    'function geo::total_area (2) 36:1-42:2 body 37:1-42:2',
  ]);
  assert.deepEqual(
    facts.functions.map((fn) => fn.calls.map(renderCall)),
    [
      // the member initializers construct the members (ints: the resolver finds no constructor)
      ['width_/1@9:39', 'height_/1@9:54'],
      // an operator on a name that is no local of a method (a field, `width_ * height_`) is typed by the resolver,
      // which drops the built-in ones
      ['util_add/2@14:12', 'width_.operator*/1@14:21'],
      ['grow/2@20:5'],
      [
        'width_.operator=/1@25:5',
        'clamp/3@25:14',
        'width_.operator+/1@25:20',
        'height_.operator=/1@26:5',
        'clamp/3@26:15',
        'height_.operator+/1@26:21',
        'UTIL_LOG/1@27:5',
      ],
      // a `std::string` made by a call: its `+` is the library's (the resolver types the call's result)
      [
        'std::to_string(width()) + "x".operator+/1@32:12',
        'std::to_string(width()).operator+/1@32:12',
        'std.to_string/1@32:12',
        'width/0@32:27',
        'std.to_string/1@32:44',
      ],
      ['util_add/2@40:17', 'shapes[i].area/0@40:33'],
    ],
  );
  assert.deepEqual(
    facts.functions.map((fn) => fn.docstring),
    [
      null,
      'The area in square units.',
      'Grows both sides by the same amount.',
      null,
      null,
      'Sums the areas of an array of shapes.',
    ],
  );
  assert.deepEqual(
    facts.imports.map((ref) => `${ref.target}${ref.system ? ' (system)' : ''}`),
    ['../include/shape.h', '../include/util.h', '../lib/helpers.h', 'string (system)'],
  );
});

test('mixed-c: the class header declares the methods and defines the inline one', async () => {
  const { facts } = await repo('include/shape.h');
  assert.deepEqual(facts.declarations, ['Shape', 'area', 'grow', 'grow', 'describe', 'total_area']);
  assert.deepEqual(facts.functions.map(renderFunction), ['method geo::Shape::width (0) 22:5-22:41 body 22:23-22:41']);
  assert.equal(facts.functions[0]!.docstring, 'The width, inline.');
});

test('mixed-c: calls through function-like macros and inside macro arguments', async () => {
  const main = (await repo('src/main.cpp')).facts;
  assert.deepEqual(main.functions.map(renderFunction), [
    // In an anonymous namespace: file-local, unqualified.
    'function make_shapes (0) local 10:1-16:2 body 11:1-16:2',
    'function main (0) 20:1-31:2 body 21:1-31:2',
  ]);
  assert.deepEqual(main.functions[1]!.calls.map(renderCall), [
    'make_shapes/0@22:38',
    'shapes[0].grow/1@23:5',
    'shapes.operator[]/1@23:5', // on a std::vector: the library's operator
    'geo.Shape/2@24:25', // new geo::Shape(1, 1)
    'extra.grow/2@25:5',
    'CALL_TWICE/1@26:5',
    'util_tick/0@26:16', // the macro's argument
    'UTIL_LOG/1@27:5',
    'std.printf/3@28:5',
    'geo.total_area/2@28:29',
    'shapes.data/0@28:45',
    'shapes.size/0@28:65',
    'util_length/1@28:81',
  ]);
  const header = (await repo('include/util.h')).facts;
  assert.equal(header.hasErrors, true); // `extern "C" {` split across #ifdefs
  assert.deepEqual(header.declarations, ['util_add', 'util_log', 'util_tick', 'util_length']);
  assert.deepEqual(
    header.macros?.map((macro) => `${macro.name}/${macro.parameterCount} -> ${macro.calls.map(renderCall).join(' ')}`),
    ['UTIL_LOG/1 -> util_log/?@15:23', 'CALL_TWICE/1 -> '],
  );
});
