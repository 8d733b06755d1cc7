import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { insertVideo } from "../../db/repos/videos.ts";
import { ffmpegBytes, runFfmpeg } from "../../render/ffmpeg.ts";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { createRenderPool } from "../../render/pool.ts";
import { renderTimeline } from "../../render/renderer.ts";
import { FPS, type Timeline } from "../../render/timeline.ts";
import { newId } from "../../src/kernel/ids.ts";
import type { Logger } from "../../src/kernel/logger.ts";
import { shareWindows, startSegmentHelper } from "../../src/videos/segment-jobs.ts";
import { useService } from "../helpers/harness.ts";
import { storyBody } from "../helpers/videos.ts";

/**
 * The shared render's round trip in one process: a video's attempt renders a Timeline in 3 segments and
 * offers two windows on the real queue; a second render pool, standing for another worker, takes what it
 * can, renders it from the task and files in storage, and stores the segment and its stills; the attempt
 * brings them back and joins. The result is the whole render's, frame for frame, with its poster and
 * sheet, and nothing of the shared render stays in storage.
 */
const dir = mkdtempSync(join(tmpdir(), "segment-jobs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const encoder = libx264Settings("ultrafast");
const DURATION = 10.5;
const SMALL = { width: 135, height: 240 };
const frameSize = SMALL.width * SMALL.height;
const frames = (path: string) => ffmpegBytes(["-i", path, "-vf", `scale=${SMALL.width}:${SMALL.height},format=gray`, "-f", "rawvideo", "-"]);
const meanDiff = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

/** A logger that keeps its lines, to tell which worker did what. */
function keptLog(): Logger & { lines: { msg: string; fields?: Record<string, unknown> }[] } {
  const lines: { msg: string; fields?: Record<string, unknown> }[] = [];
  const keep = (msg: string, fields?: Record<string, unknown>) => void lines.push({ msg, fields });
  return { lines, debug: keep, info: keep, warn: keep, error: keep };
}

describe("a segmented render shared through the queue", () => {
  const svc = useService("pglite");
  test("windows another worker rendered are brought back and joined: the whole render's frames, its poster and sheet; nothing left in storage", async () => {
    await runFfmpeg(["-f", "lavfi", "-i", "testsrc2=s=540x960:r=30:d=6", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "30", join(dir, "a.mp4")]);
    await runFfmpeg(["-f", "lavfi", "-i", "color=c=white:s=600x240,format=rgba", "-frames:v", "1", join(dir, "card.png")]);
    await runFfmpeg(["-f", "lavfi", "-i", `aevalsrc=0.3*sin(2*PI*(200+20*t)*t):s=48000:d=${DURATION}`, "-c:a", "pcm_s16le", join(dir, "voice.wav")]);
    const words = Array.from({ length: 24 }, (_, i) => ({ text: `word${i}`, start: 0.2 + i * 0.4, end: 0.55 + i * 0.4 }));
    const timeline: Timeline = {
      duration: DURATION,
      background: { kind: "video", path: join(dir, "a.mp4"), startAt: 2 },
      layers: [{ path: join(dir, "card.png"), x: 240, y: 300, start: 3.9, end: 8.5, entrance: "slide-up" }],
      captions: { words, preset: "beast", position: "middle" },
      audio: [{ path: join(dir, "voice.wav"), start: 0, volume: 1, kind: "narration" }],
    };

    // The video the windows belong to: its first attempt renders it (the workers' fence).
    const { accountId } = await svc().createAccount();
    const now = new Date();
    const video = await insertVideo(svc().database.db, { id: newId("vid"), accountId, template: "reddit_story", status: "rendering", stage: "Rendering", attempts: 1, inputs: storyBody().inputs, createdAt: now, updatedAt: now });
    const storage = svc().deps.storage;
    const other = createRenderPool({ settings: encoder, reason: "tests" }, { cores: 2, maxConcurrentRenders: 1, threads: 1 });
    const otherLog = keptLog();
    const helper = startSegmentHelper({ database: svc().database, queue: svc().queue, storage, renderPool: other, workRoot: join(dir, "other-work"), log: otherLog });
    try {
      const workDir = join(dir, "work");
      mkdirSync(workDir);
      const ownLog = keptLog();
      const shared = shareWindows({ queue: svc().queue, storage, log: ownLog }, { id: video.id, attempt: 1 }, workDir);
      const stills = { poster: join(dir, "shared-poster.jpg"), contactSheet: join(dir, "shared-sheet.jpg") };
      const result = await renderTimeline(timeline, join(dir, "shared.mp4"), { encoder, stills, workDir, segments: 3, threads: 2, placer: shared.placer, localSlots: 1 }).finally(() => shared.cleanUp());
      expect(result.segments?.seconds).toHaveLength(3);
      // The other worker rendered at least one window (the first is always the attempt's own).
      const rendered = otherLog.lines.filter((l) => l.msg === "shared window rendered");
      expect(rendered.length).toBeGreaterThanOrEqual(1);
      expect(rendered.every((l) => (l.fields!.window as number) > 0)).toBe(true);

      await renderTimeline(timeline, join(dir, "whole.mp4"), { encoder, stills: { poster: join(dir, "whole-poster.jpg"), contactSheet: join(dir, "whole-sheet.jpg") } });
      const [shown, whole] = [await frames(join(dir, "shared.mp4")), await frames(join(dir, "whole.mp4"))];
      expect(shown.length).toBe(whole.length);
      expect(shown.length / frameSize).toBe(Math.ceil(DURATION * FPS));
      for (let i = 0; i < whole.length / frameSize; i++) {
        const same = meanDiff(shown.subarray(i * frameSize, (i + 1) * frameSize), whole.subarray(i * frameSize, (i + 1) * frameSize));
        expect(same).toBeLessThan(2);
      }
      const small = async (path: string) => new Uint8Array(await sharp(path).resize(54, 96).greyscale().raw().toBuffer());
      expect(meanDiff(await small(stills.poster), await small(join(dir, "whole-poster.jpg")))).toBeLessThan(3);
      expect(meanDiff(await small(stills.contactSheet), await small(join(dir, "whole-sheet.jpg")))).toBeLessThan(4);

      const left = readdirSync(join(svc().dataDir, "videos")).filter((name) => name.startsWith("segment-"));
      expect(left).toEqual([]);
      expect(existsSync(join(dir, "other-work", video.id))).toBe(false);
    } finally {
      await helper.stop();
      await other.close();
    }
  }, 300_000);
});
