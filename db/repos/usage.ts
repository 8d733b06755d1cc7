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

/** What an account used since `since` (the start of its billing period), read from videos and the ledger in one query. */
export async function usageSince(db: Db, accountId: string, since: Date): Promise<UsageSummary> {
  const charged = (counter: string) => sql<number>`coalesce(sum(${usageLedger.amount}) filter (where ${usageLedger.counter} = ${counter}), 0)::int`;
  const created = db
    .select({
      total: sql<number>`count(*)::int`.as("total"),
      completed: sql<number>`count(*) filter (where ${videos.status} = 'completed')::int`.as("completed"),
    })
    .from(videos)
    .where(and(eq(videos.accountId, accountId), gte(videos.createdAt, since)))
    .as("created");
  const inProgress = db
    .select({ n: sql<number>`count(*)::int`.as("in_progress") })
    .from(videos)
    .where(and(eq(videos.accountId, accountId), notInArray(videos.status, [...TERMINAL_STATUSES])))
    .as("in_progress");
  const ledger = db
    .select({
      narration: charged("narration").as("narration"),
      render: charged("render").as("render"),
      videos: charged("videos").as("videos"),
      seconds: sql<number>`coalesce(sum(${usageLedger.narrationSeconds}), 0)::int`.as("seconds"),
    })
    .from(usageLedger)
    .where(and(eq(usageLedger.accountId, accountId), gte(usageLedger.createdAt, since)))
    .as("ledger");
  const [row] = await db
    .select({
      total: created.total,
      completed: created.completed,
      inProgress: inProgress.n,
      narration: ledger.narration,
      render: ledger.render,
      videos: ledger.videos,
      seconds: ledger.seconds,
    })
    .from(created)
    .crossJoin(inProgress)
    .crossJoin(ledger);
  return {
    videosCreated: Number(row?.total ?? 0),
    videosCompleted: Number(row?.completed ?? 0),
    videosInProgress: Number(row?.inProgress ?? 0),
    charged: { narration: Number(row?.narration ?? 0), render: Number(row?.render ?? 0), videos: Number(row?.videos ?? 0) },
    narrationSeconds: Number(row?.seconds ?? 0),
  };
}

export type NewUsageEntry = typeof usageLedger.$inferInsert;

/** Records a video's charges. Unique per (video, counter): a second completion can never charge again. */
export async function recordCharges(db: Db, entries: NewUsageEntry[]): Promise<void> {
  await db.insert(usageLedger).values(entries).onConflictDoNothing();
}
