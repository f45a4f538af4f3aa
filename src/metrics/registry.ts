// Every metric ctxbench computes per candidate, by name, in one registry (METRICS): the built-ins
// below register themselves exactly as a plugin's metric does. A metric compares a prediction with
// the reference on a fixed scale; the scales are those of the papers that report it.
import { parse, getLanguage, type LanguageId } from '../languages/index.ts';
import { InputError } from '../util/errors.ts';
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import { z } from 'zod';
import { CODEBLEU_LANGUAGE_IDS, codeBleu, combineCodeBleu, type CodeBleuScores } from './codebleu/index.ts';
import { editSimilarity, editSimilarityDifflib, editSimilarityLevenshtein } from './edit-similarity.ts';
import { exactMatch, exactMatchNoWhitespace } from './exact-match.ts';
import {
  extractIdentifiers,
  identifierF1,
  identifierPrecision,
  identifierRecall,
  matchIdentifiers,
  type IdentifierMatch,
} from './identifiers.ts';

/** `binary`: 0 or 1; `percent`: integers 0..100; `fraction`: 0..1. */
export type MetricScale = 'binary' | 'percent' | 'fraction';

export interface MetricContext {
  language: LanguageId;
  /** text around the hole, for metrics that look at the completed file (syntax-ok). */
  prefix?: string;
  suffix?: string;
}

export interface MetricDefinition {
  name: string;
  scale: MetricScale;
  /** one line: what it measures and whose definition it follows. */
  description: string;
  /** the languages it is defined for; absent = every language. */
  languages?: readonly LanguageId[];
  /** shown as a column of the viewer's task list (any other metric appears once sorted or filtered by). */
  column?: boolean;
  /** reports compare runs on it task by task (paired bootstrap of the difference: CrossCodeEval's comparisons). */
  paired?: boolean;
  /**
   * a candidate's score that is degenerate by the metric's own definition, said beside it: a note given the candidate's
   * scores, null when its score means what it says (reports count them, the viewer shows them).
   */
  caveat?: (scores: Readonly<Record<string, number>>) => string | null;
  compute(prediction: string, reference: string, context: MetricContext): number | Promise<number>;
}

/** Remembers the last result, so that metrics sharing one computation (id-*, codebleu/bleu) run it once per pair. */
function lastResultMemo<T>(compute: (prediction: string, reference: string, language: LanguageId) => T) {
  let last: { prediction: string; reference: string; language: LanguageId; value: T } | null = null;
  return (prediction: string, reference: string, language: LanguageId): T => {
    if (last && last.prediction === prediction && last.reference === reference && last.language === language)
      return last.value;
    const value = compute(prediction, reference, language);
    last = { prediction, reference, language, value };
    return value;
  };
}

const keywordSets = new Map<LanguageId, ReadonlySet<string>>();
function languageKeywords(language: LanguageId): ReadonlySet<string> {
  let set = keywordSets.get(language);
  if (!set) keywordSets.set(language, (set = new Set(getLanguage(language).keywords)));
  return set;
}

const identifierMatch = lastResultMemo((prediction, reference, language): IdentifierMatch => {
  const keywords = languageKeywords(language);
  return matchIdentifiers(extractIdentifiers(prediction, keywords), extractIdentifiers(reference, keywords));
});

const codeBleuScores = lastResultMemo(
  (prediction, reference, language): Promise<CodeBleuScores> => codeBleu(prediction, reference, language),
);

/** The ERROR and MISSING nodes of prefix + text + suffix (only subtrees holding one are walked). */
async function syntaxErrors(text: string, context: MetricContext): Promise<number> {
  const tree = await parse(context.language, `${context.prefix ?? ''}${text}${context.suffix ?? ''}`);
  try {
    let count = 0;
    const pending = [tree.rootNode];
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (node.isError || node.isMissing) count++;
      for (const child of node.children) if (child && (child.hasError || child.isMissing)) pending.push(child);
    }
    return count;
  } finally {
    tree.delete();
  }
}

/** 1 when prefix + prediction + suffix parses without ERROR or MISSING nodes. */
async function parsesCleanly(prediction: string, context: MetricContext): Promise<number> {
  return (await syntaxErrors(prediction, context)) === 0 ? 1 : 0;
}

/** syntaxErrors of the reference, remembered for the last task (its samples share it). */
let lastReference: { reference: string; context: Required<MetricContext>; errors: Promise<number> } | null = null;
function referenceErrors(reference: string, { language, prefix = '', suffix = '' }: MetricContext): Promise<number> {
  const last = lastReference;
  if (
    last &&
    last.reference === reference &&
    last.context.language === language &&
    last.context.prefix === prefix &&
    last.context.suffix === suffix
  )
    return last.errors;
  const context = { language, prefix, suffix };
  lastReference = { reference, context, errors: syntaxErrors(reference, context) };
  return lastReference.errors;
}

const BUILTIN_METRICS: readonly MetricDefinition[] = [
  {
    name: 'em',
    paired: true,
    column: true,
    scale: 'binary',
    description: 'exact match after deleting #/ // comments, over stripped non-empty lines (CrossCodeEval)',
    compute: exactMatch,
  },
  {
    name: 'em-nows',
    paired: true,
    scale: 'binary',
    description: 'exact match with all whitespace removed (YABLoCo)',
    compute: exactMatchNoWhitespace,
  },
  {
    name: 'es',
    paired: true,
    column: true,
    scale: 'percent',
    description: 'fuzz.ratio of the stripped texts, python-Levenshtein backend (CrossCodeEval, YABLoCo)',
    compute: editSimilarity,
  },
  {
    name: 'es-difflib',
    scale: 'percent',
    description: 'fuzz.ratio of the stripped texts, difflib backend (fuzzywuzzy without python-Levenshtein)',
    compute: editSimilarityDifflib,
  },
  {
    name: 'es-levenshtein',
    scale: 'fraction',
    description: '1 - Levenshtein distance / max length over stripped non-empty lines (RepoCoder)',
    compute: editSimilarityLevenshtein,
  },
  {
    name: 'id-em',
    scale: 'binary',
    description: 'identifier lists equal (CrossCodeEval)',
    compute: (prediction, reference, { language }) => identifierMatch(prediction, reference, language).exact,
  },
  {
    name: 'id-f1',
    paired: true,
    column: true,
    scale: 'fraction',
    description: 'F1 of the identifier sets, 0 when both are empty (CrossCodeEval)',
    compute: (prediction, reference, { language }) => identifierF1(identifierMatch(prediction, reference, language)),
  },
  {
    name: 'id-precision',
    scale: 'fraction',
    description: 'precision of the identifier sets, 0 when the prediction has none (CrossCodeEval)',
    compute: (prediction, reference, { language }) =>
      identifierPrecision(identifierMatch(prediction, reference, language)),
  },
  {
    name: 'id-recall',
    scale: 'fraction',
    description: 'recall of the identifier sets, 0 when the reference has none (CrossCodeEval)',
    compute: (prediction, reference, { language }) =>
      identifierRecall(identifierMatch(prediction, reference, language)),
  },
  {
    name: 'codebleu',
    paired: true,
    column: true,
    scale: 'fraction',
    description: 'CodeBLEU of k4black/codebleu 0.7.1, a dataflow score of 0 counted as 1 (M2RC-Eval)',
    languages: CODEBLEU_LANGUAGE_IDS,
    // the reference implementation's `dataflow_match_score or 1`: a reference without data flow (short snippets) gets
    // the full dataflow quarter, so a reference scored against itself stays at 70-77 without it; codebleu-strict shows
    // the difference
    caveat: (scores) =>
      scores.codebleu !== undefined &&
      scores['codebleu-strict'] !== undefined &&
      scores.codebleu !== scores['codebleu-strict']
        ? 'a dataflow score of 0 counted as 1 (no data flow in the reference, or none matched)'
        : null,
    compute: async (prediction, reference, { language }) =>
      (await codeBleuScores(prediction, reference, language)).codebleu,
  },
  {
    name: 'codebleu-strict',
    scale: 'fraction',
    description: 'CodeBLEU with a dataflow score of 0 kept as 0 (the reference quirk switched off)',
    languages: CODEBLEU_LANGUAGE_IDS,
    compute: async (prediction, reference, { language }) =>
      combineCodeBleu(await codeBleuScores(prediction, reference, language), { dataflowZeroAsOne: false }),
  },
  {
    name: 'bleu',
    scale: 'fraction',
    description: "BLEU-4 over whitespace tokens, CodeBLEU's n-gram component",
    languages: CODEBLEU_LANGUAGE_IDS,
    compute: async (prediction, reference, { language }) =>
      (await codeBleuScores(prediction, reference, language)).ngramMatch,
  },
  {
    name: 'syntax-no-new-errors',
    scale: 'binary',
    description:
      'prefix + prediction + suffix has no more ERROR/MISSING nodes than prefix + reference + suffix (a file the ' +
      'grammar misreads elsewhere fails no candidate)',
    compute: async (prediction, reference, context) =>
      (await syntaxErrors(prediction, context)) <= (await referenceErrors(reference, context)) ? 1 : 0,
  },
  {
    name: 'syntax-ok',
    scale: 'binary',
    description:
      'prefix + prediction + suffix parses without ERROR/MISSING nodes (the prediction alone without context); an ' +
      'empty prediction is 0 (it only shows the rest parses)',
    compute: (prediction, _reference, context) => (prediction.trim() === '' ? 0 : parsesCleanly(prediction, context)),
  },
];

export const METRICS = new Registry<MetricDefinition>('metric', 'metrics', {
  key: 'metrics',
  entry: pluginEntry('name', {
    scale: z.enum(['binary', 'percent', 'fraction']),
    description: z.string(),
    compute: pluginFunction,
    languages: z.array(z.string()).optional(),
    column: z.boolean().optional(),
    paired: z.boolean().optional(),
    caveat: pluginFunction.optional(),
  }),
  add: registerMetric,
});

export function registerMetric(metric: MetricDefinition): MetricDefinition {
  return METRICS.register(metric.name, metric);
}

for (const metric of BUILTIN_METRICS) registerMetric(metric);

export function listMetrics(): readonly MetricDefinition[] {
  return METRICS.list();
}

/** The caveats of a candidate's degenerate scores (MetricDefinition.caveat), by metric. */
export function scoreCaveats(scores: Readonly<Record<string, number>> | null): Record<string, string> {
  const caveats: Record<string, string> = {};
  if (!scores) return caveats;
  for (const metric of METRICS.list()) {
    const caveat = metric.caveat && scores[metric.name] !== undefined ? metric.caveat(scores) : null;
    if (caveat) caveats[metric.name] = caveat;
  }
  return caveats;
}

export function supportsLanguage(metric: MetricDefinition, language: LanguageId): boolean {
  return !metric.languages || metric.languages.includes(language);
}

/**
 * The metric definitions for a language: the named ones (an unknown name or a metric that does
 * not support the language is an InputError), or every metric that supports the language.
 */
export function resolveMetrics(language: LanguageId | string, names?: readonly string[]): MetricDefinition[] {
  const spec = getLanguage(language);
  if (!names) return METRICS.list().filter((metric) => supportsLanguage(metric, spec.id));
  return names.map((name) => {
    const metric = METRICS.get(name);
    if (!supportsLanguage(metric, spec.id)) {
      throw new InputError(
        `metric '${name}' does not support language '${spec.id}' (supported: ${metric.languages!.join(', ')})`,
      );
    }
    return metric;
  });
}

/** Scores one prediction against its reference with the named metrics (default: all that apply). */
export async function scorePair(
  prediction: string,
  reference: string,
  language: LanguageId | string,
  metricNames?: readonly string[],
  context: { prefix?: string; suffix?: string } = {},
): Promise<Record<string, number>> {
  const metrics = resolveMetrics(language, metricNames);
  const full: MetricContext = { language: getLanguage(language).id, ...context };
  const scores: Record<string, number> = {};
  for (const metric of metrics) scores[metric.name] = await metric.compute(prediction, reference, full);
  return scores;
}
