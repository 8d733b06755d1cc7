import { afterAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { probe } from "../../render/ffmpeg.ts";
import { SceneCapture } from "../../render/footage/capture.ts";
import { Browser } from "../../render/footage/chromium.ts";
import { FOOTAGE_FPS, FOOTAGE_RECIPES, LOOP_SECONDS, RENDER_HEIGHT, RENDER_WIDTH, sceneVariant } from "../../render/footage/recipes.ts";
import { categorySlug, DEFAULT_BACKGROUND_CATEGORY } from "../../render/media/background-categories.ts";
import { generatedMediaDir } from "../../render/media/generated-dir.ts";
import { loadConfig } from "../../src/kernel/config.ts";
import { analyseClip, frameDifference, GREY_HEIGHT, GREY_WIDTH, loopDifferences } from "../helpers/footage-frames.ts";

/**
 * Every built-in background loop as set-up stored it: the stored format, no repeated frame, real motion,
 * and a seam that looks like any other step. scripts/test.sh generates the default category's loops, so
 * those must exist; a loop of another category not generated on this machine has its scene checked by
 * drawing its first half second instead, so a scene that does not render never passes unnoticed.
 */
const root = generatedMediaDir(loadConfig().mediaCacheDir);
const loopPath = (slug: string, name: string) => join(root, "backgrounds", slug, `${name}.mp4`);
/**
 * Mean grey difference between consecutive frames (0-255, 108x192) below which a loop hardly moves. The
 * gameplay categories travel, so the whole frame changes each step; the satisfying loops are watched from a
 * steady camera and only the bodies move (the marble run measured 0.78, a still clip 0).
 */
const MOTION_FLOOR = 1.5;
const STEADY_CAMERA_MOTION_FLOOR = 0.5;
const STEADY_CAMERA_CATEGORIES = new Set(["satisfying"]);
const motionFloor = (slug: string) => (STEADY_CAMERA_CATEGORIES.has(slug) ? STEADY_CAMERA_MOTION_FLOOR : MOTION_FLOOR);
const DEFAULT_SLUG = categorySlug(DEFAULT_BACKGROUND_CATEGORY);

let browser: Browser | undefined;
afterAll(async () => browser?.close());

describe("built-in background loops", () => {
  test("there are three loops for each of the seven categories", () => {
    const perSlug = Map.groupBy(FOOTAGE_RECIPES, (r) => r.slug);
    expect(perSlug.size).toBe(7);
    for (const loops of perSlug.values()) expect(loops).toHaveLength(3);
  });

  for (const recipe of FOOTAGE_RECIPES) {
    const path = loopPath(recipe.slug, recipe.name);
    if (recipe.slug !== DEFAULT_SLUG && !existsSync(path)) {
      test(`${recipe.slug}/${recipe.name} (not generated here: its scene draws moving frames)`, async () => {
        browser ??= await Browser.launch();
        const capture = await SceneCapture.open(
          { slug: recipe.slug, variant: sceneVariant(recipe), seed: recipe.seed, width: RENDER_WIDTH, height: RENDER_HEIGHT, loopSeconds: LOOP_SECONDS, fps: FOOTAGE_FPS },
          browser,
        );
        try {
          const grey: Uint8Array[] = [];
          for (let i = 0; i < FOOTAGE_FPS / 2; i++) {
            const jpeg = await capture.frame(i);
            grey.push(new Uint8Array(await sharp(jpeg).resize(GREY_WIDTH, GREY_HEIGHT, { kernel: "cubic" }).greyscale().raw().toBuffer()));
          }
          const steps = grey.slice(1).map((frame, i) => frameDifference(grey[i]!, frame));
          expect(Math.min(...steps)).toBeGreaterThan(0);
          expect(steps.reduce((a, b) => a + b, 0) / steps.length).toBeGreaterThan(motionFloor(recipe.slug));
        } finally {
          await capture.close();
        }
      }, 120_000);
      continue;
    }
    test(`${recipe.slug}/${recipe.name}`, async () => {
      if (!existsSync(path)) throw new Error(`${path} is missing: run bun scripts/generate-media.ts --default (its scene may not exist or may have failed)`);
      const video = (await probe(path)).streams.find((s) => s.codec_type === "video")!;
      expect({ codec: video.codec_name, width: video.width, height: video.height, rate: video.r_frame_rate }).toEqual({ codec: "h264", width: RENDER_WIDTH, height: RENDER_HEIGHT, rate: "30/1" });
      expect(Number(video.duration)).toBeGreaterThanOrEqual(LOOP_SECONDS);

      const { hashes, grey } = await analyseClip(path);
      expect(hashes.length).toBe(grey.length);
      expect(hashes.length).toBeGreaterThanOrEqual(LOOP_SECONDS * FOOTAGE_FPS);
      const repeats = hashes.flatMap((hash, i) => (hash === hashes[(i + 1) % hashes.length] ? [i] : []));
      expect(repeats).toEqual([]);

      const { steps, seam } = loopDifferences(grey);
      const mean = steps.reduce((a, b) => a + b, 0) / steps.length;
      expect(mean).toBeGreaterThan(motionFloor(recipe.slug));
      expect(seam).toBeGreaterThanOrEqual(Math.min(...steps));
      expect(seam).toBeLessThanOrEqual(Math.max(...steps));
    }, 120_000);
  }
});
