import { eq, lt } from "drizzle-orm";
import type { Windows } from "../../actors/account-actor.ts";
import type { Db } from "../client.ts";
import { rateWindows } from "../schema/index.ts";

const EMPTY: Windows = { requests: [], creates: [], freeTools: [] };

/** Reads a subject's windows and holds its row lock until the transaction ends. */
export async function lockRateWindows(tx: Db, subject: string, now: Date): Promise<Windows> {
  await tx.insert(rateWindows).values({ subject, windows: EMPTY, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(rateWindows).where(eq(rateWindows.subject, subject)).for("update");
  return row?.windows ?? EMPTY;
}

export async function saveRateWindows(tx: Db, subject: string, windows: Windows, now: Date): Promise<void> {
  await tx.update(rateWindows).set({ windows, updatedAt: now }).where(eq(rateWindows.subject, subject));
}

/** Rows untouched for a day hold no live window. */
export async function deleteStaleRateWindows(db: Db, before: Date): Promise<void> {
  await db.delete(rateWindows).where(lt(rateWindows.updatedAt, before));
}
