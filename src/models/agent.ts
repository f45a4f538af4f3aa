// eval's agent mode: the model gets the task's prompt and the repository tools (src/context/agent-tools.ts),
// calls them over several turns, then answers with the completion. Every turn and tool call is recorded in
// the candidate's trace; budgets (turns, tool calls, tokens, wall time) end a task, which is then scored on
// what the model last wrote.
import { AGENT_TOOLS, AgentToolError, toolAnswer, type AgentWorkspace, type PromptParts } from '../context/index.ts';
import type { TaskRecord } from '../datasets/index.ts';
import type { AgentBudget, AgentTrace } from '../runstore/index.ts';
import { InputError } from '../util/errors.ts';
import type { AssistantTurn, Backend, ChatTurnMessage, Generation, SamplingParams, ToolSpec } from './types.ts';

export const DEFAULT_AGENT_BUDGET: AgentBudget = { turns: 8, toolCalls: 16, tokens: 32_000, seconds: 300 };

/** What the model is told before the task's own prompt. */
export const AGENT_INSTRUCTIONS =
  'You can call tools to read the repository the task comes from before you answer. When you know what to write, ' +
  'answer without calling a tool: that answer is your completion, in the form the task asks for.';

export interface AgentSettings {
  /** the tools offered, by name (AGENT_TOOLS). */
  tools: string[];
  budget: AgentBudget;
  /** the task's repository as its agent sees it. */
  workspace(task: TaskRecord): AgentWorkspace;
  /** tokens of a tool's result in the run's tokenizer (recorded per call). */
  countTokens(text: string): number;
}

export interface AgentRequest {
  backend: Backend;
  task: TaskRecord;
  prompt: PromptParts;
  sample: number;
  sampling: SamplingParams;
  settings: AgentSettings;
  /** runs one model request with the run's retry policy. */
  call<T>(request: () => Promise<T>): Promise<T>;
  /** milliseconds, monotonic (tests give their own clock). */
  now?: () => number;
}

/** Checks an agent run's settings before anything starts: the backend calls tools, and every tool is registered. */
export function checkAgentSettings(backend: Backend, tools: readonly string[]): void {
  if (!backend.converse)
    throw new InputError(
      `${backend.provider} cannot call tools; agent mode needs a chat model that can (openai:chat:<model>) or ` +
        `baseline:agent-oracle`,
      { field: 'model' },
    );
  for (const name of tools) AGENT_TOOLS.get(name);
  if (tools.length === 0) throw new InputError('agent mode needs at least one tool', { field: 'agent-tools' });
}

export function toolSpecs(names: readonly string[]): ToolSpec[] {
  return names.map((name) => {
    const tool = AGENT_TOOLS.get(name);
    return {
      name,
      description: tool.description,
      parameters: { type: 'object', properties: { ...tool.parameters }, required: [...tool.required] },
    };
  });
}

/**
 * The conversation's first messages: the instructions, then the task's prompt (its chat messages, or the completion
 * prompt as one message).
 */
function openingMessages(prompt: PromptParts): ChatTurnMessage[] {
  const task: ChatTurnMessage[] = prompt.messages
    ? prompt.messages.map((message) =>
        message.role === 'assistant'
          ? { role: 'assistant', content: message.content, toolCalls: [] }
          : { role: message.role, content: message.content },
      )
    : [{ role: 'user', content: prompt.prompt ?? '' }];
  return [{ role: 'system', content: AGENT_INSTRUCTIONS }, ...task];
}

function parseArguments(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    throw new AgentToolError('the arguments are not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AgentToolError('the arguments must be a JSON object');
  return value as Record<string, unknown>;
}

/** One task's agent run: the answer (a Generation like any backend's) and its trace. */
export async function runAgent(request: AgentRequest): Promise<{ generation: Generation; trace: AgentTrace }> {
  const { backend, task, settings, sample, sampling } = request;
  const now = request.now ?? (() => performance.now());
  const started = now();
  const tools = toolSpecs(settings.tools);
  const offered = new Set(settings.tools);
  const workspace = settings.workspace(task);
  const messages = openingMessages(request.prompt);
  const trace: AgentTrace = { tools: [...settings.tools], budget: settings.budget, stoppedBy: 'answer', turns: [] };
  let promptTokens = 0;
  let completionTokens = 0;
  let toolCalls = 0;
  let text = '';
  let finishReason: string | null = null;
  const { budget } = settings;
  for (;;) {
    if (trace.turns.length >= budget.turns) {
      trace.stoppedBy = 'turns';
      break;
    }
    if ((now() - started) / 1000 >= budget.seconds) {
      trace.stoppedBy = 'seconds';
      break;
    }
    const turnStarted = now();
    const turn: AssistantTurn = await request.call(() =>
      backend.converse!({ task, messages: [...messages], tools, sample, sampling }),
    );
    promptTokens += turn.promptTokens ?? 0;
    completionTokens += turn.completionTokens ?? 0;
    const record: AgentTrace['turns'][number] = {
      ms: now() - turnStarted,
      promptTokens: turn.promptTokens,
      completionTokens: turn.completionTokens,
      content: turn.content,
      toolCalls: [],
    };
    trace.turns.push(record);
    if (turn.content !== null && turn.content !== '') text = turn.content;
    finishReason = turn.finishReason;
    if (turn.toolCalls.length === 0) {
      trace.stoppedBy = 'answer';
      break;
    }
    messages.push({ role: 'assistant', content: turn.content, toolCalls: turn.toolCalls });
    let refused = false;
    for (const call of turn.toolCalls) {
      const callStarted = now();
      let result: string;
      let files: readonly string[] = [];
      let error: string | null = null;
      if (toolCalls >= budget.toolCalls) {
        refused = true;
        error = `over the budget of ${budget.toolCalls} tool calls`;
        result = `error: ${error}`;
      } else {
        toolCalls++;
        try {
          if (!offered.has(call.name))
            throw new AgentToolError(
              `unknown tool '${call.name.slice(0, 100)}' (offered: ${settings.tools.join(', ')})`,
            );
          ({ text: result, files } = toolAnswer(
            await AGENT_TOOLS.get(call.name).run(parseArguments(call.arguments), workspace),
          ));
        } catch (failure) {
          // a bad call is the model's mistake, told to it; a tool that failed on the repository (a folder it cannot
          // read, an index it cannot write) fails that call, not the task: the model and the trace are told why, the
          // host's paths left out
          const message = (failure as Error).message ?? String(failure);
          error =
            failure instanceof AgentToolError ? message : `the tool failed: ${message.replaceAll(workspace.root, '.')}`;
          result = `error: ${error}`;
        }
      }
      messages.push({ role: 'tool', toolCallId: call.id, content: result });
      record.toolCalls.push({
        id: call.id,
        name: call.name,
        arguments: call.arguments,
        resultChars: result.length,
        resultTokens: settings.countTokens(result),
        ms: now() - callStarted,
        error,
        ...(files.length > 0 ? { files: [...files] } : {}),
      });
    }
    if (refused) {
      trace.stoppedBy = 'tool-calls';
      break;
    }
    if (promptTokens + completionTokens >= budget.tokens) {
      trace.stoppedBy = 'tokens';
      break;
    }
  }
  return {
    generation: {
      text,
      promptTokens,
      completionTokens,
      finishReason: trace.stoppedBy === 'answer' ? finishReason : `budget:${trace.stoppedBy}`,
    },
    trace,
  };
}
