// Token budgets: a tokenizer.json written here loads and counts; budgets are never exceeded and
// are filled to within one line; cross-file context is cut from the right, the in-file prefix from
// the left and the suffix from the right; tokenizer errors name the file.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { fitLines } from '../../src/context/assemble.ts';
import { createPromptBuilder, loadTokenizer } from '../../src/context/index.ts';
import { linesWithEnds } from '../../src/context/text.ts';
import { copyRepo, mainTask, writeWordTokenizer } from './helpers.ts';

const FIM_TOKENS = ['<fim_prefix>', '<fim_suffix>', '<fim_middle>'];

/** A word tokenizer whose vocabulary covers every word of the fixture repository. */
function fixtureTokenizer(root: string): string {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else for (const word of readFileSync(join(dir, entry.name), 'utf8').split(/\s+/)) if (word) words.add(word);
    }
  };
  walk(root);
  for (const word of '# Here are some relevant code fragments from other files of the repo: the below code fragment can be found in:'.split(
    ' ',
  ))
    words.add(word);
  return writeWordTokenizer(mkdtempSync(join(tmpdir(), 'ctxbench-tok-')), words, FIM_TOKENS);
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

test('a generated WordLevel tokenizer.json loads by file or folder and counts tokens', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-tok-'));
  const file = writeWordTokenizer(dir, ['def', 'f', 'return', '1'], FIM_TOKENS);
  const counter = await loadTokenizer(file);
  assert.equal(counter.name, file);
  assert.equal(counter.count('def f ( ) :\n    return 1\n'), 7);
  assert.equal(counter.count('<fim_prefix>def<fim_suffix>'), 3);
  assert.equal(counter.count(''), 0);
  assert.equal((await loadTokenizer(dir)).count('a b'), 2);
  const builder = await createPromptBuilder({ strategy: 'infile', template: 'cceval', tokenizer: file });
  assert.equal(builder.tokenizerName, file);
  assert.equal((await createPromptBuilder({ strategy: 'infile', template: 'cceval' })).tokenizerName, 'o200k_base');
  assert.equal((await loadTokenizer('cl100k_base')).count('hello world'), 2);
});

test('a missing file or a file that is not a tokenizer is an InputError naming it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-tok-'));
  const missing = join(dir, 'nope.json');
  await assert.rejects(
    loadTokenizer(missing),
    (error: Error) =>
      error.name === 'InputError' &&
      error.message ===
        `${missing}: tokenizer file not found (give o200k_base or cl100k_base or the path of a Hugging Face ` +
          `tokenizer.json)`,
  );
  const garbage = join(dir, 'garbage.json');
  writeFileSync(garbage, 'not json at all');
  await assert.rejects(
    loadTokenizer(garbage),
    (error: Error) => error.name === 'InputError' && error.message.startsWith(`${garbage}: not a tokenizer.json: `),
  );
  const other = join(dir, 'package.json');
  writeFileSync(other, JSON.stringify({ name: 'x', version: '1.0.0' }));
  await assert.rejects(
    loadTokenizer(other),
    (error: Error) => error.message === `${other}, field 'model': not a tokenizer.json: no \`model\` with a \`vocab\``,
  );
  await assert.rejects(
    createPromptBuilder({ strategy: 'infile', template: 'cceval', tokenizer: missing }),
    /tokenizer file not found/,
  );
});

test('fitLines keeps whole lines from the chosen end, and characters only when no line fits', async () => {
  const counter = await loadTokenizer(writeWordTokenizer(mkdtempSync(join(tmpdir(), 'ctxbench-tok-')), []));
  const text = 'a b c\nd e\nf g h i\nj';
  assert.equal(fitLines(counter, text, 5, false), 'a b c\nd e\n');
  assert.equal(fitLines(counter, text, 4, false), 'a b c\n');
  assert.equal(fitLines(counter, text, 5, true), 'f g h i\nj');
  assert.equal(fitLines(counter, text, 4, true), 'j');
  assert.equal(fitLines(counter, text, 2, false), 'a b ');
  assert.equal(fitLines(counter, text, 0, false), '');
  assert.equal(fitLines(counter, text, 100, true), text);
});

test('cceval budgets: never exceeded, prefix cut from the left to within one line of the limit', async () => {
  const root = copyRepo();
  const tokenizer = fixtureTokenizer(root);
  const counter = await loadTokenizer(tokenizer);
  const task = mainTask(root);
  const prefixLines = linesWithEnds(task.prefix);
  for (let budget = 0; budget <= 260; budget += 3) {
    const built = await (
      await createPromptBuilder({
        strategy: 'bm25',
        template: 'cceval',
        tokenizer,
        budget,
        crossfileBudget: Math.floor(budget / 2),
      })
    ).build(task);
    const prompt = built.prompt!;
    assert.ok(built.tokens.total! <= budget, `budget ${budget}: ${built.tokens.total}`);
    assert.equal(built.tokens.total, counter.count(prompt));
    assert.equal(built.tokens.total, built.tokens.context! + built.tokens.infile!);
    // cross-file part: a prefix of the full block, cut at a line end, within its cap
    assert.ok(built.tokens.context! <= Math.floor(budget / 2));
    // in-file part: whole lines at the end of the prefix; the line before them did not fit
    const keptCount = countKept(prefixLines, prompt);
    const keptPrefix = prefixLines.slice(prefixLines.length - keptCount).join('');
    assert.equal(counter.count(keptPrefix), built.tokens.infile);
    if (keptCount < prefixLines.length) {
      const nextLine = prefixLines[prefixLines.length - keptCount - 1]!;
      assert.ok(
        words(nextLine) > budget - built.tokens.total!,
        `budget ${budget}: line ${JSON.stringify(nextLine)} would have fitted`,
      );
    }
  }
});

/** How many whole lines at the end of `prefixLines` end the prompt. */
function countKept(prefixLines: string[], prompt: string): number {
  let kept = 0;
  while (kept < prefixLines.length && prompt.endsWith(prefixLines.slice(prefixLines.length - kept - 1).join('')))
    kept++;
  return kept;
}

test('FIM budgets: prefix from the left, suffix from the right, never over, filled within a line', async () => {
  const root = copyRepo();
  const tokenizer = fixtureTokenizer(root);
  const base = mainTask(root);
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i} of the file\n`);
  const task: TaskRecord = {
    ...base,
    prefix: `${lines.slice(0, 20).join('')}x = `,
    suffix: `\n${lines.slice(20).join('')}`,
  };
  for (const budget of [4, 10, 25, 50, 81, 120, 200]) {
    const built = await (
      await createPromptBuilder({ strategy: 'infile', template: 'starcoder', tokenizer, budget })
    ).build(task);
    const prompt = built.prompt!;
    assert.ok(built.tokens.total! <= budget, `budget ${budget}`);
    assert.equal(built.tokens.instruction, 3);
    const [, prefix, suffix] = /^<fim_prefix>([\s\S]*)<fim_suffix>([\s\S]*)<fim_middle>$/.exec(prompt)!;
    assert.ok(task.prefix.endsWith(prefix!), 'prefix is cut from the left');
    assert.ok(task.suffix.startsWith(suffix!), 'suffix is cut from the right');
    // every line is 5 words: a full budget leaves fewer than 5 tokens free
    if (built.tokens.total! < 3 + words(task.prefix) + words(task.suffix))
      assert.ok(budget - built.tokens.total! < 5, `budget ${budget} left ${budget - built.tokens.total!}`);
    // the suffix keeps at least its share when both are cut
    if (prefix !== task.prefix && suffix !== task.suffix)
      assert.ok(built.tokens.suffix! >= Math.floor((budget - 3) * 0.25) - 4);
  }
  const everything = await (await createPromptBuilder({ strategy: 'infile', template: 'starcoder', tokenizer })).build(
    task,
  );
  assert.equal(everything.prompt, `<fim_prefix>${task.prefix}<fim_suffix>${task.suffix}<fim_middle>`);
});

test('BPE (o200k_base) budgets are never exceeded and stay within a line of the limit; reserve is kept free', async () => {
  const root = copyRepo();
  const task = mainTask(root);
  const counter = await loadTokenizer('o200k_base');
  // A context block cut before its first snippet line is left out (a lone header says nothing), so
  // the unused room can reach one line plus the block and snippet headers.
  const headers = counter.count(
    '# Here are some relevant code fragments from other files of the repo:\n\n# the below code fragment can be found ' +
      'in:\n# pkg/models.py\n',
  );
  const longestLine = Math.max(
    ...[...linesWithEnds(task.prefix), ...linesWithEnds(readFileSync(join(root, 'pkg', 'models.py'), 'utf8'))].map(
      (l) => counter.count(l),
    ),
  );
  for (let budget = 60; budget <= 400; budget += 17) {
    for (const template of ['cceval', 'qwen2.5-coder', 'm2rc']) {
      const built = await (await createPromptBuilder({ strategy: 'bm25', template, budget, reserveTokens: 10 })).build(
        task,
      );
      const total = counter.count(built.prompt!);
      assert.equal(total, built.tokens.total);
      assert.ok(total <= budget - 10, `${template} budget ${budget}: ${total}`);
      const wholePrompt = await (await createPromptBuilder({ strategy: 'bm25', template })).build(task);
      if (wholePrompt.tokens.total! > budget - 10)
        assert.ok(total >= budget - 10 - longestLine - headers, `${template} budget ${budget}: only ${total}`);
    }
  }
  await assert.rejects(
    (await createPromptBuilder({ strategy: 'infile', template: 'qwen2.5-coder', budget: 5 })).build(task),
    /budget 5 minus 0 reserved tokens leaves less than the \d+ tokens of template 'qwen2.5-coder' itself/,
  );
});

test('m2rc fills in-file first and the fragments take the rest, up to 4,096 tokens by default', async () => {
  const root = copyRepo();
  mkdirSync(join(root, 'big'));
  // a long other file so that the fragments alone exceed 4,096 tokens
  writeFileSync(
    join(root, 'big', 'many.py'),
    Array.from({ length: 3000 }, (_, i) => `account_${i} = Account.load(${i}).balance + pending_${i}`).join('\n'),
  );
  const task = mainTask(root);
  const built = await (await createPromptBuilder({ strategy: 'jaccard', template: 'm2rc' })).build(task);
  const counter = await loadTokenizer('o200k_base');
  assert.ok(built.tokens.total! <= 4096 && built.tokens.total! > 4000, String(built.tokens.total));
  assert.equal(built.tokens.infile, counter.count(task.prefix));
  assert.equal(built.tokens.suffix, counter.count(task.suffix));
  assert.ok(built.snippets.length > 5 && built.snippets.length <= 50);
});

test('a bundled encoding counts as js-tiktoken encodes, piece by piece, for code, prose, numbers, odd whitespace and special-token text', async () => {
  const { Tiktoken } = await import('js-tiktoken/lite');
  const fixtures = new URL('../fixtures/repos/', import.meta.url).pathname;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else files.push(readFileSync(join(dir, entry.name), 'utf8'));
    }
  };
  walk(fixtures);
  const edges = [
    '',
    ' ',
    '\t',
    '\n',
    '  \n\n  x',
    'a  b',
    '\t1',
    '  1',
    'x = 12345678;',
    "it's we'LL",
    'ÉCOLE naïve café',
    '日本語のテキスト',
    '😀 emoji 👍🏽',
    '<|endoftext|> stays text',
    'trailing spaces   ',
    '\r\n\r\n',
    '    \tmixed \t indents\n',
    'a'.repeat(300),
    '1'.repeat(50),
  ];
  const texts = [...edges, ...files, ...files.map((text) => text.slice(3, 400)), files.join('\n')];
  for (const name of ['o200k_base', 'cl100k_base'] as const) {
    const ranks = (await import(`js-tiktoken/ranks/${name}`)).default;
    const encoding = new Tiktoken(ranks);
    const counter = await loadTokenizer(name);
    assert.ok(files.length > 50);
    // twice: the second time from the pieces kept
    for (let round = 0; round < 2; round++) {
      for (const text of texts)
        assert.equal(
          counter.count(text),
          encoding.encode(text, [], []).length,
          `${name}: ${JSON.stringify(text.slice(0, 60))}`,
        );
    }
  }
});
