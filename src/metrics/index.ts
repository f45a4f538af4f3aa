// Metrics stage: per-candidate scores (exact match, edit similarity, identifier match, CodeBLEU,
// syntax validity) under the names and scales of the seed papers, and pass@k for execution.
export {
  METRICS,
  registerMetric,
  listMetrics,
  resolveMetrics,
  scorePair,
  scoreCaveats,
  supportsLanguage,
  type MetricContext,
  type MetricDefinition,
  type MetricScale,
} from './registry.ts';
export { scoreRun, type ScoreRunSummary } from './score-run.ts';
export { passAtK, passAtKFirst } from './pass-at-k.ts';
export { exactMatch, exactMatchNoWhitespace, removeHashAndSlashComments } from './exact-match.ts';
export { editSimilarity, editSimilarityDifflib, editSimilarityLevenshtein, indelRatio } from './edit-similarity.ts';
export { sequenceMatcherRatio } from './sequence-matcher.ts';
export {
  extractIdentifiers,
  matchIdentifiers,
  identifierF1,
  identifierPrecision,
  identifierRecall,
  type IdentifierMatch,
} from './identifiers.ts';
export {
  codeBleu,
  combineCodeBleu,
  codeBleuLanguage,
  CODEBLEU_LANGUAGE_IDS,
  type CodeBleuOptions,
  type CodeBleuScores,
} from './codebleu/index.ts';
export { createSolvedCheck } from './solved.ts';
