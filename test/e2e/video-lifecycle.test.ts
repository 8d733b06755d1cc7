import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { usageLedger, webhookDeliveries } from "../../db/schema/index.ts";
import { probe } from "../../render/ffmpeg.ts";
import { createRegistry, TEMPLATES } from "../../src/templates/registry.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { BASE, useService } from "../helpers/harness.ts";
import { storyBody, waitForVideo } from "../helpers/videos.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";
import { posterCard } from "../fixtures/templates/poster-card/index.ts";

const stripe = new Stripe("sk_test_unused");
const receivers: ReturnType<typeof startWebhookReceiver>[] = [];
afterEach(() => {
  for (const r of receivers.splice(0)) r.stop();
});

const finished = (v: any) => ["completed", "failed", "cancelled"].includes(v.status);

describe.each(DATABASE_KINDS)("video lifecycle on %s", (kind) => {
  const svc = useService(kind, { UNSAFE_ALLOW_PRIVATE_URLS: "1" }, { workers: true, templates: createRegistry([...TEMPLATES.list, posterCard]) });
  // The render is the same code on every database; what the database does (the fenced finish, the charge,
  // the slot, the link, the delivery) is not. A story renders for minutes, so it renders on the first
  // database only; the others make the poster fixture, seconds long, through the same pipeline and finish.
  const story = kind === DATABASE_KINDS[0];

  test(`${story ? "a reddit_story" : "a poster_card"} renders to a playable MP4, is charged once, frees its slot and sends one signed video.completed`, async () => {
    const receiver = startWebhookReceiver();
    receivers.push(receiver);
    const { apiKey, accountId, signingSecret } = await svc().createAccount();
    const body = story
      ? // The default category by its id in another case: the suite generates only its loops.
        storyBody({ webhookUrl: receiver.url() }, { backgroundCategory: "subway-surfers" })
      : { template: posterCard.id, inputs: posterCard.examples.full, webhookUrl: receiver.url() };
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: body });
    expect(res.status).toBe(202);
    const created = (await res.json()) as any;
    const statuses = new Set<string>();
    const video = await waitForVideo(svc(), apiKey, created.id, (v) => {
      statuses.add(v.status);
      return finished(v);
    });
    expect(video.status).toBe("completed");
    expect(video).toMatchObject({ progress: 100, stage: "Done", error: null, estimatedSecondsRemaining: null });
    expect(video.creditsCharged).toEqual({ narration: 0, render: 0, videos: 1 });
    expect(video.exportId).toMatch(/^exp_/);
    expect(video.downloadUrl).toStartWith(`${BASE}/v1/d/`);
    expect(new Date(video.downloadExpiresAt).getTime() - new Date(video.completedAt).getTime()).toBe(7 * 24 * 3600 * 1000);
    for (const s of statuses) expect(["queued", "preparing_media", "narrating", "rendering", "completed"]).toContain(s);

    // Download: 302 to a signed URL serving the MP4, with ranges.
    const redirect = await svc().app.handle(new Request(video.downloadUrl));
    expect(redirect.status).toBe(302);
    const file = await svc().app.handle(new Request(redirect.headers.get("location")!));
    expect(file.status).toBe(200);
    const mp4 = join(svc().dataDir, "check.mp4");
    writeFileSync(mp4, new Uint8Array(await file.arrayBuffer()));
    const info = await probe(mp4);
    const v = info.streams.find((s: any) => s.codec_type === "video")!;
    expect([v.width, v.height, v.codec_name]).toEqual([1080, 1920, "h264"]);
    expect(info.streams.some((s: any) => s.codec_type === "audio")).toBe(true);
    if (story) expect(Number(info.format.duration)).toBeGreaterThan(30);
    else expect(Number(info.format.duration)).toBeCloseTo(Number(posterCard.examples.full.seconds), 0);
    const range = await svc().app.handle(new Request(redirect.headers.get("location")!, { headers: { range: "bytes=0-99" } }));
    expect(range.status).toBe(206);

    const ledger = await svc().database.db.select().from(usageLedger).where(eq(usageLedger.accountId, accountId));
    expect(ledger.map((l) => [l.counter, l.amount])).toEqual([["videos", 1]]);
    const me = (await (await svc().request("/v1/me", { key: apiKey })).json()) as any;
    expect(me.usage.videosInProgress).toBe(0);

    // Exactly one delivery, verified by an independent implementation of the scheme.
    const deadline = Date.now() + 10_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await Bun.sleep(200);
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    expect(hook.headers["x-service-event"]).toBe("video.completed");
    const event = (await stripe.webhooks.constructEventAsync(hook.body, hook.headers["x-service-signature"]!, signingSecret.replace(/^whsec_/, ""))) as any;
    expect(event.type).toBe("video.completed");
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.id).toBe(video.id);
    expect(event.data.status).toBe("completed");
    expect(event.data.downloadUrl).toBe(video.downloadUrl);
    const [delivery] = await svc().database.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ id: event.id, state: "delivered", attempts: 1 });
  }, 180_000);

  test("a failed render ends failed with RENDER_FAILED and a video.failed webhook; nothing is charged; the slot is freed", async () => {
    const receiver = startWebhookReceiver();
    receivers.push(receiver);
    const { apiKey, accountId, signingSecret } = await svc().createAccount();
    const folder = join(svc().dataDir, "library", "backgrounds", "minecraft");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "broken.mp4"), "this is not a video");
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody({ webhookUrl: receiver.url() }, { backgroundVideoAssetId: "bg_minecraft_broken" }) });
    const created = (await res.json()) as any;
    const video = await waitForVideo(svc(), apiKey, created.id, finished);
    expect(video.status).toBe("failed");
    expect(video.error.code).toBe("RENDER_FAILED");
    expect(video.error.message.length).toBeGreaterThan(10);
    expect(video.creditsCharged).toBeNull();
    expect(video.downloadUrl).toBeNull();
    expect(await svc().database.db.select().from(usageLedger).where(eq(usageLedger.accountId, accountId))).toHaveLength(0);
    const me = (await (await svc().request("/v1/me", { key: apiKey })).json()) as any;
    expect(me.usage.videosInProgress).toBe(0);
    const deadline = Date.now() + 10_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await Bun.sleep(200);
    const event = (await stripe.webhooks.constructEventAsync(receiver.received[0]!.body, receiver.received[0]!.headers["x-service-signature"]!, signingSecret.slice(6))) as any;
    expect(event.type).toBe("video.failed");
    expect(event.data.error.code).toBe("RENDER_FAILED");
  }, 120_000);

  test("an unknown background asset fails the video with BACKGROUND_UNAVAILABLE", async () => {
    const { apiKey } = await svc().createAccount();
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: storyBody({}, { backgroundVideoAssetId: "bg_nowhere_nothing" }) });
    const video = await waitForVideo(svc(), apiKey, ((await res.json()) as any).id, finished);
    expect(video.error.code).toBe("BACKGROUND_UNAVAILABLE");
    expect(video.error.message).toContain("bg_nowhere_nothing");
  }, 60_000);
});

