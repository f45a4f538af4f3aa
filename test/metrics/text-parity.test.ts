// All 2,000 CrossCodeEval parity vectors: ES (both fuzzywuzzy backends), EM and the identifier
// metrics must equal the reference implementation's numbers exactly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { getLanguage } from '../../src/languages/registry.ts';
import { editSimilarity, editSimilarityDifflib, indelRatio } from '../../src/metrics/edit-similarity.ts';
import { exactMatch } from '../../src/metrics/exact-match.ts';
import { extractIdentifiers, identifierF1, matchIdentifiers } from '../../src/metrics/identifiers.ts';
import { pyStrip } from '../../src/metrics/pystr.ts';
import { scorePair } from '../../src/metrics/registry.ts';

interface ParityCase {
  language: string;
  prediction: string;
  reference: string;
  es_levenshtein: number;
  es_difflib: number;
  levenshtein_ratio: number;
  em: number;
  pred_identifiers: string[];
  ref_identifiers: string[];
  id_em: number;
  id_tp: number;
  id_fp: number;
  id_fn: number;
  id_f1: number;
}

const cases: ParityCase[] = readFileSync(new URL('../fixtures/metrics/text_metrics.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as ParityCase);

test('the parity file has 2,000 cases in four languages', () => {
  assert.equal(cases.length, 2000);
  assert.deepEqual([...new Set(cases.map((c) => c.language))].sort(), ['csharp', 'java', 'python', 'typescript']);
});

function failures<T>(check: (c: ParityCase) => [T, T]): string[] {
  const failed: string[] = [];
  cases.forEach((c, index) => {
    const [actual, expected] = check(c);
    try {
      assert.deepEqual(actual, expected);
    } catch {
      failed.push(
        `case ${index + 1} (${c.language}): got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
      );
    }
  });
  return failed;
}

test('es equals fuzz.ratio with the python-Levenshtein backend', () => {
  assert.deepEqual(
    failures((c) => [editSimilarity(c.prediction, c.reference), c.es_levenshtein]),
    [],
  );
});

test('the unrounded indel ratio equals Levenshtein.ratio on the stripped texts', () => {
  assert.deepEqual(
    failures((c) => [indelRatio(pyStrip(c.prediction), pyStrip(c.reference)), c.levenshtein_ratio]),
    [],
  );
});

test('es-difflib equals fuzz.ratio with the difflib backend', () => {
  assert.deepEqual(
    failures((c) => [editSimilarityDifflib(c.prediction, c.reference), c.es_difflib]),
    [],
  );
});

test('em equals CrossCodeEval exact match', () => {
  assert.deepEqual(
    failures((c) => [exactMatch(c.prediction, c.reference), c.em]),
    [],
  );
});

test('identifier lists, ID-EM, tp/fp/fn and ID-F1 equal the reference', () => {
  const keywords = (language: string) => new Set(getLanguage(language).keywords);
  assert.deepEqual(
    failures((c) => [extractIdentifiers(c.prediction, keywords(c.language)), c.pred_identifiers]),
    [],
  );
  assert.deepEqual(
    failures((c) => [extractIdentifiers(c.reference, keywords(c.language)), c.ref_identifiers]),
    [],
  );
  assert.deepEqual(
    failures((c) => {
      const match = matchIdentifiers(c.pred_identifiers, c.ref_identifiers);
      return [
        [match.exact, match.truePositives, match.falsePositives, match.falseNegatives, identifierF1(match)],
        [c.id_em, c.id_tp, c.id_fp, c.id_fn, c.id_f1],
      ];
    }),
    [],
  );
});

test('scorePair reports the same values under the metric names', async () => {
  for (const c of cases.slice(0, 200)) {
    const scores = await scorePair(c.prediction, c.reference, c.language, ['em', 'es', 'es-difflib', 'id-em', 'id-f1']);
    assert.deepEqual(scores, {
      em: c.em,
      es: c.es_levenshtein,
      'es-difflib': c.es_difflib,
      'id-em': c.id_em,
      'id-f1': c.id_f1,
    });
  }
});
