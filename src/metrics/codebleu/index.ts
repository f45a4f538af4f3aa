// CodeBLEU (Ren et al. 2020) as the k4black/codebleu 0.7.1 package computes it, the variant
// M2RC-Eval reports: 0.25 BLEU + 0.25 weighted n-gram + 0.25 syntax match + 0.25 dataflow match.
import { parse, type LanguageId } from '../../languages/index.ts';
import { InputError } from '../../util/errors.ts';
import { pySplit, pyStrip } from '../pystr.ts';
import { bleu, weightedNgramMatch } from './bleu.ts';
import { removeCommentsAndDocstrings } from './comments.ts';
import { dataflowCounts, normalizedDataflow } from './dataflow.ts';
import { CODEBLEU_KEYWORDS, type CodeBleuLanguage } from './keywords.ts';
import { syntaxCounts } from './syntax.ts';

/** ctxbench language id -> CodeBLEU's language name. */
const CODEBLEU_NAMES: Partial<Record<LanguageId, CodeBleuLanguage>> = {
  c: 'c',
  cpp: 'cpp',
  csharp: 'c_sharp',
  go: 'go',
  java: 'java',
  javascript: 'javascript',
  php: 'php',
  python: 'python',
  ruby: 'ruby',
  rust: 'rust',
};

export const CODEBLEU_LANGUAGE_IDS = Object.keys(CODEBLEU_NAMES) as LanguageId[];

export interface CodeBleuOptions {
  /** weights of BLEU, weighted n-gram, syntax and dataflow (default 0.25 each). */
  weights?: readonly [number, number, number, number];
  /**
   * The reference's `dataflow_match_score or 1`: a dataflow score of 0 (no reference dataflow,
   * but also 0 of N edges matched) counts as 1 in the sum. On by default, as in the reference.
   */
  dataflowZeroAsOne?: boolean;
}

export interface CodeBleuScores {
  codebleu: number;
  ngramMatch: number;
  weightedNgramMatch: number;
  syntaxMatch: number;
  dataflowMatch: number;
}

export function codeBleuLanguage(language: string): CodeBleuLanguage {
  const name = CODEBLEU_NAMES[language as LanguageId];
  if (!name)
    throw new InputError(
      `CodeBLEU does not support language '${language}' (supported: ${CODEBLEU_LANGUAGE_IDS.join(', ')})`,
    );
  return name;
}

const keywordSets = new Map<CodeBleuLanguage, ReadonlySet<string>>();
function keywordSet(language: CodeBleuLanguage): ReadonlySet<string> {
  let set = keywordSets.get(language);
  if (!set) keywordSets.set(language, (set = new Set(CODEBLEU_KEYWORDS[language])));
  return set;
}

/** CodeBLEU of one prediction against one or more references (k4black's calc_codebleu). */
export async function codeBleu(
  prediction: string,
  references: string | readonly string[],
  language: LanguageId,
  options: CodeBleuOptions = {},
): Promise<CodeBleuScores> {
  const lang = codeBleuLanguage(language);
  const hypothesis = pyStrip(prediction);
  const referenceTexts = (typeof references === 'string' ? [references] : references).map(pyStrip);
  if (referenceTexts.length === 0) throw new InputError('CodeBLEU needs at least one reference');

  const hypothesisTokens = pySplit(hypothesis);
  const referenceTokens = referenceTexts.map(pySplit);
  const ngramMatch = bleu(referenceTokens, hypothesisTokens);
  const weighted = weightedNgramMatch(referenceTokens, hypothesisTokens, keywordSet(lang));

  let syntaxMatched = 0;
  let syntaxTotal = 0;
  let dataflowMatched = 0;
  let dataflowTotal = 0;
  // The reference strips comments from the candidate again for every reference.
  let candidate = hypothesis;
  for (const referenceText of referenceTexts) {
    candidate = removeCommentsAndDocstrings(candidate, lang);
    const reference = removeCommentsAndDocstrings(referenceText, lang);
    const candidateTree = await parse(language, candidate);
    const referenceTree = await parse(language, reference);
    try {
      const syntax = syntaxCounts(candidateTree.rootNode, referenceTree.rootNode);
      syntaxMatched += syntax.matched;
      syntaxTotal += syntax.total;
      const dataflow = dataflowCounts(
        normalizedDataflow(candidateTree, candidate, lang),
        normalizedDataflow(referenceTree, reference, lang),
      );
      dataflowMatched += dataflow.matched;
      dataflowTotal += dataflow.total;
    } finally {
      candidateTree.delete();
      referenceTree.delete();
    }
  }
  const components = {
    ngramMatch,
    weightedNgramMatch: weighted,
    syntaxMatch: syntaxMatched / syntaxTotal,
    dataflowMatch: dataflowTotal === 0 ? 0 : dataflowMatched / dataflowTotal,
  };
  return { codebleu: combineCodeBleu(components, options), ...components };
}

/** The weighted sum of the four components. */
export function combineCodeBleu(components: Omit<CodeBleuScores, 'codebleu'>, options: CodeBleuOptions = {}): number {
  const [alpha, beta, gamma, theta] = options.weights ?? [0.25, 0.25, 0.25, 0.25];
  const { ngramMatch, weightedNgramMatch, syntaxMatch, dataflowMatch } = components;
  const dataflowTerm = (options.dataflowZeroAsOne ?? true) && dataflowMatch === 0 ? 1 : dataflowMatch;
  return alpha * ngramMatch + beta * weightedNgramMatch + gamma * syntaxMatch + theta * dataflowTerm;
}
