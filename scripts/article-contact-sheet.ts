/**
 * Article captions as videos show them: the offline writer's script of a sample article, timed at the
 * narration pace, captioned by libass over a generated background, at four moments in the template's own
 * style and in three other presets, into docs/article-captions.jpg.
 * Run: bun scripts/article-contact-sheet.ts (after scripts/setup.sh generated the media).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAss } from "../render/captions/ass.ts";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { fontFile, fontsDir } from "../render/fonts.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { escapeFilterPath } from "../render/plan/filter-path.ts";
import type { CaptionPresetId } from "../render/captions/presets.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { writeExtractiveScript } from "../src/content/extractive-writer.ts";
import { sourceFromText } from "../src/content/ingest.ts";
import { articleVideo } from "../src/templates/article-video/index.ts";
import { ARTICLE_CAPTION_PRESET } from "../src/templates/article-video/production.ts";
import { readingTimes } from "../src/templates/reading-pace.ts";

const work = mkdtempSync(join(tmpdir(), "article-sheet-"));
const background = join(generatedMediaDir(loadConfig().mediaCacheDir), "backgrounds", "minecraft", "grass-run.mp4");
const text = (articleVideo.examples.full.source as { text: string }).text;
const script = writeExtractiveScript(sourceFromText(text), { length: "short", tone: "punchy" });
const { words } = readingTimes(script.text);

const shots: { preset: CaptionPresetId; at: number }[] = [
  ...[1.3, 6.1, 12.4, 19.8].map((at) => ({ preset: ARTICLE_CAPTION_PRESET, at })),
  { preset: "hormozi", at: 6.1 },
  { preset: "neon", at: 6.1 },
];
const stills: string[] = [];
for (const [i, shot] of shots.entries()) {
  const ass = join(work, `${i}.ass`);
  await Bun.write(ass, buildAss({ words, preset: shot.preset, position: "middle" }));
  const still = join(work, `${i}.jpg`);
  // Seek after decoding: a seek before the input resets the clock libass reads. The background loops.
  await runFfmpeg([
    "-stream_loop", "-1", "-i", background, "-ss", String(shot.at),
    "-vf", `subtitles=filename='${escapeFilterPath(ass)}':fontsdir='${escapeFilterPath(fontsDir())}',scale=360:640`,
    "-frames:v", "1", "-q:v", "3", still,
  ]);
  stills.push(still);
}
const label = fontFile("poppins", "600SemiBold/Poppins_600SemiBold.ttf");
const tiles = shots.map(
  (s, i) => `[${i}:v]pad=360:690:0:0:color=0x111111,drawtext=fontfile='${escapeFilterPath(label)}':text='${s.preset} at ${s.at}s':fontcolor=white:fontsize=24:x=(w-text_w)/2:y=652[t${i}]`,
);
const layout = shots.map((_, i) => `${(i % 3) * 360}_${Math.floor(i / 3) * 690}`).join("|");
await runFfmpeg([
  ...stills.flatMap((s) => ["-i", s]),
  "-filter_complex", `${tiles.join(";")};${shots.map((_, i) => `[t${i}]`).join("")}xstack=inputs=${shots.length}:layout=${layout}:fill=0x111111`,
  "-frames:v", "1", "-q:v", "3", join(import.meta.dir, "..", "docs", "article-captions.jpg"),
]);
rmSync(work, { recursive: true, force: true });
console.error("docs/article-captions.jpg written");
