/**
 * Answers that polling clients read over and over (a video, /v1/me) are built once per change and frozen;
 * their JSON text is then kept beside them, so a repeated answer costs a lookup instead of a serialization.
 * Only frozen values are remembered: nothing can change them after their text was taken.
 */
const texts = new WeakMap<object, string>();

/** `value` and everything in it made read-only; returns `value`. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The JSON text of a response body, taken once for a frozen body. */
export function bodyJson(body: unknown): string {
  if (body === null || typeof body !== "object" || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = texts.get(body);
  if (text === undefined) {
    text = JSON.stringify(body);
    texts.set(body, text);
  }
  return text;
}
