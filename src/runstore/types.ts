// Records of a run: its configuration, one row per (task, sample) candidate, and the scores and
// execution verdicts later stages attach. Stored in SQLite (`<run dir>/run.db`).
import type { ContextSnippet, TaskRecord } from '../datasets/types.ts';

export interface RunConfig {
  /** provider string: `openai:chat:<model>`, `openai:completion:<model>`, `llamacpp:<file>`, `baseline:<name>`. */
  model: string;
  /** context strategy, e.g. `infile`, `bm25`, `oracle+bm25`. */
  context: string;
  template: string;
  /** tokenizer that counted the budget, e.g. `o200k_base` or the tokenizer.json path. */
  tokenizer: string;
  samples: number;
  temperature: number;
  topP: number;
  maxTokens: number;
  seed: number | null;
  /** the tasks file and a hash of its content (reports flag a run whose tasks changed). */
  tasksPath: string;
  tasksHash: string;
  toolVersion: string;
  createdAt: string;
  /** stop sequences sent with every call. */
  stop?: string[];
  /** true for the reference baselines (`baseline:*`): reports label them as such. */
  isBaseline?: boolean;
  /** OpenAI-compatible endpoint the run was made against (informational; resuming may use another). */
  baseUrl?: string | null;
  /** prompt token budget given to the context stage, null for its default. */
  budget?: number | null;
}

/** The assembled prompt of one task: the text sent and its parts with token counts. */
export interface PromptParts {
  /** chat messages, or a single completion prompt (FIM prompts are completion prompts). */
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[] | null;
  prompt: string | null;
  /** token counts per part: `infile`, `suffix`, `retrieved`, `oracle`, `instruction`, `total`. */
  tokens: Record<string, number>;
  /** the snippets that went in, with their sources (shown by the viewer). */
  snippets: { source: 'retrieved' | 'oracle'; path: string; startLine: number; endLine: number; score: number | null }[];
  /** the retrieved snippets with their text, as the context stage returned them (the copy baseline reads them). */
  retrieved?: ContextSnippet[];
}

export type Verdict = 'pass' | 'build-error' | 'test-fail' | 'timeout' | 'crash' | 'sandbox-violation';

export interface ExecResult {
  verdict: Verdict;
  /** tests that were run (the selection), empty when the whole suite ran. */
  selectedTests: string[];
  buildMs: number;
  testMs: number;
  /** last lines of the build/test log. */
  logTail: string;
  cached: boolean;
  /** one line: why this verdict (e.g. which expected test was not reported). */
  reason?: string;
  /** the full log (every command's output and report) in the exec work folder, for `exec --regrade`. */
  log?: string;
}

export interface CandidateRecord {
  taskId: string;
  /** 0-based sample index. */
  sample: number;
  /** the model's text as returned, null when the call failed. */
  raw: string | null;
  /** post-processed output, null when the call failed. */
  output: string | null;
  /** name of the post-processing rule applied. */
  postprocess: string | null;
  /** null, or why this candidate has no output. */
  error: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number | null;
  /** the backend's finish reason (`stop`, `length`, ...), null when unknown or failed. */
  finishReason?: string | null;
  /** true when the answer came from the response cache instead of a call. */
  cached?: boolean;
  /** metric name -> value (see metrics/), once scored. */
  metrics: Record<string, number> | null;
  verdict: ExecResult | null;
}

/** What lists and counts need of a candidate: no texts, and of its verdict neither log nor reason. */
export interface CandidateHead {
  taskId: string;
  sample: number;
  /** false when the call failed (the candidate's output is null). */
  hasOutput: boolean;
  latencyMs: number | null;
  metrics: Record<string, number> | null;
  verdict: Pick<ExecResult, 'verdict' | 'buildMs' | 'testMs'> | null;
}

/** The head of a full candidate record. */
export function candidateHead(candidate: CandidateRecord): CandidateHead {
  const { verdict } = candidate;
  return {
    taskId: candidate.taskId, sample: candidate.sample, hasOutput: candidate.output !== null, latencyMs: candidate.latencyMs, metrics: candidate.metrics,
    verdict: verdict ? { verdict: verdict.verdict, buildMs: verdict.buildMs, testMs: verdict.testMs } : null,
  };
}

/** What every stage after generation needs from a run store. */
export interface RunStoreReader {
  readonly dir: string;
  config(): RunConfig;
  tasks(): TaskRecord[];
  prompt(taskId: string): PromptParts | null;
  candidates(): CandidateRecord[];
}

export interface RunStoreWriter extends RunStoreReader {
  putMetrics(taskId: string, sample: number, metrics: Record<string, number>): void;
  putVerdict(taskId: string, sample: number, result: ExecResult): void;
}
