import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { beginVideoAttempt, findAccountVideo, insertVideo, updateVideoForAttempt } from "../../db/repos/videos.ts";
import { usageLedger } from "../../db/schema/index.ts";
import { newId } from "../../src/kernel/ids.ts";
import { completeVideo, Superseded } from "../../src/videos/finish.ts";
import { runWatchdog, STALLED_AFTER_MS } from "../../src/videos/worker.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";

describe.each(DATABASE_KINDS)("attempts and the watchdog on %s", (kind) => {
  const svc = useService(kind);

  async function video() {
    const { accountId } = await svc().createAccount();
    const now = svc().deps.now();
    return insertVideo(svc().database.db, { id: newId("vid"), accountId, template: "reddit_story", status: "queued", stage: "Waiting in the queue", inputs: {}, createdAt: now, updatedAt: now });
  }

  test("a stalled attempt's late writes and completion are refused once a newer attempt took the video", async () => {
    const row = await video();
    const db = svc().database.db;
    const stalled = (await beginVideoAttempt(db, row.id, svc().deps.now()))!;
    const current = (await beginVideoAttempt(db, row.id, svc().deps.now()))!;
    expect(current.attempts).toBe(stalled.attempts + 1);
    expect(await updateVideoForAttempt(db, row.id, stalled.attempts, { progress: 70 })).toBe(false);
    expect(await updateVideoForAttempt(db, row.id, current.attempts, { progress: 60 })).toBe(true);
    const ctx = { db, queue: svc().queue, publicBaseUrl: BASE, now: svc().deps.now() };
    const charges = { narration: 0, render: 0, videos: 1, narrationSeconds: 50 };
    await expect(completeVideo(ctx, stalled, stalled.attempts, charges, 60, false)).rejects.toBeInstanceOf(Superseded);
    await completeVideo(ctx, current, current.attempts, charges, 60, false);
    await expect(completeVideo(ctx, current, current.attempts, charges, 60, false)).rejects.toBeInstanceOf(Superseded);
    expect(await db.select().from(usageLedger)).toHaveLength(1);
    expect((await findAccountVideo(db, row.accountId, row.id))?.status).toBe("completed");
  });

  test("the watchdog ends a video whose heartbeat stopped, and leaves live ones alone", async () => {
    const db = svc().database.db;
    const dead = await video();
    const live = await video();
    await beginVideoAttempt(db, dead.id, svc().deps.now());
    await updateVideoForAttempt(db, dead.id, 1, { status: "rendering" });
    svc().advance(STALLED_AFTER_MS + 1000);
    await beginVideoAttempt(db, live.id, svc().deps.now());
    await updateVideoForAttempt(db, live.id, 1, { status: "narrating" });
    const deps = { database: svc().database, queue: svc().queue, publicBaseUrl: BASE, now: svc().deps.now, log: svc().deps.log, workRoot: join(svc().dataDir, "work") } as never;
    expect(await runWatchdog(deps)).toBe(1);
    const ended = (await findAccountVideo(db, dead.accountId, dead.id))!;
    expect([ended.status, ended.errorCode]).toEqual(["failed", "INTERRUPTED"]);
    expect(ended.errorMessage).toContain("did not resume");
    expect((await findAccountVideo(db, live.accountId, live.id))!.status).toBe("narrating");
  });
});
