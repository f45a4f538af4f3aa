// The one task record every later stage reads (JSONL, one object per line). Built by `tasks/`,
// imported by `datasets/`, consumed by context, models, metrics, exec and the viewer.
import type { Span } from '../index/types.ts';
import type { LanguageId } from '../languages/types.ts';

export type TaskKind = 'function' | 'crossfile' | 'node';

/** A piece of repository text given to a model: a retrieved chunk or an oracle definition. */
export interface ContextSnippet {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  /** retrieval score, null for oracle snippets. */
  score: number | null;
  /** for oracle snippets: the callee's name and docstring. */
  name?: string;
  docstring?: string | null;
}

export interface TaskLabels {
  /** YABLoCo context level (function tasks) or the level of the cross-file name's definition. */
  level?: string;
  /** M2RC-Eval depth bucket 1..10 (node tasks). */
  bucket?: number;
  /** M2RC-Eval semantic class and subclass, `Class/Subclass` (node tasks). */
  semantic?: string;
  /** number of lines of the reference. */
  lines: number;
  [label: string]: string | number | undefined;
}

export interface TaskRecord {
  id: string;
  kind: TaskKind;
  language: LanguageId;
  /** `root`: where the checkout was when the task was built (retrieval and execution read it; `--repo` overrides). */
  repo: { name: string; commit: string | null; root?: string | null };
  /** repository-relative path with `/` separators. */
  path: string;
  /** file text before the hole. */
  prefix: string;
  /** file text after the hole. */
  suffix: string;
  /** the ground truth that fills the hole. */
  reference: string;
  /** the hole in the original file. */
  span: Span;
  labels: TaskLabels;
  /** function tasks: the target's name, signature, docstring and oracle context. */
  name?: string;
  signature?: string;
  docstring?: string | null;
  oracle?: ContextSnippet[];
  /** retrieval that came with an imported set (CrossCodeEval's crossfile_context). */
  retrieved?: ContextSnippet[];
  /** extra fields of imported sets, kept as they were. */
  meta?: Record<string, unknown>;
}

/** What a list of tasks needs of each: no file text, reference or context (read per task when shown). */
export type TaskHead = Pick<TaskRecord, 'id' | 'kind' | 'language' | 'repo' | 'path' | 'span' | 'labels' | 'name'>;
