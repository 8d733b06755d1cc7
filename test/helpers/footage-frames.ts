import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ffmpegBytes } from "../../render/ffmpeg.ts";

/** Small grey frames of a clip decoded into memory, and how much each differs from the next. */
export const GREY_WIDTH = 108;
export const GREY_HEIGHT = 192;

/**
 * Decodes a clip once into a hash per full-size frame (exact repeats; MurmurHash3, which ffmpeg's
 * framehash takes in about a third of the processor time of MD5) and small grey frames in memory (how much
 * the picture moves).
 */
export async function analyseClip(path: string): Promise<{ hashes: string[]; grey: Uint8Array[] }> {
  const dir = mkdtempSync(join(tmpdir(), "footage-hashes-"));
  try {
    const hashFile = join(dir, "frames.hash");
    const bytes = await ffmpegBytes([
      "-i", path,
      "-filter_complex", `[0:v]split[full][small];[small]scale=${GREY_WIDTH}:${GREY_HEIGHT}:flags=area,format=gray[grey]`,
      "-map", "[full]", "-f", "framehash", "-hash", "murmur3", hashFile,
      "-map", "[grey]", "-f", "rawvideo", "-",
    ]);
    const size = GREY_WIDTH * GREY_HEIGHT;
    const grey = Array.from({ length: Math.floor(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
    const hashes = readFileSync(hashFile, "utf8").split("\n").filter((line) => line && !line.startsWith("#")).map((line) => line.split(",").pop()!.trim());
    return { hashes, grey };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean absolute difference of two grey frames, 0-255. */
export function frameDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Differences between consecutive frames (i to i + 1), and from the last frame back to the first. */
export function loopDifferences(frames: Uint8Array[]): { steps: number[]; seam: number } {
  const steps = frames.slice(1).map((frame, i) => frameDifference(frames[i]!, frame));
  return { steps, seam: frameDifference(frames[frames.length - 1]!, frames[0]!) };
}


/** Grey frames shrunk by `factor` in each direction (block means): enough to tell footage apart, cheap to compare by the million. */
export function shrinkGrey(frame: Uint8Array, width: number, height: number, factor: number): Uint8Array {
  const w = Math.floor(width / factor), h = Math.floor(height / factor);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) for (let dx = 0; dx < factor; dx++) sum += frame[(y * factor + dy) * width + x * factor + dx]!;
      out[y * w + x] = Math.round(sum / (factor * factor));
    }
  }
  return out;
}

/**
 * The longest stretch of frames shown again at least `minShift` frames later: for every shift, the longest
 * run of consecutive frames each within `threshold` grey levels of the frame `shift` later.
 */
export function longestRepeat(frames: Uint8Array[], minShift: number, threshold: number): { frames: number; at: number; shift: number } {
  let best = { frames: 0, at: 0, shift: 0 };
  for (let shift = minShift; shift < frames.length; shift++) {
    let run = 0;
    for (let i = 0; i + shift < frames.length; i++) {
      run = frameDifference(frames[i]!, frames[i + shift]!) < threshold ? run + 1 : 0;
      if (run > best.frames) best = { frames: run, at: i - run + 1, shift };
    }
  }
  return best;
}
