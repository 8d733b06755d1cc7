/**
 * Processor time of a render's ffmpeg run per second of video, and where it goes. One story-like Timeline
 * (a footage loop, a title card and 10 popping image layers, word captions in the hormozi preset, narration
 * and music) is planned by the renderer's own planRender and run in four forms, each measured by the user
 * and system time of the ffmpeg process (the children this process waited for):
 *
 * - render: the whole run, as the service makes it (MP4, poster and contact sheet);
 * - graph: the same filter graph with the video frames thrown away instead of encoded (so x264 is
 *   render less graph);
 * - footage: the background alone, thrown away (decoding and scaling it, and the audio);
 * - audio: a flat colour in its place (the audio graph and AAC, and next to nothing else).
 *
 * `--footage half` (the default) draws the 540x960 loop, scaled up in the graph as the service does now;
 * `--footage half-lanczos` the same with the planned scale's filter replaced by lanczos (as it was planned
 * before bilinear was measured to cost less);
 * `--footage full` draws a full-size copy of it made as loops used to be stored (the loop scaled to
 * 1080x1920 with lanczos, x264 veryfast, fastdecode, CRF 21, a keyframe a second) and marked `fitted`, so
 * the graph scales nothing: the path before loops were stored at half size. Several `--footage` values
 * are measured in turn, round after round, so a drift of the machine falls on each alike.
 *
 * Run: bun bench/render-cpu.ts [--seconds 60] [--rounds 2] [--footage half --footage full]
 *      [--footage half-lanczos] [--clip <a 540x960 30 fps loop>] [--keep <dir>] (default clip: the subway-surfers loops).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildAss } from "../render/captions/ass.ts";
import { probe, runFfmpeg } from "../render/ffmpeg.ts";
import { fontFile, fontsDir } from "../render/fonts.ts";
import { generatedAudioDir, musicFile } from "../render/media/generated-audio.ts";
import { generatedMediaDir } from "../render/media/generated-dir.ts";
import { type EncoderSettings, libx264Settings } from "../render/plan/encoder.ts";
import { type BackgroundClip, planRender } from "../render/plan/render-args.ts";
import { STILLS_FONT } from "../render/plan/stills.ts";
import type { Timeline } from "../render/timeline.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { createOfflineNarrator } from "../src/narration/providers/offline.ts";
import { STORY } from "./story-text.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    rounds: { type: "string", default: "2" },
    footage: { type: "string", multiple: true },
    clip: { type: "string", multiple: true },
    keep: { type: "string" },
  },
});
const DURATION = Number(values.seconds);
const ROUNDS = Number(values.rounds);
type Footage = "half" | "half-lanczos" | "full";
const footageKinds = (values.footage ?? ["half"]) as Footage[];


const dir = values.keep ?? mkdtempSync(join(tmpdir(), "bench-render-cpu-"));
mkdirSync(dir, { recursive: true });
const config = loadConfig();
const loopsDir = join(generatedMediaDir(config.mediaCacheDir), "backgrounds", "subway-surfers");
const clips =
  values.clip ??
  (existsSync(loopsDir)
    ? readdirSync(loopsDir)
        .filter((f) => f.endsWith(".mp4") && !f.includes(".partial"))
        .sort()
        .map((f) => join(loopsDir, f))
    : []);
if (clips.length === 0) throw new Error(`no loop to draw: none in ${loopsDir} yet, and no --clip given`);

/** Each loop scaled to full size as loops were stored before they were stored at half size. */
async function fullSizeCopy(clip: string, i: number): Promise<string> {
  const out = join(dir, `full-${i}.mp4`);
  if (existsSync(out)) return out;
  await runFfmpeg([
    ...["-i", clip, "-vf", "scale=1080:1920:flags=lanczos,format=yuv420p"],
    ...["-c:v", "libx264", "-preset", "veryfast", "-tune", "fastdecode", "-crf", "21", "-maxrate", "10M", "-bufsize", "20M"],
    ...["-g", "30", "-keyint_min", "30", "-sc_threshold", "0", "-r", "30", "-pix_fmt", "yuv420p", "-an", "-movflags", "+faststart", out],
  ]);
  return out;
}

const narration = await createOfflineNarrator({ engine: "espeak" }).narrate({ text: STORY, voiceId: "pNInz6obpgDQGcFmaJgB" }, join(dir, "story.wav"));
const music = musicFile(generatedAudioDir(config.mediaCacheDir), "chill", "lofi-pad");
await runFfmpeg(["-f", "lavfi", "-i", "color=c=white@0.95:s=960x520,format=rgba", "-frames:v", "1", join(dir, "title.png")]);
const layers: Timeline["layers"] = [{ path: join(dir, "title.png"), x: 60, y: 560, start: 0, end: 4, entrance: "slide-up" }];
for (let i = 0; i < 10; i++) {
  const path = join(dir, `sticker-${i}.png`);
  await runFfmpeg(["-f", "lavfi", "-i", `color=c=0x${(0x3366cc + i * 0x102030).toString(16).slice(-6)}@0.9:s=420x420,format=rgba`, "-frames:v", "1", path]);
  layers.push({ path, x: 330, y: 300, start: 6 + i * 5.2, end: 6 + i * 5.2 + 2.5, entrance: "pop" });
}
const offset = 1.5;
const words = narration.words.filter((w) => w.end + offset < DURATION).map((w) => ({ ...w, start: w.start + offset, end: w.end + offset }));

async function story(footage: Footage): Promise<{ timeline: Timeline; clips: BackgroundClip[] }> {
  const paths = footage === "full" ? await Promise.all(clips.map(fullSizeCopy)) : clips;
  const withSeconds = await Promise.all(paths.map(async (path) => ({ path, seconds: Number((await probe(path)).format.duration) })));
  return {
    clips: withSeconds,
    timeline: {
      duration: DURATION,
      // A whole second in, as the templates start their loops (on a keyframe).
      background: { kind: "video", path: paths[0]!, next: paths.slice(1), fitted: footage === "full", startAt: 7 },
      layers,
      captions: { words, preset: "hormozi", position: "middle" },
      audio: [
        { path: narration.audioPath, start: offset, volume: 1, kind: "narration" },
        { path: music, start: 0, volume: 0.3, kind: "music", loop: true },
      ],
    },
  };
}

/** Processor seconds of the children this process has waited for (its ffmpeg runs). */
function childSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Video frames thrown away as the graph makes them: what the graph costs without the encoder. */
const DISCARD: EncoderSettings = { name: "libx264", args: ["-c:v", "wrapped_avframe", "-f", "null"] };

async function measure(timeline: Timeline, clips: BackgroundClip[], encoder: EncoderSettings, name: string, footage: Footage): Promise<{ cpu: number; wall: number }> {
  const output = encoder === DISCARD ? "/dev/null" : join(dir, `${name}.mp4`);
  const stills = encoder === DISCARD ? undefined : { poster: join(dir, `${name}-poster.jpg`), contactSheet: join(dir, `${name}-sheet.jpg`), fontFile: fontFile(...STILLS_FONT) };
  const assPath = join(dir, "captions.ass");
  const list = { path: join(dir, `${name}.ffconcat`), clips };
  const plan = planRender(timeline, { output, assPath, fontsDir: fontsDir(), backgroundList: timeline.background.kind === "video" ? list : undefined, stills }, encoder, -3);
  if (plan.needsAss) await Bun.write(assPath, buildAss(timeline.captions!));
  if (plan.backgroundList) await Bun.write(list.path, plan.backgroundList);
  const args = footage === "half-lanczos" ? plan.args.map((a) => a.replace(/:flags=bilinear:/g, ":flags=lanczos:")) : plan.args;
  const scaled = timeline.background.kind === "video" && !timeline.background.fitted;
  if (footage === "half-lanczos" && scaled && !args.some((a) => a.includes(":flags=lanczos:"))) throw new Error("the planned graph has no bilinear scale to replace");
  const before = childSeconds();
  const t0 = performance.now();
  await runFfmpeg(args);
  return { cpu: childSeconds() - before, wall: (performance.now() - t0) / 1000 };
}

const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`timeline: ${DURATION} s, ${words.length} caption words, ${layers.length} image layers, ${clips.length} loop(s) (${clips[0]}); load ${load()}`);
console.log("footage       round  render cpu (wall)  graph cpu  footage cpu  audio cpu | x264  cards+captions  footage  per s of video");
const results = new Map<string, number[][]>();
const encoder = libx264Settings();
for (let round = 1; round <= ROUNDS; round++) {
  for (const footage of footageKinds) {
    const { timeline, clips: sequence } = await story(footage);
    const render = await measure(timeline, sequence, encoder, `render-${footage}`, footage);
    const graph = await measure(timeline, sequence, DISCARD, `graph-${footage}`, footage);
    const bare = await measure({ ...timeline, layers: [], captions: undefined }, sequence, DISCARD, `footage-${footage}`, footage);
    const audio = await measure({ ...timeline, background: { kind: "color", color: "#202020" }, layers: [], captions: undefined }, sequence, DISCARD, "audio", footage);
    const row = [render.cpu, graph.cpu, bare.cpu, audio.cpu, render.cpu - graph.cpu, graph.cpu - bare.cpu, bare.cpu - audio.cpu, render.cpu / DURATION];
    results.set(footage, [...(results.get(footage) ?? []), row]);
    const f = (x: number, w = 11) => x.toFixed(1).padStart(w);
    console.log(
      `${footage.padEnd(13)}${String(round).padStart(6)}${f(render.cpu, 12)} (${render.wall.toFixed(1).padStart(4)})${f(graph.cpu)}${f(bare.cpu, 13)}${f(audio.cpu)} |${f(row[4]!, 5)}${f(row[5]!, 16)}${f(row[6]!, 9)}${row[7]!.toFixed(3).padStart(16)}   load ${load()}`,
    );
  }
}
for (const [footage, rows] of results) {
  const mean = (k: number) => rows.reduce((sum, r) => sum + r[k]!, 0) / rows.length;
  console.log(`${footage}: mean of ${rows.length}: render ${mean(0).toFixed(1)} s (${mean(7).toFixed(3)} per s of video), x264 ${mean(4).toFixed(1)}, cards+captions ${mean(5).toFixed(1)}, footage ${mean(6).toFixed(1)}, audio ${mean(3).toFixed(1)}`);
}
if (!values.keep) rmSync(dir, { recursive: true, force: true });
