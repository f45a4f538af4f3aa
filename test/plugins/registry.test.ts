// The registry every extension kind uses: names in registration order, an unknown name is an
// InputError listing the known ones, and nothing replaces an entry silently.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InputError } from '../../src/util/errors.ts';
import { Registry } from '../../src/util/registry.ts';

test('register, get, has, names and list; errors name the kind, the field and the known names', () => {
  const registry = new Registry<{ weight: number }>('scorer', 'scorer');
  registry.register('b', { weight: 2 });
  registry.register('a', { weight: 1 });
  assert.deepEqual(registry.names(), ['b', 'a']);
  assert.deepEqual(registry.list(), [{ weight: 2 }, { weight: 1 }]);
  assert.equal(registry.get('a').weight, 1);
  assert.equal(registry.has('c'), false);
  assert.equal(registry.find('c'), undefined);
  assert.throws(
    () => registry.get('c'),
    (error: Error) =>
      error instanceof InputError && error.message === "field 'scorer': unknown scorer 'c' (known: b, a)",
  );
  assert.throws(
    () => registry.register('a', { weight: 3 }),
    /field 'scorer': a scorer named 'a' is already registered/,
  );
  assert.equal(registry.get('a').weight, 1);
  assert.throws(() => registry.register('with space', { weight: 0 }), /invalid scorer name 'with space'/);
});
