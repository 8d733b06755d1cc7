/**
 * Preview of a footage scene through the real capture path:
 *   bun scripts/footage-frames.ts <slug> <name> [--frames 0,150,300] [--out DIR] [--seed N] [--size 540x960]
 * Draws every frame from 0 up to the last one asked for (scenes may simulate), writes the asked ones as
 * PNGs and prints their paths and the frames per second the capture achieved.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { SceneCapture } from "../render/footage/capture.ts";
import { FOOTAGE_FPS, FOOTAGE_RECIPES, LOOP_SECONDS, RENDER_HEIGHT, RENDER_WIDTH, findRecipe, sceneVariant } from "../render/footage/recipes.ts";

const { values, positionals } = parseArgs({
  args: Bun.argv.slice(2),
  allowPositionals: true,
  options: { frames: { type: "string" }, out: { type: "string" }, seed: { type: "string" }, size: { type: "string" } },
});
const [slug, name] = positionals;
if (!slug || !name) {
  const known = FOOTAGE_RECIPES.map((r) => `  ${r.slug} ${r.name}`).join("\n");
  console.error(`usage: bun scripts/footage-frames.ts <slug> <name> [--frames 0,150,300] [--out DIR] [--seed N] [--size WxH]\nloops:\n${known}`);
  process.exit(2);
}
const frames = (values.frames ?? "0,150,300").split(",").map((f) => Number(f.trim()));
if (frames.some((f) => !Number.isInteger(f) || f < 0)) throw new Error(`--frames: whole numbers >= 0, got "${values.frames}"`);
const wanted = new Set(frames);
const last = Math.max(...frames);
const recipe = findRecipe(slug, name);
const variant = recipe ? sceneVariant(recipe) : name;
const seed = values.seed !== undefined ? Number(values.seed) : (recipe?.seed ?? 1);
const [width, height] = (values.size ?? `${RENDER_WIDTH}x${RENDER_HEIGHT}`).split("x").map(Number) as [number, number];
const out = resolve(values.out ?? join("/tmp", "footage-frames", `${slug}-${name}`));
mkdirSync(out, { recursive: true });

const opened = performance.now();
const capture = await SceneCapture.open({ slug, variant, seed, width, height, loopSeconds: LOOP_SECONDS, fps: FOOTAGE_FPS });
console.error(`${slug}/${variant}: seed ${seed}, ${width}x${height}, loop ${JSON.stringify(capture.info.loop)}, grain ${capture.info.grain}, opened in ${((performance.now() - opened) / 1000).toFixed(1)} s (${capture.info.renderer})`);
try {
  const started = performance.now();
  let captureMs = 0;
  for (let i = 0; i <= last; i++) {
    const t = performance.now();
    await capture.frame(i);
    captureMs += performance.now() - t;
    if (wanted.has(i)) {
      const path = join(out, `${slug}-${name}-${String(i).padStart(4, "0")}.png`);
      await Bun.write(path, await capture.screenshot("png"));
      console.log(path);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.error(`${last + 1} frames in ${seconds.toFixed(1)} s: ${((last + 1) / (captureMs / 1000)).toFixed(1)} fps drawn and captured (JPEG, as the pipeline does)`);
} finally {
  await capture.close();
}
