/**
 * Render benchmark: a 60 s Timeline like a reddit_story (looping background, ~150 caption words, a title
 * card, 10 image layers, narration, music) and, in the same run, the bare encode of the same background
 * and audio with the same encoder settings. Prints wall time, real-time factor, render/bare ratio, peak
 * memory, size and bitrate, and (libx264) the render's SSIM against a near-lossless encode of the same
 * Timeline (veryfast, CRF 16, no rate cap). Run: bun bench/render.ts [x264 preset ...] (default: the
 * service's ultrafast and superfast).
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../render/ffmpeg.ts";
import { generatedAudioDir, musicFile } from "../render/media/generated-audio.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { chooseEncoder } from "../render/encoder-probe.ts";
import { libx264Settings } from "../render/plan/encoder.ts";
import { renderTimeline } from "../render/renderer.ts";
import type { Timeline } from "../render/timeline.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { createOfflineNarrator } from "../src/narration/providers/offline.ts";
import { STORY } from "./story-text.ts";


const DURATION = 60;
const dir = mkdtempSync(join(tmpdir(), "bench-render-"));
const media = generatedMediaDir(loadConfig().mediaCacheDir);
const background = join(media, "backgrounds", "minecraft", "grass-run.mp4");
const music = musicFile(generatedAudioDir(loadConfig().mediaCacheDir), "chill", "lofi-pad");

const narration = await createOfflineNarrator({ engine: "espeak" }).narrate({ text: STORY, voiceId: "pNInz6obpgDQGcFmaJgB" }, join(dir, "story.wav"));
await runFfmpeg(["-f", "lavfi", "-i", "color=c=white@0.95:s=960x520,format=rgba", "-frames:v", "1", join(dir, "title.png")]);
const layers = [];
for (let i = 0; i < 10; i++) {
  const path = join(dir, `sticker-${i}.png`);
  await runFfmpeg(["-f", "lavfi", "-i", `color=c=0x${(0x3366cc + i * 0x102030).toString(16).slice(-6)}@0.9:s=420x420,format=rgba`, "-frames:v", "1", path]);
  layers.push({ path, x: 330, y: 300, start: 6 + i * 5.2, end: 6 + i * 5.2 + 2.5, entrance: "pop" as const });
}
const offset = 1.5;
const story: Timeline = {
  duration: DURATION,
  // Videos start their background at an offset (two inputs of the loop, concatenated).
  background: { kind: "video", path: background, fitted: true, startAt: 7 },
  layers: [{ path: join(dir, "title.png"), x: 60, y: 560, start: 0, end: 4, entrance: "slide-up" }, ...layers],
  captions: {
    words: narration.words.filter((w) => w.end + offset < DURATION).map((w) => ({ ...w, start: w.start + offset, end: w.end + offset })),
    preset: "hormozi",
    position: "middle",
  },
  audio: [
    { path: narration.audioPath, start: offset, volume: 1, kind: "narration" },
    { path: music, start: 0, volume: 0.3, kind: "music", loop: true },
  ],
};
const bare: Timeline = { ...story, layers: [], captions: undefined };

const presets = process.argv.slice(2);
const choice = await chooseEncoder();
console.log(`encoder at start: ${choice.reason}`);
console.log(`timeline: ${DURATION} s, ${story.captions!.words.length} caption words, ${story.layers.length} image layers, narration ${narration.duration.toFixed(1)} s + music\n`);
const reference = join(dir, "reference.mp4");
if (choice.settings.name === "libx264") {
  await renderTimeline(story, reference, { encoder: { name: "libx264", args: ["-c:v", "libx264", "-preset", "veryfast", "-crf", "16", "-pix_fmt", "yuv420p"] } });
}
/** SSIM (all planes) of `path` against the reference, or NaN without one. */
const ssim = async (path: string) => {
  if (choice.settings.name !== "libx264") return Number.NaN;
  const { stderr } = await runFfmpeg(["-i", path, "-i", reference, "-lavfi", "[0:v][1:v]ssim", "-f", "null", "-"]);
  return Number(/All:([\d.]+)/.exec(stderr)?.[1] ?? Number.NaN);
};
console.log("preset      render s  x real-time  bare s  render/bare  peak MB  size MB  Mbps   SSIM");
for (const preset of presets.length > 0 ? presets : ["ultrafast", "superfast"]) {
  const encoder = choice.settings.name === "h264_nvenc" ? choice.settings : libx264Settings(preset);
  const run = async (timeline: Timeline, name: string) => {
    const out = join(dir, `${name}-${preset}.mp4`);
    const t0 = performance.now();
    const { maxRssBytes } = await renderTimeline(timeline, out, { encoder });
    return { seconds: (performance.now() - t0) / 1000, rss: maxRssBytes, bytes: statSync(out).size, out };
  };
  const bareRun = await run(bare, "bare");
  const full = await run(story, "story");
  console.log(
    `${(encoder.name === "h264_nvenc" ? "nvenc" : preset).padEnd(10)}${full.seconds.toFixed(1).padStart(9)}${(DURATION / full.seconds).toFixed(2).padStart(13)}${bareRun.seconds.toFixed(1).padStart(8)}${(full.seconds / bareRun.seconds).toFixed(2).padStart(13)}${(full.rss / 1e6).toFixed(0).padStart(9)}${(full.bytes / 1e6).toFixed(1).padStart(9)}${((full.bytes * 8) / DURATION / 1e6).toFixed(2).padStart(6)}${(await ssim(full.out)).toFixed(4).padStart(8)}`,
  );
  if (encoder.name === "h264_nvenc") break;
}
rmSync(dir, { recursive: true, force: true });
