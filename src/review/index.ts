// The review stage: reviewers' marks of task docstrings (YABLoCo's `-` `?` `+`), stored beside a
// task set, their agreement, the rules that filter a set by them, and the review sheet (XLSX/CSV).
export * from './types.ts';
export { ReviewStore, reviewsPath } from './store.ts';
export {
  reviewStats,
  formatReviewStats,
  fleissKappa,
  cohenKappa,
  marksByTask,
  type ReviewStats,
  type PairAgreement,
  type MarkCounts,
} from './stats.ts';
export {
  REVIEW_RULES,
  registerReviewRule,
  reviewRule,
  applyReviews,
  type ReviewRule,
  type ReviewApplication,
} from './rules.ts';
export {
  readReviewSheet,
  sheetReviews,
  reviewSheetCells,
  writeSheet,
  BLANK_MODES,
  type BlankMode,
  type ReviewSheet,
  type SheetRow,
  type SheetImport,
} from './sheet.ts';
