import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { buildAss } from "./captions/ass.ts";
import { probe, runFfmpeg } from "./ffmpeg.ts";
import { fontFile, fontsDir } from "./fonts.ts";
import type { EncoderSettings } from "./plan/encoder.ts";
import { loudnessGain, measureMixArgs, measureMusicArgs, parseMusicLoudness, TARGET_LUFS, withMusicLevels } from "./plan/audio-mix.ts";
import { type BackgroundClip, burnsCaptions, planRender } from "./plan/render-args.ts";
import { audioRunArgs, gopFrames, joinArgs, joinList, type SegmentWindow, segmentWindows, type WindowTask, windowTimeline, withThreads } from "./plan/segments.ts";
import { segmentStillPaths, sheetFromTilesArgs, type StillPaths, STILLS_FONT } from "./plan/stills.ts";
export type { WindowTask } from "./plan/segments.ts";
import { limitAudioArgs, LOUDNESS_TOLERANCE, measureArgs, nextCeiling, parseMeasure, PROMISED_TRUE_PEAK, RENDER_CEILING_DB } from "./plan/true-peak.ts";
import { FPS, type Timeline, timelineProblems } from "./timeline.ts";

export class RenderError extends Error {}

export interface RenderOptions {
  encoder: EncoderSettings;
  /** 0-1, as ffmpeg writes the output; in a segmented render, with how many of its segments are done. */
  onProgress?(fraction: number, segments?: SegmentsDone): void;
  signal?: AbortSignal;
  /** Where to write the poster and contact sheet, taken from the render's own frames. */
  stills?: StillPaths;
  /**
   * The folder the render's own working folder (captions, background list, audio re-encodes) is made in,
   * `outPath`'s folder when not given. Never the system's temp folder: a process killed mid-render leaves
   * it behind, and only the caller's folder is somewhere its owner's clean-up looks.
   */
  workDir?: string;
  /**
   * Render in this many time segments at once, joined without re-encoding (fewer when the video is too
   * short for them; 1 or absent: one run). `threads`: x264 threads for each segment.
   */
  segments?: number;
  threads?: number;
  /** Where a segmented render's windows are rendered (elsewhere, or here), and how many at once here. */
  placer?: WindowPlacer;
  localSlots?: number;
}

export interface SegmentsDone {
  done: number;
  count: number;
}

export interface RenderResult {
  /** Peak resident memory of the largest ffmpeg run. */
  maxRssBytes: number;
  /** A segmented render's segments: each one's wall seconds, and the join's (the stills' sheet and the level check left out). */
  segments?: { seconds: number[]; joinSeconds: number };
}

/** Any Timeline to an MP4 at `outPath`, in one ffmpeg run or in segments. Knows nothing about templates. */
export async function renderTimeline(timeline: Timeline, outPath: string, options: RenderOptions): Promise<RenderResult> {
  const problems = timelineProblems(timeline);
  if (problems.length > 0) throw new RenderError(`invalid timeline: ${problems.join("; ")}`);
  const workDir = await mkdtemp(join(options.workDir ?? dirname(outPath), "render-"));
  try {
    const windows = (options.segments ?? 1) > 1 ? segmentWindows(timeline.duration, options.segments!, gopFrames(options.encoder)) : [];
    const assPath = join(workDir, "captions.ass");
    // A segment after the first always starts the background at an offset: it needs the clips' lengths.
    const { timeline: placed, clips } = await withBackgroundStart(timeline, windows.length > 1);
    const started = await withMeasuredMusic(placed, options.signal);
    // Two passes: the mix is measured (audio only), then rendered at the one gain that brings it to the target.
    const gain = loudnessGain(parseMeasure((await runFfmpeg(measureMixArgs(started), { signal: options.signal })).stderr).integrated);
    // Written once, before the plan: a segmented render's runs all read it.
    if (burnsCaptions(timeline)) await Bun.write(assPath, buildAss(timeline.captions!));
    let result: RenderResult;
    // A background whose clips could not be measured cannot be seeked into: such a video renders whole.
    if (windows.length > 1 && (timeline.background.kind !== "video" || clips)) result = await renderSegments(started, windows, clips, gain, outPath, workDir, assPath, options);
    else {
      const backgroundList = clips && { path: join(workDir, "background.ffconcat"), clips };
      const stills = options.stills && { ...options.stills, fontFile: fontFile(...STILLS_FONT) };
      const plan = planRender(started, { output: outPath, assPath, fontsDir: fontsDir(), backgroundList, stills }, options.encoder, gain);
      if (plan.backgroundList) await Bun.write(backgroundList!.path, plan.backgroundList);
      const run = await runFfmpeg(plan.args, {
        signal: options.signal,
        onProgress: options.onProgress && ((seconds) => options.onProgress!(Math.min(1, seconds / timeline.duration))),
      });
      result = { maxRssBytes: run.maxRssBytes };
    }
    await holdLevels(outPath, workDir, options.signal);
    return result;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Where a segmented render's windows are rendered. The renderer offers each window to `place` with a way
 * to render it here (`here.render()`, whenever `here.free()` says a local slot is free); `place` resolves
 * once the window's files are where `files` says: rendered here, or by another process and brought back.
 * `here.signal` aborts when the render is given up (one window failed, or the caller's signal). Without a
 * placer every window renders here, all at once.
 */
export interface WindowPlacer {
  place(task: WindowTask, files: WindowFiles, here: { free(): boolean; render(): Promise<void>; signal: AbortSignal }): Promise<void>;
}

/** Where one window's render writes: its segment, and its part of the stills when it holds any. */
export interface WindowFiles {
  output: string;
  /** The whole video's poster, written by the window that holds its frame. */
  poster?: string;
  /** The sheet's tiles (an image2 pattern, `%02d`), numbered as in the whole sheet. */
  tiles?: string;
}

/**
 * Renders one window of a segmented render (a task planned here or by another process) to `files`.
 * `assPath`: the captions file the whole render already wrote; built from the task's captions when absent.
 */
export async function renderWindow(task: WindowTask, files: WindowFiles, workDir: string, options: { signal?: AbortSignal; onProgress?(seconds: number): void; assPath?: string } = {}): Promise<{ seconds: number; maxRssBytes: number }> {
  const { window, timeline } = task;
  const assPath = options.assPath ?? join(workDir, `captions-${window.index}.ass`);
  if (!options.assPath && burnsCaptions(timeline)) await Bun.write(assPath, buildAss(timeline.captions!));
  const backgroundList = task.clips && { path: join(workDir, `background-${window.index}.ffconcat`), clips: task.clips };
  const segmentStills = task.stills && files.poster && files.tiles ? { ...task.stills, poster: files.poster, tiles: files.tiles, fontFile: fontFile(...STILLS_FONT) } : undefined;
  const plan = planRender(timeline, { output: files.output, assPath, fontsDir: fontsDir(), backgroundList, segmentStills }, task.encoder, 0, window);
  if (plan.backgroundList) await Bun.write(backgroundList!.path, plan.backgroundList);
  const started = performance.now();
  const run = await runFfmpeg(plan.args, { signal: options.signal, onProgress: options.onProgress });
  return { seconds: (performance.now() - started) / 1000, maxRssBytes: run.maxRssBytes };
}

/**
 * The video rendered as one ffmpeg run per window, beside one run that mixes and encodes the whole audio
 * (plan/segments.ts says why it is mixed once); then the segments are joined in order with the audio under
 * them, copied, not re-encoded. The windows run here all at once, or, given a placer, where it puts them,
 * at most `localSlots` here at a time. The stills come from the segments that hold their frames: the
 * poster as a whole render writes it, the sheet's tiles one file each, laid out once all are done. One
 * failed run stops the others.
 */
async function renderSegments(
  timeline: Timeline,
  windows: SegmentWindow[],
  clips: BackgroundClip[] | undefined,
  gain: number,
  outPath: string,
  workDir: string,
  assPath: string,
  options: RenderOptions,
): Promise<RenderResult> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const encoder = options.threads ? withThreads(options.encoder, options.threads) : options.encoder;
  const tiles = join(workDir, "tile-%02d.png");
  const stills = options.stills && segmentStillPaths(timeline, options.stills.poster, tiles);
  const written = windows.map(() => 0);
  let done = 0;
  const report = () => options.onProgress?.(Math.min(1, written.reduce((a, b) => a + b, 0) / timeline.duration), { done, count: windows.length });
  const slots = localSlots(options.placer ? Math.max(1, options.localSlots ?? 1) : windows.length);
  let maxRssBytes = 0;
  const runs = windows.map(async (window) => {
    const task: WindowTask = { window, timeline: windowTimeline(timeline, window), clips, encoder, stills: stills && { posterFrame: stills.posterFrame, sheetTimes: stills.sheetTimes } };
    const files: WindowFiles = { output: join(workDir, `segment-${window.index}.mp4`), ...(stills && { poster: stills.poster, tiles }) };
    const here = {
      signal,
      free: () => slots.free() > 0,
      async render() {
        await slots.take();
        try {
          const run = await renderWindow(task, files, workDir, {
            signal,
            assPath,
            onProgress: (seconds) => {
              written[window.index] = Math.min(seconds, window.end - window.start);
              report();
            },
          });
          maxRssBytes = Math.max(maxRssBytes, run.maxRssBytes);
        } finally {
          slots.give();
        }
      },
    };
    const started = performance.now();
    await (options.placer ? options.placer.place(task, files, here) : here.render());
    written[window.index] = window.end - window.start;
    done++;
    report();
    return { seconds: (performance.now() - started) / 1000, output: files.output };
  });
  const audioPath = join(workDir, "audio.m4a");
  const audio = runFfmpeg(audioRunArgs(timeline, gain, audioPath), { signal });
  let results: { seconds: number; output: string }[];
  try {
    [results] = await Promise.all([Promise.all(runs), audio]);
  } catch (error) {
    stop.abort();
    await Promise.allSettled([...runs, audio]);
    throw error;
  }
  const listPath = join(workDir, "segments.ffconcat");
  await Bun.write(listPath, joinList(windows, results.map((r) => r.output)));
  const joinStarted = performance.now();
  const joined = await runFfmpeg(joinArgs(listPath, audioPath, timeline.duration, outPath), { signal: options.signal });
  const joinSeconds = (performance.now() - joinStarted) / 1000;
  if (options.stills) await runFfmpeg(sheetFromTilesArgs(tiles, options.stills.contactSheet), { signal: options.signal });
  return {
    maxRssBytes: Math.max(joined.maxRssBytes, maxRssBytes),
    segments: { seconds: results.map((r) => r.seconds), joinSeconds },
  };
}

/** `count` slots for windows rendered here: `take` waits for one, `give` hands it to the next waiting. */
function localSlots(count: number) {
  let free = count;
  const waiting: (() => void)[] = [];
  return {
    free: () => free,
    async take() {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    },
    give() {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
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

/**
 * The background's clips with their lengths, and its start offset taken modulo their sum (a seek past the
 * end would show nothing). `offset`: the render seeks into the background whatever its own start offset.
 */
async function withBackgroundStart(timeline: Timeline, offset = false): Promise<{ timeline: Timeline; clips?: BackgroundClip[] }> {
  const background = timeline.background;
  if (background.kind !== "video" || (!background.startAt && !background.next?.length && !offset)) return { timeline };
  const clips: BackgroundClip[] = [];
  for (const path of [background.path, ...(background.next ?? [])]) clips.push({ path, seconds: Number((await probe(path)).format.duration) });
  if (!clips.every((clip) => clip.seconds > 0)) return { timeline: { ...timeline, background: { kind: "video", path: background.path, fitted: background.fitted, startAt: 0 } } };
  const total = clips.reduce((sum, clip) => sum + clip.seconds, 0);
  const startAt = Math.round(((background.startAt ?? 0) % total) * 1000) / 1000;
  // Less than a frame before the end is the start again.
  return { timeline: { ...timeline, background: { ...background, startAt: total - startAt < 1 / FPS ? 0 : startAt } }, clips };
}
