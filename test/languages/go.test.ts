// The Go table against the real grammar and the extraction engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFile } from '../../src/index/extract.ts';
import { getLanguage } from '../../src/languages/registry.ts';
import { tableSuite } from './table-kit.ts';

tableSuite('go', {
  labels: [
    {
      file: 'internal/util/util.go',
      text: 'package util',
      type: 'package_clause',
      label: 'Program Structure / namespace',
    },
    {
      file: 'internal/util/util.go',
      text: 'for _, n := range rest {\n\t\ttotal += n\n\t}',
      type: 'for_statement',
      label: 'Control Flow Structure / loop',
    },
    {
      file: 'internal/util/util.go',
      text: 'total := a + b',
      type: 'short_var_declaration',
      label: 'Declaration and Definition / variable',
    },
    { file: 'internal/util/util.go', text: '[T any]', type: 'type_parameter_list', label: 'Data Type / generic' },
    {
      file: 'internal/util/util.go',
      text: 'fmt.Sprintf',
      type: 'selector_expression',
      label: 'Identifier and Scope / qualified name',
    },
    {
      file: 'internal/util/util.go',
      text: '// Sum adds numbers.',
      type: 'comment',
      label: 'Comments and Documentation / single-line',
    },
    {
      file: 'cmd/server/main.go',
      text: 'go func() {\n\t\tfmt.Println(util.Sum(1, 2, 3))\n\t}()',
      type: 'go_statement',
      label: 'Special Language Structure / coroutine',
    },
    {
      file: 'cmd/server/main.go',
      text: 'func() {\n\t\tfmt.Println(util.Sum(1, 2, 3))\n\t}',
      type: 'func_literal',
      label: 'Special Language Structure / lambda',
    },
    {
      file: 'cmd/server/main.go',
      text: '&Server{prefix: "> "}',
      type: 'unary_expression',
      label: 'Expression / operation',
    },
    {
      file: 'cmd/server/main.go',
      text: 'Server{prefix: "> "}',
      type: 'composite_literal',
      label: 'Expression / object creation',
    },
    { file: 'cmd/server/main.go', text: 'nil', type: 'nil', label: 'Data Type / special value' },
    { file: 'cmd/server/main.go', text: 'str "strings"', type: 'import_spec', label: 'Program Structure / import' },
  ],
  extraction: {
    'internal/util/util.go': {
      // Package-level types, constants and variables.
      declarations: ['Stack'],
      imports: [
        { target: 'fmt', bindings: ['fmt'], resolve: 'go-package', line: 5 },
        { target: 'strings', bindings: ['strings'], resolve: 'go-package', line: 6 },
      ],
      functions: [
        {
          qualifiedName: 'util.Helper',
          kind: 'function',
          span: '11:1-13:2',
          body: '11:33-13:2',
          signature: 'func Helper(name string) string',
          doc: 'Helper formats a greeting.\nIt trims the name first.',
          params: 1,
          calls: ['fmt.Sprintf(2)@12:9', 'strings.TrimSpace(1)@12:33'],
        },
        {
          // `a, b int` is two parameters, `rest ...int` one.
          qualifiedName: 'util.Sum',
          kind: 'function',
          span: '16:1-22:2',
          body: '16:37-22:2',
          signature: 'func Sum(a, b int, rest ...int) int',
          doc: 'Sum adds numbers.',
          params: 3,
          calls: [],
        },
        {
          // Qualified by the receiver's type, without pointer and type arguments.
          qualifiedName: 'util.Stack.Push',
          kind: 'method',
          span: '28:1-28:68',
          body: '28:33-28:68',
          signature: 'func (s *Stack[T]) Push(item T)',
          doc: 'Push adds an item.',
          params: 1,
          calls: ['append(2)@28:45'],
        },
      ],
    },
    'cmd/server/main.go': {
      declarations: ['Server'],
      imports: [
        { target: 'fmt', bindings: ['fmt'], resolve: 'go-package', line: 4 },
        { target: 'net/http', bindings: ['http'], resolve: 'go-package', line: 5 },
        { target: 'example.com/shop/internal/util', bindings: ['util'], resolve: 'go-package', line: 7 },
        { target: 'strings', bindings: ['str'], resolve: 'go-package', line: 8 },
      ],
      functions: [
        {
          qualifiedName: 'main.Server.Handle',
          kind: 'method',
          span: '17:1-20:2',
          body: '17:65-20:2',
          signature: 'func (s *Server) Handle(w http.ResponseWriter, r *http.Request)',
          doc: 'Handle writes a greeting for the name in the query.',
          params: 2,
          calls: ['r.URL.Query().Get(1)@18:10', 'r.URL.Query(0)@18:10', 'fmt.Fprintln(2)@19:2', 'util.Helper(1)@19:27'],
        },
        {
          qualifiedName: 'main.Server.String',
          kind: 'method',
          span: '22:1-22:65',
          body: '22:33-22:65',
          signature: 'func (s Server) String() string',
          doc: null,
          params: 0,
          calls: ['str.ToUpper(1)@22:42'],
        },
        {
          // The goroutine's function literal is anonymous: its calls are main's.
          qualifiedName: 'main.main',
          kind: 'function',
          span: '24:1-31:2',
          body: '24:13-31:2',
          signature: 'func main()',
          doc: null,
          params: 0,
          calls: ['http.HandleFunc(2)@26:2', 'fmt.Println(1)@28:3', 'util.Sum(3)@28:15', 'http.ListenAndServe(2)@30:6'],
        },
      ],
    },
  },
  broken: {
    text:
      'package p\n\nfunc Ok() int { return 1 }\n\nfunc Bad( int { return 2 }\n\nfunc AlsoOk() int { return Ok() ' +
      '}\n',
    functions: ['p.Ok', 'p.Bad', 'p.AlsoOk'],
  },
  stdlibSize: [150, 300],
});

test('go: keywords are the 25 of the specification', () => {
  assert.equal(getLanguage('go').keywords.length, 25);
});

test('go: dot and blank imports', async () => {
  const facts = await extractFile('x.go', 'go', 'package x\n\nimport (\n\t. "math"\n\t_ "embed"\n)\n');
  assert.deepEqual(facts.imports, [
    { target: 'math', bindings: [], system: false, resolve: 'go-package', line: 4, wildcard: true },
    { target: 'embed', bindings: [], system: false, resolve: 'go-package', line: 5 },
  ]);
});
