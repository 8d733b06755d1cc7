import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAss } from "./captions/ass.ts";
import { probe, runFfmpeg } from "./ffmpeg.ts";
import { fontsDir } from "./fonts.ts";
import type { EncoderSettings } from "./plan/encoder.ts";
import { planRender } from "./plan/render-args.ts";
import { limitAudioArgs, measureArgs, nextCeiling, parseTruePeak, PROMISED_TRUE_PEAK, RENDER_CEILING_DB } from "./plan/true-peak.ts";
import { FPS, type Timeline, timelineProblems } from "./timeline.ts";

export class RenderError extends Error {}

export interface RenderOptions {
  encoder: EncoderSettings;
  /** 0-1, as ffmpeg writes the output. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/** Any Timeline to an MP4 at `outPath`, in one ffmpeg run. Knows nothing about templates. */
export async function renderTimeline(timeline: Timeline, outPath: string, options: RenderOptions): Promise<{ maxRssBytes: number }> {
  const problems = timelineProblems(timeline);
  if (problems.length > 0) throw new RenderError(`invalid timeline: ${problems.join("; ")}`);
  const workDir = await mkdtemp(join(tmpdir(), "render-"));
  try {
    const assPath = join(workDir, "captions.ass");
    const { timeline: started, clipSeconds } = await withBackgroundStart(timeline);
    const backgroundList = clipSeconds === undefined ? undefined : { path: join(workDir, "background.ffconcat"), clipSeconds };
    const plan = planRender(started, { output: outPath, assPath, fontsDir: fontsDir(), backgroundList }, options.encoder);
    if (plan.needsAss) await Bun.write(assPath, buildAss(timeline.captions!));
    if (plan.backgroundList) await Bun.write(backgroundList!.path, plan.backgroundList);
    const run = await runFfmpeg(plan.args, {
      signal: options.signal,
      onProgress: options.onProgress && ((seconds) => options.onProgress!(Math.min(1, seconds / timeline.duration))),
    });
    await holdTruePeak(outPath, workDir, options.signal);
    return { maxRssBytes: run.maxRssBytes };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Measures the encoded file's true peak and, while it is over the promise, re-encodes only its audio
 * under a lower limiter ceiling (from the first encode each time, so the audio is encoded twice at most).
 * Measuring decodes audio only: a fraction of a second per minute of video.
 */
async function holdTruePeak(outPath: string, workDir: string, signal: AbortSignal | undefined): Promise<void> {
  let peak = parseTruePeak((await runFfmpeg(measureArgs(outPath), { signal })).stderr);
  if (peak === undefined || peak <= PROMISED_TRUE_PEAK) return;
  const first = join(workDir, "first.mp4");
  await copyFile(outPath, first);
  let ceiling = RENDER_CEILING_DB;
  for (let attempt = 0; attempt < 3 && peak !== undefined && peak > PROMISED_TRUE_PEAK; attempt++) {
    ceiling = nextCeiling(ceiling, peak);
    const limited = join(workDir, `limited-${attempt}.mp4`);
    await runFfmpeg(limitAudioArgs(first, limited, ceiling), { signal });
    peak = parseTruePeak((await runFfmpeg(measureArgs(limited), { signal })).stderr);
    await copyFile(limited, outPath);
  }
  if (peak === undefined || peak > PROMISED_TRUE_PEAK) throw new RenderError(`the audio's true peak stays at ${peak} dBTP after limiting`);
}

/** The background's start offset taken modulo the clip's length (a seek past the end would show nothing). */
async function withBackgroundStart(timeline: Timeline): Promise<{ timeline: Timeline; clipSeconds?: number }> {
  const background = timeline.background;
  if (background.kind !== "video" || !background.startAt) return { timeline };
  const duration = Number((await probe(background.path)).format.duration);
  if (!(duration > 0)) return { timeline: { ...timeline, background: { ...background, startAt: 0 } } };
  const startAt = Math.round((background.startAt % duration) * 1000) / 1000;
  // Less than a frame before the end is the start again.
  return { timeline: { ...timeline, background: { ...background, startAt: duration - startAt < 1 / FPS ? 0 : startAt } }, clipSeconds: duration };
}
