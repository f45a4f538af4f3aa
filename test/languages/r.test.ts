// The R table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('r', {
  labels: [
    { file: 'R/stats.R', text: 'library(stats)', type: 'call', label: 'Expression / call' },
    { file: 'R/stats.R', text: '"utils"', type: 'string', label: 'Data Type / string' },
    {
      file: 'R/stats.R',
      text: '# Summary statistics helpers.',
      type: 'comment',
      label: 'Comments and Documentation / single-line',
    },
    { file: 'R/stats.R', text: 'x[!is.na(x)]', type: 'subset', label: 'Expression / other' },
    { file: 'R/stats.R', text: '!is.na(x)', type: 'unary_operator', label: 'Expression / operation' },
    {
      file: 'R/stats.R',
      text: 'utils::head',
      type: 'namespace_operator',
      label: 'Identifier and Scope / qualified name',
    },
    { file: 'R/stats.R', text: 'out$n', type: 'extract_operator', label: 'Identifier and Scope / qualified name' },
    { file: 'R/stats.R', text: 'TRUE', type: 'true', label: 'Data Type / boolean' },
    { file: 'R/stats.R', text: 'NULL', type: 'null', label: 'Data Type / special value' },
    { file: 'R/stats.R', text: '0L', type: 'integer', label: 'Data Type / numeric' },
    {
      file: 'R/stats.R',
      text: 'repeat {\n  break\n}',
      type: 'repeat_statement',
      label: 'Control Flow Structure / loop',
    },
    { file: 'R/stats.R', text: 'next', type: 'next', label: 'Control Flow Structure / jump' },
    {
      file: 'R/stats.R',
      text: '\\(x) x^2',
      type: 'function_definition',
      label: 'Declaration and Definition / function',
    },
  ],
  // Functions are named by the assignment they are the value of; roxygen `#'` markers leave the docstring.
  extraction: {
    'R/stats.R': {
      imports: [
        { target: 'stats', bindings: [], resolve: 'none', line: 2, wildcard: true },
        { target: 'utils', bindings: [], resolve: 'none', line: 3, wildcard: true },
        { target: 'R/io.R', bindings: [], resolve: 'include', line: 4, wildcard: true },
      ],
      functions: [
        {
          qualifiedName: 'clean_mean',
          kind: 'function',
          span: '8:1-14:2',
          body: '8:41-14:2',
          signature: 'clean_mean <- function(x, na.rm = TRUE)',
          doc: 'Computes the mean of non-missing values.\n@param x a numeric vector',
          params: 2,
          calls: ['is.na(?)@9:16', 'length(?)@10:7', 'sum(?)@13:3', 'length(?)@13:17'],
        },
        {
          qualifiedName: 'rescale',
          kind: 'function',
          span: '17:1-20:2',
          body: '17:23-20:2',
          signature: 'rescale = function(x)',
          doc: 'Scales a vector to [0, 1].',
          params: 1,
          calls: ['range(?)@18:10', 'diff(?)@19:18'],
        },
        {
          qualifiedName: 'summarise_all',
          kind: 'function',
          span: '22:1-29:2',
          body: '22:31-29:2',
          signature: 'summarise_all <- function(df)',
          doc: null,
          params: 1,
          calls: ['list(?)@23:10', 'names(?)@24:16', 'clean_mean(?)@25:20', 'nrow(?)@27:12', 'utils.head(?)@28:3'],
        },
        {
          qualifiedName: 'square',
          kind: 'function',
          span: '31:1-31:19',
          body: '31:16-31:19',
          signature: 'square <- \\(x)',
          doc: null,
          params: 1,
          calls: [],
        },
      ],
    },
    'R/io.R': {
      imports: [],
      functions: [
        {
          qualifiedName: 'read_table',
          kind: 'function',
          span: '2:1-5:2',
          body: '2:35-5:2',
          signature: 'read_table <- function(path, ...)',
          doc: 'Reads a CSV file.',
          params: 2,
          calls: ['stopifnot(?)@3:3', 'file.exists(?)@3:13', 'read.csv(?)@4:3'],
        },
        {
          qualifiedName: 'write_table',
          kind: 'function',
          span: '7:1-7:73',
          body: '7:35-7:73',
          signature: 'write_table <- function(df, path)',
          doc: null,
          params: 2,
          calls: ['write.csv(?)@7:35'],
        },
      ],
    },
  },
  broken: {
    text: 'ok <- function(x) {\n  x + 1\n}\n\nbroken <- function(x) {\n  y <- c(1, 2\n}\n\nalso_ok <- function() 2\n',
    functions: ['ok', 'also_ok'],
  },
});
