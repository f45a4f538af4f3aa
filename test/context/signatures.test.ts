// A decorated Python function's signature, as every template that shows a signature renders it,
// is valid Python: decorators keep their own lines, and a `# noqa` comment does not swallow the rest.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { createPromptBuilder, listTemplates, resolveTemplate } from '../../src/context/index.ts';
import { promptSignature } from '../../src/context/assemble.ts';
import { getLanguage } from '../../src/languages/registry.ts';
import { extractFixture } from '../languages/extract-helpers.ts';
import { copyRepo, mainTask } from './helpers.ts';

/** Compiles Python source with python3; throws with the compiler's message when it is invalid. */
function compilePython(source: string): void {
  execFileSync('python3', ['-c', 'import sys; compile(sys.stdin.read(), "<signature>", "exec")'], {
    input: source,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

test('decorated Python signatures keep their lines in the index and compile as each signature template shows them', async () => {
  const { facts } = await extractFixture('lang/python/decorated.py');
  assert.deepEqual(
    facts.functions.map((fn) => fn.signature),
    [
      '@property\ndef eos(self) -> bool:',
      '@functools.lru_cache(maxsize=None)  # noqa: B019\n@staticmethod\ndef parse(text,  # noqa: E501\n          ' +
        'strict=False):',
    ],
  );
  const templates = listTemplates().filter((template) =>
    JSON.stringify(resolveTemplate(template.name)).includes('{signature}'),
  );
  assert.ok(templates.length > 0, 'at least one built-in template shows a signature');
  const base = mainTask(copyRepo());
  for (const fn of facts.functions) {
    const task: TaskRecord = {
      ...base,
      kind: 'function',
      path: 'lang/python/decorated.py',
      signature: fn.signature,
      docstring: fn.docstring,
      name: fn.name,
    };
    for (const template of templates) {
      const built = await (await createPromptBuilder({ strategy: 'none', template: template.name })).build(task);
      const shown = [...(built.messages ?? []).map((m) => m.content), built.prompt ?? ''].join('\n');
      assert.ok(shown.includes(fn.signature), `${template.name} shows ${fn.name}'s signature as written`);
      compilePython(`${fn.signature}\n    pass\n`);
    }
  }
  // the joined form (what YABLoCo does for C) would not compile: the check above can fail
  assert.throws(() => compilePython(`${facts.functions[1]!.signature.replace(/\n/g, '')}\n    pass\n`));
});

test('a C signature is joined as YABLoCo joins it, unless a line comment would swallow the rest', () => {
  const c = getLanguage('c');
  assert.equal(promptSignature('static int\nclamp(int v,\tint lo)', c), 'static intclamp(int v,int lo)');
  assert.equal(
    promptSignature('int f(int a, // the first\n      int b)', c),
    'int f(int a, // the first\n      int b)',
  );
  assert.equal(
    promptSignature('@property\ndef eos(self) -> bool:', getLanguage('python')),
    '@property\ndef eos(self) -> bool:',
  );
});
