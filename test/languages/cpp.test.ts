// The C++ table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('cpp', {
  labels: [
    {
      file: 'matrix.h',
      text:
        'namespace math::linear {\n\ntemplate <typename T, std::size_t N>\nstruct Matrix {\n    T cells[N * ' +
        'N];\n\n    T &at(std::size_t row, std::size_t col) { return cells[row * N + col]; }\n    Matrix ' +
        'operator*(const Matrix &other) const;\n    ~Matrix();\n};\n\n}',
      type: 'namespace_definition',
      label: 'Program Structure / namespace',
    },
    {
      file: 'matrix.h',
      text: 'math::linear',
      type: 'nested_namespace_specifier',
      label: 'Identifier and Scope / qualified name',
    },
    {
      file: 'matrix.h',
      text: '<typename T, std::size_t N>',
      type: 'template_parameter_list',
      label: 'Data Type / generic',
    },
    { file: 'matrix.h', text: '~Matrix', type: 'destructor_name', label: 'Identifier and Scope / identifier' },
    {
      file: 'matrix.cpp',
      text: '[](const T &a, const T &b) { return std::less<T>()(a, b); }',
      type: 'lambda_expression',
      label: 'Special Language Structure / lambda',
    },
    {
      file: 'matrix.cpp',
      text: 'std::less<T>',
      type: 'qualified_identifier',
      label: 'Identifier and Scope / qualified name',
    },
    { file: 'matrix.cpp', text: '++i', type: 'update_expression', label: 'Expression / operation' },
    { file: 'matrix.cpp', text: 'auto', type: 'placeholder_type_specifier', label: 'Data Type / primitive' },
    {
      file: 'matrix.cpp',
      text: '/// Multiplies two matrices.',
      type: 'comment',
      label: 'Comments and Documentation / single-line',
    },
    { file: 'matrix.cpp', text: '= default;', type: 'default_method_clause', label: 'Modifier and Attribute / other' },
  ],
  extraction: {
    'matrix.h': {
      imports: [{ target: 'cstddef', bindings: [], resolve: 'include', line: 4 }],
      // In-class prototypes: the operator and the destructor (the method `at` has a body).
      declarations: ['operator*', '~Matrix'],
      functions: [
        {
          qualifiedName: 'math::linear::Matrix::at',
          kind: 'method',
          span: '12:5-12:77',
          body: '12:45-12:77',
          signature: 'T &at(std::size_t row, std::size_t col)',
          doc: null,
          params: 2,
          // `cells[...]` in a method: an operator on a field, typed (and dropped: an array's) by the resolver
          calls: ['cells.operator[](1)@12:54'],
        },
      ],
    },
    'matrix.cpp': {
      imports: [
        { target: 'matrix.h', bindings: [], resolve: 'include', line: 1 },
        { target: 'algorithm', bindings: [], resolve: 'include', line: 3 },
      ],
      // `Matrix<T, N>::~Matrix() = default;` has no body.
      declarations: ['~Matrix'],
      functions: [
        {
          // Out of line, templated: qualified by the enclosing namespace and the declarator's `Matrix<T, N>::`.
          qualifiedName: 'math::linear::Matrix::operator*',
          kind: 'method',
          span: '8:1-17:2',
          body: '10:1-17:2',
          signature:
            'template <typename T, std::size_t N>\nMatrix<T, N> Matrix<T, N>::operator*(const Matrix &other) const',
          doc: 'Multiplies two matrices.',
          params: 1,
          // `Matrix result{};` constructs a Matrix; the operators on the fields, their elements and a call's result are
          // typed by the resolver
          calls: [
            'Matrix(0)@11:12',
            'result.at(i, j).operator+=(1)@15:17',
            'result.at(2)@15:17',
            'cells[i * N + k].operator*(1)@15:36',
            'cells.operator[](1)@15:36',
            'other.cells.operator[](1)@15:55',
          ],
        },
        {
          // The lambda is anonymous: its call belongs to `largest`.
          qualifiedName: 'math::linear::largest',
          kind: 'function',
          span: '23:1-28:2',
          body: '25:1-28:2',
          signature: 'template <typename T>\nT largest(const T *cells, std::size_t count)',
          doc: 'Largest cell.',
          params: 2,
          calls: ['std.less(0)@26:56', 'std.max_element(3)@27:13'],
        },
        {
          qualifiedName: 'math::linear::unused_helper',
          kind: 'function',
          span: '30:1-30:41',
          body: '30:28-30:41',
          signature: 'static int unused_helper()',
          doc: null,
          params: 0,
          fileLocal: true,
          calls: [],
        },
      ],
    },
  },
  stdlibSize: [350, 500],
});
