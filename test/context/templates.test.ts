// Prompt layouts: CrossCodeEval's byte for byte, YABLoCo's strings, each FIM family's documented
// token order, user templates from JSON/YAML files, and errors for unknown names.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ContextSnippet, TaskRecord } from '../../src/datasets/types.ts';
import { createPromptBuilder, listStrategies, listTemplates } from '../../src/context/index.ts';
import { copyRepo, mainTask } from './helpers.ts';

const snippet = (path: string, text: string, startLine = 1): ContextSnippet => ({
  path,
  startLine,
  endLine: startLine + text.split('\n').length - 1,
  text,
  score: 1.5,
});

/** CrossCodeEval's cfc_text (augment_with_cfc.py) and final prompt (vllm_inference.py), written out. */
function cceValPrompt(comment: string, chunks: ContextSnippet[], prompt: string): string {
  let text = `${comment} Here are some relevant code fragments from other files of the repo:\n\n`;
  for (const chunk of chunks) {
    text += `${comment} the below code fragment can be found in:\n${comment} ${chunk.path}\n`;
    text += `${chunk.text
      .replace(/^\n+|\n+$/g, '')
      .split('\n')
      .map((line) => `${comment} ${line}`)
      .join('\n')}\n\n`;
  }
  return `${text}\n${prompt}`;
}

test('cceval: the CrossCodeEval layout, byte for byte (Python, #)', async () => {
  const task: TaskRecord = {
    ...mainTask(copyRepo()),
    retrieved: [
      snippet('pkg/utils.py', 'def format_balance(total):\n    """Two decimals and a currency sign."""'),
      snippet('pkg/models.py', '\nx = 1\n\ny = 2\n', 5),
    ],
  };
  const built = await (await createPromptBuilder({ strategy: 'precomputed', template: 'cceval' })).build(task);
  const expected =
    '# Here are some relevant code fragments from other files of the repo:\n\n' +
    '# the below code fragment can be found in:\n# pkg/utils.py\n# def format_balance(total):\n#     """Two decimals and a currency sign."""\n\n' +
    '# the below code fragment can be found in:\n# pkg/models.py\n# x = 1\n# \n# y = 2\n\n' +
    '\n' +
    task.prefix;
  assert.equal(built.prompt, expected);
  assert.equal(built.messages, null);
  assert.deepEqual(
    built.snippets.map((s) => [s.source, s.path, s.startLine, s.endLine]),
    [
      ['retrieved', 'pkg/utils.py', 1, 2],
      ['retrieved', 'pkg/models.py', 5, 9],
    ],
  );
});

test('cceval: retrieved chunks of the fixture repository in the layout; // for Java; no context = "\\n" + prompt', async () => {
  const task = mainTask(copyRepo());
  const built = await (await createPromptBuilder({ strategy: 'bm25', template: 'cceval' })).build(task);
  assert.equal(built.prompt, cceValPrompt('#', built.retrieved, task.prefix));
  const java: TaskRecord = {
    ...task,
    language: 'java',
    path: 'App.java',
    retrieved: [snippet('Util.java', 'int x = 1;')],
  };
  const javaBuilt = await (await createPromptBuilder({ strategy: 'precomputed', template: 'cceval' })).build(java);
  assert.equal(javaBuilt.prompt, cceValPrompt('//', java.retrieved!, task.prefix));
  const infileOnly = await (await createPromptBuilder({ strategy: 'infile', template: 'cceval' })).build(task);
  assert.equal(infileOnly.prompt, `\n${task.prefix}`);
});

test('yabloco: system and user messages as in the YABLoCo code, oracle after "Use this context:"', async () => {
  const task: TaskRecord = {
    ...mainTask(copyRepo(), 'function'),
    language: 'c',
    path: 'src/util.c',
    signature: 'static int\nclamp(int v, int lo, int hi)\t',
    docstring: 'Clamp v into [lo, hi].',
    oracle: [
      {
        path: 'src/min.c',
        startLine: 3,
        endLine: 5,
        text: 'int min(int a, int b) {\n    return a < b ? a : b;\n}',
        score: null,
        name: 'min',
        docstring: 'Smaller of two.\nTies: a.',
      },
      {
        path: 'src/max.c',
        startLine: 1,
        endLine: 1,
        text: 'int max(int a, int b) { return a > b ? a : b; }',
        score: null,
        name: 'max',
        docstring: null,
      },
    ],
  };
  const none = await (await createPromptBuilder({ strategy: 'none', template: 'yabloco' })).build(task);
  assert.deepEqual(none.messages, [
    { role: 'system', content: 'Generate code on C:\n' },
    {
      role: 'user',
      content:
        'Function signature: static intclamp(int v, int lo, int hi). Function description: Clamp v into [lo, hi]..',
    },
  ]);
  assert.equal(none.prompt, null);
  const oracle = await (await createPromptBuilder({ strategy: 'oracle', template: 'yabloco' })).build(task);
  assert.equal(
    oracle.messages![1]!.content,
    'Function signature: static intclamp(int v, int lo, int hi). Function description: Clamp v into [lo, hi]..' +
      '\nUse this context:\n // File name: src/min.c\n// Comment: Smaller of two.\n//Ties: a.\nint min(int a, int b) {\n    return a < b ? a : b;\n}' +
      '\n\n// File name: src/max.c\n// Comment: \nint max(int a, int b) { return a > b ? a : b; }',
  );
  assert.deepEqual(
    oracle.snippets.map((s) => [s.source, s.path]),
    [
      ['oracle', 'src/min.c'],
      ['oracle', 'src/max.c'],
    ],
  );
  const cpp = await (await createPromptBuilder({ strategy: 'none', template: 'yabloco' })).build({
    ...task,
    language: 'cpp',
    path: 'a.cpp',
  });
  assert.equal(cpp.messages![0]!.content, 'Generate code on C++:\n');
  await assert.rejects(
    (await createPromptBuilder({ strategy: 'none', template: 'yabloco' })).build(mainTask(copyRepo())),
    /template 'yabloco' needs a function task \(signature and docstring\); task 'fixture\/crossfile' is a crossfile task/,
  );
});

test("every FIM template produces its family's documented token order", async () => {
  const task: TaskRecord = {
    ...mainTask(copyRepo()),
    prefix: 'PRE\n',
    suffix: '\nSUF',
    retrieved: [snippet('lib/u.py', 'u = 1')],
  };
  const commented =
    '# Here are some relevant code fragments from other files of the repo:\n\n# the below code fragment can be found ' +
    'in:\n# lib/u.py\n# u = 1\n\n';
  const expected: Record<string, string> = {
    starcoder: `<fim_prefix>${commented}PRE\n<fim_suffix>\nSUF<fim_middle>`,
    m2rc: `<fim_prefix>${commented}PRE\n<fim_suffix>\nSUF<fim_middle>`,
    starcoder2:
      '<repo_name>fixture-bank<file_sep>lib/u.py\nu = ' +
      '1<file_sep><fim_prefix>app/main.py\nPRE\n<fim_suffix>\nSUF<fim_middle>',
    'deepseek-coder': '<｜fim▁begin｜>#lib/u.py\nu = 1\nPRE\n<｜fim▁hole｜>\nSUF<｜fim▁end｜>',
    codellama: `<PRE> ${commented}PRE\n <SUF>\nSUF <MID>`,
    'qwen2.5-coder':
      '<|repo_name|>fixture-bank\n<|file_sep|>lib/u.py\nu = ' +
      '1\n<|file_sep|>app/main.py\n<|fim_prefix|>PRE\n<|fim_suffix|>\nSUF<|fim_middle|>',
    codegemma: 'lib/u.py\nu = 1<|file_separator|><|fim_prefix|>PRE\n<|fim_suffix|>\nSUF<|fim_middle|>',
  };
  const fimTemplates = listTemplates()
    .filter((t) => t.fim && t.kind === 'completion')
    .map((t) => t.name)
    .sort();
  assert.deepEqual(fimTemplates, Object.keys(expected).sort());
  for (const [name, prompt] of Object.entries(expected)) {
    const built = await (await createPromptBuilder({ strategy: 'precomputed', template: name })).build(task);
    assert.equal(built.prompt, prompt, name);
  }
  // DeepSeek's markers use the full-width bar U+FF5C and U+2581, not ASCII.
  assert.ok(expected['deepseek-coder']!.includes('\uff5cfim\u2581begin\uff5c'));
  // without the task's suffix in the strategy ("none" for a function task) the suffix slot is empty
  const fn: TaskRecord = { ...task, kind: 'function', name: 'f', docstring: 'Doc line.', signature: 'def f():' };
  const bare = await (await createPromptBuilder({ strategy: 'none', template: 'starcoder' })).build(fn);
  assert.equal(bare.prompt, '<fim_prefix># Doc line.\n<fim_suffix><fim_middle>');
});

test('a user template from YAML or JSON; bad files name the field', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-template-'));
  const yamlFile = join(dir, 'mine.yaml');
  writeFileSync(
    yamlFile,
    'kind: completion\nfim: true\nprompt: "{context}[P]{prefix}[S]{suffix}[M]"\ncontext:\n  header: ""\n  snippet: ' +
      '"<<{path}:{startLine}>>{text}|"\n',
  );
  const task: TaskRecord = {
    ...mainTask(copyRepo()),
    prefix: 'pre',
    suffix: 'suf',
    retrieved: [snippet('lib/u.py', 'u = 1', 4)],
  };
  const built = await (await createPromptBuilder({ strategy: 'precomputed', template: yamlFile })).build(task);
  assert.equal(built.prompt, '<<lib/u.py:4>>u = 1|[P]pre[S]suf[M]');
  const jsonFile = join(dir, 'chat.json');
  writeFileSync(
    jsonFile,
    JSON.stringify({ name: 'chatty', kind: 'chat', system: 'Write {language}.', user: 'Finish: {prefix}' }),
  );
  const chat = await (await createPromptBuilder({ strategy: 'infile', template: jsonFile })).build(task);
  assert.deepEqual(chat.messages, [
    { role: 'system', content: 'Write Python.' },
    { role: 'user', content: 'Finish: pre' },
  ]);
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ kind: 'completion', prompt: 'no prefix here' }));
  await assert.rejects(
    createPromptBuilder({ strategy: 'none', template: bad }),
    (error: Error) => error.message === `${bad}, field 'prompt': must contain {prefix}`,
  );
  writeFileSync(bad, '{not json');
  await assert.rejects(
    createPromptBuilder({ strategy: 'none', template: bad }),
    new RegExp(`^InputError: ${bad}: cannot read template`),
  );
});

test('unknown template and strategy names list the known ones', async () => {
  await assert.rejects(
    createPromptBuilder({ strategy: 'none', template: 'gpt-9' }),
    (error: Error) =>
      error.message ===
      "unknown template 'gpt-9' (known: yabloco, cceval, cceval-chat, m2rc-chat, m2rc, starcoder, starcoder2, " +
        'deepseek-coder, codellama, qwen2.5-coder, codegemma; or a .json/.yaml template file)',
  );
  await assert.rejects(
    createPromptBuilder({ strategy: 'oracle+bm26', template: 'cceval' }),
    (error: Error) =>
      error.message ===
      "field 'context': unknown context strategy 'bm26' (known: none, infile, oracle, precomputed, bm25, jaccard, " +
        'tfidf, dense, bm25-ref, jaccard-ref, tfidf-ref, dense-ref; combine with +, e.g. oracle+bm25)',
  );
  await assert.rejects(createPromptBuilder({ strategy: 'none+bm25', template: 'cceval' }), /'none' cannot be combined/);
  assert.deepEqual(
    listStrategies().map((s) => s.name),
    [
      'none',
      'infile',
      'oracle',
      'precomputed',
      'bm25',
      'jaccard',
      'tfidf',
      'dense',
      '<retriever>-ref',
      '<strategy>+agent',
    ],
  );
});

test('combined strategies keep the stated order under one budget', async () => {
  const task: TaskRecord = {
    ...mainTask(copyRepo()),
    oracle: [
      {
        path: 'pkg/utils.py',
        startLine: 1,
        endLine: 3,
        text: 'def format_balance(total):\n    """Two decimals and a currency sign."""\n    return f"${total:.2f}"',
        score: null,
        name: 'format_balance',
        docstring: 'Two decimals and a currency sign.',
      },
    ],
  };
  const built = await (await createPromptBuilder({ strategy: 'oracle+bm25', template: 'cceval' })).build(task);
  assert.deepEqual(
    built.snippets.map((s) => s.source),
    ['oracle', 'retrieved', 'retrieved', 'retrieved', 'retrieved', 'retrieved'],
  );
  assert.equal(built.snippets[0]!.path, 'pkg/utils.py');
  const reversed = await (await createPromptBuilder({ strategy: 'bm25+oracle', template: 'cceval' })).build(task);
  assert.deepEqual(
    reversed.snippets.map((s) => s.source),
    ['retrieved', 'retrieved', 'retrieved', 'retrieved', 'retrieved', 'oracle'],
  );
  assert.ok(built.tokens.oracle! > 0 && built.tokens.retrieved! > 0);
});

test('HTML has no line comment: every commented line closes its own <!-- --> comment', async () => {
  const task: TaskRecord = {
    ...mainTask(copyRepo()),
    language: 'html',
    path: 'index.html',
    prefix: '<html>\n<body>\n',
    retrieved: [snippet('other.html', '<div class="a">\n  <p>hi</p>\n</div>')],
  };
  const built = await (await createPromptBuilder({ strategy: 'precomputed', template: 'm2rc' })).build(task);
  const block = built.prompt!.slice('<fim_prefix>'.length, built.prompt!.indexOf('<html>'));
  assert.equal(
    block,
    '<!-- Here are some relevant code fragments from other files of the repo: -->\n\n<!-- the below code fragment ' +
      'can be found in: -->\n<!-- other.html -->\n<!-- <div class="a"> -->\n<!--   <p>hi</p> -->\n<!-- </div> -->\n\n',
  );
  // every line of the block opens exactly one comment and closes it
  for (const line of block.split('\n').filter((l) => l !== '')) assert.match(line, /^<!-- .* -->$/);
});

test("m2rc: no fixed cap on fragments (the budget decides), counted with the tokenizer given, e.g. the model's own", async () => {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-m2rc-'));
  for (let i = 0; i < 80; i++)
    writeFileSync(
      join(root, `m${String(i).padStart(2, '0')}.py`),
      `def helper_${i}(total):\n    return total + ${i}\n`,
    );
  writeFileSync(join(root, 'main.py'), 'total = helper_1(total)\n');
  const task: TaskRecord = {
    ...mainTask(copyRepo()),
    repo: { name: 'm', commit: null, root },
    path: 'main.py',
    prefix: 'total = helper_1(',
    suffix: 'total)\n',
    reference: '',
  };
  const words = { name: 'words', count: (text: string) => text.split(/\s+/).filter(Boolean).length };
  const roomy = await (await createPromptBuilder({ strategy: 'jaccard', template: 'm2rc', tokenCounter: words })).build(
    task,
  );
  assert.equal(roomy.retrieved.length, 80);
  const builder = await createPromptBuilder({
    strategy: 'jaccard',
    template: 'm2rc',
    tokenCounter: words,
    budget: 120,
  });
  assert.equal(builder.tokenizerName, 'words');
  const tight = await builder.build(task);
  assert.ok(tight.tokens.total <= 120 && tight.tokens.total > 100, `total ${tight.tokens.total}`);
  assert.equal(tight.tokens.total, words.count(tight.prompt!));
  assert.ok(tight.retrieved.length < 80);
});
