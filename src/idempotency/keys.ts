import { createHash } from "node:crypto";
import { ApiError } from "../kernel/errors.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A running claim older than this belongs to a process that died; the next request takes it over. */
export const IDEMPOTENCY_LEASE_MS = 120_000;
/** Retry-After on IDEMPOTENCY_IN_PROGRESS. */
export const IN_PROGRESS_RETRY_SECONDS = 2;

/** The header's key, undefined when absent; empty or over 255 characters is refused. */
export function readIdempotencyKey(headers: Headers): string | undefined {
  const value = headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return undefined;
  if (value.length < 1 || value.length > 255) {
    throw new ApiError("INVALID_IDEMPOTENCY_KEY", `Idempotency-Key must be 1-255 characters; this one has ${value.length}.`);
  }
  return value;
}

/** JSON with object keys sorted at every level: bodies that differ only in key order or spacing are equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What "the same request" means: method, path and canonical body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${canonicalJson(body ?? null)}`).digest("hex");
}

/**
 * A stored answer is at most this long; a longer one is sent once and not stored (its key is released),
 * so no request can make the service keep megabytes for 24 hours. Every answer of the API is far smaller.
 */
export const MAX_STORED_ANSWER_BYTES = 64 * 1024;

/**
 * Answers worth replaying: successes and refusals the same body would always get again (400, 404, 422).
 * Answers that depend on the moment (401, 402, 409, 429, 5xx) are not stored, so a retry runs again.
 */
export function isReplayable(status: number): boolean {
  return (status >= 200 && status < 300) || status === 400 || status === 404 || status === 422;
}
