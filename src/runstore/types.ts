// Records of a run: its configuration, one row per (task, sample) candidate, and the scores and
// execution verdicts later stages attach. Stored in SQLite (`<run dir>/run.db`).
// Each row is defined once as a zod schema (type, the check on every read, docs/schema/).
import { z } from 'zod';
import type { PromptParts } from '../context/index.ts';
import type { TaskRecord } from '../datasets/index.ts';
import type { Known } from '../util/schema.ts';

// An agent run's trace (eval's agent mode, src/models/agent.ts): every turn of the model, each tool call with its
// arguments, the size of what it returned and its time. Stored beside its candidate, one row per candidate.
/** Why an agent's task ended: its answer, or the budget it reached first. */
export const AGENT_STOPS = ['answer', 'turns', 'tool-calls', 'tokens', 'seconds'] as const;

export const AgentBudgetSchema = z.object({
  /** model turns (requests) at most. */
  turns: z.int().positive(),
  /** tool calls at most, over all turns. */
  toolCalls: z.int().min(0),
  /** prompt plus completion tokens at most, over all turns (as the server counts them). */
  tokens: z.int().positive(),
  /** wall-clock seconds at most. */
  seconds: z.number().positive(),
});
export type AgentBudget = z.output<typeof AgentBudgetSchema>;

export const AgentToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the arguments as the model sent them (JSON text). */
  arguments: z.string(),
  /** what the result added to the conversation, in characters and in tokens of the run's tokenizer. */
  resultChars: z.int().min(0),
  resultTokens: z.int().min(0),
  ms: z.number().min(0),
  /** why the call was refused (an unknown tool, a bad argument, over the budget), null when it answered. */
  error: z.string().nullable(),
  /** the repository files whose text the result showed (opened, matched, found, defined in). */
  files: z.array(z.string()).optional(),
});

export const AgentTurnSchema = z.object({
  ms: z.number().min(0),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  /** the model's text in that turn (null when it only called tools). */
  content: z.string().nullable(),
  toolCalls: z.array(AgentToolCallSchema),
});

export const AgentTraceSchema = z.object({
  /** the tools offered. */
  tools: z.array(z.string()),
  budget: AgentBudgetSchema,
  stoppedBy: z.enum(AGENT_STOPS),
  turns: z.array(AgentTurnSchema),
});
export type AgentTrace = z.output<typeof AgentTraceSchema>;

export const RunConfigSchema = z.looseObject({
  /** provider string: `openai:chat:<model>`, `openai:completion:<model>`, `llamacpp:<file>`, `baseline:<name>`. */
  model: z.string(),
  /** context strategy, e.g. `infile`, `bm25`, `oracle+bm25`. */
  context: z.string(),
  template: z.string(),
  /** tokenizer that counted the budget, e.g. `o200k_base` or the tokenizer.json path. */
  tokenizer: z.string(),
  samples: z.int().positive(),
  temperature: z.number(),
  topP: z.number(),
  maxTokens: z.int().positive(),
  seed: z.int().nullable(),
  /** the tasks file and a hash of its content (reports flag a run whose tasks changed). */
  tasksPath: z.string(),
  tasksHash: z.string(),
  toolVersion: z.string(),
  createdAt: z.string(),
  /** stop sequences sent with every call. */
  stop: z.array(z.string()).optional(),
  /** true for the reference baselines (`baseline:*`): reports label them as such. */
  isBaseline: z.boolean().optional(),
  /** OpenAI-compatible endpoint the run was made against (informational; resuming may use another). */
  baseUrl: z.string().nullable().optional(),
  /** prompt token budget given to the context stage, null for its default. */
  budget: z.int().nullable().optional(),
  /** agent mode (`--context ...+agent`): the tools offered and the budgets per task. */
  agent: z.object({ tools: z.array(z.string()), budget: AgentBudgetSchema }).optional(),
  /** the plugin files loaded when the run was made or last resumed, with the SHA-256 of each. */
  plugins: z.array(z.object({ file: z.string(), sha256: z.string() })).optional(),
  /**
   * The run spec of the last session: the tasks and every option of the command in effect, paths absolute, and the
   * plugins (`ctxbench results RUN --spec` writes it; `eval --spec` runs it again). Its keys are the command's options.
   */
  spec: z.record(z.string(), z.unknown()).optional(),
});
/** A run's configuration (`meta.config` of run.db). */
export type RunConfig = Known<z.output<typeof RunConfigSchema>>;

// The execution verdict is stored here, one row per candidate: the run store sits below the exec stage (models/runstore
// <- metrics/exec), so the row it validates on every read is defined here. `pass-flagged`: the tests passed but the
// candidate matches a cheat pattern (src/exec/cheats.ts); never counted as a pass. `not-covered`: it built, but no test
// executes the task's code (coverage): left out of pass@k.
export const VERDICTS = [
  'pass',
  'pass-flagged',
  'build-error',
  'test-fail',
  'timeout',
  'crash',
  'sandbox-violation',
  'not-covered',
] as const;
export type Verdict = (typeof VERDICTS)[number];

export const ExecResultSchema = z.object({
  verdict: z.enum(VERDICTS),
  /** tests that were run (the selection), empty when the whole suite ran. */
  selectedTests: z.array(z.string()),
  buildMs: z.number().min(0),
  testMs: z.number().min(0),
  /** last lines of the build/test log. */
  logTail: z.string(),
  cached: z.boolean(),
  /** one line: why this verdict (e.g. which expected test was not reported). */
  reason: z.string().optional(),
  /** the full log (every command's output and report) in the exec work folder, for `exec --regrade`. */
  log: z.string().optional(),
  /** the cheat patterns the candidate matches and its reference does not (`name: description`). */
  flags: z.array(z.string()).optional(),
});
export type ExecResult = z.output<typeof ExecResultSchema>;

/** One row per (task, sample) candidate, with the metrics and the verdict later stages attach. */
export const CandidateRecordSchema = z.object({
  taskId: z.string(),
  /** 0-based sample index. */
  sample: z.int().min(0),
  /** the model's text as returned, null when the call failed. */
  raw: z.string().nullable(),
  /** post-processed output, null when the call failed. */
  output: z.string().nullable(),
  /** name of the post-processing rule applied. */
  postprocess: z.string().nullable(),
  /** null, or why this candidate has no output. */
  error: z.string().nullable(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  latencyMs: z.number().nullable(),
  /** the backend's finish reason (`stop`, `length`, ...), null when unknown or failed. */
  finishReason: z.string().nullable().optional(),
  /** true when the answer came from the response cache instead of a call. */
  cached: z.boolean().optional(),
  /** metric name -> value (see metrics/), once scored. */
  metrics: z.record(z.string(), z.number()).nullable(),
  verdict: ExecResultSchema.nullable(),
});
export type CandidateRecord = z.output<typeof CandidateRecordSchema>;

/** What lists and counts need of a candidate: no texts, and of its verdict neither log nor reason. */
export const CandidateHeadSchema = z.object({
  taskId: z.string(),
  sample: z.int().min(0),
  /** false when the call failed (the candidate's output is null). */
  hasOutput: z.boolean(),
  latencyMs: z.number().nullable(),
  metrics: z.record(z.string(), z.number()).nullable(),
  verdict: ExecResultSchema.pick({ verdict: true, buildMs: true, testMs: true }).nullable(),
});
export type CandidateHead = z.output<typeof CandidateHeadSchema>;

/** The head of a full candidate record. */
export function candidateHead(candidate: CandidateRecord): CandidateHead {
  const { verdict } = candidate;
  return {
    taskId: candidate.taskId,
    sample: candidate.sample,
    hasOutput: candidate.output !== null,
    latencyMs: candidate.latencyMs,
    metrics: candidate.metrics,
    verdict: verdict ? { verdict: verdict.verdict, buildMs: verdict.buildMs, testMs: verdict.testMs } : null,
  };
}

// A writing session: one opening of the store for writing, from its first write to its last. The
// stage names what its first write was: a candidate (eval), metrics (score) or a verdict (exec).
export const SESSION_STAGES = ['eval', 'score', 'exec'] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];

export const RunSessionSchema = z.object({
  id: z.int().positive(),
  stage: z.enum(SESSION_STAGES),
  startedAt: z.iso.datetime(),
  lastWriteAt: z.iso.datetime(),
});
export type RunSession = z.output<typeof RunSessionSchema>;

/**
 * The run's wall time: the length of the union of its sessions' [start, last write] intervals, so
 * the time two processes wrote side by side (eval and exec) counts once; null when no session was
 * recorded (a run written by a ctxbench before sessions were).
 */
export function wallTimeMs(sessions: readonly RunSession[]): number | null {
  if (sessions.length === 0) return null;
  // A clock set back during a session would give it a negative length: it counts as an instant.
  const intervals = sessions
    .map((session) => {
      const start = Date.parse(session.startedAt);
      return { start, end: Math.max(start, Date.parse(session.lastWriteAt)) };
    })
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let { start, end } = intervals[0]!;
  for (const next of intervals.slice(1)) {
    if (next.start > end) {
      total += end - start;
      ({ start, end } = next);
    } else {
      end = Math.max(end, next.end);
    }
  }
  return total + end - start;
}

/** What every stage after generation needs from a run store. */
export interface RunStoreReader {
  readonly dir: string;
  config(): RunConfig;
  tasks(): TaskRecord[];
  prompt(taskId: string): PromptParts | null;
  candidates(): CandidateRecord[];
  /** A candidate's agent trace, validated; null when it has none (not an agent run). */
  trace(taskId: string, sample: number): AgentTrace | null;
}

export interface RunStoreWriter extends RunStoreReader {
  putMetrics(taskId: string, sample: number, metrics: Record<string, number>): void;
  putVerdict(taskId: string, sample: number, result: ExecResult): void;
}
