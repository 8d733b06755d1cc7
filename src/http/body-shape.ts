import { ApiError, type FieldIssue } from "../kernel/errors.ts";

/**
 * Bounds every JSON body before anything builds or walks it: its text is measured before JSON.parse
 * (nesting depth, items of an array, fields of an object, and field names and values in all), and the
 * parsed value's strings are checked before the idempotency fingerprint, schema validation or the
 * database see them. The schemas are far smaller (no array over 80 items, nesting under 8, a few dozen
 * fields), so these only stop bodies built to make the parser, the validator, the fingerprint or the
 * database do unbounded work: JSON.parse alone takes about a second for 150,000 fields in one object,
 * its time growing faster than the count.
 */
export const BODY_LIMITS = { maxDepth: 32, maxArrayItems: 1000, maxObjectFields: 1000, maxFields: 10_000, maxValues: 20_000 } as const;

export type BodyLimits = { readonly [K in keyof typeof BODY_LIMITS]: number };

/**
 * C0 controls other than tab, line feed and carriage return, DEL, C1 controls, and UTF-16 surrogates
 * that are not part of a pair (a lone `\ud800` cannot be stored as UTF-8).
 */
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a caller's string holds a control character or a lone surrogate. */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

function joinPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  const safe = hasForbiddenCharacters(key) ? JSON.stringify(key).slice(1, -1) : key;
  return path === "" ? safe : `${path}.${safe}`;
}

function refuse(path: string, code: string, message: string, detail: string): ApiError {
  return new ApiError("INVALID_INPUT", `request body: ${path || "(root)"} ${detail}`, { errors: [{ path, message, code } satisfies FieldIssue] });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** Whether `c` ends a number or a literal (true, false, null). */
const endsToken = (c: number) => isSpace(c) || c === COMMA || c === COLON || c === CLOSE_OBJECT || c === CLOSE_ARRAY || c === QUOTE || c === OPEN_OBJECT || c === OPEN_ARRAY;

/** The index of the quote that closes the string opening at `open` (the text's length when none does). */
function stringEnd(text: string, open: number): number {
  // indexOf jumps to the next quote natively; a quote after an odd run of backslashes is escaped.
  for (let quote = text.indexOf('"', open + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/** The index of the last character of the number or literal starting at `start`. */
function tokenEnd(text: string, start: number): number {
  let end = start;
  while (end + 1 < text.length && !endsToken(text.charCodeAt(end + 1))) end++;
  return end;
}

/**
 * Throws INVALID_INPUT when the JSON text is over a bound of `limits`, in one pass over its characters
 * that builds nothing but three stacks no deeper than maxDepth, and stops at the first bound passed: a
 * hostile body is refused after reading as much of it as the bound allows. It does not judge syntax
 * (JSON.parse does, after it); on malformed text its counts may be off, its work never unbounded.
 */
export function checkJsonText(text: string, limits: BodyLimits = BODY_LIMITS): void {
  // One entry per open container, innermost last: an object or not, members or items so far, where it opened.
  const objects: boolean[] = [];
  const counts: number[] = [];
  const starts: number[] = [];
  let fields = 0;
  let values = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    const depth = objects.length;
    if (c === COMMA) {
      expectKey = objects[depth - 1] === true;
      continue;
    }
    if (c === COLON) {
      expectKey = false;
      continue;
    }
    if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      objects.pop();
      counts.pop();
      starts.pop();
      expectKey = false;
      continue;
    }
    if (c === QUOTE && expectKey) {
      if (++fields > limits.maxFields) {
        throw refuse("", "too_many", `must have at most ${limits.maxFields} field names in all`, `has more than ${limits.maxFields} field names in all`);
      }
      if (++counts[depth - 1]! > limits.maxObjectFields) {
        throw refuse(pathAt(text, starts[depth - 1]!), "too_many", `must have at most ${limits.maxObjectFields} fields`, `has more than ${limits.maxObjectFields} fields; no object may have more`);
      }
      i = stringEnd(text, i);
      continue;
    }
    // A value starts here.
    if (++values > limits.maxValues) {
      throw refuse("", "too_many", `must have at most ${limits.maxValues} values in all`, `has more than ${limits.maxValues} values in all`);
    }
    if (depth > 0 && !objects[depth - 1] && ++counts[depth - 1]! > limits.maxArrayItems) {
      throw refuse(pathAt(text, starts[depth - 1]!), "too_many", `must have at most ${limits.maxArrayItems} items`, `has more than ${limits.maxArrayItems} items; no array may have more`);
    }
    if (c === QUOTE) {
      i = stringEnd(text, i);
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth >= limits.maxDepth) {
        throw refuse(pathAt(text, i), "too_deep", `must not nest deeper than ${limits.maxDepth} levels`, `nests deeper than ${limits.maxDepth} levels`);
      }
      objects.push(c === OPEN_OBJECT);
      counts.push(0);
      starts.push(i);
      expectKey = c === OPEN_OBJECT;
    } else {
      i = tokenEnd(text, i);
    }
  }
}

function keyAt(text: string, open: number, close: number): string {
  try {
    return JSON.parse(text.slice(open, close + 1)) as string;
  } catch {
    return text.slice(open + 1, close);
  }
}

/**
 * The path of the value that starts at `offset`, as errors[] names it (`inputs.messages[2]`): a second
 * pass, made only to name what is refused, so the first keeps no key.
 */
function pathAt(text: string, offset: number): string {
  const frames: Array<{ path: string; object: boolean; key: string; index: number }> = [];
  let expectKey = false;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    const frame = frames[frames.length - 1];
    if (c === COMMA) {
      expectKey = frame?.object === true;
    } else if (c === COLON) {
      expectKey = false;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      frames.pop();
      expectKey = false;
    } else if (c === QUOTE && expectKey && frame) {
      const close = stringEnd(text, i);
      frame.key = keyAt(text, i, close);
      i = close;
    } else {
      if (frame && !frame.object) frame.index++;
      if (c === QUOTE) i = stringEnd(text, i);
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        const path = frame ? joinPath(frame.path, frame.object ? frame.key : frame.index) : "";
        frames.push({ path, object: c === OPEN_OBJECT, key: "", index: -1 });
        expectKey = c === OPEN_OBJECT;
      } else i = tokenEnd(text, i);
    }
  }
  const frame = frames[frames.length - 1];
  if (!frame) return "";
  return joinPath(frame.path, frame.object ? frame.key : frame.index + 1);
}

/**
 * Walks a parsed body (bounded by checkJsonText) without recursion and throws INVALID_INPUT at the first
 * string or field name with a control character or an unpaired surrogate.
 */
export function checkBodyCharacters(body: unknown): void {
  const stack: Array<{ value: unknown; path: string }> = [{ value: body, path: "" }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (hasForbiddenCharacters(value)) {
        throw refuse(path, "invalid_characters", "must not contain control characters or unpaired surrogates", "contains a control character or an unpaired surrogate");
      }
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: joinPath(path, i) });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = joinPath(path, key);
      if (hasForbiddenCharacters(key)) {
        throw refuse(childPath, "invalid_characters", "field names must not contain control characters or unpaired surrogates", "has a field name with a control character or an unpaired surrogate");
      }
      stack.push({ value: child, path: childPath });
    }
  }
}
