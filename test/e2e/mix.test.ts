import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { videos } from "../../db/schema/index.ts";
import { generateAudio } from "../../render/media/generated-audio.ts";
import type { Timeline } from "../../render/timeline.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import type { ProductionContext } from "../../src/templates/template.ts";
import { ARTICLES } from "../fixtures/articles.ts";
import { readPcm, rms } from "../helpers/audio.ts";
import { DATABASE_KINDS } from "../helpers/databases.ts";
import { type TestService, useService } from "../helpers/harness.ts";
import { integratedLoudness, streams } from "../helpers/media.ts";
import { mixLevels } from "../helpers/mix-levels.ts";
import { longestSilence } from "../helpers/silence.ts";
import { chatBody, storyBody, waitForVideo } from "../helpers/videos.ts";

const dir = mkdtempSync(join(tmpdir(), "mix-e2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The built-in music loops and sounds, made here when set-up has not made this version of them yet.
beforeAll(() => {
  generateAudio(loadConfig().mediaCacheDir);
}, 300_000);

/**
 * Each template's default video, made by the service (voices offline, music chosen as a caller who names
 * none gets it), then heard: loudness and true peak, the longest silence, the bed under the voice and
 * between phrases, and how long after its last word it ends. The figures are logged for the notes.
 */
async function make(svc: TestService, body: unknown): Promise<{ mp4: string; timeline: Timeline; duration: number }> {
  const { apiKey } = await svc.createAccount();
  const res = await svc.request("/v1/videos", { method: "POST", key: apiKey, json: body });
  expect(res.status).toBe(202);
  const video = await waitForVideo(svc, apiKey, ((await res.json()) as any).id, (v) => ["completed", "failed"].includes(v.status), 540_000);
  expect(video.error).toBeNull();
  const redirect = await svc.app.handle(new Request(video.downloadUrl));
  const file = await svc.app.handle(new Request(redirect.headers.get("location")!));
  const mp4 = join(dir, `${video.id}.mp4`);
  writeFileSync(mp4, new Uint8Array(await file.arrayBuffer()));
  // The Timeline the pipeline rendered, composed again from the saved stages (nothing is drawn: only its times and tracks are read).
  const row = (await svc.database.db.select().from(videos).where(eq(videos.id, video.id)))[0]!;
  const template = svc.deps.templates.find(row.template)!;
  const workDir = mkdtempSync(join(dir, "compose-"));
  const ctx = { videoId: row.id, accountId: row.accountId, inputs: row.inputs, projectId: row.projectId, workDir, ports: { library: svc.deps.library, drawPng: async () => {} } };
  const { timeline } = await template.compose(ctx as unknown as ProductionContext, row.stageOutputs as Record<string, unknown>);
  return { mp4, timeline, duration: Number((await streams(mp4)).format.duration) };
}

async function expectDesignedMix(label: string, made: { mp4: string; timeline: Timeline; duration: number }, options: { pauses: boolean; endsOnCard?: boolean }) {
  const { mp4, timeline, duration } = made;
  const loud = await integratedLoudness(mp4);
  const silence = await longestSilence(mp4);
  const levels = await mixLevels(mp4, timeline, mkdtempSync(join(dir, "levels-")));
  const lastWord = Math.max(...(timeline.speech ?? []).map((w) => w.end));
  const under = levels.voice - levels.bedUnderSpeech;
  const between = levels.voice - levels.bedBetween;
  console.log(
    `${label}: ${duration.toFixed(2)} s, ${loud.lufs} LUFS, ${loud.truePeak} dBTP, longest silence ${silence.seconds.toFixed(2)} s at ${silence.at.toFixed(2)} s; ` +
      `voice ${levels.voice.toFixed(1)} LUFS momentary, bed ${under.toFixed(1)} dB under it while it speaks, ${Number.isNaN(between) ? "no pause of 1 s" : `${between.toFixed(1)} dB under it between phrases (${levels.pauses} pauses)`}; ` +
      `ends ${(duration - lastWord).toFixed(2)} s after the last word`,
  );
  expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(1);
  expect(loud.truePeak).toBeLessThanOrEqual(-1);
  expect(silence.seconds).toBeLessThanOrEqual(1);
  expect(under).toBeGreaterThanOrEqual(15);
  expect(under).toBeLessThanOrEqual(20);
  if (options.pauses) {
    expect(levels.pauses).toBeGreaterThan(0);
    // Up between phrases, still under the voice.
    expect(levels.bedBetween - levels.bedUnderSpeech).toBeGreaterThanOrEqual(6);
    expect(between).toBeGreaterThan(3);
  }
  if (options.endsOnCard) expect(timeline.layers.some((l) => l.end >= timeline.duration && l.start <= lastWord)).toBe(true);
  else expect(duration - lastWord).toBeLessThanOrEqual(0.5);
}

describe(`the mix of each template's default video (${DATABASE_KINDS[0]})`, () => {
  const svc = useService(DATABASE_KINDS[0]!, {}, { workers: true });

  test("reddit_story: a built-in bed by default, 15-20 dB under the voice and up after the title, no dead air, ending with its last word", async () => {
    // The bed comes up in the beat between the title and the story.
    await expectDesignedMix("reddit_story", await make(svc(), storyBody()), { pauses: true });
  }, 600_000);

  test("article_video: a server-chosen bed, 15-20 dB under the voice, no dead air, ending with its last word", async () => {
    const body = { template: "article_video", inputs: { source: { kind: "text", text: ARTICLES.SLEEP }, length: "short" } };
    await expectDesignedMix("article_video", await make(svc(), body), { pauses: false });
  }, 600_000);

  test("fake_text_message: the bed comes up between messages; an emoji-only reply leaves no dead air", async () => {
    const body = chatBody({}, { messages: [...(chatBody().inputs.messages as object[]).slice(0, 3), { sender: "me", text: "😂😂" }, ...(chatBody().inputs.messages as object[]).slice(3)] });
    await expectDesignedMix("fake_text_message", await make(svc(), body), { pauses: true });
  }, 600_000);

  test("quiz_video: the bed comes up in the countdowns, and every tick is heard over it", async () => {
    const made = await make(svc(), { template: "quiz_video", inputs: { topic: "World capitals" } });
    await expectDesignedMix("quiz_video", made, { pauses: true, endsOnCard: true });
    const wav = join(dir, "quiz.wav");
    const { runFfmpeg } = await import("../../render/ffmpeg.ts");
    await runFfmpeg(["-i", made.mp4, "-ac", "1", "-c:a", "pcm_s16le", wav]);
    const { samples, rate } = await readPcm(wav);
    const db = (x: number) => 20 * Math.log10(Math.max(x, 1e-9));
    const ticks = made.timeline.audio.filter((a) => a.kind === "sfx" && a.path.endsWith("tick.wav")).map((a) => a.start);
    expect(ticks.length).toBeGreaterThanOrEqual(20);
    // The loudest 20 ms of each tick against the bed's typical 20 ms in the 0.3 s before it.
    const rises = ticks.map((at) => {
      const windows = (from: number, to: number) => Array.from({ length: Math.round((to - from) / 0.01) }, (_, k) => rms(samples, rate, from + k * 0.01, from + k * 0.01 + 0.02));
      const before = windows(at - 0.3, at - 0.02).sort((a, b) => a - b);
      return db(Math.max(...windows(at, at + 0.3))) - db(before[Math.floor(before.length / 2)]!);
    });
    console.log(`quiz_video ticks: ${Math.min(...rises).toFixed(1)} to ${Math.max(...rises).toFixed(1)} dB over the bed`);
    expect(Math.min(...rises)).toBeGreaterThan(8);
  }, 600_000);
});
