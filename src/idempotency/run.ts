import type { Db } from "../../db/client.ts";
import { claimIdempotencyKey, completeIdempotencyKey, findIdempotencyRecord, releaseIdempotencyKey } from "../../db/repos/idempotency.ts";
import { ApiError } from "../kernel/errors.ts";
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_RETRY_SECONDS,
  MAX_STORED_ANSWER_BYTES,
  REPLAYED_HEADER,
  isReplayable,
  requestFingerprint,
} from "./keys.ts";

export interface IdempotentCall {
  db: Db;
  accountId: string;
  key: string;
  method: string;
  path: string;
  body: unknown;
  now: Date;
  /** Runs the request; errors are already answers (problem responses). */
  respond(): Promise<Response>;
  /** Builds a replay's body from the resource the first request made (a create answers with the video as it is now). */
  replayResource?(resourceId: string): Promise<unknown>;
}

/** Headers a replay repeats; the rest (request id, rate limits) belong to the new request. */
const KEPT_HEADERS = ["location", "content-type", "retry-after"];

/**
 * Runs a POST under an Idempotency-Key: the first request with a key runs and its answer is stored for
 * 24 hours; the same key and body replays it, a different body is 422, and a request still running
 * is 409. The database row is the lock, so parallel requests and several processes agree.
 */
export async function runIdempotent(call: IdempotentCall): Promise<Response> {
  const bodyHash = requestFingerprint(call.method, call.path, call.body);
  const claimed = await claimIdempotencyKey(call.db, {
    accountId: call.accountId,
    key: call.key,
    route: `${call.method} ${call.path}`,
    bodyHash,
    now: call.now,
    ttlMs: IDEMPOTENCY_TTL_MS,
    leaseMs: IDEMPOTENCY_LEASE_MS,
  });
  if (!claimed) return answerExisting(call, bodyHash);
  let response: Response;
  try {
    response = await call.respond();
  } catch (error) {
    await releaseIdempotencyKey(call.db, call.accountId, call.key).catch(() => {});
    throw error;
  }
  if (!isReplayable(response.status)) {
    await releaseIdempotencyKey(call.db, call.accountId, call.key);
    return response;
  }
  const text = await response.clone().text();
  if (Buffer.byteLength(text) > MAX_STORED_ANSWER_BYTES) {
    await releaseIdempotencyKey(call.db, call.accountId, call.key);
    return response;
  }
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await completeIdempotencyKey(call.db, call.accountId, call.key, { status: response.status, body: text ? JSON.parse(text) : null, headers });
  return response;
}

async function answerExisting(call: IdempotentCall, bodyHash: string): Promise<Response> {
  const record = await findIdempotencyRecord(call.db, call.accountId, call.key);
  if (!record) {
    // Released between our claim and this read: the other request ended without a stored answer.
    throw new ApiError("IDEMPOTENCY_IN_PROGRESS", "A request with this Idempotency-Key just ended without a stored answer; retry.", {
      retryAfterSeconds: IN_PROGRESS_RETRY_SECONDS,
    });
  }
  if (record.bodyHash !== bodyHash) {
    throw new ApiError("IDEMPOTENCY_KEY_REUSED", `This Idempotency-Key was first used with a different request (${record.route} with another body); use a new key for a new request.`);
  }
  if (record.state === "running") {
    throw new ApiError("IDEMPOTENCY_IN_PROGRESS", "The first request with this Idempotency-Key is still running; retry after Retry-After for its answer.", {
      retryAfterSeconds: IN_PROGRESS_RETRY_SECONDS,
    });
  }
  const body = record.resourceId && call.replayResource ? await call.replayResource(record.resourceId) : record.responseBody;
  const headers = new Headers(record.responseHeaders ?? {});
  if (!headers.has("content-type")) headers.set("content-type", "application/json; charset=utf-8");
  headers.set(REPLAYED_HEADER, "true");
  return new Response(JSON.stringify(body), { status: record.responseStatus ?? 200, headers });
}
