import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../render/ffmpeg.ts";
import { FOOTAGE_RECIPES } from "../../render/footage/recipes.ts";
import { generatedMediaDir } from "../../render/media/generated-dir.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { analyseClip, loopDifferences } from "../helpers/footage-frames.ts";

/**
 * Every built-in background loop as set-up stored it (scripts/test.sh generates them first): the stored
 * format, no repeated frame, real motion, and a seam that looks like any other step. A missing loop fails:
 * a scene that does not render must not pass unnoticed.
 */
const root = generatedMediaDir(loadConfig().mediaCacheDir);
/**
 * Mean grey difference between consecutive frames (0-255, 108x192) below which a loop hardly moves. The
 * gameplay categories travel, so the whole frame changes each step; the satisfying loops are watched from a
 * steady camera and only the bodies move (the marble run measured 0.78, a still clip 0).
 */
const MOTION_FLOOR = 1.5;
const STEADY_CAMERA_MOTION_FLOOR = 0.5;
const STEADY_CAMERA_CATEGORIES = new Set(["satisfying"]);

describe("built-in background loops", () => {
  test("there are two loops for each of the seven categories", () => {
    const perSlug = Map.groupBy(FOOTAGE_RECIPES, (r) => r.slug);
    expect(perSlug.size).toBe(7);
    for (const loops of perSlug.values()) expect(loops).toHaveLength(2);
  });

  for (const recipe of FOOTAGE_RECIPES) {
    test(`${recipe.slug}/${recipe.name}`, async () => {
      const path = join(root, "backgrounds", recipe.slug, `${recipe.name}.mp4`);
      if (!existsSync(path)) throw new Error(`${path} is missing: run bun scripts/generate-media.ts (its scene may not exist or may have failed)`);
      const video = (await probe(path)).streams.find((s) => s.codec_type === "video")!;
      expect({ codec: video.codec_name, width: video.width, height: video.height, rate: video.r_frame_rate }).toEqual({ codec: "h264", width: 1080, height: 1920, rate: "30/1" });
      expect(Number(video.duration)).toBeGreaterThanOrEqual(20);

      const { hashes, grey } = await analyseClip(path);
      expect(hashes.length).toBe(grey.length);
      expect(hashes.length).toBeGreaterThanOrEqual(600);
      const repeats = hashes.flatMap((hash, i) => (hash === hashes[(i + 1) % hashes.length] ? [i] : []));
      expect(repeats).toEqual([]);

      const { steps, seam } = loopDifferences(grey);
      const mean = steps.reduce((a, b) => a + b, 0) / steps.length;
      expect(mean).toBeGreaterThan(STEADY_CAMERA_CATEGORIES.has(recipe.slug) ? STEADY_CAMERA_MOTION_FLOOR : MOTION_FLOOR);
      expect(seam).toBeGreaterThanOrEqual(Math.min(...steps));
      expect(seam).toBeLessThanOrEqual(Math.max(...steps));
    }, 120_000);
  }
});
