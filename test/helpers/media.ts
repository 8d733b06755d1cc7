import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { probe, runFfmpeg } from "../../render/ffmpeg.ts";

/** One decoded frame as RGB bytes (1080x1920 unless scaled). */
export async function frameAt(path: string, seconds: number, out: string): Promise<Uint8Array> {
  await runFfmpeg(["-ss", seconds.toFixed(3), "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", out]);
  return new Uint8Array(readFileSync(out));
}

export async function integratedLoudness(path: string): Promise<{ lufs: number; truePeak: number }> {
  const { stderr } = await runFfmpeg(["-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"]);
  const summary = stderr.slice(stderr.lastIndexOf("Summary"));
  return { lufs: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]), truePeak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]) };
}

/** The moov atom comes before the media data: players can start before the download ends. */
export function isFaststart(path: string): boolean {
  const bytes = readFileSync(path);
  const moov = bytes.indexOf("moov");
  const mdat = bytes.indexOf("mdat");
  return moov > 0 && mdat > 0 && moov < mdat;
}

export async function streams(path: string) {
  const info = await probe(path, ["-count_frames"]);
  const video = info.streams.find((s) => s.codec_type === "video")!;
  const audio = info.streams.find((s) => s.codec_type === "audio")!;
  return { format: info.format, video, audio };
}

/** A 2 s background of the test's own in DATA_DIR's library, so a render needs no generated footage; returns its asset id. */
export async function libraryBackground(dataDir: string): Promise<string> {
  const backgrounds = join(dataDir, "library", "backgrounds", "minecraft");
  mkdirSync(backgrounds, { recursive: true });
  await runFfmpeg(["-f", "lavfi", "-i", "color=c=#335577:s=1080x1920:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", join(backgrounds, "fault-clip.mp4")]);
  return "bg_minecraft_fault-clip";
}

/**
 * Mean x of the hormozi highlight (yellow #ffe600) between rows `top` and `bottom` of a 1080-wide RGB
 * frame: where the spoken word of a caption line is. NaN when fewer than `minPixels` are yellow.
 */
export function highlightX(rgb: Uint8Array, top: number, bottom: number, minPixels = 200): number {
  let sum = 0;
  let count = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < 1080; x++) {
      const i = (y * 1080 + x) * 3;
      if (rgb[i]! > 200 && rgb[i + 1]! > 180 && rgb[i + 2]! < 90) (sum += x), count++;
    }
  }
  return count > minPixels ? sum / count : Number.NaN;
}
