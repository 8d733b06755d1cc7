import { beforeAll, afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { renderTimeline } from "../../render/renderer.ts";
import { posterTime, SHEET_TILE, sheetTimes } from "../../render/plan/stills.ts";
import sharp from "sharp";
import type { Timeline } from "../../render/timeline.ts";
import { createOfflineNarrator } from "../../src/narration/providers/offline.ts";
import type { Narration } from "../../src/narration/narrator.ts";
import { frameAt, highlightX, integratedLoudness, isFaststart, streams } from "../helpers/media.ts";

const dir = mkdtempSync(join(tmpdir(), "render-e2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const encoder = libx264Settings("ultrafast");
let narration: Narration;

beforeAll(async () => {
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=720x1280:r=25:d=2", "-c:v", "libx264", "-preset", "ultrafast", join(dir, "bg.mp4")]);
  await runFfmpeg(["-f", "lavfi", "-i", "sine=f=330:d=2.5", "-c:a", "libmp3lame", join(dir, "music.mp3")]);
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=white:s=500x200,format=rgba", "-frames:v", "1", join(dir, "card.png")]);
  narration = await createOfflineNarrator({ engine: "espeak" }).narrate(
    { text: "Rendering checks every frame. The captions follow each word.", voiceId: "pNInz6obpgDQGcFmaJgB" },
    join(dir, "narration.wav"),
  );
}, 60_000);

describe("rendering a Timeline", () => {
  test("a story-like timeline becomes an MP4 the platforms accept", async () => {
    const out = join(dir, "story.mp4");
    const duration = Math.round((narration.duration + 1.2) * 30) / 30 + 0.01;
    const timeline: Timeline = {
      duration,
      background: { kind: "video", path: join(dir, "bg.mp4") },
      layers: [{ path: join(dir, "card.png"), x: 290, y: 400, start: 0, end: 1.5, entrance: "pop" }],
      captions: { words: narration.words.map((w) => ({ ...w, start: w.start + 0.5, end: w.end + 0.5 })), preset: "beast", position: "middle" },
      audio: [
        { path: narration.audioPath, start: 0.5, volume: 1, kind: "narration" },
        { path: join(dir, "music.mp3"), start: 0, volume: 0.4, kind: "music", loop: true },
      ],
    };
    const progress: number[] = [];
    await renderTimeline(timeline, out, { encoder, onProgress: (f) => progress.push(f) });
    const { format, video, audio } = await streams(out);
    expect([video.codec_name, video.profile, video.width, video.height, video.pix_fmt]).toEqual(["h264", "High", 1080, 1920, "yuv420p"]);
    expect([video.r_frame_rate, video.avg_frame_rate]).toEqual(["30/1", "30/1"]);
    expect([audio.codec_name, audio.sample_rate, audio.channels]).toEqual(["aac", "48000", 2]);
    expect(Math.abs(Number(video.nb_read_frames) / 30 - duration)).toBeLessThanOrEqual(1 / 30 + 1e-6);
    expect(Math.abs(Number(audio.duration) - Number(video.duration))).toBeLessThanOrEqual(0.05);
    expect(Number(format.bit_rate)).toBeLessThanOrEqual(8_000_000);
    expect(isFaststart(out)).toBe(true);
    const loud = await integratedLoudness(out);
    expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(1);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
    // The first frame is the background, not black; the card sits where the timeline put it.
    const first = await frameAt(out, 0, join(dir, "first.rgb"));
    const mean = first.reduce((s, v) => s + v, 0) / first.length;
    expect(mean).toBeGreaterThan(40);
    const card = await frameAt(out, 1.0, join(dir, "card.rgb"));
    const px = (x: number, y: number) => [...card.subarray((y * 1080 + x) * 3, (y * 1080 + x) * 3 + 3)];
    expect(px(540, 500)).toEqual([255, 255, 255].map(() => expect.any(Number)) as never);
    expect(Math.min(...px(540, 500))).toBeGreaterThan(235);
    expect(progress.at(-1)).toBeGreaterThan(0.9);
  }, 60_000);

  test("the spoken word is highlighted from its start time", async () => {
    const out = join(dir, "captions.mp4");
    // Three words on one line; the highlight (hormozi yellow) moves right as each word starts.
    const words = [
      { text: "GO", start: 0.5, end: 1.4 },
      { text: "UP", start: 1.5, end: 2.4 },
      { text: "NOW", start: 2.5, end: 3.4 },
    ];
    await renderTimeline(
      { duration: 4, background: { kind: "color", color: "#000000" }, layers: [], captions: { words, preset: "hormozi", position: "middle" }, audio: [] },
      out,
      { encoder },
    );
    /** Mean x of yellow pixels in the caption band, or NaN when there are none. */
    const yellowX = async (t: number) => highlightX(await frameAt(out, t, join(dir, "f.rgb")), 860, 1060);
    expect(await yellowX(0.3)).toBeNaN(); // before the first word: no caption
    const left = await yellowX(1.4);
    const justBeforeMiddle = await yellowX(1.45);
    const justAfterMiddle = await yellowX(1.55);
    const right = await yellowX(2.6);
    expect(Math.abs(justBeforeMiddle - left)).toBeLessThan(20);
    expect(justAfterMiddle).toBeGreaterThan(left + 100);
    expect(right).toBeGreaterThan(justAfterMiddle + 100);
  }, 60_000);

  test("the poster and contact sheet come from the render's own frames, in the same run", async () => {
    const out = join(dir, "stills.mp4");
    const stills = { poster: join(dir, "poster.jpg"), contactSheet: join(dir, "sheet.jpg") };
    // A white card over moving test footage for the first 1.5 s of 4.5: the first three tiles show it.
    const timeline: Timeline = {
      duration: 4.5,
      background: { kind: "video", path: join(dir, "bg.mp4") },
      layers: [{ path: join(dir, "card.png"), x: 290, y: 860, start: 0, end: 1.5, entrance: "fade" }],
      audio: [],
    };
    await renderTimeline(timeline, out, { encoder, stills });
    const rgb = async (path: string) => new Uint8Array(await sharp(path).removeAlpha().raw().toBuffer());
    const meanDifference = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

    expect(await sharp(stills.poster).metadata()).toMatchObject({ format: "jpeg", width: 1080, height: 1920 });
    const poster = await rgb(stills.poster);
    const atPoster = await frameAt(out, posterTime(timeline), join(dir, "p.rgb"));
    const later = await frameAt(out, 3.5, join(dir, "q.rgb"));
    expect(meanDifference(poster, atPoster)).toBeLessThan(4);
    expect(meanDifference(poster, later)).toBeGreaterThan(8);

    expect(await sharp(stills.contactSheet).metadata()).toMatchObject({ format: "jpeg", width: 810, height: 1440 });
    const sheet = await rgb(stills.contactSheet);
    const { width, height } = SHEET_TILE;
    /** The mean of a 60x30 patch at the tile's centre, where the card is while it shows. */
    const centre = (tile: number) => {
      const x0 = (tile % 3) * width + width / 2 - 30;
      const y0 = Math.floor(tile / 3) * height + height / 2 - 15;
      let sum = 0;
      for (let y = y0; y < y0 + 30; y++) for (let x = x0; x < x0 + 60; x++) for (let c = 0; c < 3; c++) sum += sheet[(y * 810 + x) * 3 + c]!;
      return sum / (60 * 30 * 3);
    };
    expect(sheetTimes(4.5).slice(0, 3).every((t) => t < 1.5)).toBe(true);
    for (const tile of [0, 1, 2]) expect(centre(tile)).toBeGreaterThan(230);
    for (const tile of [4, 5, 6, 7, 8]) expect(centre(tile)).toBeLessThan(200);
  }, 60_000);
});
