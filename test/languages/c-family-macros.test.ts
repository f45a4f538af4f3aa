// C and C++ declarations written through macros the grammar cannot read: a class head with an
// attribute macro taking the class keyword, an export macro before a class name with a base
// (`declarationMacros` in the C++ table), and a return-type macro on the line above a C definition.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFile } from '../../src/index/extract.ts';

const HEADER = [
  '#include "export.h"',
  '',
  'ATTRIBUTE_ALIGNED16(class) Entry',
  '{',
  'public:',
  '  Entry() {}',
  '  // the diagonal',
  '  float diagonal() const { return m_diag; }',
  '  float m_diag;',
  '};',
  '',
  'namespace yaml {',
  'class YAML_CPP_API Exception : public std::runtime_error {',
  ' public:',
  '  Exception(const char* what) : std::runtime_error(what) {}',
  '  virtual ~Exception() noexcept {}',
  '  const char* where() const { return describe(1); }',
  '};',
  '',
  '/* class NOT_A_MACRO Comment : text { */',
  'struct DLL_EXPORT(1) Pair final : Base {',
  '  int first() { return 1; }',
  '};',
  '}',
  '',
].join('\n');

test('C++: attribute and export macros in class heads keep the class, its methods and their lines', async () => {
  const facts = await extractFile('entry.h', 'cpp', HEADER);
  const functions = facts.functions.map((f) => `${f.kind} ${f.qualifiedName} ${f.span.startLine}`);
  assert.deepEqual(functions, [
    'constructor Entry::Entry 6',
    'method Entry::diagonal 8',
    'constructor yaml::Exception::Exception 15',
    'method yaml::Exception::~Exception 16',
    'method yaml::Exception::where 17',
    'method yaml::Pair::first 22',
  ]);
  assert.equal(facts.functions[1]!.docstring, 'the diagonal');
  assert.deepEqual(
    facts.functions[4]!.calls.map((call) => `${call.name}@${call.line}:${call.column}`),
    ['describe@17:38'],
  );
});

test('C++: a file that parses is not touched by the macro rules (a class named in capitals stays a class)', async () => {
  const facts = await extractFile('ok.h', 'cpp', 'class API {\n public:\n  int get() { return 1; }\n};\n');
  assert.deepEqual(
    facts.functions.map((f) => f.qualifiedName),
    ['API::get'],
  );
});

test('C: a macro standing for a return type on the line above a definition stays when a file that does not parse gets its definition-making macros blanked', async () => {
  const text = [
    'CTL_RO_GEN(version, int)',
    '',
    'YAML_DECLARE(void *)',
    'yaml_malloc(size_t size)',
    '{',
    '    return malloc(size ? size : 1);',
    '}',
    '',
    'YAML_DECLARE(int)',
    'yaml_check(int value)',
    '{',
    '    return yaml_malloc(value) != 0;',
    '}',
    '',
  ].join('\n');
  const facts = await extractFile('api.c', 'c', text);
  // `CTL_RO_GEN(...)` alone on its line broke the parse; blanked, the file parses and the return-type macros stay
  assert.equal(facts.hasErrors, false);
  assert.deepEqual(
    facts.functions.map((f) => `${f.name} ${f.span.startLine} ${f.calls.map((call) => call.name).join(',')}`),
    ['yaml_malloc 3 malloc', 'yaml_check 9 yaml_malloc'],
  );
});
