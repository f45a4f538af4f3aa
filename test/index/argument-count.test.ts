// A call's argument count leaves out the comments among its arguments, in every comment syntax a table
// names (extraction counts an argument list's children and lists them only when a comment may be there).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFile } from '../../src/index/extract.ts';
import type { LanguageId } from '../../src/languages/types.ts';

/** `name/argumentCount` of every call in a file's functions, in order. */
async function counts(language: LanguageId, path: string, text: string): Promise<string[]> {
  const facts = await extractFile(path, language, text);
  return facts.functions.flatMap((fn) => fn.calls.map((call) => `${call.name}/${call.argumentCount}`));
}

test('comments among call arguments are not arguments, whichever way the language starts them', async () => {
  assert.deepEqual(
    await counts(
      'c',
      'a.c',
      'void f(void) {\n  g(a, /* b */ c);\n  h(a, // b\n    c);\n  k("//", "/*", x);\n  m(a, b, c);\n  n();\n  p(/* ' +
        'none */);\n}\n',
    ),
    ['g/2', 'h/2', 'k/3', 'm/3', 'n/0', 'p/0'],
  );
  assert.deepEqual(
    await counts(
      'php',
      'a.php',
      '<?php\nfunction f() {\n  g($a, # b\n    $c);\n  h($a, /* b */ $c);\n  k($a, $b, $c);\n}\n',
    ),
    ['g/2', 'h/2', 'k/3'],
  );
  assert.deepEqual(await counts('python', 'a.py', 'def f():\n    g(a,  # b\n      c)\n    h(a, b, c)\n'), [
    'g/2',
    'h/3',
  ]);
  assert.deepEqual(
    await counts('lua', 'a.lua', 'function f()\n  g(a, --[[ b ]] c)\n  h(a, -- b\n    c)\n  k(a, b, c)\nend\n'),
    ['g/2', 'h/2', 'k/3'],
  );
  assert.deepEqual(await counts('javascript', 'a.js', 'function f() {\n  g(a, /* b */ c);\n  h(a, b, c);\n}\n'), [
    'g/2',
    'h/3',
  ]);
});
