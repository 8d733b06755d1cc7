import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { accounts, mediaImports } from "../schema/index.ts";

export type MediaImportRow = typeof mediaImports.$inferSelect;
export type MediaKind = MediaImportRow["kind"];

export type ImportClaim =
  | { outcome: "reuse"; row: MediaImportRow }
  | { outcome: "claimed"; row: MediaImportRow }
  | { outcome: "quota_exceeded"; used: number; quota: number };

/**
 * Decides, under a per-account lock, whether a URL's file can be reused (ready and imported after
 * `reuseSince`), or may be fetched now: each URL counts once per day, and an account may start at most
 * its `mediaImportsPerDay` new URLs since `dayStart`. A claimed row is (re)set to `fetching` with the time of the claim.
 */
export async function claimMediaImport(
  db: Db,
  args: { id: string; accountId: string; kind: MediaKind; url: string; urlHash: string; now: Date; reuseSince: Date; dayStart: Date },
): Promise<ImportClaim> {
  return db.transaction(async (tx) => {
    // Serializes claims of one account across processes, so two imports cannot both take the 20th slot.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${args.accountId}`}))`);
    const [existing] = await tx
      .select()
      .from(mediaImports)
      .where(and(eq(mediaImports.accountId, args.accountId), eq(mediaImports.kind, args.kind), eq(mediaImports.urlHash, args.urlHash)));
    if (existing?.state === "ready" && existing.createdAt >= args.reuseSince) return { outcome: "reuse", row: existing };
    const countedToday = existing !== undefined && existing.createdAt >= args.dayStart;
    if (!countedToday) {
      const [account] = await tx.select({ quota: accounts.mediaImportsPerDay }).from(accounts).where(eq(accounts.id, args.accountId));
      const quota = account?.quota ?? 0;
      const [used] = await tx
        .select({ n: count() })
        .from(mediaImports)
        .where(and(eq(mediaImports.accountId, args.accountId), gte(mediaImports.createdAt, args.dayStart)));
      if ((used?.n ?? 0) >= quota) return { outcome: "quota_exceeded", used: used?.n ?? 0, quota };
    }
    const values = {
      state: "fetching" as const,
      url: args.url,
      storageKey: null,
      bytes: null,
      durationMs: null,
      errorCode: null,
      // A retry of today's URL keeps its time, so it is not counted twice.
      createdAt: countedToday ? existing!.createdAt : args.now,
    };
    if (existing) {
      const [row] = await tx.update(mediaImports).set(values).where(eq(mediaImports.id, existing.id)).returning();
      return { outcome: "claimed", row: row! };
    }
    const [row] = await tx
      .insert(mediaImports)
      .values({ id: args.id, accountId: args.accountId, kind: args.kind, urlHash: args.urlHash, ...values })
      .returning();
    return { outcome: "claimed", row: row! };
  });
}

export async function markMediaImportReady(db: Db, id: string, result: { storageKey: string; bytes: number; durationMs: number }): Promise<void> {
  await db
    .update(mediaImports)
    .set({ state: "ready", ...result })
    .where(eq(mediaImports.id, id));
}

export async function markMediaImportFailed(db: Db, id: string, errorCode: string): Promise<void> {
  await db.update(mediaImports).set({ state: "failed", errorCode }).where(eq(mediaImports.id, id));
}

export async function findReadyMediaImport(db: Db, accountId: string, id: string, kind: MediaKind): Promise<MediaImportRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaImports)
    .where(and(eq(mediaImports.id, id), eq(mediaImports.accountId, accountId), eq(mediaImports.kind, kind), eq(mediaImports.state, "ready")));
  return row;
}
