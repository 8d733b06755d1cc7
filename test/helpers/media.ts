import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { probe, runFfmpeg } from "../../render/ffmpeg.ts";
import { SAFE_AREA } from "../../render/safe-area.ts";
import type { PreparedMedia } from "../../src/templates/media-choice.ts";

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

/**
 * The background's own frame at `seconds` into a video, placed as the renderer places it (its start
 * offset into the sequence of its clips, going round them, fitted to 1080x1920) with nothing drawn over it.
 */
export async function bareFrameAt(media: PreparedMedia, seconds: number, out: string): Promise<Uint8Array> {
  const clips = [];
  for (const path of [media.backgroundPath, ...(media.backgroundNext ?? [])]) {
    const info = await probe(path);
    clips.push({ path, seconds: Number(info.streams.find((s) => s.codec_type === "video")?.duration ?? info.format.duration) });
  }
  let at = ((media.backgroundStartAt ?? 0) + seconds) % clips.reduce((sum, clip) => sum + clip.seconds, 0);
  let clip = clips[0]!;
  for (const next of clips) {
    clip = next;
    if (at < next.seconds) break;
    at -= next.seconds;
  }
  const fit = media.fitted ? [] : ["-vf", "scale=1080:1920:flags=bilinear:force_original_aspect_ratio=increase,crop=1080:1920,setsar=1"];
  await runFfmpeg(["-ss", at.toFixed(3), "-i", clip.path, ...fit, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", out]);
  return new Uint8Array(readFileSync(out));
}

/** Share of the pixels of rows [top, bottom) of two 1080-wide RGB frames whose colour differs by more than 48 in a channel. */
export function drawnShare(a: Uint8Array, b: Uint8Array, top: number, bottom: number): number {
  let changed = 0;
  let n = 0;
  for (let y = top; y < bottom; y += 2) {
    for (let x = 0; x < 1080; x += 2) {
      const i = (y * 1080 + x) * 3;
      if (Math.abs(a[i]! - b[i]!) > 48 || Math.abs(a[i + 1]! - b[i + 1]!) > 48 || Math.abs(a[i + 2]! - b[i + 2]!) > 48) changed++;
      n++;
    }
  }
  return changed / n;
}

/**
 * A video's frame 0.3 s before its end against the bare background at that moment: `drawn`, the share of
 * the safe area's rows that differ (a held caption, a card), and `above`, the share of the rows above the
 * safe area, where nothing is drawn, that differ (near 0 when the two frames are the same moment).
 */
export async function endOverBackground(mp4: string, media: PreparedMedia, dir: string): Promise<{ drawn: number; above: number }> {
  const duration = Number((await probe(mp4)).format.duration);
  // Seeks land on the first frame at or after the time asked: ask a little before the frame.
  const at = (Math.round((duration - 0.3) * 30) - 0.4) / 30;
  const last = await frameAt(mp4, at, join(dir, "end.rgb"));
  const bare = await bareFrameAt(media, at, join(dir, "bare.rgb"));
  return { drawn: drawnShare(last, bare, SAFE_AREA.top, SAFE_AREA.bottom), above: drawnShare(last, bare, 0, SAFE_AREA.top) };
}

/**
 * Re-encoding moves no pixel by 48 (the bare footage against itself: 0.00%); the same footage a second
 * apart differs over 37% of the rows above the safe area and 55% of the safe area.
 */
const ABOVE_LIMIT = 0.01;
/** A held caption of one or two words covers 2.7-3.4% of the safe area, a chat card 40%, a quiz outro card 61%. */
const DRAWN_LIMIT = 0.005;

/**
 * The video's last frames show something drawn over the footage (a held caption, a card), not the bare
 * footage: logged, so the figures can be recorded.
 */
export async function expectEndNotBare(mp4: string, media: PreparedMedia, dir: string, label: string): Promise<void> {
  const end = await endOverBackground(mp4, media, dir);
  console.log(`${label}, 0.3 s before the end: ${(end.drawn * 100).toFixed(2)}% of the safe area drawn over the footage, ${(end.above * 100).toFixed(2)}% above it`);
  if (end.above > ABOVE_LIMIT) throw new Error(`${label}: the end frame and the bare background differ above the safe area (${(end.above * 100).toFixed(2)}%): not the same moment of the footage`);
  if (end.drawn < DRAWN_LIMIT) throw new Error(`${label}: ends on bare footage (${(end.drawn * 100).toFixed(2)}% of the safe area drawn over it)`);
}
