/**
 * `next` of `value`: at once when the value is there, else when it is. The request path answers from
 * memory without promises where it can (an await always yields, and Bun serves a promised answer for
 * 3-5 us more), and goes on after I/O only where a step needed it.
 */
export function andThen<T, U>(value: T | Promise<T>, next: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
