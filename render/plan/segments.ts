import type { EncoderSettings } from "./encoder.ts";
import { AUDIO_ENCODE_ARGS, masterFilter, planAudioMix } from "./audio-mix.ts";
import { FPS, type Timeline } from "../timeline.ts";

/**
 * A render cut into time segments, each its own ffmpeg run, joined without re-encoding. Pure: windows,
 * the Timeline each window renders, the audio run and the join, as data and argument arrays.
 *
 * Each segment keeps the video's own clock: its background is seeked to the window's start and its
 * frames carry their times in the whole video while cards are laid over them and captions drawn, and only
 * the encoded frames start again from 0. So every time-based expression (an entrance, a strip's step, a
 * sweep, libass's word highlight, which draws by timestamp) sees the same `t` on both sides of a join, and
 * a card or caption line that spans a join is drawn identically in both segments.
 *
 * Audio is mixed once for the whole video, in a run of its own beside the segments, and laid under the
 * joined picture. Mixed per segment, every join would be an AAC stream boundary: each segment's encoder
 * primes with 1024 samples of its own, and the limiter, the music's ducking and its loops restart their
 * state at the window, so a join would be a step in the signal (a click) that no copy can remove. The
 * whole mix costs ~1-2 s of processor per minute of video, a small part of a segment's picture work, and
 * it runs while the segments do.
 */

/** A window of the video, whole frames: [start, end) seconds, frames [firstFrame, firstFrame + frames). */
export interface SegmentWindow {
  index: number;
  start: number;
  end: number;
  firstFrame: number;
  frames: number;
}

/** Below this, a segment's fixed costs (start-up, seek, its first keyframe) outweigh what it saves. */
export const MIN_SEGMENT_SECONDS = 8;

/** The keyframe interval the encoder's arguments ask for (`-g`), in frames; FPS * 2 when they name none. */
export function gopFrames(encoder: EncoderSettings): number {
  const at = encoder.args.indexOf("-g");
  const gop = at >= 0 ? Number(encoder.args[at + 1]) : Number.NaN;
  return Number.isInteger(gop) && gop > 0 ? gop : FPS * 2;
}

/** The frames a render of `duration` seconds writes (`-t` at 30 fps CFR). */
export function totalFrames(duration: number): number {
  return Math.max(1, Math.ceil(duration * FPS - 1e-6));
}

/**
 * `count` windows of about equal length, each starting on a keyframe boundary: a multiple of the GOP in
 * frames, so the joined stream keeps the whole render's keyframe spacing and every segment opens on the
 * keyframe its own encode puts there. Fewer when the video has fewer GOPs (or MIN_SEGMENT_SECONDS) to
 * share out. The last window ends at the video's duration, as the whole render's `-t` does.
 */
export function segmentWindows(duration: number, count: number, gop: number): SegmentWindow[] {
  const frames = totalFrames(duration);
  const gops = Math.ceil(frames / gop);
  const k = Math.max(1, Math.min(Math.floor(count), gops));
  const starts: number[] = [];
  for (let i = 0; i < k; i++) {
    const start = Math.round((i * gops) / k) * gop;
    if (start < frames && starts.at(-1) !== start) starts.push(start);
  }
  return starts.map((firstFrame, index) => {
    const next = starts[index + 1];
    return {
      index,
      start: firstFrame / FPS,
      end: next === undefined ? duration : next / FPS,
      firstFrame,
      frames: (next ?? frames) - firstFrame,
    };
  });
}

/** How many segments a video of `duration` seconds is worth cutting into, at most `wanted`. */
export function segmentCount(duration: number, wanted: number): number {
  return Math.max(1, Math.min(Math.floor(wanted), Math.floor(duration / MIN_SEGMENT_SECONDS)));
}

/**
 * The cores one segment of a video is given. A render is one filter thread (decoding, composing, captions)
 * feeding x264, and x264's own threads cost processor to keep in step: on a quiet 2-core machine, two
 * segments of one x264 thread each made the same videos in 17-23% less time than one run on two threads,
 * with 8-16% less processor (`bun bench/e2e.ts --segments 2`, docs/throughput.md). So a core a segment,
 * and more cores a video are used by more segments, not by more x264 threads.
 */
export const SEGMENT_CORES = 1;

/**
 * What one ffmpeg run of a 1080x1920 render is taken to hold at its peak until the pool has seen a larger
 * one. Measured with libx264 ultrafast over the built-in footage with captions (docs/throughput.md): 106-173
 * MiB a segment run, 123-204 MiB a whole run of 2-10 cards (175 MiB on 16 threads); each card's input adds
 * about 6 MiB, so a whole 60 s run of 74 cards peaks at 626 MiB, its four segments at 277 MiB.
 */
export const DEFAULT_RUN_PEAK_BYTES = 512 * 1024 * 1024;

/** Of the host's memory, the share the render pool's runs may hold at once: the rest is the service's, its database's and the page cache's. */
export const HOST_MEMORY_SHARE = 0.5;

/**
 * The memory free for the runs of a render about to start, running renders' estimates (`heldBytes`) taken
 * off. A configured budget (`budgetBytes`) is the pool's to use whole; by default the pool's share of the
 * host's memory, and no more than that share of what the host has free at the moment, which other
 * processes and the running renders' real use have already taken from.
 */
export function memoryForRender(host: { budgetBytes?: number; totalBytes: number; freeBytes: number }, heldBytes: number): number {
  if (host.budgetBytes !== undefined) return Math.max(0, host.budgetBytes - heldBytes);
  return Math.max(0, Math.min(host.totalBytes * HOST_MEMORY_SHARE - heldBytes, host.freeBytes * HOST_MEMORY_SHARE));
}

/**
 * How many ffmpeg runs fit in `freeBytes` at `runBytes` each; at least one, as a whole render on its own
 * share runs whatever the memory (the pool's limit on renders at once bounds those).
 */
export function runsThatFit(memory: { freeBytes: number; runBytes: number }): number {
  return Math.max(1, Math.floor(memory.freeBytes / Math.max(1, memory.runBytes)));
}

/**
 * How a render about to start in the pool is cut: `count` segments (1: whole), the cores it takes beyond
 * its own share (`extraCores`), and x264's threads for each segment. It is cut on its own share's cores,
 * and takes the idle cores too only when no other render waits for a turn (`othersWaiting`): a busy pool
 * renders as many videos at once as before, each on its share. `forced` (RENDER_SEGMENTS > 0) sets the
 * count, within the video's length.
 * `memory`: the bytes free for this render's runs and one run's estimated peak; the segments, forced or
 * not, are never more than the runs that fit, so a many-core host with little memory cuts fewer.
 */
export function segmentsForRender(
  duration: number,
  pool: { idleCores: number; shareCores: number; othersWaiting: boolean; forced?: number; memory?: { freeBytes: number; runBytes: number } },
): { count: number; extraCores: number; threads?: number } {
  const idleCores = pool.othersWaiting ? 0 : pool.idleCores;
  const wanted = pool.forced || Math.floor((idleCores + pool.shareCores) / SEGMENT_CORES);
  const count = segmentCount(duration, pool.memory ? Math.min(wanted, runsThatFit(pool.memory)) : wanted);
  if (count < 2) return { count: 1, extraCores: 0 };
  const extraCores = Math.max(0, Math.min(idleCores, count * SEGMENT_CORES - pool.shareCores));
  return { count, extraCores, threads: Math.max(1, Math.floor((pool.shareCores + extraCores) / count)) };
}

/**
 * The Timeline a window renders, in the whole video's times: `duration` is the window's end, the
 * background's start offset is moved on by the window's start (the renderer's concat list then covers the
 * offset and the window's end), and only the layers that show in the window remain, with their own times
 * (one spanning a join is in both windows alike). Captions stay whole: their lines are laid out over every
 * word, and libass draws only the lines of the frame's time. Audio is left out: it is mixed once
 * (`audioRunArgs`).
 */
export function windowTimeline(timeline: Timeline, window: SegmentWindow): Timeline {
  const background =
    timeline.background.kind === "video" ? { ...timeline.background, startAt: Math.round(((timeline.background.startAt ?? 0) + window.start) * 1000) / 1000 } : timeline.background;
  return {
    ...timeline,
    duration: window.end,
    background,
    layers: timeline.layers.filter((layer) => layer.start < window.end && Math.min(layer.end, timeline.duration) > window.start),
    audio: [],
    speech: undefined,
  };
}

const n = (x: number) => (Math.round(x * 1000) / 1000).toString();

/** The whole video's audio, mixed and mastered as a whole render mixes it, encoded alone for the join. */
export function audioRunArgs(timeline: Timeline, gainDb: number, output: string): string[] {
  const mix = planAudioMix(timeline, 0);
  return [...mix.inputs, "-filter_complex", [...mix.filters, `[${mix.label}]${masterFilter(gainDb)}[aout]`].join(";"), "-map", "[aout]", ...AUDIO_ENCODE_ARGS, "-t", n(timeline.duration), output];
}

const quote = (path: string) => `'${path.replace(/'/g, "'\\''")}'`;

/**
 * The concat demuxer's list of the segments, each with its window's exact length: the demuxer then times
 * each segment's frames from where the previous window ended, not from the file's own rounded length.
 * It places a segment by its first presented frame, so an encoder with B-frames (decoding times that start
 * before 0, an edit list) joins as exactly: test/e2e/render-segments.test.ts checks x264 veryfast.
 */
export function joinList(windows: readonly SegmentWindow[], paths: readonly string[]): string {
  return ["ffconcat version 1.0", ...windows.flatMap((w, i) => [`file ${quote(paths[i]!)}`, `duration ${n(w.frames / FPS)}`]), ""].join("\n");
}

/** The join: the segments' video copied in order, the whole audio copied under it, moov first. */
export function joinArgs(listPath: string, audioPath: string, duration: number, output: string): string[] {
  return ["-f", "concat", "-safe", "0", "-i", listPath, "-i", audioPath, "-map", "0:v:0", "-map", "1:a:0", "-c", "copy", "-t", n(duration), "-movflags", "+faststart", output];
}

/**
 * The encoder's settings for one of several segments run at once: each gets its share of the cores
 * (`-threads`), so K segments do not start K times as many x264 threads as there are cores.
 */
export function withThreads(encoder: EncoderSettings, threads: number): EncoderSettings {
  const at = encoder.args.indexOf("-threads");
  if (at < 0) return encoder;
  const args = [...encoder.args];
  args[at + 1] = String(Math.max(1, Math.floor(threads)));
  return { ...encoder, args };
}

/**
 * One window of a segmented render as plain data, which another process can render (`renderWindow`):
 * the window's Timeline (windowTimeline's), the background's clips with their lengths, the encoder's
 * settings (segments joined by copy must share them) and the whole video's still frames. Files are named
 * by path: `taskFiles` lists them, `relocateTask` moves them onto another machine's copies.
 */
export interface WindowTask {
  window: SegmentWindow;
  timeline: Timeline;
  clips?: { path: string; seconds: number }[];
  encoder: EncoderSettings;
  /** The whole video's poster frame and sheet times (stills.ts segmentStillPaths), when stills are taken. */
  stills?: { posterFrame: number; sheetTimes: number[] };
}

/** Every file a window task reads: the background's clips and the layers' PNGs, each once. */
export function taskFiles(task: WindowTask): string[] {
  const background = task.timeline.background;
  const files = [
    ...(background.kind === "video" ? [background.path, ...(background.next ?? [])] : []),
    ...(task.clips ?? []).map((clip) => clip.path),
    ...task.timeline.layers.map((layer) => layer.path),
  ];
  return [...new Set(files)];
}

/** The task with each file `moved` names replaced by where it is now (files it does not name stay). */
export function relocateTask(task: WindowTask, moved: ReadonlyMap<string, string>): WindowTask {
  const at = (path: string) => moved.get(path) ?? path;
  const background = task.timeline.background;
  return {
    ...task,
    timeline: {
      ...task.timeline,
      background: background.kind === "video" ? { ...background, path: at(background.path), ...(background.next && { next: background.next.map(at) }) } : background,
      layers: task.timeline.layers.map((layer) => ({ ...layer, path: at(layer.path) })),
    },
    ...(task.clips && { clips: task.clips.map((clip) => ({ ...clip, path: at(clip.path) })) }),
  };
}
