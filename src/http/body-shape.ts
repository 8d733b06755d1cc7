import { ApiError, type FieldIssue } from "../errors.ts";

/**
 * Bounds every JSON body before anything walks it recursively (idempotency fingerprint, schema
 * validation) or stores it: nesting depth, array length and the characters of every string. The schemas
 * are far smaller (no array over 80 items, nesting under 8), so these only stop bodies built to make the
 * validator, the fingerprint or the database do unbounded work.
 */
export const BODY_LIMITS = { maxDepth: 32, maxArrayItems: 1000 } as const;

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

/** Walks `body` without recursion and throws INVALID_INPUT at the first value over a bound. */
export function checkBodyShape(body: unknown, limits = BODY_LIMITS): void {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (hasForbiddenCharacters(value)) {
        throw refuse(path, "invalid_characters", "must not contain control characters or unpaired surrogates", "contains a control character or an unpaired surrogate");
      }
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= limits.maxDepth) {
      throw refuse(path, "too_deep", `must not nest deeper than ${limits.maxDepth} levels`, `nests deeper than ${limits.maxDepth} levels`);
    }
    if (Array.isArray(value)) {
      // The length is checked before any element is looked at.
      if (value.length > limits.maxArrayItems) {
        throw refuse(path, "too_many", `must have at most ${limits.maxArrayItems} items`, `has ${value.length} items; no array may have more than ${limits.maxArrayItems}`);
      }
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: joinPath(path, i), depth: depth + 1 });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = joinPath(path, key);
      if (hasForbiddenCharacters(key)) {
        throw refuse(childPath, "invalid_characters", "field names must not contain control characters or unpaired surrogates", "has a field name with a control character or an unpaired surrogate");
      }
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
}
