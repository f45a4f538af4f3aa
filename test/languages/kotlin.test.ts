// The Kotlin table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('kotlin', {
  labels: [
    { file: 'Library.kt', text: 'package org.example.library', type: 'package_header', label: 'Program Structure / namespace' },
    { file: 'Library.kt', text: 'import kotlin.math.max', type: 'import', label: 'Program Structure / import' },
    { file: 'Library.kt', text: '/**\n * A lending library.\n */', type: 'block_comment', label: 'Comments and Documentation / multi-line' },
    { file: 'Library.kt', text: '// Finds books by an author.', type: 'line_comment', label: 'Comments and Documentation / single-line' },
    { file: 'Library.kt', text: 'private', type: 'visibility_modifier', label: 'Modifier and Attribute / access' },
    { file: 'Library.kt', text: 'books.add(book)', type: 'call_expression', label: 'Expression / call' },
    { file: 'Library.kt', text: 'books.add', type: 'navigation_expression', label: 'Identifier and Scope / qualified name' },
    { file: 'Library.kt', text: '{ it.author == author }', type: 'lambda_literal', label: 'Special Language Structure / lambda' },
    { file: 'Library.kt', text: 'libraries[name] ?: return null', type: 'binary_expression', label: 'Expression / operation' },
    { file: 'Library.kt', text: 'return null', type: 'return_expression', label: 'Control Flow Structure / jump' },
    { file: 'model/Book.kt', text: 'is Int', type: 'type_test', label: 'Special Language Structure / pattern matching' },
    { file: 'model/Book.kt', text: 'throw IllegalArgumentException("unknown")', type: 'throw_expression', label: 'Control Flow Structure / exception' },
    { file: 'model/Book.kt', text: 'label as String', type: 'as_expression', label: 'Expression / cast' },
    { file: 'model/Book.kt', text: '10L', type: 'number_literal', label: 'Data Type / numeric' },
    { file: 'model/Book.kt', text: '@Deprecated("use Book")', type: 'annotation', label: 'Modifier and Attribute / annotation' },
    { file: 'model/Book.kt', text: 'do { i-- } while (i > 0)', type: 'do_while_statement', label: 'Control Flow Structure / loop' },
    { file: 'model/Book.kt', text: 'enum class Genre { FICTION, SCIENCE }', type: 'class_declaration', label: 'Declaration and Definition / class' },
  ],
  // Functions are qualified by package, class and object; a secondary constructor is named after its class.
  extraction: {
    'Library.kt': {
      imports: [
        { target: 'kotlin.math.max', bindings: ['max'], resolve: 'dotted-module', line: 3 },
        { target: 'org.example.library.model.Book', bindings: ['Book'], resolve: 'dotted-module', line: 4 },
        { target: 'org.example.util', bindings: [], resolve: 'dotted-module', line: 5, wildcard: true },
      ],
      functions: [
        {
          qualifiedName: 'org.example.library.Library.add', kind: 'method', span: '14:5-18:6', body: '14:30-18:6',
          signature: 'fun add(book: Book): Int',
          doc: 'Adds a book and returns the new size.', params: 1,
          calls: ['books.add(1)@15:9', 'log(1)@16:9'],
        },
        {
          qualifiedName: 'org.example.library.Library.byAuthor', kind: 'method', span: '21:5-22:67', body: '21:46-22:67',
          signature: 'fun byAuthor(author: String): List<Book>',
          doc: 'Finds books by an author.', params: 1,
          calls: ['books.filter { it.author == author }.sortedBy(?)@22:9', 'books.filter(?)@22:9'],
        },
        {
          qualifiedName: 'org.example.library.Library.log', kind: 'method', span: '24:5-26:6', body: '24:38-26:6',
          signature: 'private fun log(message: String)',
          doc: null, params: 1,
          calls: ['println(1)@25:9'],
        },
        {
          qualifiedName: 'org.example.library.Library.empty', kind: 'method', span: '30:9-30:48', body: '30:30-30:48',
          signature: 'fun empty(): Library',
          doc: 'Creates an empty library.', params: 0,
          calls: ['Library(1)@30:32'],
        },
        {
          qualifiedName: 'org.example.library.Registry.lookup', kind: 'method', span: '37:5-40:6', body: '37:40-40:6',
          signature: 'fun lookup(name: String): Library?',
          doc: null, params: 1,
          calls: [],
        },
        {
          qualifiedName: 'org.example.library.largest', kind: 'function', span: '43:1-49:2', body: '43:37-49:2',
          signature: 'fun largest(values: List<Int>): Int',
          doc: null, params: 1,
          calls: ['max(2)@46:16'],
        },
      ],
    },
    'model/Book.kt': {
      imports: [
        { target: 'kotlinx.coroutines.delay', bindings: ['delay'], resolve: 'dotted-module', line: 3 },
      ],
      functions: [
        {
          qualifiedName: 'org.example.library.model.Rated.stars', kind: 'method', span: '10:5-10:55', body: '10:25-10:55',
          signature: 'fun stars(): String',
          doc: null, params: 0,
          calls: ['"*".repeat(1)@10:27', 'rating().toInt(0)@10:38', 'rating(0)@10:38'],
        },
        {
          qualifiedName: 'org.example.library.model.Catalog.Catalog', kind: 'constructor', span: '21:5-23:6', body: '21:39-23:6',
          signature: 'constructor() : this(emptyList())',
          doc: 'An empty catalog.', params: 0,
          calls: ['println(1)@22:9'],
        },
        {
          qualifiedName: 'org.example.library.model.classify', kind: 'function', span: '30:1-50:2', body: '30:38-50:2',
          signature: 'suspend fun classify(x: Any): String',
          doc: 'Classifies a value.', params: 1,
          calls: ['delay(1)@31:5', 'IllegalArgumentException(1)@35:23', 'check(1)@38:9', 'label.isNotEmpty(0)@38:15', 'println(1)@42:9'],
        },
      ],
      declarations: ['rating', 'size'],
    },
  },
  broken: {
    text: 'fun goodOne(): Int {\n    return 1\n}\n\nfun broken() {\n    val y = )\n}\n\nfun goodTwo(): Int {\n    return 2\n}\n',
    functions: ['goodOne', 'broken', 'goodTwo'],
  },
});
