// Declarations read right on the patterns of real C/C++ code (macro-prefixed definitions, calling-
// convention macros, operators, constructors, K&R, top-level macro invocations), and Python
// signatures that keep their decorators: names are names, signatures the text up to the body.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFixture, renderSpan } from '../languages/extract-helpers.ts';

/** `kind qualifiedName name span | signature | callees` per function. */
async function declarations(path: string): Promise<string[]> {
  const { facts } = await extractFixture(path);
  return facts.functions.map(
    (fn) =>
      `${fn.kind} ${fn.qualifiedName} ${fn.name} ${renderSpan(fn.span)} | ${fn.signature} | ` +
      `${fn.calls.map((call) => call.name).join(' ')}`,
  );
}

test('C++: macro-prefixed and macro-wrapped declarations, operators, constructors, destructors, templates, in-class and out-of-line methods', async () => {
  assert.deepEqual(await declarations('lang/cpp/macro_declarations.cpp'), [
    // a member initializer constructs the member (the resolver finds its type: a float here, no call)
    'constructor phys::btVector3::btVector3 btVector3 7:3-7:42 | btVector3(float x) : m_x(x) | m_x init',
    'method phys::btVector3::~btVector3 ~btVector3 8:3-8:30 | ~btVector3() | release',
    'method phys::btVector3::tdoty tdoty 9:3-9:77 | SIMD_FORCE_INLINE float tdoty(const btVector3& v) const | dot',
    'method phys::btVector3::operator+= operator+= 10:3-10:80 | SIMD_FORCE_INLINE btVector3& operator+=(const ' +
      'btVector3& v) | ',
    'method phys::btVector3::convert convert 11:3-11:58 | template <typename T> T convert() const | T',
    'method phys::btVector3::operator const float* operator const float* 13:3-13:49 | operator const float*() const | ',
    'method phys::btVector3::length length 17:1-17:54 | float btVector3::length() const | sqrt',
    // `a > b` on a parameter of a stated type is an operator's call site (resolved only if a class T defines one)
    'function phys::btMax btMax 18:1-19:76 | template <typename T>\nSIMD_FORCE_INLINE T btMax(const T& a, const T& ' +
      'b) | operator>',
    'function phys::operator* operator* 20:1-20:92 | SIMD_FORCE_INLINE btVector3 operator*(const btVector3& v, float ' +
      's) | btVector3',
    'function VR_IsHmdPresent VR_IsHmdPresent 22:1-22:58 | S_API bool VR_CALLTYPE VR_IsHmdPresent() | ',
    'function rows rows 23:1-23:51 | EIGEN_STRONG_INLINE int rows() const | ',
    'function helper helper 24:1-24:46 | static inline int helper(int a) | ',
    'method phys::btVector3::operator bool operator bool 25:1-25:56 | phys::btVector3::operator bool() const | ',
  ]);
});

test('C: K&R definitions, static inline, parenthesised names behind an export macro, definitions after a top-level macro invocation', async () => {
  assert.deepEqual(await declarations('lang/c/declarations.c'), [
    'function old_style old_style 6:1-12:2 | int\nold_style(a, b)\n    int a;\n    char *b; | helper puts',
    'function helper helper 15:1-15:46 | static inline int helper(int a) | ',
    'function parenthesized parenthesized 18:1-18:60 | LUALIB_API int (parenthesized)(int x) | helper',
    'function epoch_ctl epoch_ctl 22:1-25:2 | static int\nepoch_ctl(int *mib, unsigned long miblen) | old_style',
  ]);
});

test('names as other languages write them: R string and backquoted names with dots, Haskell operators, Scala operator-suffixed identifiers; a computed Lua key is no name', async () => {
  assert.deepEqual(await declarations('lang/r/names.R'), [
    'function [.uneval [.uneval 1:1-3:2 | "[.uneval" <- function(x, i, ...) | new_aes NextMethod',
    'function `$.ggproto` `$.ggproto` 5:1-7:2 | `$.ggproto` <- function(x, name) | fetch_ggproto',
    'function print.default2 print.default2 9:1-11:2 | print.default2 <- function(x) | invisible',
  ]);
  assert.deepEqual(await declarations('lang/haskell/Ops.hs'), [
    'function Ops.(.:) (.:) 4:1-5:17 | (.:) :: Int -> Int -> Int\n(.:) a b | ',
  ]);
  assert.deepEqual(await declarations('lang/lua/computed.lua'), [
    'function cl.set set 9:1-11:4 | cl.set = function(self, value) | ',
  ]);
  assert.deepEqual(await declarations('lang/scala/Dsl.scala'), [
    'method Dsl.ANY_== ANY_== 2:3-2:50 | def ANY_==(other: Any): Boolean = | ',
  ]);
});

test('C: macros defined only for another platform (#ifdef _WIN32, the #else of #ifndef _WIN32, #if defined(_MSC_VER) && ...) are not expanded', async () => {
  const { facts } = await extractFixture('lang/c/platform.c');
  assert.deepEqual(
    facts.macros?.map((macro) => `${macro.name}->${macro.calls.map((call) => call.name).join(',')}`),
    ['other->real', 'm3->f3', 'm4->f4'],
  );
  assert.deepEqual(
    facts.functions[0]!.calls.map((call) => call.name),
    ['setsockopt', 'other', 'm2', 'm3', 'm4', 'm5'],
  );
});
