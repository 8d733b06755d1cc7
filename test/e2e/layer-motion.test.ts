import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { libx264Settings } from "../../render/plan/encoder.ts";
import { renderTimeline } from "../../render/renderer.ts";
import type { Timeline } from "../../render/timeline.ts";
import { frameAt } from "../helpers/media.ts";

const dir = mkdtempSync(join(tmpdir(), "layer-motion-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The colour at a pixel of a decoded rgb24 1080x1920 frame. */
const at = (frame: Uint8Array, x: number, y: number) => [...frame.slice((y * 1080 + x) * 3, (y * 1080 + x) * 3 + 3)];
const near = (rgb: number[], want: number[]) => rgb.every((c, i) => Math.abs(c - want[i]!) < 40);

test("a strip of frames steps at its rate and holds; a sweep slides its window across the PNG", async () => {
  // Three 100x100 frames stacked: red, green, blue.
  const strip = join(dir, "strip.png");
  const square = (color: string) => `<rect width="100" height="100" fill="${color}"/>`;
  await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="300">${square("#ff0000")}<g transform="translate(0 100)">${square("#00ff00")}</g><g transform="translate(0 200)">${square("#0000ff")}</g></svg>`)).png().toFile(strip);
  // A bar, full (white) then empty (dark grey), each 400 px.
  const bar = join(dir, "bar.png");
  await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="60"><rect width="400" height="60" fill="#ffffff"/><rect x="400" width="400" height="60" fill="#404040"/></svg>`)).png().toFile(bar);
  const timeline: Timeline = {
    duration: 2,
    background: { kind: "color", color: "#000000" },
    layers: [
      { path: strip, x: 100, y: 300, start: 0.2, end: 2, motion: { kind: "frames", count: 3, fps: 5 } },
      { path: bar, x: 300, y: 800, start: 0.5, end: 2, motion: { kind: "sweep", dx: 400, seconds: 1 } },
    ],
    audio: [],
  };
  const out = join(dir, "motion.mp4");
  await renderTimeline(timeline, out, { encoder: libx264Settings("ultrafast") });
  const scratch = join(dir, "frame.rgb");
  const frame = (t: number) => frameAt(out, t, scratch);
  // The strip: nothing before its start, then a frame every 0.2 s, the last held.
  expect(near(at(await frame(0.1), 150, 350), [0, 0, 0])).toBe(true);
  expect(near(at(await frame(0.3), 150, 350), [255, 0, 0])).toBe(true);
  expect(near(at(await frame(0.5), 150, 350), [0, 255, 0])).toBe(true);
  expect(near(at(await frame(0.7), 150, 350), [0, 0, 255])).toBe(true);
  expect(near(at(await frame(1.8), 150, 350), [0, 0, 255])).toBe(true);
  // Only one frame of the strip shows: below it, the background.
  expect(near(at(await frame(0.7), 150, 450), [0, 0, 0])).toBe(true);
  // The bar: full at its start, half empty halfway through the sweep, empty after it.
  const barAt = async (t: number) => {
    const f = await frame(t);
    return [at(f, 310, 830), at(f, 520, 830), at(f, 660, 830)].map((c) => (near(c, [255, 255, 255]) ? "full" : near(c, [64, 64, 64]) ? "empty" : "other"));
  };
  expect(await barAt(0.55)).toEqual(["full", "full", "full"]);
  expect(await barAt(1.0)).toEqual(["full", "empty", "empty"]);
  expect(await barAt(1.7)).toEqual(["empty", "empty", "empty"]);
}, 120_000);
