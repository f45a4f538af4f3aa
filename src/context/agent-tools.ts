// The tools an agent calls to find context for itself (eval's agent mode): each a registered object
// (AGENT_TOOLS; a plugin adds one the same way) that answers with text from a task's workspace. The
// workspace is the repository as the task shows it: the hole's file is its view (prefix, the hole's
// mark, suffix), the function holding the hole is never shown from the index, and nothing outside
// the checkout's own files (dot folders such as `.git` and `.ctxbench`: history, the index) is visible.
import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { TaskRecord } from '../datasets/index.ts';
import { taskFamily } from '../tasks/index.ts';
import { indexRepository, listFunctions, type FunctionListing } from '../index/index.ts';
import { allLanguages } from '../languages/index.ts';
import { InputError } from '../util/errors.ts';
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import { z } from 'zod';
import { RepoIndex } from './chunks.ts';
import { codeTokens } from './nltk.ts';
import { DEFAULT_RETRIEVAL } from './types.ts';

/** Where the hole is in the view of its file. */
export const HOLE_MARK = '<HOLE>';

/**
 * What a tool's result may hold at most (longer results are cut, and say so), and its arguments (longer ones are
 * refused).
 */
export const TOOL_LIMITS = {
  lines: 200,
  chars: 20_000,
  matches: 50,
  entries: 200,
  hits: 5,
  fileBytes: 1_000_000,
  argumentChars: 2_000,
} as const;

/** A tool's argument, as a JSON Schema property (what an OpenAI-compatible server is sent). */
export interface ToolParameter {
  type: 'string' | 'integer';
  description: string;
}

export interface AgentTool {
  name: string;
  /** what the model is told the tool does. */
  description: string;
  parameters: Record<string, ToolParameter>;
  required: readonly string[];
  /** true: offered only when a run names it (`--agent-tools`). */
  optIn?: boolean;
  /**
   * The tool's answer: its text, with the repository files it showed when it showed any (the trace records them); a bad
   * argument is an AgentToolError, whose message the model gets.
   */
  run(args: Record<string, unknown>, workspace: AgentWorkspace): ToolAnswer | Promise<ToolAnswer>;
}

export type ToolAnswer = string | { text: string; files: readonly string[] };

/** A tool answer's text and files (none for a plain text answer). */
export function toolAnswer(answer: ToolAnswer): { text: string; files: readonly string[] } {
  return typeof answer === 'string' ? { text: answer, files: [] } : answer;
}

/** A tool call the workspace refuses (a path outside the repository, a missing argument): the model is told why. */
export class AgentToolError extends Error {}

export const AGENT_TOOLS = new Registry<AgentTool>('agent tool', 'agent-tools', {
  key: 'agentTools',
  entry: pluginEntry('name', {
    description: z.string(),
    parameters: z.record(z.string(), z.object({ type: z.enum(['string', 'integer']), description: z.string() })),
    required: z.array(z.string()),
    optIn: z.boolean().optional(),
    run: pluginFunction,
  }),
  add: registerAgentTool,
});

export function registerAgentTool(tool: AgentTool): AgentTool {
  return AGENT_TOOLS.register(tool.name, tool);
}

/** The tools a run offers by default: every registered one that is not opt-in. */
export function defaultAgentTools(): string[] {
  return AGENT_TOOLS.list()
    .filter((tool) => !tool.optIn)
    .map((tool) => tool.name);
}

/**
 * The text of the hole's file as the task shows it: the hole replaced by HOLE_MARK (after the signature, for a
 * function: the family's `beforeHole`).
 */
export function taskView(task: TaskRecord): string {
  return `${taskFamily(task.kind).beforeHole(task)}${HOLE_MARK}${task.suffix}`;
}

/** What running a draft's tests answers (`run_tests`): the execution verdict, why, and the end of the log. */
export interface DraftTestResult {
  verdict: string;
  reason: string | null;
  logTail: string;
}

/**
 * Builds the repository with a draft of the task's code and runs the covering tests in the sandbox (given by eval with
 * `--env`).
 */
export type DraftTester = (task: TaskRecord, code: string) => Promise<DraftTestResult>;

const indexes = new Map<string, Promise<FunctionListing[]>>();

/** A task's repository as its agent sees it. */
export class AgentWorkspace {
  readonly root: string;
  private readonly realRoot: string;
  private readonly view: string;
  /**
   * the hole's file by identity (device and inode, null when the checkout lacks it): another name for it (a link) is
   * the same file.
   */
  private readonly holeIdentity: string | null;
  private readonly identities = new Map<string, string | null>();

  constructor(
    readonly task: TaskRecord,
    repoRoot?: string,
    private readonly tester?: DraftTester,
  ) {
    const root = repoRoot ?? task.repo.root ?? undefined;
    if (!root)
      throw new InputError(
        `task '${task.id}': agent mode needs the repository checkout (give --repo DIR or set repo.root)`,
        { field: 'repo.root' },
      );
    this.root = resolve(root);
    try {
      this.realRoot = realpathSync(this.root);
    } catch {
      throw new InputError(`the repository checkout ${this.root} does not exist`, { field: 'repo.root' });
    }
    this.view = taskView(task);
    this.holeIdentity = this.identity(task.path);
  }

  /** A file's device and inode (what every name of it shares: symbolic and hard links), null when it cannot be read. */
  private identity(path: string): string | null {
    let known = this.identities.get(path);
    if (known === undefined) {
      const stats = statSync(join(this.root, path), { throwIfNoEntry: false });
      known = stats?.isFile() ? `${stats.dev}:${stats.ino}` : null;
      this.identities.set(path, known);
    }
    return known;
  }

  /**
   * A repository-relative path, checked: no absolute path, no `..`, no dot folder or file (by its name nor where a link
   * leads), nothing a link leads out to.
   */
  checkedPath(path: unknown, what = 'path'): string {
    if (typeof path !== 'string') throw new AgentToolError(`${what} must be a string`);
    if (path.length > TOOL_LIMITS.argumentChars)
      throw new AgentToolError(`${what} is over ${TOOL_LIMITS.argumentChars} characters`);
    const clean = path
      .replace(/\\/g, '/')
      .replace(/^\.\/+/, '')
      .replace(/\/+$/, '');
    if (clean === '' || clean === '.') return '';
    const parts = clean.split('/');
    if (clean.startsWith('/') || parts.some((part) => part === '..' || part === ''))
      throw new AgentToolError(`${what} '${path}' is not a path inside the repository`);
    if (parts.some((part) => part.startsWith('.')))
      throw new AgentToolError(`${what} '${path}' is not visible (dot files and folders are not shown)`);
    let real: string;
    try {
      real = realpathSync(join(this.root, clean));
    } catch {
      throw new AgentToolError(`no such file or folder: ${clean}`);
    }
    if (real !== this.realRoot && !real.startsWith(this.realRoot + sep))
      throw new AgentToolError(`${what} '${path}' leads outside the repository`);
    if (
      relative(this.realRoot, real)
        .split(sep)
        .some((part) => part.startsWith('.'))
    )
      throw new AgentToolError(`${what} '${path}' is not visible (it leads into a dot folder)`);
    return clean;
  }

  /** Whether a path names the hole's file: by identity, so a link (symbolic or hard) to it is it too. */
  isHoleFile(path: string): boolean {
    return path === this.task.path || (this.holeIdentity !== null && this.identity(path) === this.holeIdentity);
  }

  /**
   * A file's text as the task shows it (the view for the hole's file); null for a folder, a binary or a too large file.
   */
  fileText(path: string): string | null {
    if (this.isHoleFile(path)) return this.view;
    // a regular file only (checkedPath saw where a link leads): a pipe or device would never end a read
    const stats = statSync(join(this.root, path), { throwIfNoEntry: false });
    if (!stats?.isFile() || stats.size > TOOL_LIMITS.fileBytes) return null;
    const bytes = readFileSync(join(this.root, path));
    if (bytes.includes(0)) return null;
    return bytes.toString('utf8');
  }

  /** A folder's visible entries (folders end with `/`), sorted. */
  entries(path: string): string[] {
    const full = join(this.root, path);
    if (!statSync(full).isDirectory()) throw new AgentToolError(`${path} is a file, not a folder`);
    return readFolder(full)
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort();
  }

  /** Every visible file under a folder (or the file itself), in path order. */
  filesUnder(path: string): string[] {
    if (!statSync(join(this.root, path)).isDirectory()) return [path];
    const files: string[] = [];
    const visit = (folder: string) => {
      for (const entry of readFolder(join(this.root, folder)).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      )) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.isSymbolicLink()) continue;
        const child = folder === '' ? entry.name : `${folder}/${entry.name}`;
        if (entry.isDirectory()) visit(child);
        else if (entry.isFile()) files.push(child);
      }
    };
    visit(path);
    return files;
  }

  /**
   * Whether a function of the index holds the hole (its code would show the answer): in the hole's file (by identity),
   * around the hole.
   */
  holdsHole(fn: Pick<FunctionListing, 'path' | 'startLine' | 'endLine'>): boolean {
    const { span } = this.task;
    return this.isHoleFile(fn.path) && fn.startLine <= span.endLine && fn.endLine >= span.startLine;
  }

  /**
   * The repository's functions from its index (made or refreshed once per process and checkout; a failure is tried
   * again at the next call).
   */
  functions(): Promise<FunctionListing[]> {
    let listing = indexes.get(this.realRoot);
    if (!listing) {
      listing = indexRepository(this.realRoot).then((run) => {
        try {
          return listFunctions(run.store);
        } finally {
          run.store.close();
        }
      });
      listing.catch(() => indexes.delete(this.realRoot));
      indexes.set(this.realRoot, listing);
    }
    return listing;
  }

  /** BM25's best chunks of the other files for a query (the hole's file is read with `open` and `grep`). */
  search(query: string): { path: string; startLine: number; endLine: number; text: string }[] {
    const index = RepoIndex.for(this.realRoot, DEFAULT_RETRIEVAL.chunkLines, DEFAULT_RETRIEVAL.stride);
    const extensions = new Set(allLanguages().flatMap((language) => language.extensions));
    const candidates = index.candidates(this.task.path, extensions, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    if (candidates.ranked.length === 0) return [];
    const corpus = candidates.corpus();
    const scored = corpus.bm25Scores(codeTokens(query).map((token) => candidates.vocabulary.get(token) ?? -1));
    const hits = [];
    for (const doc of corpus.order(scored)) {
      if (hits.length >= TOOL_LIMITS.hits || !(scored.scores[doc]! > 0)) break;
      const { path, startLine, endLine, text } = candidates.ranked[doc]!;
      // another name of the hole's file (a hard link) holds the answer
      if (!this.isHoleFile(path)) hits.push({ path, startLine, endLine, text });
    }
    return hits;
  }

  /** The verdict of the task's tests on a draft (`run_tests`). */
  runTests(code: string): Promise<DraftTestResult> {
    if (!taskFamily(this.task.kind).draftTests)
      throw new AgentToolError(`run_tests runs the draft of a whole definition: not of a ${this.task.kind} task`);
    if (!this.tester)
      throw new AgentToolError(
        'run_tests is not available: this run has no environment to build and test with (eval --env ENV.yaml)',
      );
    return this.tester(this.task, code);
  }

  /** A repository-relative path for a message (the checkout's own path is never shown). */
  shown(path: string): string {
    return relative(this.root, join(this.root, path)) || '.';
  }
}

/** A folder's entries; one that cannot be listed (unreadable, or a name not valid in UTF-8) has none. */
function readFolder(full: string): Dirent[] {
  try {
    return readdirSync(full, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** A string argument, at most `max` characters (the search's tokenizer is not linear in pathological text). */
function stringArgument(args: Record<string, unknown>, name: string, max: number = TOOL_LIMITS.argumentChars): string {
  const value = args[name];
  if (typeof value !== 'string' || value === '')
    throw new AgentToolError(`argument '${name}' must be a non-empty string`);
  if (value.length > max) throw new AgentToolError(`argument '${name}' is over ${max} characters`);
  return value;
}

function lineArgument(args: Record<string, unknown>, name: string): number | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1)
    throw new AgentToolError(`argument '${name}' must be a line number (1 or more)`);
  return number;
}

/** The first `max` items joined, and how many more were left out (`[N more <what> not shown]`). */
function firstOf(items: readonly string[], max: number, separator = '\n', what = ''): string {
  const shown = items.slice(0, max).join(separator);
  return items.length > max ? `${shown}\n[${items.length - max} more${what ? ` ${what}` : ''} not shown]` : shown;
}

/** Cuts a result to TOOL_LIMITS.chars, saying so. */
function capped(text: string): string {
  return text.length <= TOOL_LIMITS.chars
    ? text
    : `${text.slice(0, TOOL_LIMITS.chars)}\n[cut at ${TOOL_LIMITS.chars} characters]`;
}

/**
 * A function as the definition tool shows it: where it is, and its code (only the signature for the one holding the
 * hole).
 */
function describeFunction(fn: FunctionListing, workspace: AgentWorkspace): string {
  const where = `${fn.path}:${fn.startLine}-${fn.endLine} ${fn.qualifiedName}`;
  if (workspace.holdsHole(fn))
    return `${where} (the code to write is in it: open ${fn.path} to see it as the task shows it)\n${fn.signature}`;
  return `${where}\n${fn.code}`;
}

function namesFunction(fn: FunctionListing, name: string): boolean {
  return (
    fn.name === name ||
    fn.qualifiedName === name ||
    fn.qualifiedName.endsWith(`::${name}`) ||
    fn.qualifiedName.endsWith(`.${name}`)
  );
}

registerAgentTool({
  name: 'search',
  description: "Ranked code snippets (BM25 over 10-line chunks) from the repository's other files that match a query.",
  parameters: { query: { type: 'string', description: 'words or code to look for' } },
  required: ['query'],
  run(args, workspace) {
    const hits = workspace.search(stringArgument(args, 'query'));
    if (hits.length === 0) return 'no match';
    return {
      text: capped(hits.map((hit) => `${hit.path}:${hit.startLine}-${hit.endLine}\n${hit.text}`).join('\n\n')),
      files: hits.map((hit) => hit.path),
    };
  },
});

registerAgentTool({
  name: 'grep',
  description:
    `Lines containing a fixed string (not a regular expression), as path:line: text, in a file or folder ` +
    `(default: the whole repository); at most ${TOOL_LIMITS.matches}.`,
  parameters: {
    pattern: { type: 'string', description: 'the text to find' },
    path: { type: 'string', description: 'a file or folder of the repository' },
  },
  required: ['pattern'],
  run(args, workspace) {
    const pattern = stringArgument(args, 'pattern');
    const scope = args.path === undefined ? '' : workspace.checkedPath(args.path);
    const matches: string[] = [];
    const files: string[] = [];
    for (const file of workspace.filesUnder(scope)) {
      const text = workspace.fileText(file);
      if (text === null || !text.includes(pattern)) continue;
      files.push(file);
      const lines = text.split('\n');
      for (let index = 0; index < lines.length; index++) {
        if (!lines[index]!.includes(pattern)) continue;
        if (matches.length === TOOL_LIMITS.matches)
          return { text: capped(`${matches.join('\n')}\n[more matches not shown]`), files };
        matches.push(`${file}:${index + 1}: ${lines[index]}`);
      }
    }
    return matches.length === 0 ? 'no match' : { text: capped(matches.join('\n')), files };
  },
});

registerAgentTool({
  name: 'open',
  description:
    `A file's lines (numbered; at most ${TOOL_LIMITS.lines} at a time). The file being completed shows ` +
    `${HOLE_MARK} where the code to write goes.`,
  parameters: {
    path: { type: 'string', description: 'a file of the repository' },
    start: { type: 'integer', description: 'first line (default 1)' },
    end: { type: 'integer', description: 'last line' },
  },
  required: ['path'],
  run(args, workspace) {
    const path = workspace.checkedPath(args.path);
    const text = workspace.fileText(path);
    if (text === null)
      throw new AgentToolError(
        `${workspace.shown(path)} is a folder, a binary file or over ${TOOL_LIMITS.fileBytes} bytes`,
      );
    const lines = text.split('\n');
    const start = lineArgument(args, 'start') ?? 1;
    const end = Math.min(lineArgument(args, 'end') ?? lines.length, lines.length, start + TOOL_LIMITS.lines - 1);
    if (start > lines.length) throw new AgentToolError(`${path} has ${lines.length} lines`);
    const shown = lines.slice(start - 1, end).map((line, index) => `${start + index}: ${line}`);
    return { text: capped(`${path} lines ${start}-${end} of ${lines.length}\n${shown.join('\n')}`), files: [path] };
  },
});

registerAgentTool({
  name: 'list',
  description:
    `The files and folders (ending with /) in a folder of the repository (default: its root); at most ` +
    `${TOOL_LIMITS.entries}.`,
  parameters: { path: { type: 'string', description: 'a folder of the repository' } },
  required: [],
  run(args, workspace) {
    const path = args.path === undefined ? '' : workspace.checkedPath(args.path);
    return firstOf(workspace.entries(path), TOOL_LIMITS.entries) || '(empty)';
  },
});

registerAgentTool({
  name: 'definition',
  description: "Where a function or method is defined in the repository, with its code (from the repository's index).",
  parameters: { name: { type: 'string', description: 'its name, or qualified name (Class::method)' } },
  required: ['name'],
  async run(args, workspace) {
    const name = stringArgument(args, 'name');
    const found = (await workspace.functions()).filter((fn) => namesFunction(fn, name));
    if (found.length === 0) return `no function named ${name} in the repository`;
    const described = found.map((fn) => describeFunction(fn, workspace));
    return {
      text: capped(firstOf(described, TOOL_LIMITS.hits, '\n\n', 'definitions')),
      files: [...new Set(found.slice(0, TOOL_LIMITS.hits).map((fn) => fn.path))],
    };
  },
});

registerAgentTool({
  name: 'callers',
  description: "The functions that call a function (from the repository's index), as path:line qualified name.",
  parameters: { name: { type: 'string', description: "the called function's name" } },
  required: ['name'],
  async run(args, workspace) {
    const name = stringArgument(args, 'name');
    // the function holding the hole is left out: its calls are the answer's
    const callers = (await workspace.functions()).filter(
      (fn) =>
        !workspace.holdsHole(fn) &&
        fn.callees.some((callee) => callee.name === name || callee.name.endsWith(`::${name}`)),
    );
    if (callers.length === 0) return `no caller of ${name} in the repository`;
    return capped(
      firstOf(
        callers.map((fn) => `${fn.path}:${fn.startLine} ${fn.qualifiedName}`),
        TOOL_LIMITS.matches,
      ),
    );
  },
});

registerAgentTool({
  name: 'run_tests',
  description:
    'Builds the repository with your draft in place of the code to write and runs the tests that cover it, in a ' +
    'sandbox: the verdict and the end of the log. Slow: seconds to minutes.',
  parameters: { code: { type: 'string', description: 'the whole draft, as your answer would be' } },
  required: ['code'],
  optIn: true,
  async run(args, workspace) {
    const result = await workspace.runTests(stringArgument(args, 'code', TOOL_LIMITS.fileBytes));
    return `verdict: ${result.verdict}${result.reason ? ` (${result.reason})` : ''}\n${result.logTail}`;
  },
});
