/**
 * Generates the built-in background loops, their thumbnails and the music loops into the media cache
 * (MEDIA_CACHE_DIR). Skips what exists, so set-up runs it every time at no cost.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ffmpegToFile } from "../render/ffmpeg.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { BACKGROUND_RECIPES, MUSIC_RECIPES, backgroundArgs, musicArgs, thumbnailArgs } from "../render/media/generated-backgrounds.ts";
import { categorySlug } from "../render/media/background-categories.ts";
import { loadConfig } from "../src/config.ts";

const root = generatedMediaDir(loadConfig().mediaCacheDir);

async function make(path: string, args: (out: string) => string[]) {
  if (existsSync(path)) return false;
  mkdirSync(join(path, ".."), { recursive: true });
  await ffmpegToFile(path, args);
  return true;
}

let made = 0;
const started = performance.now();
for (const recipe of BACKGROUND_RECIPES) {
  const dir = join(root, "backgrounds", categorySlug(recipe.category));
  const video = join(dir, `${recipe.name}.mp4`);
  if (await make(video, (out) => backgroundArgs(recipe, out))) made++;
  if (await make(join(dir, `${recipe.name}.jpg`), (out) => thumbnailArgs(video, out))) made++;
}
for (const recipe of MUSIC_RECIPES) {
  if (await make(join(root, "music", recipe.mood, `${recipe.name}.mp3`), (out) => musicArgs(recipe, out))) made++;
}
console.error(`media: ${made} files made in ${((performance.now() - started) / 1000).toFixed(1)} s under ${root}`);
