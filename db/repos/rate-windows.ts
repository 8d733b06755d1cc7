import { eq, lt } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type RateWindows, rateWindows } from "../schema/index.ts";

const EMPTY: RateWindows = { requests: [], creates: [], freeTools: [] };

/** Reads a subject's windows and holds its row lock until the transaction ends. */
export async function lockRateWindows(tx: Db, subject: string, now: Date): Promise<RateWindows> {
  await tx.insert(rateWindows).values({ subject, windows: EMPTY, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(rateWindows).where(eq(rateWindows.subject, subject)).for("update");
  return row?.windows ?? EMPTY;
}

export async function saveRateWindows(tx: Db, subject: string, windows: RateWindows, now: Date): Promise<void> {
  await tx.update(rateWindows).set({ windows, updatedAt: now }).where(eq(rateWindows.subject, subject));
}

/** Rows untouched for a day hold no live window. */
export async function deleteStaleRateWindows(db: Db, before: Date): Promise<void> {
  await db.delete(rateWindows).where(lt(rateWindows.updatedAt, before));
}
