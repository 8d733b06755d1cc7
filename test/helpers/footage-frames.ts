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

