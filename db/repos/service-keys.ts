import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { serviceKeys } from "../schema/index.ts";

/** The deployment's key `name`: the first caller's `made` is kept, and every caller gets the kept one. */
export async function sharedKey(db: Db, name: string, made: string, now: Date): Promise<string> {
  await db.insert(serviceKeys).values({ name, value: made, createdAt: now }).onConflictDoNothing();
  const [row] = await db.select({ value: serviceKeys.value }).from(serviceKeys).where(eq(serviceKeys.name, name));
  return row!.value;
}
