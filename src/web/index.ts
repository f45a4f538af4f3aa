// Web stage: `ctxbench view`, a local viewer of run stores (task list, task pages with diffs,
// summaries, comparisons, live progress) and its static export; the docstring review page.
export { startViewer, viewerSite, answerApi, type Viewer, type ViewerOptions } from './server.ts';
export {
  serveLocal,
  CONTENT_SECURITY_POLICY,
  HttpError,
  type LocalSite,
  type LocalServer,
  type ApiRequest,
  exposureWarning,
} from './listen.ts';
export { exportViewer, staticIndexHtml, type ExportSummary } from './export.ts';
export { startReviewServer, type ReviewServer, type ReviewServerOptions, type ReviewItem } from './review-server.ts';
export { RunView, RunCollection, runIds } from './run-view.ts';
export { diffLines, formatDiff, splitLines, type DiffLine, type DiffOp } from './diff.ts';
export { verdictClass, bestVerdict, taskRow, candidateView, originalFacts } from './view-model.ts';
export { bundleClient, clientScript, CLIENT_SCRIPTS, staticFiles, STATIC_DIR, type Asset } from './assets.ts';
export type * from './types.ts';
