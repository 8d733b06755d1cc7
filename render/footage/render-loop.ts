import { ffmpegStdinToFile } from "../ffmpeg.ts";
import { SceneCapture } from "./capture.ts";
import type { Browser } from "./chromium.ts";
import { captureOrder, loopEncodeArgs, type LoopPlan } from "./encode.ts";
import { FOOTAGE_FPS, LOOP_SECONDS, RENDER_HEIGHT, RENDER_WIDTH, sceneVariant, type FootageRecipe } from "./recipes.ts";

/** JPEG quality of the captured frames: high enough that the 2x upscale shows no blocks. */
export const CAPTURE_QUALITY = 92;

export interface LoopStats {
  /** Frames rendered (the loop, plus the cross-fade tail). */
  rendered: number;
  seconds: number;
  /** Rendered frames per second, capture and encode together. */
  fps: number;
  maxRssBytes: number;
}

/**
 * Renders one recipe into a stored loop at `path` (atomically: a partial file is renamed into place).
 * Frames are drawn in order 0, 1, 2... (scenes may simulate), each captured once and streamed to ffmpeg
 * in the order the loop is stored (see captureOrder): nothing is duplicated and nothing is dropped.
 */
export async function renderLoop(recipe: FootageRecipe, path: string, browser?: Browser, signal?: AbortSignal): Promise<LoopStats> {
  const started = performance.now();
  const capture = await SceneCapture.open(
    { slug: recipe.slug, variant: sceneVariant(recipe), seed: recipe.seed, width: RENDER_WIDTH, height: RENDER_HEIGHT, loopSeconds: LOOP_SECONDS, fps: FOOTAGE_FPS, format: "jpeg", quality: CAPTURE_QUALITY },
    browser,
  );
  try {
    const { loop, grain } = capture.info;
    const plan: LoopPlan = {
      frames: LOOP_SECONDS * FOOTAGE_FPS,
      crossfadeFrames: loop.kind === "crossfade" ? Math.max(1, Math.round(loop.crossfadeSeconds * FOOTAGE_FPS)) : 0,
      grain,
      seed: recipe.seed,
    };
    const order = captureOrder(plan);
    const rendered = order.length;
    async function* frames() {
      const held: Uint8Array[] = [];
      for (let i = 0; i < rendered; i++) {
        if (signal?.aborted) throw new Error("footage: generation stopped");
        const jpeg = await capture.frame(i);
        if (i < plan.crossfadeFrames) held.push(jpeg);
        else yield jpeg;
      }
      yield* held;
    }
    const run = await ffmpegStdinToFile(path, (out) => loopEncodeArgs(plan, out), frames(), { signal });
    const seconds = (performance.now() - started) / 1000;
    return { rendered, seconds, fps: rendered / seconds, maxRssBytes: run.maxRssBytes };
  } finally {
    await capture.close();
  }
}
