// R: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

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
  statementTypes: [
    'binary_operator', 'call', 'if_statement', 'for_statement', 'while_statement', 'repeat_statement',
    'function_definition', 'braced_expression', 'unary_operator', 'extract_operator', 'subset', 'subset2',
    'namespace_operator', 'identifier', 'break', 'next', 'return',
  ],
  keywords: [
    'if', 'else', 'repeat', 'while', 'function', 'for', 'in', 'next', 'break', 'TRUE', 'FALSE', 'NULL', 'Inf',
    'NaN', 'NA', 'NA_integer_', 'NA_real_', 'NA_character_', 'NA_complex_',
  ],
  stdlib: [
    // base and recommended packages (`library()` targets)
    'base', 'stats', 'utils', 'methods', 'graphics', 'grDevices', 'datasets', 'tools', 'parallel', 'grid',
    'splines', 'stats4', 'tcltk', 'compiler',
    // base
    'c', 'length', 'paste', 'paste0', 'print', 'cat', 'sum', 'mean', 'min', 'max', 'range', 'abs', 'sqrt',
    'exp', 'log', 'log2', 'log10', 'round', 'signif', 'floor', 'ceiling', 'trunc', 'seq', 'seq_len',
    'seq_along', 'rep', 'rev', 'sort', 'order', 'rank', 'unique', 'duplicated', 'table', 'tabulate', 'which',
    'which.max', 'which.min', 'any', 'all', 'is.na', 'is.null', 'ifelse', 'list', 'vector', 'matrix', 'array',
    'data.frame', 'factor', 'levels', 'nlevels', 'names', 'colnames', 'rownames', 'nrow', 'ncol', 'NROW',
    'NCOL', 'dim', 'apply', 'lapply', 'sapply', 'vapply', 'mapply', 'tapply', 'rapply', 'Map', 'Filter',
    'Reduce', 'Position', 'Find', 'do.call', 'match.arg', 'match.call', 'match.fun', 'stop', 'warning',
    'message', 'tryCatch', 'try', 'stopifnot', 'on.exit', 'invisible', 'return', 'library', 'require',
    'requireNamespace', 'loadNamespace', 'source', 'setwd', 'getwd', 'file.path', 'file.exists', 'basename',
    'dirname', 'normalizePath', 'list.files', 'readRDS', 'saveRDS', 'load', 'save', 'readLines', 'writeLines',
    'readline', 'scan', 'sprintf', 'format', 'formatC', 'prettyNum', 'nchar', 'substr', 'substring',
    'strsplit', 'gsub', 'sub', 'grepl', 'grep', 'regmatches', 'regexpr', 'gregexpr', 'toupper', 'tolower',
    'trimws', 'startsWith', 'endsWith', 'sprintf', 'as.numeric', 'as.integer', 'as.character', 'as.logical',
    'as.factor', 'as.data.frame', 'as.list', 'as.vector', 'as.matrix', 'as.Date', 'is.numeric',
    'is.character', 'is.logical', 'is.function', 'is.list', 'is.data.frame', 'is.element', 'identical',
    'all.equal', 'isTRUE', 'isFALSE', 'xor', 'exists', 'get', 'get0', 'mget', 'assign', 'rm', 'environment',
    'new.env', 'globalenv', 'emptyenv', 'parent.frame', 'sys.call', 'sys.function', 'Sys.time', 'Sys.Date',
    'Sys.getenv', 'Sys.setenv', 'Sys.sleep', 'date', 'cbind', 'rbind', 'merge', 'split', 'unsplit', 'unlist',
    'setdiff', 'union', 'intersect', 'match', 'cumsum', 'cumprod', 'cummax', 'cummin', 'prod', 'diff',
    'outer', 'crossprod', 't', 'solve', 'det', 'diag', 'nargs', 'missing', 'inherits', 'class', 'oldClass',
    'structure', 'attributes', 'attr', 'setNames', 'unname', 'Recall', 'Negate', 'identity', 'Vectorize',
    'UseMethod', 'NextMethod', 'conditionMessage', 'conditionCall', 'signalCondition', 'simpleError',
    'withCallingHandlers', 'suppressWarnings', 'suppressMessages', 'nlevels', 'mode', 'typeof',
    'storage.mode', 'object.size', 'head', 'tail', 'str', 'summary', 'quit', 'q', 'numeric', 'character',
    'logical', 'integer', 'double', 'complex', 'max.col', 'pmin', 'pmax', 'sample', 'set.seed', 'Recall',
    'enc2utf8', 'iconv', 'utf8ToInt', 'intToUtf8', 'chartr', 'casefold', 'rev', 'append', 'head', 'rowSums',
    'colSums', 'rowMeans', 'colMeans', 'sweep', 'aggregate', 'with', 'within', 'subset', 'transform',
    'nchar', 'bitwAnd', 'bitwOr', 'Negate', 'local', 'eval', 'quote', 'bquote', 'substitute', 'deparse',
    'parse', 'expression', 'body', 'formals', 'args', 'arity', 'sys.time', 'proc.time', 'system.time',
    'system', 'system2', 'file', 'url', 'close', 'open', 'readChar', 'writeChar', 'sink', 'capture.output',
    // stats, utils, methods, graphics
    'median', 'var', 'sd', 'quantile', 'cor', 'cov', 'lm', 'glm', 'predict', 'residuals', 'fitted', 'coef',
    'anova', 'aov', 't.test', 'chisq.test', 'runif', 'rnorm', 'rbinom', 'rpois', 'dnorm', 'pnorm', 'qnorm',
    'optim', 'optimize', 'uniroot', 'integrate', 'na.omit', 'complete.cases', 'setNames', 'weighted.mean',
    'read.csv', 'write.csv', 'read.table', 'write.table', 'read.delim', 'head', 'tail', 'str', 'installed.packages',
    'install.packages', 'packageVersion', 'sessionInfo', 'modifyList', 'combn', 'txtProgressBar',
    'setTxtProgressBar', 'setClass', 'new', 'validObject', 'setGeneric', 'setMethod', 'setValidity', 'is',
    'slot', 'slotNames', 'isVirtualClass', 'setRefClass', 'plot', 'lines', 'points', 'hist', 'barplot',
    'boxplot', 'abline', 'legend', 'par', 'text', 'title', 'axis', 'pdf', 'png', 'dev.off',
  ],
  semantic: {
    // Program Structure / entry
    program: { class: 'Program Structure', subclass: 'entry' },
    // Declaration and Definition / function
    function_definition: { class: 'Declaration and Definition', subclass: 'function' },
    // Declaration and Definition / variable
    parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    // Control Flow Structure / conditional
    if_statement: { class: 'Control Flow Structure', subclass: 'conditional' },
    // Control Flow Structure / loop
    for_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    while_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    repeat_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    // Control Flow Structure / jump
    break: { class: 'Control Flow Structure', subclass: 'jump' },
    next: { class: 'Control Flow Structure', subclass: 'jump' },
    return: { class: 'Control Flow Structure', subclass: 'jump' },
    // Expression / operation
    binary_operator: { class: 'Expression', subclass: 'operation' },
    unary_operator: { class: 'Expression', subclass: 'operation' },
    subset: { class: 'Expression', subclass: 'operation' },
    subset2: { class: 'Expression', subclass: 'operation' },
    // Expression / call
    call: { class: 'Expression', subclass: 'call' },
    arguments: { class: 'Expression', subclass: 'call' },
    argument: { class: 'Expression', subclass: 'call' },
    // Expression / other
    extract_operator: { class: 'Expression', subclass: 'other' },
    parenthesized_expression: { class: 'Expression', subclass: 'other' },
    // Data Type / numeric
    integer: { class: 'Data Type', subclass: 'numeric' },
    float: { class: 'Data Type', subclass: 'numeric' },
    complex: { class: 'Data Type', subclass: 'numeric' },
    inf: { class: 'Data Type', subclass: 'numeric' },
    nan: { class: 'Data Type', subclass: 'numeric' },
    // Data Type / string
    string: { class: 'Data Type', subclass: 'string' },
    string_content: { class: 'Data Type', subclass: 'string' },
    escape_sequence: { class: 'Data Type', subclass: 'string' },
    // Data Type / boolean
    true: { class: 'Data Type', subclass: 'boolean' },
    false: { class: 'Data Type', subclass: 'boolean' },
    // Data Type / special value
    na: { class: 'Data Type', subclass: 'special value' },
    null: { class: 'Data Type', subclass: 'special value' },
    // Statement / compound
    braced_expression: { class: 'Statement', subclass: 'compound' },
    // Statement / other
    comma: { class: 'Statement', subclass: 'other' },
    // Comments and Documentation / single-line
    comment: { class: 'Comments and Documentation', subclass: 'single-line' },
    // Identifier and Scope / identifier
    identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    dots: { class: 'Identifier and Scope', subclass: 'identifier' },
    dot_dot_i: { class: 'Identifier and Scope', subclass: 'identifier' },
    // Identifier and Scope / qualified name
    namespace_operator: { class: 'Identifier and Scope', subclass: 'qualified name' },
  },
  semanticFallback: { class: 'Expression', subclass: 'other' },
};
