/**
 * `make`'s value, made the first time it is asked for and kept. The content modules' data (Pokédex,
 * brand logos, sentence and name models, n-gram tables: about 36 MB and 300,000 objects) is loaded this
 * way, with `require` at first use, so a process that only serves requests never holds it: every full
 * garbage collection walks what the heap holds, and a serving process starts a second sooner. The first
 * content step of a process pays the load instead (0.1-0.5 s a module, once).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
