import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { buildAss } from "./captions/ass.ts";
import { probe, runFfmpeg } from "./ffmpeg.ts";
import { fontFile, fontsDir } from "./fonts.ts";
import type { EncoderSettings } from "./plan/encoder.ts";
import { loudnessGain, measureMixArgs, measureMusicArgs, parseMusicLoudness, TARGET_LUFS, withMusicLevels } from "./plan/audio-mix.ts";
import { type BackgroundClip, planRender } from "./plan/render-args.ts";
import { type StillPaths, STILLS_FONT } from "./plan/stills.ts";
import { limitAudioArgs, LOUDNESS_TOLERANCE, measureArgs, nextCeiling, parseMeasure, PROMISED_TRUE_PEAK, RENDER_CEILING_DB } from "./plan/true-peak.ts";
import { FPS, type Timeline, timelineProblems } from "./timeline.ts";

export class RenderError extends Error {}

export interface RenderOptions {
  encoder: EncoderSettings;
  /** 0-1, as ffmpeg writes the output. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /** Where to write the poster and contact sheet, taken from the render's own frames. */
  stills?: StillPaths;
  /**
   * The folder the render's own working folder (captions, background list, audio re-encodes) is made in,
   * `outPath`'s folder when not given. Never the system's temp folder: a process killed mid-render leaves
   * it behind, and only the caller's folder is somewhere its owner's clean-up looks.
   */
  workDir?: string;
}

/** Any Timeline to an MP4 at `outPath`, in one ffmpeg run. Knows nothing about templates. */
export async function renderTimeline(timeline: Timeline, outPath: string, options: RenderOptions): Promise<{ maxRssBytes: number }> {
  const problems = timelineProblems(timeline);
  if (problems.length > 0) throw new RenderError(`invalid timeline: ${problems.join("; ")}`);
  const workDir = await mkdtemp(join(options.workDir ?? dirname(outPath), "render-"));
  try {
    const assPath = join(workDir, "captions.ass");
    const { timeline: placed, clips } = await withBackgroundStart(timeline);
    const started = await withMeasuredMusic(placed, options.signal);
    const backgroundList = clips && { path: join(workDir, "background.ffconcat"), clips };
    // Two passes: the mix is measured (audio only), then rendered at the one gain that brings it to the target.
    const mixLoudness = parseMeasure((await runFfmpeg(measureMixArgs(started), { signal: options.signal })).stderr).integrated;
    const stills = options.stills && { ...options.stills, fontFile: fontFile(...STILLS_FONT) };
    const plan = planRender(started, { output: outPath, assPath, fontsDir: fontsDir(), backgroundList, stills }, options.encoder, loudnessGain(mixLoudness));
    if (plan.needsAss) await Bun.write(assPath, buildAss(timeline.captions!));
    if (plan.backgroundList) await Bun.write(backgroundList!.path, plan.backgroundList);
    const run = await runFfmpeg(plan.args, {
      signal: options.signal,
      onProgress: options.onProgress && ((seconds) => options.onProgress!(Math.min(1, seconds / timeline.duration))),
    });
    await holdLevels(outPath, workDir, options.signal);
    return { maxRssBytes: run.maxRssBytes };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Measures the encoded file and, while its true peak is over the promise or its loudness off the target
 * (a limiter pulling very peaky audio down costs loudness), re-encodes only its audio: from the first
 * encode each time, under a ceiling lowered by the overshoot and with the gain moved by the shortfall.
 * Measuring decodes audio only: a fraction of a second per minute of video.
 */
async function holdLevels(outPath: string, workDir: string, signal: AbortSignal | undefined): Promise<void> {
  let measured = parseMeasure((await runFfmpeg(measureArgs(outPath), { signal })).stderr);
  const off = (m: typeof measured) => ({
    peak: m.truePeak !== undefined && m.truePeak > PROMISED_TRUE_PEAK,
    // Silence and near-silence have no loudness to correct.
    loudness: m.integrated !== undefined && m.integrated > -60 && Math.abs(m.integrated - TARGET_LUFS) > LOUDNESS_TOLERANCE,
  });
  if (!off(measured).peak && !off(measured).loudness) return;
  const first = join(workDir, "first.mp4");
  await copyFile(outPath, first);
  let ceiling = RENDER_CEILING_DB;
  let gain = 0;
  for (let attempt = 0; attempt < 3 && (off(measured).peak || off(measured).loudness); attempt++) {
    if (off(measured).peak) ceiling = nextCeiling(ceiling, measured.truePeak!);
    if (off(measured).loudness) gain += TARGET_LUFS - measured.integrated!;
    const limited = join(workDir, `limited-${attempt}.mp4`);
    await runFfmpeg(limitAudioArgs(first, limited, ceiling, gain), { signal });
    measured = parseMeasure((await runFfmpeg(measureArgs(limited), { signal })).stderr);
    await copyFile(limited, outPath);
  }
  if (off(measured).peak) throw new RenderError(`the audio's true peak stays at ${measured.truePeak} dBTP after limiting`);
}

/** Each music track measured (audio only, well under a second a minute) and brought to the narration's loudness. */
async function withMeasuredMusic(timeline: Timeline, signal: AbortSignal | undefined): Promise<Timeline> {
  const loudness = new Map<number, number | undefined>();
  for (const [i, track] of timeline.audio.entries()) {
    if (track.kind === "music" && track.volume > 0) loudness.set(i, parseMusicLoudness((await runFfmpeg(measureMusicArgs(track, timeline.duration), { signal })).stderr));
  }
  return withMusicLevels(timeline, loudness);
}

/** The background's clips with their lengths, and its start offset taken modulo their sum (a seek past the end would show nothing). */
async function withBackgroundStart(timeline: Timeline): Promise<{ timeline: Timeline; clips?: BackgroundClip[] }> {
  const background = timeline.background;
  if (background.kind !== "video" || (!background.startAt && !background.next?.length)) return { timeline };
  const clips: BackgroundClip[] = [];
  for (const path of [background.path, ...(background.next ?? [])]) clips.push({ path, seconds: Number((await probe(path)).format.duration) });
  if (!clips.every((clip) => clip.seconds > 0)) return { timeline: { ...timeline, background: { kind: "video", path: background.path, fitted: background.fitted, startAt: 0 } } };
  const total = clips.reduce((sum, clip) => sum + clip.seconds, 0);
  const startAt = Math.round(((background.startAt ?? 0) % total) * 1000) / 1000;
  // Less than a frame before the end is the start again.
  return { timeline: { ...timeline, background: { ...background, startAt: total - startAt < 1 / FPS ? 0 : startAt } }, clips };
}
