import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { renderTimeline } from "../../render/renderer.ts";
import type { Timeline } from "../../render/timeline.ts";
import { analyseClip, frameDifference } from "../helpers/footage-frames.ts";

/**
 * A background's start offset in real renders: the video opens on the clip's frame at the offset, runs to
 * the clip's end and continues from its first frame, with no frame repeated or skipped at either join. A
 * sequence of clips (a category's loops) plays each in turn the same way.
 */
const dir = mkdtempSync(join(tmpdir(), "bg-offset-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clip = join(dir, "loop.mp4");
let source: Uint8Array[];

beforeAll(async () => {
  // 2 s at 30 fps with a keyframe a second, like the stored loops; every frame of testsrc2 differs.
  await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=1080x1920:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p", clip]);
  source = (await analyseClip(clip)).grey;
}, 60_000);

async function render(startAt: number | undefined, name: string): Promise<Uint8Array[]> {
  const timeline: Timeline = { duration: 3, background: { kind: "video", path: clip, fitted: true, startAt }, layers: [], audio: [] };
  const out = join(dir, `${name}.mp4`);
  await renderTimeline(timeline, out, { encoder: libx264Settings("ultrafast") });
  return (await analyseClip(out)).grey;
}

/** The source frame each rendered frame shows: the closest one. */
const sourceIndexes = (frames: Uint8Array[]) =>
  frames.map((frame) => source.reduce((best, candidate, i) => (frameDifference(frame, candidate) < frameDifference(frame, source[best]!) ? i : best), 0));

describe("background start offset", () => {
  test("the clip starts at the offset and wraps to its first frame without a repeated or skipped frame", async () => {
    expect(source).toHaveLength(60);
    const shown = sourceIndexes(await render(1.5, "offset"));
    expect(shown).toHaveLength(90);
    expect(shown).toEqual(Array.from({ length: 90 }, (_, k) => (45 + k) % 60));
  }, 60_000);

  test("two offsets open on different frames; no offset is the clip's first frame; offsets past the end wrap", async () => {
    const [plain, one, wrapped] = [await render(undefined, "plain"), await render(1, "one"), await render(5, "wrapped")];
    expect(sourceIndexes([plain[0]!, one[0]!, wrapped[0]!])).toEqual([0, 30, 30]);
    expect(frameDifference(plain[0]!, one[0]!)).toBeGreaterThan(0.5);
  }, 60_000);
});

describe("a sequence of background clips", () => {
  test("half-size clips play one after another from the offset, scaled up, and come round again only after the last", async () => {
    // 3 s of testsrc2 at the built-in loops' stored size, cut into three 1 s clips that play B, C, A.
    const whole = join(dir, "whole.mp4");
    await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=540x960:r=30:d=3", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p", whole]);
    const clips = await Promise.all(["a", "b", "c"].map(async (name, i) => {
      const path = join(dir, `${name}.mp4`);
      await runFfmpeg(["-i", whole, "-vf", `trim=start_frame=${i * 30}:end_frame=${(i + 1) * 30},setpts=PTS-STARTPTS`, "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p", path]);
      return path;
    }));
    const sequenceSource = (await analyseClip(whole)).grey;
    const timeline: Timeline = { duration: 3.5, background: { kind: "video", path: clips[1]!, next: [clips[2]!, clips[0]!], startAt: 0.5 }, layers: [], audio: [] };
    const out = join(dir, "sequence.mp4");
    await renderTimeline(timeline, out, { encoder: libx264Settings("ultrafast") });
    const rendered = (await analyseClip(out)).grey;
    const shown = rendered.map((frame) => sequenceSource.reduce((best, candidate, i) => (frameDifference(frame, candidate) < frameDifference(frame, sequenceSource[best]!) ? i : best), 0));
    // Opens half way into B (frame 45 of the whole), runs through C and A, and is back in B after 60 frames.
    expect(shown).toEqual(Array.from({ length: 105 }, (_, k) => (45 + k) % 90));
  }, 120_000);
});
