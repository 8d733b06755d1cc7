import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { usageLedger, webhookDeliveries } from "../../db/schema/index.ts";
import { VIDEO_HEARTBEAT_MS } from "../../src/videos/pipeline.ts";
import { DELIVERY_TIMEOUT_MS, RETRY_DELAYS_SECONDS } from "../../src/webhooks/deliver.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type TestService, useService } from "../helpers/harness.ts";
import { createRegistry, TEMPLATES } from "../../src/templates/registry.ts";
import { posterCard } from "../fixtures/templates/poster-card/index.ts";
import { libraryBackground } from "../helpers/media.ts";
import { ffmpegPids } from "../helpers/service-process.ts";
import { storyBody, waitForVideo } from "../helpers/videos.ts";

/** How often the test looks; and room for what configuration does not time (a poll of the queue, a write) on a loaded machine. */
const POLL_MS = 200;
const SLACK_MS = 15_000;

async function waitUntil<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await Bun.sleep(POLL_MS);
  }
}

/**
 * Polls a video until it ends, for as long as it keeps moving: a render on a loaded machine may take many
 * minutes, so the test fails only when the progress stands still for twelve heartbeats.
 */
async function waitForEnd(s: TestService, apiKey: string, id: string): Promise<any> {
  let last = "";
  let movedAt = Date.now();
  for (;;) {
    const video = (await (await s.request(`/v1/videos/${id}`, { key: apiKey })).json()) as any;
    if (["completed", "failed", "cancelled"].includes(video.status)) return video;
    const state = `${video.status} ${video.progress}`;
    if (state !== last) [last, movedAt] = [state, Date.now()];
    if (Date.now() - movedAt > 12 * VIDEO_HEARTBEAT_MS) throw new Error(`video ${id} stood still: ${JSON.stringify(video)}`);
    await Bun.sleep(1100); // under the 60 requests a minute
  }
}

const servers: Array<{ stop(close?: boolean): void }> = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true);
  delete process.env.SHORTVID_FAULT;
});

describe.each(DATABASE_KINDS)("faults on %s", (kind) => {
  const svc = useService(kind, { UNSAFE_ALLOW_PRIVATE_URLS: "1" }, { workers: true, templates: createRegistry([...TEMPLATES.list, posterCard]) });

  test("ffmpeg killed mid-render and a webhook receiver that never answers: the video fails with RENDER_FAILED, uncharged, its slot free, no files left; the delivery times out and is retried", async () => {
    const background = await libraryBackground(svc().dataDir);
    const hanging = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Promise<Response>(() => {}) });
    servers.push(hanging);

    const { apiKey, accountId } = await svc().createAccount();
    const res = await svc().request("/v1/videos", {
      method: "POST",
      key: apiKey,
      json: storyBody({ webhookUrl: `http://127.0.0.1:${hanging.port}/hook` }, { backgroundVideoAssetId: background }),
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const workDir = join(svc().dataDir, "work", id);

    await waitForVideo(svc(), apiKey, id, (v) => {
      if (["completed", "failed"].includes(v.status)) throw new Error(`the video ended before its render: ${JSON.stringify(v)}`);
      return v.status === "rendering";
    });
    // The render's ffmpeg writes into the video's working folder; kill it as the OOM killer would.
    const [pid] = await waitUntil(() => {
      const pids = ffmpegPids(workDir);
      return pids.length > 0 ? pids : undefined;
    }, 120_000, "the render's ffmpeg to start");
    process.kill(pid!, "SIGKILL");

    const video = await waitForEnd(svc(), apiKey, id);
    expect(video.status).toBe("failed");
    expect(video.error.code).toBe("RENDER_FAILED");
    expect(video.creditsCharged).toBeNull();
    const me = (await (await svc().request("/v1/me", { key: apiKey })).json()) as any;
    expect(me.usage.videosInProgress).toBe(0);
    expect(me.usage.creditsCharged.videos).toBe(0);
    expect(await svc().database.db.select().from(usageLedger).where(eq(usageLedger.accountId, accountId))).toHaveLength(0);
    expect(existsSync(workDir)).toBe(false);
    expect(readdirSync(join(svc().dataDir, "videos")).filter((f) => f.includes(id))).toEqual([]);

    // The video.failed delivery: its attempt ends at the delivery timeout, and the next is scheduled.
    const delivery = await waitUntil(
      async () => {
        const [row] = await svc().database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.videoId, id));
        return row && row.attempts >= 1 ? row : undefined;
      },
      DELIVERY_TIMEOUT_MS + SLACK_MS,
      "the first delivery attempt to time out",
    );
    expect(delivery).toMatchObject({ type: "video.failed", state: "pending", attempts: 1 });
    expect(delivery.deliveredAt).toBeNull();
    expect(delivery.nextAttemptAt!.getTime() - Date.now()).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1000);
  }, 1_200_000);

  test("the disk full while storing the output: the video fails with RENDER_FAILED, uncharged, its slot free, and no part of the file stays in storage or work", async () => {
    process.env.SHORTVID_FAULT = "disk-full-on-store";
    const { apiKey, accountId } = await svc().createAccount();
    // Storing is the same for every template: the poster fixture gets there in seconds.
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: { template: posterCard.id, inputs: posterCard.examples.full } });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const video = await waitForEnd(svc(), apiKey, id);
    expect(video.status).toBe("failed");
    expect(video.error.code).toBe("RENDER_FAILED");
    expect(video.error.message).toContain("ENOSPC");
    const me = (await (await svc().request("/v1/me", { key: apiKey })).json()) as any;
    expect(me.usage.videosInProgress).toBe(0);
    expect(await svc().database.db.select().from(usageLedger).where(eq(usageLedger.accountId, accountId))).toHaveLength(0);
    expect(readdirSync(join(svc().dataDir, "videos")).filter((f) => f.includes(id))).toEqual([]);
    expect(existsSync(join(svc().dataDir, "work", id))).toBe(false);
  }, 1_200_000);
});
