// BLEU-2 and the near-duplicate filter against nltk: parity.json was computed by nltk 3.8 itself
// (test/fixtures/tasks/bleu/make_parity.py), including YABLoCo's pairing loop.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { bleuTokens, nearDuplicates, sentenceBleu2, type DuplicateCandidate } from '../../src/tasks/bleu.ts';
import { FIXTURES } from './helpers.ts';

const parity = JSON.parse(readFileSync(join(FIXTURES, 'bleu', 'parity.json'), 'utf8')) as {
  pairs: { reference: string[]; hypothesis: string[]; bleu: number }[];
  duplicates: { items: DuplicateCandidate[]; dropped: [number, number][] };
};

describe('BLEU-2 as nltk sentence_bleu(weights=(0.5, 0.5))', () => {
  it(`matches nltk on ${parity.pairs.length} token pairs`, () => {
    for (const pair of parity.pairs) {
      const score = sentenceBleu2(pair.reference, pair.hypothesis);
      assert.ok(Math.abs(score - pair.bleu) <= 1e-12 * Math.max(1, pair.bleu), `${JSON.stringify(pair)}: got ${score}`);
    }
  });

  it('gives the edge values nltk gives', () => {
    assert.equal(sentenceBleu2(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd']), 1);
    assert.equal(sentenceBleu2(['a', 'b', 'c'], ['d', 'e', 'f']), 0);
    // one unigram match, no bigram: nltk puts sys.float_info.min in place of the zero precision
    assert.equal(sentenceBleu2(['x'], ['x']), 1.491668146240062e-154);
    assert.equal(sentenceBleu2(['a', 'a', 'a', 'a'], ['a', 'a']), 0.36787944117144233);
    assert.equal(sentenceBleu2([], []), 0);
  });

  it('tokenises as YABLoCo: runs of ASCII letters and digits', () => {
    assert.deepEqual(bleuTokens('store_get(s, "k1") // é'), ['store', 'get', 's', 'k1']);
  });
});

describe('near-duplicate removal (YABLoCo filter_duplicates_weak)', () => {
  it(`drops the same ${parity.duplicates.dropped.length} functions, for the same reasons, as the reference loop with nltk`, () => {
    const dropped = nearDuplicates(parity.duplicates.items);
    assert.deepEqual(
      [...dropped].sort((a, b) => a[0] - b[0]),
      parity.duplicates.dropped,
    );
  });

  it('compares only within the caller gap and with 5 shared tokens', () => {
    const tokens = 'one two three four five six'.split(' ');
    const close = nearDuplicates([
      { tokens, codeLength: 3, callers: 0 },
      { tokens, codeLength: 3, callers: 3 },
    ]);
    assert.deepEqual([...close], [[1, 0]]);
    assert.equal(
      nearDuplicates([
        { tokens, codeLength: 3, callers: 0 },
        { tokens, codeLength: 3, callers: 4 },
      ]).size,
      0,
    );
    const four = tokens.slice(0, 4);
    assert.equal(
      nearDuplicates([
        { tokens: four, codeLength: 3, callers: 0 },
        { tokens: four, codeLength: 3, callers: 0 },
      ]).size,
      0,
    );
  });
});
