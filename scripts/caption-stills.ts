/**
 * Renders a still of every caption preset over a generated background, mid-word so the highlight shows,
 * into docs/captions/<preset>.jpg, and a labelled contact sheet docs/caption-presets.png.
 * Run: bun scripts/caption-stills.ts (after scripts/setup.sh generated the media).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAss } from "../render/captions/ass.ts";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { fontFile, fontsDir } from "../render/fonts.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { escapeFilterPath } from "../render/plan/render-args.ts";
import { CAPTION_PRESET_IDS } from "../render/captions/presets.ts";
import { loadConfig } from "../src/config.ts";

const docs = join(import.meta.dir, "..", "docs");
const out = join(docs, "captions");
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "stills-"));
const background = join(generatedMediaDir(loadConfig().mediaCacheDir), "backgrounds", "subway-surfers", "rails.mp4");
const words = "she said a bowl is a bowl".split(" ").map((text, i) => ({ text, start: i * 0.4, end: i * 0.4 + 0.38 }));

for (const preset of CAPTION_PRESET_IDS) {
  const ass = join(work, `${preset}.ass`);
  await Bun.write(ass, buildAss({ words, preset, position: "middle" }));
  // 1.25 s: "bowl" is spoken. Seek after decoding: a seek before the input resets the clock libass reads.
  await runFfmpeg([
    "-i", background, "-ss", "1.25",
    "-vf", `subtitles=filename='${escapeFilterPath(ass)}':fontsdir='${escapeFilterPath(fontsDir())}',scale=360:640`,
    "-frames:v", "1", "-q:v", "3", join(out, `${preset}.jpg`),
  ]);
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
