import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import type { EncoderSettings } from "../../render/plan/encoder.ts";
import { renderTimeline } from "../../render/renderer.ts";
import type { Timeline } from "../../render/timeline.ts";
import { frameAt } from "../helpers/media.ts";

/**
 * The built-in loops are stored at 540x960 and doubled as the video is composed, where they used to be
 * stored doubled (lanczos, CRF 21) and drawn as they were. The same Timeline over the same footage,
 * rendered both ways without the encoder's own loss, must look the same: every frame's SSIM at least
 * 0.98, and the card and the captions drawn at exactly the same pixels.
 */
const dir = mkdtempSync(join(tmpdir(), "bg-scale-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const half = join(dir, "loop-540.mp4");
const full = join(dir, "loop-1080.mp4");
/** Lossless, so the comparison sees the graphs and not two encodes' noise. */
const lossless: EncoderSettings = { name: "libx264", args: ["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p"] };
const storedAsLoops = ["-c:v", "libx264", "-preset", "veryfast", "-tune", "fastdecode", "-g", "30", "-keyint_min", "30", "-sc_threshold", "0", "-pix_fmt", "yuv420p"];

beforeAll(async () => {
  // A moving scene with fine detail everywhere (a blurred test pattern passes even with the crudest
  // scaler), in greys below white: no pixel of it reads as the white card or the yellow highlight.
  // Here bilinear gives a least SSIM of 0.990, fast_bilinear 0.968.
  await runFfmpeg(["-f", "lavfi", "-i", "mandelbrot=s=540x960:r=30,trim=duration=2,format=yuv420p,hue=s=0,lutyuv=y=val*0.7", ...storedAsLoops, "-crf", "18", half]);
  // The loop as it used to be stored: doubled with lanczos, CRF 21.
  await runFfmpeg(["-i", half, "-vf", "scale=1080:1920:flags=lanczos", ...storedAsLoops, "-crf", "21", full]);
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=white:s=500x200,format=rgba", "-frames:v", "1", join(dir, "card.png")]);
}, 60_000);

const timeline = (background: Timeline["background"]): Timeline => ({
  duration: 2,
  background,
  layers: [{ path: join(dir, "card.png"), x: 290, y: 300, start: 0, end: 2 }],
  captions: {
    words: [
      { text: "every", start: 0.1, end: 0.6 },
      { text: "pixel", start: 0.6, end: 1.2 },
      { text: "stays", start: 1.2, end: 1.9 },
    ],
    preset: "hormozi",
    position: "middle",
  },
  audio: [],
});

/** Pixels (index list) of a 1080x1920 RGB frame that pass `test`. */
function pixels(rgb: Uint8Array, test: (r: number, g: number, b: number) => boolean): number[] {
  const found: number[] = [];
  for (let i = 0; i < rgb.length; i += 3) if (test(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!)) found.push(i / 3);
  return found;
}
const white = (r: number, g: number, b: number) => r > 235 && g > 235 && b > 235;
const yellow = (r: number, g: number, b: number) => r > 200 && g > 180 && b < 90;

describe("footage stored at half size and doubled in the graph", () => {
  test("looks like the full-size loop it replaced, with cards and captions at the same pixels", async () => {
    const [now, before] = [join(dir, "now.mp4"), join(dir, "before.mp4")];
    await renderTimeline(timeline({ kind: "video", path: half }), now, { encoder: lossless });
    await renderTimeline(timeline({ kind: "video", path: full, fitted: true }), before, { encoder: lossless });

    const stats = join(dir, "ssim.log");
    await runFfmpeg(["-i", now, "-i", before, "-lavfi", `[0:v][1:v]ssim=stats_file=${stats}`, "-f", "null", "-"]);
    const perFrame = readFileSync(stats, "utf8").trim().split("\n").map((line) => Number(/All:([\d.]+)/.exec(line)![1]));
    expect(perFrame).toHaveLength(60);
    expect(Math.min(...perFrame)).toBeGreaterThanOrEqual(0.98);

    for (const t of [0.3, 0.9, 1.5]) {
      const [a, b] = [await frameAt(now, t, join(dir, "a.rgb")), await frameAt(before, t, join(dir, "b.rgb"))];
      const card = pixels(a, white).filter((p) => p < 700 * 1080);
      expect(card.length).toBe(500 * 200);
      expect(card).toEqual(pixels(b, white).filter((p) => p < 700 * 1080));
      const highlight = pixels(a, yellow);
      expect(highlight.length).toBeGreaterThan(1000);
      expect(highlight).toEqual(pixels(b, yellow));
    }
  }, 120_000);
});
