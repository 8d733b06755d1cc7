import { and, eq, gte, notInArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { usageLedger, videos } from "../schema/index.ts";

export const TERMINAL_STATUSES = ["completed", "failed", "cancelled"] as const;

export interface UsageSummary {
  videosCreated: number;
  videosCompleted: number;
  videosInProgress: number;
  charged: { narration: number; render: number; videos: number };
  narrationSeconds: number;
}

/** What an account used since `since` (the start of its billing period), read from videos and the ledger. */
export async function usageSince(db: Db, accountId: string, since: Date): Promise<UsageSummary> {
  const [created] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${videos.status} = 'completed')::int`,
    })
    .from(videos)
    .where(and(eq(videos.accountId, accountId), gte(videos.createdAt, since)));
  const [inProgress] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(videos)
    .where(and(eq(videos.accountId, accountId), notInArray(videos.status, [...TERMINAL_STATUSES])));
  const ledger = await db
    .select({
      counter: usageLedger.counter,
      amount: sql<number>`coalesce(sum(${usageLedger.amount}), 0)::int`,
      seconds: sql<number>`coalesce(sum(${usageLedger.narrationSeconds}), 0)::int`,
    })
    .from(usageLedger)
    .where(and(eq(usageLedger.accountId, accountId), gte(usageLedger.createdAt, since)))
    .groupBy(usageLedger.counter);
  const charged = { narration: 0, render: 0, videos: 0 };
  let narrationSeconds = 0;
  for (const row of ledger) {
    charged[row.counter] = row.amount;
    narrationSeconds += row.seconds;
  }
  return {
    videosCreated: created?.total ?? 0,
    videosCompleted: created?.completed ?? 0,
    videosInProgress: inProgress?.n ?? 0,
    charged,
    narrationSeconds,
  };
}

export type NewUsageEntry = typeof usageLedger.$inferInsert;

/** Records a video's charges. Unique per (video, counter): a second completion can never charge again. */
export async function recordCharges(db: Db, entries: NewUsageEntry[]): Promise<void> {
  await db.insert(usageLedger).values(entries).onConflictDoNothing();
}
