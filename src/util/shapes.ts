// One shape per kind of object on hot paths. V8 optimises code for the object shapes (the keys and
// their order) it has met; an object with other keys throws that code away, to be compiled again.
// JSON.parse and optional fields give an object the keys it happens to have, so code that reads
// many such objects rebuilds them with every key, in one order (a missing one undefined).

/** `object` with exactly `keys`, in that order (a key it lacks: undefined). */
export function withKeys<T extends object>(object: T, keys: readonly (keyof T)[]): T {
  const shaped = {} as T;
  for (const key of keys) shaped[key] = object[key];
  return shaped;
}

/** Every key of T, listed once: `keysOf<T>()([...])` does not compile when the list misses one. */
export function keysOf<T>() {
  return <const K extends readonly (keyof T)[]>(
    keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, K[number]> }),
  ): K => keys;
}

/** The keys any of `objects` has, in the order they first appear. */
export function unionKeys(objects: readonly object[]): string[] {
  return [...new Set(objects.flatMap((object) => Object.keys(object)))];
}
