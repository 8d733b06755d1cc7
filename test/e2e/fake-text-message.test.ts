import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { parseSync } from "subtitle";
import { eq } from "drizzle-orm";
import { videos } from "../../db/schema/index.ts";
import { join } from "node:path";
import { fakeTextMessage } from "../../src/templates/fake-text-message/index.ts";
import { CARD_TOP } from "../../src/templates/fake-text-message/production.ts";
import { UNSPOKEN_HOLD_SECONDS } from "../../src/templates/fake-text-message/conversation.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type TestService, useService } from "../helpers/harness.ts";
import { expectEndNotBare, frameAt, integratedLoudness, streams } from "../helpers/media.ts";
import { expectNoDeadAir } from "../helpers/silence.ts";
import { waitForVideo } from "../helpers/videos.ts";
import { type MediaServer, startMediaServer } from "../fakes/media-server.ts";

const finished = (v: any) => ["completed", "failed", "cancelled"].includes(v.status);

async function downloadMp4(svc: TestService, video: any, name: string): Promise<string> {
  const redirect = await svc.app.handle(new Request(video.downloadUrl));
  const file = await svc.app.handle(new Request(redirect.headers.get("location")!));
  const path = join(svc.dataDir, name);
  writeFileSync(path, new Uint8Array(await file.arrayBuffer()));
  return path;
}

/** Share of a full-height card's pixels that changed clearly between two decoded frames (the card is opaque, so footage motion does not count). */
/** The share of the card's sampled pixels whose red differs by more than `threshold` between two frames. */
function cardDifference(a: Uint8Array, b: Uint8Array, threshold = 40): number {
  const row = 1080 * 3;
  let sum = 0;
  let n = 0;
  for (let y = CARD_TOP + 20; y < CARD_TOP + 1180; y += 2) {
    for (let x = 140 * 3; x < 940 * 3; x += 3) {
      if (Math.abs(a[y * row + x]! - b[y * row + x]!) > threshold) sum++;
      n++;
    }
  }
  return sum / n;
}

let media: MediaServer;
beforeAll(async () => {
  media = await startMediaServer();
}, 60_000);
afterAll(() => media.stop());

describe(`fake_text_message end to end (${DATABASE_KINDS[0]})`, () => {
  const svc = useService(DATABASE_KINDS[0]!, { UNSAFE_ALLOW_PRIVATE_URLS: "1" }, { workers: true, outboundCa: () => media.ca });

  test("defaults: a voiced chat over the default background; the video lasts as long as the voices", async () => {
    const { apiKey } = await svc().createAccount();
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: { template: "fake_text_message", inputs: fakeTextMessage.examples.minimal } });
    expect(res.status).toBe(202);
    const video = await waitForVideo(svc(), apiKey, ((await res.json()) as any).id, finished);
    expect(video.status).toBe("completed");
    expect(video.cutAtMs).toBeNull();
    expect(video.creditsCharged).toEqual({ narration: 0, render: 0, videos: 1 });
    const mp4 = await downloadMp4(svc(), video, "minimal.mp4");
    const { video: v, audio, format } = await streams(mp4);
    expect([v.width, v.height, v.codec_name, v.r_frame_rate]).toEqual([1080, 1920, "h264", "30/1"]);
    expect(audio.codec_name).toBe("aac");
    // -14 LUFS and the promised -1 dBTP, measured on the encoded AAC as a platform would: a chat of a few
    // seconds too (loudnorm's dynamic mode landed it ~2 LU loud; the mix is now measured, then gained once).
    const loud = await integratedLoudness(mp4);
    console.log(`fake_text_message: ${loud.lufs} LUFS, ${loud.truePeak} dBTP`);
    expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(1);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
    // Two short lines, each held for its clip, plus a short tail.
    // Each message is held for its voice clip, then a 0.4 s tail: the video is as long as the voices.
    const row = (await svc().database.db.select().from(videos).where(eq(videos.id, video.id)))[0]!;
    const clips = (row.stageOutputs as any).narrating.clips as { duration: number }[];
    expect(clips).toHaveLength(2);
    const voiced = clips.reduce((s, c) => s + c.duration, 0);
    expect(voiced).toBeGreaterThan(1.5);
    expect(Math.abs(Number(format.duration) - (voiced + 0.4))).toBeLessThan(0.15);
    // With no end card the chat stays on screen to the last frame: never bare footage.
    await expectEndNotBare(mp4, (row.stageOutputs as any).preparing_media, svc().dataDir, "fake_text_message");
    // No caption is burned in, yet the caption files hold every voiced message, timed to its clip.
    const srtLink = await svc().app.handle(new Request(video.files.captionsSrt));
    const srt = await (await svc().app.handle(new Request(srtLink.headers.get("location")!))).text();
    const cues = parseSync(srt).flatMap((n) => (n.type === "cue" ? [n.data as { start: number; end: number; text: string }] : []));
    expect(cues.map((c) => c.text)).toEqual((fakeTextMessage.examples.minimal as { messages: { text: string }[] }).messages.map((m) => m.text));
    expect(Math.round(cues[1]!.end - cues[1]!.start)).toBe(Math.round(clips[1]!.duration * 1000));
  }, 150_000);

  test("many options: platform, theme, images, hook, captions, end card, own music; cutAtMs is the frame where message N+1 appears", async () => {
    const { apiKey } = await svc().createAccount();
    const image = async (path: string) => {
      const res = await svc().request("/v1/images", { method: "POST", key: apiKey, json: { url: media.url(path) } });
      expect(res.status).toBe(201);
      return ((await res.json()) as any).id as string;
    };
    const avatar = await image("/photo.png");
    const photo = await image("/photo.png?again");
    const inputs = structuredClone(fakeTextMessage.examples.full) as any;
    inputs.contact.avatarAssetId = avatar;
    inputs.messages.splice(2, 0, { sender: "them", imageAssetId: photo });
    inputs.music = { ownUrl: media.url("/tone.mp3"), volume: 20 };
    // The default category by its id: the suite generates only that category's loops (the example's
    // Backrooms may not be on the machine, and a video waits for footage rather than borrow another's).
    inputs.background = { category: "subway-surfers" };
    inputs.cutAfterMessage = 3;
    inputs.layout = { style: "card_over_background", cardWidthPct: 90, cardHeight: "full" };
    inputs.captions = [{ afterMessage: 2, text: "wait for it...", position: "above_card" }, { afterMessage: 4, text: "no way", delayMs: 300 }];
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: { template: "fake_text_message", inputs } });
    expect(res.status).toBe(202);
    const video = await waitForVideo(svc(), apiKey, ((await res.json()) as any).id, finished);
    expect(video.status).toBe("completed");
    const mp4 = await downloadMp4(svc(), video, "full.mp4");
    const { video: v, format } = await streams(mp4);
    expect([v.width, v.height]).toEqual([1080, 1920]);
    const row = (await svc().database.db.select().from(videos).where(eq(videos.id, video.id)))[0]!;
    expect(Math.abs(Number(format.duration) - row.durationSeconds!)).toBeLessThan(0.1);
    const loud = await integratedLoudness(mp4);
    console.log(`fake_text_message with hook, sfx and music: ${loud.lufs} LUFS, ${loud.truePeak} dBTP`);
    expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(1);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
    await expectNoDeadAir(mp4, "fake_text_message with hook, sfx and music");

    // Message 4 appears exactly at cutAtMs: the card changes between the frame before and that frame;
    // the bubble pops in over six frames, then the card holds still.
    expect(Number.isInteger(video.cutAtMs)).toBe(true);
    const at = video.cutAtMs / 1000;
    const frame = 1 / 30;
    const scratch = join(svc().dataDir, "frame.rgb");
    // Seeks land on the first frame at or after the time asked, so ask a little before each frame.
    const before = await frameAt(mp4, at - 1.4 * frame, scratch);
    const first = await frameAt(mp4, at - 0.4 * frame, scratch);
    const settled = await frameAt(mp4, at + 6.6 * frame, scratch);
    const later = await frameAt(mp4, at + 8.6 * frame, scratch);
    // A new bubble changes thousands of the card's pixels, most of them by far more than 120 levels; an
    // unchanged card changes a few hundred, all by less, where the lossy encode redraws the text's edges
    // (measured: 0.0010 of the pixels by over 40 and none by over 120, against 0.0086 by over 120 as the
    // bubble settles).
    expect(cardDifference(before, first)).toBeGreaterThan(0.002);
    expect(cardDifference(first, settled, 120)).toBeGreaterThan(0.002);
    expect(cardDifference(settled, later, 120)).toBeLessThan(0.0005);
  }, 200_000);

  test("emoji-only replies from either side are shown for a beat with their sound, unvoiced, and the video renders", async () => {
    const { apiKey } = await svc().createAccount();
    const messages = [
      { sender: "them", text: "Did you eat the last slice?" },
      { sender: "me", text: "😭😭😭" },
      { sender: "them", text: "😭" },
      { sender: "me", text: "Sorry!" },
    ];
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: { template: "fake_text_message", inputs: { contact: { name: "Sam" }, messages, sfx: { send: true, receive: true }, background: { ownUrl: media.url("/clip.mp4") } } } });
    expect(res.status).toBe(202);
    const video = await waitForVideo(svc(), apiKey, ((await res.json()) as any).id, finished);
    expect(video.error).toBeNull();
    expect(video.status).toBe("completed");
    const row = (await svc().database.db.select().from(videos).where(eq(videos.id, video.id)))[0]!;
    const clips = (row.stageOutputs as any).narrating.clips as ({ duration: number } | null)[];
    expect(clips.map((c) => c !== null)).toEqual([true, false, false, true]);
    const mp4 = await downloadMp4(svc(), video, "emoji.mp4");
    const { format } = await streams(mp4);
    // Both voices, a beat for each emoji reply, the default pacing before each message, and the tail.
    const voiced = clips.reduce((s, c) => s + (c?.duration ?? 0), 0);
    expect(Number(format.duration)).toBeGreaterThan(voiced + 2 * UNSPOKEN_HOLD_SECONDS);
    expect(Number(format.duration)).toBeLessThan(voiced + 2 * UNSPOKEN_HOLD_SECONDS + 4 * 1 + 0.6);
    const loud = await integratedLoudness(mp4);
    console.log(`fake_text_message with emoji replies: ${loud.lufs} LUFS, ${loud.truePeak} dBTP`);
    expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(1);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
    // Each reply, voiced or not, is heard: its sent or received sound plays as it appears.
    await expectNoDeadAir(mp4, "fake_text_message with emoji replies and sfx");
  }, 300_000);

  test("an image id that is not one of the account's images fails the video with IMAGE_UNAVAILABLE", async () => {
    const { apiKey } = await svc().createAccount();
    const inputs = { contact: { name: "Sam", avatarAssetId: "med_nothere" }, messages: [{ sender: "me", text: "hi" }] };
    const res = await svc().request("/v1/videos", { method: "POST", key: apiKey, json: { template: "fake_text_message", inputs } });
    const video = await waitForVideo(svc(), apiKey, ((await res.json()) as any).id, finished);
    expect(video.status).toBe("failed");
    expect(video.error.code).toBe("IMAGE_UNAVAILABLE");
    expect(video.error.message).toContain("contact.avatarAssetId");
    expect(video.creditsCharged).toBeNull();
  }, 60_000);
});
