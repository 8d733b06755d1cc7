import { ffmpegBytes, probe } from "../../render/ffmpeg.ts";
import { FPS } from "../../render/timeline.ts";

/**
 * A render made whole and the same render made in segments, compared where the segments meet: frame by
 * frame (scaled down and grey, so the encoder's noise averages out), by the stream's own timestamps, and
 * by the audio's samples.
 */

export const SMALL = { width: 135, height: 240 };
const FRAME_SIZE = SMALL.width * SMALL.height;

/**
 * Every frame of a video, scaled down to SMALL and grey, one after another, at the frame each one's
 * timestamp says (constant 30 fps): a frame timed on top of another is dropped and a gap repeats the frame
 * before it, as a player shows them, so a join that gets the times wrong shows in the pictures too.
 */
export const greyFrames = (path: string) =>
  ffmpegBytes(["-i", path, "-vf", `scale=${SMALL.width}:${SMALL.height},format=gray`, "-fps_mode", "cfr", "-r", String(FPS), "-f", "rawvideo", "-"]);

export const frameCount = (frames: Uint8Array) => frames.length / FRAME_SIZE;

export const frameOf = (frames: Uint8Array, i: number) => frames.subarray(i * FRAME_SIZE, (i + 1) * FRAME_SIZE);

/** Mean absolute difference of two grey pictures, in grey levels. */
export function meanDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** A video's audio, mono at 48 kHz. */
export async function monoSamples(path: string): Promise<Float32Array> {
  const bytes = await ffmpegBytes(["-i", path, "-map", "0:a:0", "-ac", "1", "-ar", "48000", "-f", "f32le", "-"]);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

export interface JoinFrame {
  /** The frame's number in the video. */
  frame: number;
  /** How far it is from the whole render's frame of the same number. */
  same: number;
  /** Which of the whole render's frames within `reach` of it it is nearest: `frame` when none is missing or repeated. */
  nearest: number;
  /** How far it is from the frame before it in its own render: ~0 when a frame is shown twice. */
  moved: number;
}

/**
 * The segmented render's frames within `reach` of each join, each against the whole render's frames near
 * it. A join that drops a frame shifts every frame after it one earlier (nearest = frame + 1); one that
 * shows a frame twice, one later (nearest = frame - 1, and moved ~0).
 */
export function framesAtJoins(whole: Uint8Array, segmented: Uint8Array, joins: readonly number[], reach = 3): JoinFrame[] {
  const last = Math.min(frameCount(whole), frameCount(segmented)) - 1;
  const found: JoinFrame[] = [];
  for (const join of joins) {
    for (let frame = Math.max(1, join - reach); frame <= Math.min(last, join + reach); frame++) {
      const picture = frameOf(segmented, frame);
      let nearest = frame;
      let best = Number.POSITIVE_INFINITY;
      for (let k = Math.max(0, frame - 2); k <= Math.min(last, frame + 2); k++) {
        const d = meanDiff(picture, frameOf(whole, k));
        if (d < best) [best, nearest] = [d, k];
      }
      found.push({ frame, same: meanDiff(picture, frameOf(whole, frame)), nearest, moved: meanDiff(picture, frameOf(segmented, frame - 1)) });
    }
  }
  return found;
}

/** The largest difference of any frame from the whole render's frame of the same number. */
export function worstFrame(whole: Uint8Array, segmented: Uint8Array): { frame: number; diff: number } {
  let worst = { frame: -1, diff: 0 };
  for (let i = 0; i < Math.min(frameCount(whole), frameCount(segmented)); i++) {
    const diff = meanDiff(frameOf(segmented, i), frameOf(whole, i));
    if (diff > worst.diff) worst = { frame: i, diff };
  }
  return worst;
}

/**
 * The segmented audio against the whole render's: the largest sample difference, the largest step between
 * neighbouring samples of the whole render's signal, and the largest step within `reach` samples of each
 * join in the segmented one (a join that breaks the signal steps further than the signal itself ever does).
 */
export function audioAtJoins(whole: Float32Array, segmented: Float32Array, joinSeconds: readonly number[], reach = 64): { worst: number; signalStep: number; joinStep: number } {
  let worst = 0;
  let signalStep = 0;
  for (let i = 1; i < Math.min(whole.length, segmented.length); i++) {
    signalStep = Math.max(signalStep, Math.abs(whole[i]! - whole[i - 1]!));
    worst = Math.max(worst, Math.abs(segmented[i]! - whole[i]!));
  }
  let joinStep = 0;
  for (const at of joinSeconds) {
    const sample = Math.round(at * 48000);
    for (let i = Math.max(1, sample - reach); i < Math.min(segmented.length, sample + reach); i++) joinStep = Math.max(joinStep, Math.abs(segmented[i]! - segmented[i - 1]!));
  }
  return { worst, signalStep, joinStep };
}

export interface VideoPackets {
  /** Each packet's presentation time as a frame number, in decoding order. */
  frames: number[];
  /** Each packet's decoding time, seconds. */
  dts: number[];
  /** The frame numbers of the keyframes. */
  keyframes: number[];
  /** Whether the stream reorders frames (B-frames). */
  reorders: boolean;
}

export async function videoPackets(path: string): Promise<VideoPackets> {
  const shown = (await probe(path, ["-select_streams", "v", "-show_entries", "packet=pts_time,dts_time,flags"])) as unknown as { packets: { pts_time: string; dts_time: string; flags: string }[] };
  const frames = shown.packets.map((p) => Math.round(Number(p.pts_time) * FPS));
  return {
    frames,
    dts: shown.packets.map((p) => Number(p.dts_time)),
    keyframes: shown.packets.flatMap((p, i) => (p.flags.startsWith("K") ? [frames[i]!] : [])),
    reorders: frames.some((f, i) => i > 0 && f < frames[i - 1]!),
  };
}

/**
 * What is wrong with a stream's timestamps for a video of `count` frames: each frame number 0..count-1
 * presented exactly once, decoding times strictly rising, a keyframe at each of `keyframesAt`.
 */
export function timestampProblems(packets: VideoPackets, count: number, keyframesAt: readonly number[]): string[] {
  const problems: string[] = [];
  const seen = new Map<number, number>();
  for (const f of packets.frames) seen.set(f, (seen.get(f) ?? 0) + 1);
  const twice = [...seen].filter(([, n]) => n > 1).map(([f]) => f);
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !seen.has(i));
  const outside = [...seen.keys()].filter((f) => f < 0 || f >= count);
  if (twice.length) problems.push(`frames shown twice: ${twice.join(", ")}`);
  if (missing.length) problems.push(`frames missing: ${missing.join(", ")}`);
  if (outside.length) problems.push(`frames outside the video: ${outside.join(", ")}`);
  const back = packets.dts.flatMap((d, i) => (i > 0 && !(d > packets.dts[i - 1]!) ? [i] : []));
  if (back.length) problems.push(`decoding times not rising at packets ${back.join(", ")}`);
  const noKey = keyframesAt.filter((f) => !packets.keyframes.includes(f));
  if (noKey.length) problems.push(`no keyframe at frames ${noKey.join(", ")}`);
  return problems;
}
