import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { ffmpegBytes, runFfmpeg } from "../../render/ffmpeg.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { gopFrames, segmentWindows } from "../../render/plan/segments.ts";
import { SHEET_TILE, SHEET_COLUMNS, SHEET_ROWS } from "../../render/plan/stills.ts";
import { renderTimeline } from "../../render/renderer.ts";
import { FPS, type Timeline } from "../../render/timeline.ts";
import { integratedLoudness, isFaststart, streams } from "../helpers/media.ts";
import { audioAtJoins, frameCount, framesAtJoins, greyFrames, meanDiff, monoSamples, timestampProblems, videoPackets, worstFrame } from "../helpers/segment-joins.ts";

/**
 * A Timeline rendered whole and in 3 segments, compared: the joined file has every frame once, in order,
 * as the whole render has them (within the encoder's noise), its audio is the whole render's, and a card
 * and captions that span a join are drawn alike on both sides.
 */
const dir = mkdtempSync(join(tmpdir(), "render-segments-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const encoder = libx264Settings("ultrafast");
const DURATION = 14.5;
let timeline: Timeline;
let joins: number[];
const rendered: Record<"whole" | "segmented", { path: string; frames: Uint8Array; audio: Float32Array }> = {} as never;

beforeAll(async () => {
  // Two synthetic clips played in turn from 3 s in: the picture moves on every frame, so a duplicated or
  // dropped frame at a join cannot match its neighbour.
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=540x960:r=30:d=7", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30", join(dir, "a.mp4")]);
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc=s=540x960:r=30:d=5", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30", join(dir, "b.mp4")]);
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=white:s=600x240,format=rgba", "-frames:v", "1", join(dir, "card.png")]);
  // A rising tone: any step at a join would stand out of a smooth signal.
  await runFfmpeg(["-f", "lavfi", "-i", `aevalsrc=0.3*sin(2*PI*(200+20*t)*t):s=48000:d=${DURATION}`, "-c:a", "pcm_s16le", join(dir, "voice.wav")]);
  const windows = segmentWindows(DURATION, 3, gopFrames(encoder));
  joins = windows.slice(1).map((w) => w.start);
  const words = Array.from({ length: Math.floor(DURATION / 0.4) - 1 }, (_, i) => ({ text: `word${i}`, start: 0.2 + i * 0.4, end: 0.55 + i * 0.4 }));
  timeline = {
    duration: DURATION,
    background: { kind: "video", path: join(dir, "a.mp4"), next: [join(dir, "b.mp4")], startAt: 3 },
    layers: [
      // Sliding in across the first join, and shown across the second.
      { path: join(dir, "card.png"), x: 240, y: 300, start: joins[0]! - 0.1, end: joins[1]! + 1, entrance: "slide-up" },
      { path: join(dir, "card.png"), x: 240, y: 1500, start: 0, end: DURATION, entrance: "fade" },
    ],
    captions: { words, preset: "beast", position: "middle" },
    audio: [{ path: join(dir, "voice.wav"), start: 0, volume: 1, kind: "narration" }],
  };
  const progress: number[] = [];
  const counts: string[] = [];
  for (const [name, segments] of [["whole", 1], ["segmented", 3]] as const) {
    const path = join(dir, `${name}.mp4`);
    const stills = { poster: join(dir, `${name}-poster.jpg`), contactSheet: join(dir, `${name}-sheet.jpg`) };
    const result = await renderTimeline(timeline, path, {
      encoder,
      stills,
      segments,
      threads: 1,
      onProgress: (f, s) => {
        if (name === "segmented") progress.push(f);
        if (s) counts.push(`${s.done}/${s.count}`);
      },
    });
    if (name === "segmented") {
      expect(result.segments?.seconds.length).toBe(3);
      expect(counts.at(-1)).toBe("3/3");
      expect(progress.at(-1)).toBe(1);
    } else expect(result.segments).toBeUndefined();
    rendered[name] = { path, frames: await greyFrames(path), audio: await monoSamples(path) };
  }
}, 600_000);

describe("a render in segments", () => {
  test("cuts on keyframe boundaries and joins to the whole render's length, to the frame", async () => {
    expect(joins).toEqual([6, 10]);
    const whole = await streams(rendered.whole.path);
    const segmented = await streams(rendered.segmented.path);
    expect(Number(segmented.video.nb_read_frames)).toBe(Number(whole.video.nb_read_frames));
    expect(Number(segmented.video.nb_read_frames)).toBe(Math.ceil(DURATION * FPS));
    expect([segmented.video.r_frame_rate, segmented.video.avg_frame_rate, segmented.video.profile]).toEqual(["30/1", "30/1", "High"]);
    expect(Math.abs(Number(segmented.format.duration) - Number(whole.format.duration))).toBeLessThanOrEqual(1 / FPS);
    expect(Math.abs(Number(segmented.audio.duration) - Number(whole.audio.duration))).toBeLessThanOrEqual(0.001);
    expect(isFaststart(rendered.segmented.path)).toBe(true);
    // Each segment opened on a keyframe where the whole render's GOP allows one.
    expect(timestampProblems(await videoPackets(rendered.segmented.path), Math.ceil(DURATION * FPS), [0, ...joins].map((at) => Math.round(at * FPS)))).toEqual([]);
  });

  test("every frame around each join is the whole render's frame of that number, none repeated or missing", () => {
    const { frames: whole } = rendered.whole;
    const { frames: segmented } = rendered.segmented;
    expect(frameCount(segmented)).toBe(frameCount(whole));
    for (const f of framesAtJoins(whole, segmented, joins.map((at) => Math.round(at * FPS)))) {
      // Within the encoder's noise, and nearer its own frame than its neighbours.
      expect(f.same).toBeLessThan(2);
      expect(f.nearest).toBe(f.frame);
      // The picture moves on at the join: no frame is shown twice.
      expect(f.moved).toBeGreaterThan(1);
    }
    expect(worstFrame(whole, segmented).diff).toBeLessThan(2);
  });

  test("a card sliding in across a join and the captions over it are drawn alike on both sides", async () => {
    for (const at of joins) {
      for (const seconds of [at - 1 / FPS, at]) {
        const region = async (path: string) =>
          new Uint8Array(await sharp(await ffmpegBytes(["-ss", seconds.toFixed(4), "-i", path, "-frames:v", "1", "-f", "image2", "-c:v", "png", "-"])).extract({ left: 200, top: 250, width: 680, height: 1150 }).greyscale().raw().toBuffer());
        expect(meanDiff(await region(rendered.segmented.path), await region(rendered.whole.path))).toBeLessThan(2.5);
      }
    }
  });

  test("the audio is the whole render's, continuous at the joins", async () => {
    const { audio: whole } = rendered.whole;
    const { audio: segmented } = rendered.segmented;
    expect(Math.abs(segmented.length - whole.length)).toBeLessThanOrEqual(1024);
    const heard = audioAtJoins(whole, segmented, joins);
    expect(heard.worst).toBeLessThan(1e-3);
    expect(heard.joinStep).toBeLessThanOrEqual(heard.signalStep);
    const loud = await integratedLoudness(rendered.segmented.path);
    expect(Math.abs(loud.lufs + 14)).toBeLessThanOrEqual(1);
    expect(loud.truePeak).toBeLessThanOrEqual(-1);
  });

  test("the poster and contact sheet come out of the segments", async () => {
    for (const name of ["poster", "sheet"]) expect(existsSync(join(dir, `segmented-${name}.jpg`))).toBe(true);
    const sheet = await sharp(join(dir, "segmented-sheet.jpg")).metadata();
    expect([sheet.width, sheet.height]).toEqual([SHEET_TILE.width * SHEET_COLUMNS, SHEET_TILE.height * SHEET_ROWS]);
    const poster = await sharp(join(dir, "segmented-poster.jpg")).metadata();
    expect([poster.width, poster.height]).toEqual([1080, 1920]);
    const tiles = async (name: string) => new Uint8Array(await sharp(join(dir, `${name}-sheet.jpg`)).resize(SHEET_COLUMNS * 27, SHEET_ROWS * 48).greyscale().raw().toBuffer());
    expect(meanDiff(await tiles("segmented"), await tiles("whole"))).toBeLessThan(4);
  });
});

/**
 * The service encodes with x264's ultrafast (no B-frames) or NVENC, whose preset may use them. With
 * B-frames a segment's packets are stored out of presentation order and its decoding times start before
 * 0 (an edit list in its MP4): the copy join must still present each frame once, at its own number,
 * decoding times rising across every join.
 */
describe("a render in segments with B-frames (x264 veryfast)", () => {
  const bEncoder = libx264Settings("veryfast");
  const B_DURATION = 6.5;
  const bJoins = segmentWindows(B_DURATION, 3, gopFrames(bEncoder)).slice(1).map((w) => w.firstFrame);
  const made = {} as Record<"whole" | "segmented", { path: string; frames: Uint8Array; audio: Float32Array }>;

  beforeAll(async () => {
    // From the start of the first clip, which moves on every frame through the whole 6.5 s.
    const background = { ...timeline.background, startAt: 0 };
    const bTimeline: Timeline = { ...timeline, duration: B_DURATION, background, layers: [{ ...timeline.layers[0]!, start: 1.9, end: 6.3 }], captions: undefined };
    for (const [name, segments] of [["whole", 1], ["segmented", 3]] as const) {
      const path = join(dir, `b-${name}.mp4`);
      await renderTimeline(bTimeline, path, { encoder: bEncoder, segments, threads: 1 });
      made[name] = { path, frames: await greyFrames(path), audio: await monoSamples(path) };
    }
  }, 300_000);

  test("each frame presented once, decoding times rising, a keyframe at each join", async () => {
    expect(bJoins).toEqual([60, 180]);
    const count = Math.ceil(B_DURATION * FPS);
    const whole = await videoPackets(made.whole.path);
    const segmented = await videoPackets(made.segmented.path);
    // The encoder did reorder frames: otherwise this proves nothing about B-frames.
    expect([whole.reorders, segmented.reorders]).toEqual([true, true]);
    expect(timestampProblems(whole, count, [0])).toEqual([]);
    expect(timestampProblems(segmented, count, [0, ...bJoins])).toEqual([]);
    expect(Number((await streams(made.segmented.path)).video.nb_read_frames)).toBe(count);
  });

  test("every frame around each join is the whole render's frame of that number, and the audio is unbroken", () => {
    expect(frameCount(made.segmented.frames)).toBe(frameCount(made.whole.frames));
    for (const f of framesAtJoins(made.whole.frames, made.segmented.frames, bJoins)) {
      expect(f.same).toBeLessThan(2);
      expect(f.nearest).toBe(f.frame);
      expect(f.moved).toBeGreaterThan(1);
    }
    expect(worstFrame(made.whole.frames, made.segmented.frames).diff).toBeLessThan(2);
    const heard = audioAtJoins(made.whole.audio, made.segmented.audio, bJoins.map((f) => f / FPS));
    expect(heard.joinStep).toBeLessThanOrEqual(heard.signalStep);
  });
});
