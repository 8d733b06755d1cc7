import { and, desc, eq, inArray, isNotNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type AccountRow, type ApiKeyRow, type VideoRow, accounts, apiKeys, downloadLinks, videos } from "../schema/index.ts";
import { TERMINAL_STATUSES } from "./usage.ts";

export type NewVideo = typeof videos.$inferInsert;
export type VideoPatch = Partial<Omit<NewVideo, "id" | "accountId" | "createdAt">>;
export type DownloadLinkRow = typeof downloadLinks.$inferSelect;

export async function insertVideo(db: Db, video: NewVideo): Promise<VideoRow> {
  const [row] = await db.insert(videos).values(video).returning();
  return row!;
}

export async function findAccountVideo(db: Db, accountId: string, id: string): Promise<VideoRow | undefined> {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.accountId, accountId)));
  return row;
}

/**
 * The account's video together with the key a progress stream was opened with and the key's account, in
 * one statement: what the stream sends was read while the key stood as this says. Undefined when the key
 * is gone; `video` is null when the key's account has no such video.
 */
export async function findVideoForKey(db: Db, keyId: string, id: string): Promise<{ key: ApiKeyRow; account: AccountRow; video: VideoRow | null } | undefined> {
  const [row] = await db
    .select({ key: apiKeys, account: accounts, video: videos })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .leftJoin(videos, and(eq(videos.id, id), eq(videos.accountId, apiKeys.accountId)))
    .where(eq(apiKeys.id, keyId));
  return row;
}

/** Newest first; ids sort by creation time, so `beforeId` is a stable cursor. */
export async function listAccountVideos(db: Db, accountId: string, limit: number, beforeId?: string): Promise<VideoRow[]> {
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.accountId, accountId), beforeId ? lt(videos.id, beforeId) : undefined))
    .orderBy(desc(videos.id))
    .limit(limit);
}

/** Expected costs of the account's unfinished videos (reserved against its balance). */
export async function expectedChargesInProgress(db: Db, accountId: string) {
  const rows = await db
    .select({ expected: videos.expectedCharges })
    .from(videos)
    .where(and(eq(videos.accountId, accountId), notInArray(videos.status, [...TERMINAL_STATUSES])));
  return rows.flatMap((r) => (r.expected ? [r.expected] : []));
}

/** Cancels only a queued video; undefined when it had already moved on. */
export async function cancelQueuedVideo(db: Db, accountId: string, id: string, patch: VideoPatch): Promise<VideoRow | undefined> {
  const [row] = await db
    .update(videos)
    .set(patch)
    .where(and(eq(videos.id, id), eq(videos.accountId, accountId), eq(videos.status, "queued")))
    .returning();
  return row;
}

/** Starts a new attempt on a video that is not finished; the returned `attempts` is the attempt's fencing token. */
export async function beginVideoAttempt(db: Db, id: string, now: Date): Promise<VideoRow | undefined> {
  const [row] = await db
    .update(videos)
    .set({ attempts: sql`${videos.attempts} + 1`, heartbeatAt: now, updatedAt: now, startedAt: sql`coalesce(${videos.startedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(videos.id, id), notInArray(videos.status, [...TERMINAL_STATUSES])))
    .returning();
  return row;
}

/** Writes for the attempt holding `attempt`; false when a newer attempt took over or the video finished. */
export async function updateVideoForAttempt(db: Db, id: string, attempt: number, patch: VideoPatch): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set(patch)
    .where(and(eq(videos.id, id), eq(videos.attempts, attempt), notInArray(videos.status, [...TERMINAL_STATUSES])))
    .returning({ id: videos.id });
  return rows.length === 1;
}

/** Unfinished videos whose heartbeat stopped before `before` (or that never started and were created before `queuedBefore`). */
export async function findStuckVideos(db: Db, before: Date, queuedBefore: Date): Promise<VideoRow[]> {
  return db
    .select()
    .from(videos)
    .where(
      and(
        notInArray(videos.status, [...TERMINAL_STATUSES]),
        or(and(ne(videos.status, "queued"), lt(videos.heartbeatAt, before)), and(eq(videos.status, "queued"), lt(videos.createdAt, queuedBefore))),
      ),
    )
    .limit(100);
}

/** Recent completed videos with their processing time, for the measured throughput. */
export async function recentCompletions(db: Db, limit: number): Promise<{ durationSeconds: number; processingSeconds: number }[]> {
  const rows = await db
    .select({
      durationSeconds: videos.durationSeconds,
      processingSeconds: sql<number>`extract(epoch from (${videos.completedAt} - ${videos.startedAt}))::float8`,
    })
    .from(videos)
    .where(and(eq(videos.status, "completed"), isNotNull(videos.durationSeconds), isNotNull(videos.startedAt)))
    .orderBy(desc(videos.completedAt))
    .limit(limit);
  return rows.map((r) => ({ durationSeconds: r.durationSeconds!, processingSeconds: Number(r.processingSeconds) }));
}

export async function latestDownloadLinks(db: Db, videoIds: string[]): Promise<Map<string, DownloadLinkRow>> {
  const links = new Map<string, DownloadLinkRow>();
  if (videoIds.length === 0) return links;
  const rows = await db.select().from(downloadLinks).where(inArray(downloadLinks.videoId, videoIds)).orderBy(desc(downloadLinks.expiresAt));
  for (const row of rows) if (!links.has(row.videoId)) links.set(row.videoId, row);
  return links;
}

/** Of `ids`, those that name no video or a video that has finished (completed, failed or cancelled). */
export async function findFinishedOrUnknownVideoIds(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const live = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(inArray(videos.id, ids), notInArray(videos.status, [...TERMINAL_STATUSES])));
  const liveIds = new Set(live.map((r) => r.id));
  return ids.filter((id) => !liveIds.has(id));
}

/** Whether `attempt` is the video's current attempt and it is rendering (a shared window's fence). */
export async function isAttemptRendering(db: Db, id: string, attempt: number): Promise<boolean> {
  const [row] = await db.select({ status: videos.status, attempts: videos.attempts }).from(videos).where(eq(videos.id, id));
  return row?.status === "rendering" && row.attempts === attempt;
}
