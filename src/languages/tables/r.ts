// R: grammar, syntax and semantic knowledge, as data.
import { LABELS as L, type LanguageSpec } from '../types.ts';

export const r: LanguageSpec = {
  id: 'r',
  displayName: 'R',
  grammar: { package: '@eagleoutice/tree-sitter-r', wasm: 'tree-sitter-r.wasm' },
  extensions: ['.r'],
  lineComment: '#',
  blockComment: null,
  commentTypes: ['comment'],
  identifierTypes: ['identifier'],
  stringTypes: ['string'],
  // `pkg::f`; dots belong to names (`print.default`, `[.uneval`).
  scopeSeparator: '::',
  definitions: [
    // R functions are values: `f <- function(x) ...`, `f = function(x) ...` and `\(x) ...` take the
    // name of the assignment they are the right-hand side of; unassigned ones are anonymous.
    {
      type: 'function_definition',
      kind: 'function',
      bodyField: 'body',
      nameFields: [['..', '?binary_operator', 'lhs']],
      parameters: { path: ['parameters'], skipTypes: ['comma'] },
    },
  ],
  calls: [
    // `f(x)`, `pkg::f(x)`, `obj$f(x)`. Argument lists hold `comma` nodes, so they are not counted.
    { type: 'call', calleeFields: [['function']], memberNameFields: ['rhs'], receiverFields: ['lhs'] },
  ],
  imports: [
    {
      type: 'call',
      onlyWhen: { path: ['function'], texts: ['library', 'require', 'requireNamespace', 'loadNamespace'] },
      pathFields: [['arguments', 'argument', 'value']],
      resolve: 'none',
      defaultBinding: 'wildcard',
    },
    {
      type: 'call',
      onlyWhen: { path: ['function'], texts: ['source', 'sys.source'] },
      pathFields: [['arguments', 'argument', 'value']],
      resolve: 'include',
      defaultBinding: 'wildcard',
    },
  ],
  scopes: [],
  definitionWrappers: ['binary_operator'],
  // roxygen doc comments: `#' text`.
  docCommentMarkers: "^'",
  docstring: 'comment-before',
  // R has no statements: the expressions directly in a program or `{ }` play their part.
  statementTypes: [
    'binary_operator', 'call', 'if_statement', 'for_statement', 'while_statement', 'repeat_statement',
    'function_definition', 'braced_expression', 'unary_operator', 'break', 'next',
  ],
  keywords: [
    'if', 'else', 'repeat', 'while', 'function', 'for', 'in', 'next', 'break', 'TRUE', 'FALSE', 'NULL', 'Inf',
    'NaN', 'NA', 'NA_integer_', 'NA_real_', 'NA_character_', 'NA_complex_',
  ],
  stdlib: [
    // base and recommended packages (`library()` targets)
    'base', 'stats', 'utils', 'methods', 'graphics', 'grDevices', 'datasets', 'tools', 'parallel',
    // base
    'c', 'length', 'paste', 'paste0', 'print', 'cat', 'sum', 'mean', 'min', 'max', 'range', 'abs', 'sqrt',
    'exp', 'log', 'log2', 'log10', 'round', 'floor', 'ceiling', 'trunc', 'seq', 'seq_len', 'seq_along', 'rep',
    'rev', 'sort', 'order', 'rank', 'unique', 'duplicated', 'table', 'which', 'which.max', 'which.min', 'any',
    'all', 'is.na', 'is.null', 'ifelse', 'list', 'vector', 'matrix', 'array', 'data.frame', 'factor', 'levels',
    'nlevels', 'names', 'colnames', 'rownames', 'nrow', 'ncol', 'dim', 'apply', 'lapply', 'sapply', 'vapply',
    'mapply', 'tapply', 'Map', 'Filter', 'Reduce', 'do.call', 'match.arg', 'match.call', 'stop', 'warning',
    'message', 'tryCatch', 'try', 'stopifnot', 'on.exit', 'invisible', 'return', 'library', 'require',
    'requireNamespace', 'loadNamespace', 'source', 'setwd', 'getwd', 'file.path', 'file.exists', 'basename',
    'dirname', 'normalizePath', 'list.files', 'readRDS', 'saveRDS', 'load', 'save', 'readLines', 'writeLines',
    'sprintf', 'format', 'formatC', 'nchar', 'substr', 'substring', 'strsplit', 'gsub', 'sub', 'grepl', 'grep',
    'regmatches', 'toupper', 'tolower', 'trimws', 'startsWith', 'endsWith', 'as.numeric', 'as.integer',
    'as.character', 'as.logical', 'as.factor', 'as.data.frame', 'as.list', 'as.vector', 'as.matrix', 'as.Date',
    'is.numeric', 'is.character', 'is.logical', 'is.function', 'is.list', 'is.data.frame', 'is.element',
    'identical', 'all.equal', 'isTRUE', 'isFALSE', 'exists', 'get', 'assign', 'rm', 'environment', 'new.env',
    'parent.frame', 'sys.call', 'sys.function', 'Sys.time', 'Sys.Date', 'Sys.getenv', 'Sys.setenv', 'Sys.sleep',
    'date', 'cbind', 'rbind', 'merge', 'split', 'unlist', 'setdiff', 'union', 'intersect', 'match', 'cumsum',
    'cumprod', 'prod', 'diff', 'outer', 'crossprod', 't', 'solve', 'diag', 'nargs', 'missing', 'inherits',
    'class', 'structure', 'attributes', 'attr', 'setNames', 'unname', 'identity', 'UseMethod', 'NextMethod',
    'conditionMessage', 'withCallingHandlers', 'suppressWarnings', 'suppressMessages', 'mode', 'typeof', 'head',
    'tail', 'str', 'summary', 'numeric', 'character', 'logical', 'integer', 'pmin', 'pmax', 'sample',
    'set.seed', 'append', 'rowSums', 'colSums', 'rowMeans', 'colMeans', 'aggregate', 'with', 'within', 'subset',
    'transform', 'local', 'eval', 'quote', 'substitute', 'deparse', 'parse', 'proc.time', 'system.time',
    'system', 'system2', 'capture.output',
    // stats, utils, methods, graphics
    'median', 'var', 'sd', 'quantile', 'cor', 'cov', 'lm', 'glm', 'predict', 'residuals', 'fitted', 'coef',
    't.test', 'runif', 'rnorm', 'dnorm', 'pnorm', 'qnorm', 'optim', 'na.omit', 'complete.cases',
    'weighted.mean', 'read.csv', 'write.csv', 'read.table', 'write.table', 'read.delim', 'modifyList', 'combn',
    'setClass', 'new', 'validObject', 'setGeneric', 'setMethod', 'is', 'slot', 'setRefClass', 'plot', 'lines',
    'points', 'hist',
  ],
  // `pkg::f` receivers that are base or recommended packages.
  moduleExtensions: ['.R', '.r'],
  stdlibModules: [
    'base', 'stats', 'utils', 'methods', 'graphics', 'grDevices', 'datasets', 'tools', 'parallel', 'compiler',
    'grid', 'splines', 'stats4',
  ],
  semantic: {
    program: L.entry,
    function_definition: L.function, parameters: L.function,
    parameter: L.variable,
    if_statement: L.conditional,
    for_statement: L.loop, while_statement: L.loop, repeat_statement: L.loop,
    break: L.jump, next: L.jump, return: L.jump,
    binary_operator: L.operation, unary_operator: L.operation,
    call: L.call, arguments: L.call, argument: L.call,
    parenthesized_expression: L.otherExpression, subset: L.otherExpression, subset2: L.otherExpression,
    integer: L.numeric, float: L.numeric, complex: L.numeric, inf: L.numeric, nan: L.numeric,
    string: L.string, string_content: L.string, escape_sequence: L.string,
    true: L.boolean, false: L.boolean,
    na: L.specialValue, null: L.specialValue,
    braced_expression: L.compoundStatement,
    comma: L.otherStatement,
    comment: L.singleLineComment,
    identifier: L.identifier, dots: L.identifier, dot_dot_i: L.identifier,
    namespace_operator: L.qualifiedName, extract_operator: L.qualifiedName,
  },
  semanticFallback: L.otherExpression,
  semanticRules: [
    // `name <- function(...)` defines a function; `name <- value` is an assignment, an operation as in every language
    { types: ['binary_operator'], pattern: '^[\\w.$@\\[\\]"\'`]+\\s*(?:<<?-|=)\\s*function\\b', label: L.function },
  ],
};
