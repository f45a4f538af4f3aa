// `ctxbench results`: the candidates of a run, as JSONL (streamed) or a table.
import { once } from 'node:events';
import { openRunStore } from '../../runstore/store.ts';
import type { AgentTrace, CandidateRecord } from '../../runstore/types.ts';
import { formatTable } from '../../util/table.ts';
import { UsageError, type Command } from '../command.ts';

/** One JSONL line per candidate: identity, texts, failure reason, counts, then scores once present, and an agent run's trace. */
export function resultLine(candidate: CandidateRecord, trace: AgentTrace | null = null): string {
  return JSON.stringify({
    taskId: candidate.taskId,
    sample: candidate.sample,
    raw: candidate.raw,
    output: candidate.output,
    postprocess: candidate.postprocess,
    error: candidate.error,
    promptTokens: candidate.promptTokens,
    completionTokens: candidate.completionTokens,
    latencyMs: candidate.latencyMs,
    finishReason: candidate.finishReason ?? null,
    cached: candidate.cached ?? false,
    ...(candidate.metrics ? { metrics: candidate.metrics } : {}),
    ...(candidate.verdict ? { verdict: candidate.verdict } : {}),
    ...(trace ? { trace } : {}),
  });
}

function firstLine(text: string | null, width: number): string {
  const line = (text ?? '').split('\n')[0]!;
  return line.length > width ? `${line.slice(0, width - 3)}...` : line;
}

export const resultsCommand: Command = {
  usage: 'results <run> [--jsonl]',
  example: 'ctxbench results runs/qwen-bm25 --jsonl > candidates.jsonl',
  options: {
    jsonl: { type: 'boolean', description: 'one JSON object per candidate (taskId, sample, raw, output, error, metrics, verdict, the agent trace of an agent run, ...)' },
  },
  async run({ positionals, values }) {
    if (positionals.length !== 1) throw new UsageError(`expected one run directory, got ${positionals.length}\nSee: ctxbench results --help`);
    const store = openRunStore(positionals[0]!, { readonly: true });
    try {
      if (values.jsonl === true) {
        // One candidate at a time, waiting while the reader is behind: memory stays bounded for any run size.
        for (const candidate of store.iterateCandidates()) {
          if (!process.stdout.write(`${resultLine(candidate, store.trace(candidate.taskId, candidate.sample))}\n`)) await once(process.stdout, 'drain');
        }
        return 0;
      }
      const candidates = store.candidates();
      const config = store.config();
      console.log(`${config.model}${config.isBaseline ? ' (baseline)' : ''}, context ${config.context}, template ${config.template}, ${config.samples} sample(s) per task`);
      console.log(
        formatTable(
          ['task', 'sample', 'status', 'tokens', 'ms', 'output'],
          candidates.map((c) => [c.taskId, c.sample, c.error === null ? (c.verdict?.verdict ?? 'ok') : 'error', c.completionTokens ?? '', c.latencyMs === null ? '' : Math.round(c.latencyMs), firstLine(c.error ?? c.output, 60)]),
        ),
      );
      return 0;
    } finally {
      store.close();
    }
  },
};
