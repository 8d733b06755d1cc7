import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/** Sends a NOTIFY on `channel` (delivered when the surrounding transaction, if any, commits). */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
