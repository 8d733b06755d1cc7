/**
 * Renders a still of every caption preset over the built-in 3D footage, mid-word so the highlight shows,
 * into docs/captions/<preset>.jpg, and a labelled contact sheet docs/caption-presets.png. The presets take
 * the background categories in turn, so the sheet shows captions over every kind of footage.
 * Run: bun scripts/caption-stills.ts [--frames DIR]
 * Each category's first loop is read from the generated media (scripts/generate-media.ts); where it is not
 * generated yet, a frame of it drawn by `bun scripts/footage-frames.ts <slug> <loop> --out DIR` is used.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildAss } from "../render/captions/ass.ts";
import { CAPTION_PRESET_IDS } from "../render/captions/presets.ts";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { fontFile, fontsDir } from "../render/fonts.ts";
import { FOOTAGE_RECIPES } from "../render/footage/recipes.ts";
import { BACKGROUND_CATEGORIES, categorySlug } from "../render/media/background-categories.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { escapeFilterPath } from "../render/plan/filter-path.ts";
import { loadConfig } from "../src/kernel/config.ts";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { frames: { type: "string" } } });
const framesDir = values.frames ? resolve(values.frames) : undefined;

const docs = join(import.meta.dir, "..", "docs");
const out = join(docs, "captions");
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "stills-"));
const media = generatedMediaDir(loadConfig().mediaCacheDir);
const words = "she said a bowl is a bowl".split(" ").map((text, i) => ({ text, start: i * 0.4, end: i * 0.4 + 0.38 }));

/** The footage behind a preset's still: ffmpeg input arguments, and a label naming the loop. */
function background(index: number): { input: string[]; label: string } {
  const slug = categorySlug(BACKGROUND_CATEGORIES[index % BACKGROUND_CATEGORIES.length]!);
  const recipe = FOOTAGE_RECIPES.find((r) => r.slug === slug);
  if (!recipe) throw new Error(`no built-in loop for ${slug}`);
  const loop = join(media, "backgrounds", slug, `${recipe.name}.mp4`);
  if (existsSync(loop)) return { input: ["-i", loop], label: `${slug}/${recipe.name}` };
  const prefix = `${slug}-${recipe.name}-`;
  const frame = framesDir && existsSync(framesDir) ? readdirSync(framesDir).filter((f) => f.startsWith(prefix) && f.endsWith(".png")).sort().at(-1) : undefined;
  if (!frame) {
    throw new Error(`${loop} is not generated yet: run scripts/generate-media.ts, or draw a frame with\n  bun scripts/footage-frames.ts ${slug} ${recipe.name} --frames 45 --out DIR\nand pass --frames DIR`);
  }
  // A still looped at the loops' rate, so libass sees the same clock as over a loop.
  return { input: ["-loop", "1", "-framerate", "30", "-i", join(framesDir!, frame)], label: `${slug}/${recipe.name} (${frame})` };
}

for (const [i, preset] of CAPTION_PRESET_IDS.entries()) {
  const ass = join(work, `${preset}.ass`);
  await Bun.write(ass, buildAss({ words, preset, position: "middle" }));
  const { input, label } = background(i);
  // 1.25 s: "bowl" is spoken. Seek after decoding: a seek before the input resets the clock libass reads.
  await runFfmpeg([
    ...input, "-ss", "1.25",
    "-vf", `scale=1080:1920:flags=lanczos,subtitles=filename='${escapeFilterPath(ass)}':fontsdir='${escapeFilterPath(fontsDir())}',scale=360:640`,
    "-frames:v", "1", "-q:v", "3", join(out, `${preset}.jpg`),
  ]);
  console.error(`${preset}: over ${label}`);
}

const label = fontFile("poppins", "600SemiBold/Poppins_600SemiBold.ttf");
const inputs = CAPTION_PRESET_IDS.flatMap((p) => ["-i", join(out, `${p}.jpg`)]);
const tiles = CAPTION_PRESET_IDS.map(
  (p, i) => `[${i}:v]scale=240:427,pad=240:467:0:0:color=0x111111,drawtext=fontfile='${escapeFilterPath(label)}':text='${p}':fontcolor=white:fontsize=24:x=(w-text_w)/2:y=433[t${i}]`,
);
const columns = 6;
const layout = CAPTION_PRESET_IDS.map((_, i) => `${(i % columns) * 240}_${Math.floor(i / columns) * 467}`).join("|");
await runFfmpeg([
  ...inputs,
  "-filter_complex", `${tiles.join(";")};${CAPTION_PRESET_IDS.map((_, i) => `[t${i}]`).join("")}xstack=inputs=${CAPTION_PRESET_IDS.length}:layout=${layout}:fill=0x111111`,
  "-frames:v", "1", join(docs, "caption-presets.png"),
]);
rmSync(work, { recursive: true, force: true });
console.error(`stills written to ${out} and docs/caption-presets.png`);
