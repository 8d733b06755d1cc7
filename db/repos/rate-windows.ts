import { asc, eq, inArray, lt, sql } from "drizzle-orm";
import { type Db, withTransaction } from "../client.ts";
import { type RateWindows, type TimeLog, rateWindows } from "../schema/index.ts";

const EMPTY: RateWindows = { requests: [], creates: [], freeTools: [] };

/** A window as stored: runs, or (rows written before runs) one time per admission. */
const asLog = (stored: readonly (number | readonly [number, number])[] | undefined): TimeLog =>
  (stored ?? []).map((entry) => (typeof entry === "number" ? ([entry, 1] as const) : entry));

/** Rows written by a batch before `creates` existed in them (or by a flush) may lack a window. */
const complete = (windows: Partial<Record<keyof RateWindows, readonly (number | readonly [number, number])[]>> | undefined): RateWindows => ({
  requests: asLog(windows?.requests),
  creates: asLog(windows?.creates),
  freeTools: asLog(windows?.freeTools),
});

/** Reads a subject's windows and holds its row lock until the transaction ends. */
export async function lockRateWindows(tx: Db, subject: string, now: Date): Promise<RateWindows> {
  await tx.insert(rateWindows).values({ subject, windows: EMPTY, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(rateWindows).where(eq(rateWindows.subject, subject)).for("update");
  return complete(row?.windows);
}

export async function saveRateWindows(tx: Db, subject: string, windows: RateWindows, now: Date): Promise<void> {
  await tx.update(rateWindows).set({ windows, updatedAt: now }).where(eq(rateWindows.subject, subject));
}

/** The windows of each subject that has a row (no lock). */
export async function readRateWindows(db: Db, subjects: string[]): Promise<Map<string, RateWindows>> {
  const rows = subjects.length === 0 ? [] : await db.select().from(rateWindows).where(inArray(rateWindows.subject, subjects));
  return new Map(rows.map((row) => [row.subject, complete(row.windows)]));
}

/**
 * Adds times to many subjects' windows in one transaction and returns every subject's windows as they
 * now stand (other processes' additions included). Rows are locked in subject order, so two batches
 * never deadlock, and an addition is never lost to another process's write. `merge` combines a row's
 * windows with the times added (and drops those past their window).
 */
export async function addToRateWindows(
  db: Db,
  additions: Map<string, RateWindows>,
  now: Date,
  merge: (stored: RateWindows, added: RateWindows) => RateWindows,
): Promise<Map<string, RateWindows>> {
  const subjects = [...additions.keys()].sort();
  if (subjects.length === 0) return new Map();
  return withTransaction(db, async (tx) => {
    await tx.insert(rateWindows).values(subjects.map((subject) => ({ subject, windows: EMPTY, updatedAt: now }))).onConflictDoNothing();
    const rows = await tx.select().from(rateWindows).where(inArray(rateWindows.subject, subjects)).orderBy(asc(rateWindows.subject)).for("update");
    const merged = new Map(rows.map((row) => [row.subject, merge(complete(row.windows), additions.get(row.subject)!)]));
    await tx
      .insert(rateWindows)
      .values([...merged].map(([subject, windows]) => ({ subject, windows, updatedAt: now })))
      .onConflictDoUpdate({ target: rateWindows.subject, set: { windows: sql`excluded.windows`, updatedAt: sql`excluded.updated_at` } });
    return merged;
  });
}

/** Rows untouched for a day hold no live window. */
export async function deleteStaleRateWindows(db: Db, before: Date): Promise<void> {
  await db.delete(rateWindows).where(lt(rateWindows.updatedAt, before));
}
