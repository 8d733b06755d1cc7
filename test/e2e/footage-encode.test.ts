import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { ffmpegStdinToFile } from "../../render/ffmpeg.ts";
import { captureOrder, loopEncodeArgs, type LoopPlan } from "../../render/footage/encode.ts";
import { analyseClip } from "../helpers/footage-frames.ts";

/**
 * The loop encoder on frames whose grey level is their index (no browser needed): every frame arrives
 * once, in order, and a cross-fade blends the tail into the head with rising weight.
 */
const dir = mkdtempSync(join(tmpdir(), "footage-encode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const level = (i: number) => 20 + i * 4;
const frame = (i: number) => sharp({ create: { width: 540, height: 960, channels: 3, background: { r: level(i), g: level(i), b: level(i) } } }).jpeg({ quality: 95 }).toBuffer();
const mean = (grey: Uint8Array) => grey.reduce((a, b) => a + b, 0) / grey.length;

async function encode(plan: LoopPlan, name: string): Promise<number[]> {
  const out = join(dir, `${name}.mp4`);
  async function* frames() {
    for (const i of captureOrder(plan)) yield await frame(i);
  }
  await ffmpegStdinToFile(out, (path) => loopEncodeArgs(plan, path), frames());
  const { grey, hashes } = await analyseClip(out);
  expect(hashes).toHaveLength(plan.frames);
  return grey.map(mean);
}

describe("footage loop encoder", () => {
  test("a periodic loop stores every frame once, in order", async () => {
    const levels = await encode({ frames: 30, crossfadeFrames: 0, grain: 0, seed: 1 }, "periodic");
    levels.forEach((value, i) => expect(Math.abs(value - level(i))).toBeLessThan(1.5));
  }, 60_000);

  test("a cross-faded loop starts at drawn frame C and ends blending the tail into the head", async () => {
    const plan = { frames: 40, crossfadeFrames: 9, grain: 0, seed: 1 };
    const levels = await encode(plan, "crossfade");
    for (let k = 0; k < 31; k++) expect(Math.abs(levels[k]! - level(9 + k))).toBeLessThan(1.5);
    for (let k = 0; k < 9; k++) {
      const w = (k + 1) / 10;
      const expected = level(40 + k) * (1 - w) + level(k) * w;
      expect(Math.abs(levels[31 + k]! - expected)).toBeLessThan(1.5);
    }
  }, 60_000);
});
