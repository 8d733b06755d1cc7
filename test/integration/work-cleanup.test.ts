import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findAccountVideo, insertVideo, updateVideoForAttempt, beginVideoAttempt } from "../../db/repos/videos.ts";
import { eq } from "drizzle-orm";
import { usageLedger, videos } from "../../db/schema/index.ts";
import { newId } from "../../src/kernel/ids.ts";
import type { PipelineDeps } from "../../src/videos/pipeline.ts";
import { processVideo } from "../../src/videos/pipeline.ts";
import { stageFileKey } from "../../src/videos/stage-files.ts";
import { runWatchdog, STALLED_AFTER_MS, sweepWorkFolders } from "../../src/videos/worker.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, type TestService, useService } from "../helpers/harness.ts";
import { storyBody } from "../helpers/videos.ts";

/** The pipeline's dependencies from the test service (no render pool: these videos end before rendering). */
function pipelineDeps(s: TestService): PipelineDeps {
  const { database, queue, storage, library, ownMedia, narrator, content, log, now, templates, recorder } = s.deps;
  return { database, queue, storage, ports: { library, ownMedia, narrator, content }, workRoot: join(s.dataDir, "work"), publicBaseUrl: BASE, log, now, templates, recorder } as unknown as PipelineDeps;
}

const LAST_TRY = { retryCount: 3, retryLimit: 3 };

describe.each(DATABASE_KINDS)("finished videos leave nothing behind (%s)", (kind) => {
  const svc = useService(kind);

  async function storyVideo(accountId: string, inputs: Record<string, unknown> = {}, status = "queued") {
    const now = svc().deps.now();
    return insertVideo(svc().database.db, { id: newId("vid"), accountId, template: "reddit_story", status, stage: "Waiting in the queue", inputs: storyBody({}, inputs).inputs, createdAt: now, updatedAt: now });
  }

  function workFolder(id: string): string {
    const dir = join(svc().dataDir, "work", id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "narration.wav"), "left over");
    return dir;
  }

  test("a disabled account's queued video is stopped (CANCELLED, saying why) before any work, and nothing is charged", async () => {
    const { accountId, apiKey } = await svc().createAccount();
    const created = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody() });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    await svc().admin("disable-account", { account: accountId });
    await processVideo(pipelineDeps(svc()), id, { retryCount: 0, retryLimit: 3 });
    const row = (await findAccountVideo(svc().database.db, accountId, id))!;
    expect([row.status, row.errorCode]).toEqual(["failed", "CANCELLED"]);
    expect(row.errorMessage).toContain("account was disabled");
    expect(row.stageOutputs ?? {}).toEqual({});
    expect(await svc().database.db.select().from(usageLedger)).toHaveLength(0);
    expect(existsSync(join(svc().dataDir, "work", id))).toBe(false);
  }, 60_000);

  test("a video that fails for good has its working folder removed", async () => {
    const { accountId } = await svc().createAccount();
    // Refused by the outbound guard when fetched: the video fails in preparing_media with MEDIA_FETCH_FAILED.
    const video = await storyVideo(accountId, { backgroundVideoUrl: "https://127.0.0.1:9/bg.mp4" });
    const dir = workFolder(video.id);
    await processVideo(pipelineDeps(svc()), video.id, LAST_TRY);
    const row = (await findAccountVideo(svc().database.db, accountId, video.id))!;
    expect([row.status, row.errorCode]).toEqual(["failed", "MEDIA_FETCH_FAILED"]);
    expect(existsSync(dir)).toBe(false);
  }, 60_000);

  test("a video that fails for good has the stage files kept in storage for another machine removed", async () => {
    const { accountId } = await svc().createAccount();
    const video = await storyVideo(accountId, { backgroundVideoUrl: "https://127.0.0.1:9/bg.mp4" });
    // Its narration was made by an attempt on another machine, whose working folder was elsewhere.
    const narration = join("/elsewhere/work", video.id, "narration.wav");
    await svc().database.db.update(videos).set({ stageOutputs: { narrating: { audioPath: narration, duration: 1, words: [], titleWords: 0 } } }).where(eq(videos.id, video.id));
    const kept = join(workFolder(video.id), "kept.wav");
    writeFileSync(kept, "narration");
    await svc().deps.storage.put(stageFileKey(video.id, narration), kept);
    expect(await svc().deps.storage.has(stageFileKey(video.id, narration))).toBe(true);
    await processVideo(pipelineDeps(svc()), video.id, LAST_TRY);
    expect((await findAccountVideo(svc().database.db, accountId, video.id))!.status).toBe("failed");
    expect(await svc().deps.storage.has(stageFileKey(video.id, narration))).toBe(false);
  }, 60_000);

  test("the watchdog's INTERRUPTED removes the folder; at start, folders of finished or unknown videos are swept and live ones kept", async () => {
    const { accountId } = await svc().createAccount();
    const db = svc().database.db;
    const stalled = await storyVideo(accountId);
    await beginVideoAttempt(db, stalled.id, svc().deps.now());
    await updateVideoForAttempt(db, stalled.id, 1, { status: "narrating" });
    const stalledDir = workFolder(stalled.id);
    svc().advance(STALLED_AFTER_MS + 1000);
    expect(await runWatchdog(pipelineDeps(svc()))).toBe(1);
    expect(existsSync(stalledDir)).toBe(false);

    const live = await storyVideo(accountId);
    const finished = await storyVideo(accountId, {}, "failed");
    const cancelled = await storyVideo(accountId, {}, "cancelled");
    for (const id of [live.id, finished.id, cancelled.id, newId("vid")]) workFolder(id);
    mkdirSync(join(svc().dataDir, "work", "not-a-video"));
    expect(await sweepWorkFolders(pipelineDeps(svc()))).toBe(3);
    expect(readdirSync(join(svc().dataDir, "work")).sort()).toEqual([live.id, "not-a-video"].sort());
  }, 60_000);
});
