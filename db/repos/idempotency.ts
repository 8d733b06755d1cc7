import { and, eq, lt, or } from "drizzle-orm";
import type { Db } from "../client.ts";
import { idempotencyKeys } from "../schema/index.ts";

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

export interface Claim {
  accountId: string;
  key: string;
  route: string;
  bodyHash: string;
  now: Date;
  ttlMs: number;
  leaseMs: number;
}

export async function findIdempotencyRecord(db: Db, accountId: string, key: string): Promise<IdempotencyRecord | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Takes the key for this request: a new row, or one whose 24 hours are over, or a running claim whose
 * lease lapsed (its process died). Returns undefined when someone else holds it; the caller reads it.
 */
export async function claimIdempotencyKey(db: Db, c: Claim): Promise<IdempotencyRecord | undefined> {
  const fresh = {
    route: c.route,
    bodyHash: c.bodyHash,
    state: "running" as const,
    responseStatus: null,
    responseBody: null,
    responseHeaders: null,
    resourceId: null,
    leaseUntil: new Date(c.now.getTime() + c.leaseMs),
    createdAt: c.now,
    expiresAt: new Date(c.now.getTime() + c.ttlMs),
  };
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ accountId: c.accountId, key: c.key, ...fresh })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const lapsed = or(lt(idempotencyKeys.expiresAt, c.now), and(eq(idempotencyKeys.state, "running"), lt(idempotencyKeys.leaseUntil, c.now)));
  // Taking over a lapsed claim must not mix bodies: a different body is still a reuse of the key.
  const sameBodyOrExpired = or(lt(idempotencyKeys.expiresAt, c.now), eq(idempotencyKeys.bodyHash, c.bodyHash));
  const [taken] = await db
    .update(idempotencyKeys)
    .set(fresh)
    .where(and(eq(idempotencyKeys.accountId, c.accountId), eq(idempotencyKeys.key, c.key), lapsed, sameBodyOrExpired))
    .returning();
  return taken;
}

export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  resourceId?: string | null;
}

/** Records the answer; only the running claim is completed (a create completes it in its own transaction first). */
export async function completeIdempotencyKey(db: Db, accountId: string, key: string, response: StoredResponse): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      state: "done",
      responseStatus: response.status,
      responseBody: response.body,
      responseHeaders: response.headers,
      resourceId: response.resourceId ?? null,
      leaseUntil: null,
    })
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, "running")));
}

/** Forgets a claim whose answer must not be replayed (a 5xx, 429, 409...), so a retry runs again. */
export async function releaseIdempotencyKey(db: Db, accountId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, "running")));
}

export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}
