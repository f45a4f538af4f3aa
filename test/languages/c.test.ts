// The C table against the real grammar and the extraction engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFixture, renderCall, renderFunction } from './extract-helpers.ts';
import { tableSuite } from './table-kit.ts';

tableSuite('c', {
  labels: [
    { file: 'list.c', text: '#include <stdlib.h>\n', type: 'preproc_include', label: 'Program Structure / import' },
    {
      file: 'list.c',
      text: '#define NEW(type) ((type *)calloc(1, sizeof(type)))\n',
      type: 'preproc_function_def',
      label: 'Preprocessing Directive / macro',
    },
    {
      file: 'list.h',
      text:
        '#ifndef LIST_H\n#define LIST_H\n\n#include <stddef.h>\n\nstruct node {\n    char *text;\n    struct ' +
        'node *next;\n};\n\ntypedef struct node node_t;\ntypedef int (*visit_fn)(const char *text, void ' +
        '*context);\n\nstruct node *list_push(struct node *head, const char *text);\nsize_t list_length(const struct ' +
        'node *head);\nint list_visit(const struct node *head, visit_fn visit, void *context);\nvoid ' +
        'list_free(struct node *head);\n\n#endif',
      type: 'preproc_ifdef',
      label: 'Preprocessing Directive / conditional compilation',
    },
    {
      file: 'list.h',
      text: 'struct node {\n    char *text;\n    struct node *next;\n}',
      type: 'struct_specifier',
      label: 'Declaration and Definition / class',
    },
    {
      file: 'list.c',
      text: 'for (; head; head = head->next)\n        n++;',
      type: 'for_statement',
      label: 'Control Flow Structure / loop',
    },
    { file: 'list.c', text: 'return stop;', type: 'return_statement', label: 'Control Flow Structure / jump' },
    { file: 'list.c', text: 'head->next', type: 'field_expression', label: 'Identifier and Scope / qualified name' },
    { file: 'list.c', text: 'strlen(text)', type: 'call_expression', label: 'Expression / call' },
    { file: 'list.c', text: 'strlen(text) + 1', type: 'binary_expression', label: 'Expression / operation' },
    { file: 'list.c', text: '"list.h"', type: 'string_literal', label: 'Data Type / string' },
    { file: 'list.c', text: '0', type: 'number_literal', label: 'Data Type / numeric' },
    { file: 'list.c', text: 'static', type: 'storage_class_specifier', label: 'Modifier and Attribute / other' },
    { file: 'list.c', text: '/* stop early */', type: 'comment', label: 'Comments and Documentation / multi-line' },
    { file: 'list.c', text: 'n++;', type: 'expression_statement', label: 'Statement / expression' },
  ],
  extraction: {
    'list.c': {
      imports: [
        { target: 'stdlib.h', bindings: [], resolve: 'include', line: 6 },
        { target: 'string.h', bindings: [], resolve: 'include', line: 7 },
        { target: 'list.h', bindings: [], resolve: 'include', line: 8 },
      ],
      functions: [
        {
          qualifiedName: 'copy_text',
          kind: 'function',
          span: '13:1-18:2',
          body: '14:1-18:2',
          signature: 'static char *copy_text(const char *text)',
          doc: null,
          params: 1,
          fileLocal: true,
          calls: ['malloc(1)@15:18', 'strlen(1)@15:25', 'CHECK(1)@16:5', 'strcpy(2)@17:12'],
        },
        {
          qualifiedName: 'list_push',
          kind: 'function',
          span: '25:1-32:2',
          body: '26:1-32:2',
          signature: 'struct node *list_push(struct node *head, const char *text)',
          doc: 'Pushes a copy of `text` in front of the list.\n\nReturns the new head.',
          params: 2,
          calls: ['NEW(1)@27:20', 'CHECK(1)@28:5', 'copy_text(1)@29:18'],
        },
        {
          qualifiedName: 'list_length',
          kind: 'function',
          span: '36:1-42:2',
          body: '37:1-42:2',
          signature: 'size_t list_length(const struct node *head)',
          doc: 'Counts the nodes.\nAn empty list has length 0.',
          params: 1,
          calls: [],
        },
        {
          // `/* stop early */` trails code: it documents nothing.
          qualifiedName: 'list_visit',
          kind: 'function',
          span: '44:1-52:2',
          body: '45:1-52:2',
          signature: 'int list_visit(const struct node *head, visit_fn visit, void *context)',
          doc: null,
          params: 3,
          calls: ['visit(2)@47:20'],
        },
        {
          qualifiedName: 'list_free',
          kind: 'function',
          span: '54:1-62:2',
          body: '55:1-62:2',
          signature: 'void list_free(struct node *head)',
          doc: null,
          params: 1,
          calls: ['free(1)@58:9', 'free(1)@59:9'],
        },
      ],
    },
    'list.h': {
      imports: [{ target: 'stddef.h', bindings: [], resolve: 'include', line: 5 }],
      // The function-pointer typedef `visit_fn` is not a prototype.
      declarations: ['list_push', 'list_length', 'list_visit', 'list_free'],
      functions: [],
    },
    'banner.c': {
      imports: [],
      functions: [
        {
          // A licence banner right above a function is its doc comment here; the task builder filters banners.
          qualifiedName: 'answer',
          kind: 'function',
          span: '2:1-2:32',
          body: '2:18-2:32',
          signature: 'int answer(void)',
          doc: 'Copyright 2024 Example Authors. Licensed under the Apache License 2.0.',
          params: 0,
          calls: [],
        },
      ],
    },
  },
  stdlibSize: [200, 300],
});

test('c: the code of a function is its span of the file and starts with its signature', async () => {
  const { facts, text } = await extractFixture('lang/c/list.c');
  const lines = text.split('\n');
  for (const fn of facts.functions) {
    const code = text.slice(fn.codeStart, fn.codeEnd);
    assert.equal(code, lines.slice(fn.span.startLine - 1, fn.span.endLine).join('\n'), fn.name);
    assert.ok(code.startsWith(`${fn.signature}\n{`), fn.name);
  }
});

test('c: function-like macros and the calls in their replacement text', async () => {
  const { facts } = await extractFixture('lang/c/list.c');
  assert.deepEqual(
    facts.macros?.map((macro) => ({
      name: macro.name,
      parameters: macro.parameterCount,
      line: macro.span.startLine,
      calls: macro.calls.map(renderCall),
    })),
    [
      // `sizeof(` and the keywords `if (`/`while (` are not calls; `type` is a macro parameter.
      { name: 'NEW', parameters: 1, line: 10, calls: ['calloc/?@10:28'] },
      { name: 'CHECK', parameters: 1, line: 11, calls: ['abort/?@11:39'] },
    ],
  );
});

test('c: a file with syntax errors still yields the functions that parse', async () => {
  const { facts } = await extractFixture('lang/c/broken.c');
  assert.equal(facts.hasErrors, true);
  assert.deepEqual(facts.functions.map(renderFunction), [
    'function first_ok (1) 4:1-7:2 body 5:1-7:2',
    'function broken (1) 9:1-15:2 body 10:1-15:2',
    'function last_ok (0) 18:1-21:2 body 19:1-21:2',
  ]);
  assert.deepEqual(
    facts.functions.map((fn) => fn.docstring),
    ['Still parses.', null, 'Also still parses.'],
  );
  assert.deepEqual(
    facts.functions.map((fn) => fn.calls.map(renderCall)),
    [[], ['first_ok/1@12:16'], ['first_ok/1@20:12']],
  );
});
