import { FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";

/** A caller's file is converted only up to the longest media the service accepts. */
export const MAX_OWN_MEDIA_SECONDS = 600;

/**
 * ffmpeg reads only the downloaded local file: a crafted playlist inside a caller's file could otherwise
 * make it open other files or URLs.
 */
const LOCAL_ONLY = ["-protocol_whitelist", "file"];

/**
 * A caller's footage as a background the renderer can use without scaling: 1080x1920 cropped to fill,
 * 30 fps, silent, stored like the library loops (short GOPs, `fastdecode`) so looping it is cheap.
 */
export function ownVideoConvertArgs(input: string, output: string): string[] {
  return [
    ...LOCAL_ONLY,
    "-i",
    input,
    "-t",
    String(MAX_OWN_MEDIA_SECONDS),
    "-map",
    "0:v:0",
    "-vf",
    `scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:force_original_aspect_ratio=increase,crop=${VIDEO_WIDTH}:${VIDEO_HEIGHT},setsar=1,fps=${FPS}`,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-tune",
    "fastdecode",
    "-crf",
    "23",
    "-g",
    String(FPS),
    "-pix_fmt",
    "yuv420p",
    "-an",
    "-f",
    "mp4",
    output,
  ];
}

/** A caller's music as a 48 kHz stereo MP3. */
export function ownAudioConvertArgs(input: string, output: string): string[] {
  return [...LOCAL_ONLY, "-i", input, "-t", String(MAX_OWN_MEDIA_SECONDS), "-map", "0:a:0", "-vn", "-ar", "48000", "-ac", "2", "-c:a", "libmp3lame", "-b:a", "192k", "-f", "mp3", output];
}

/** ffprobe's arguments for a caller's file (local file only, like the conversion). */
export const OWN_MEDIA_PROBE_ARGS = LOCAL_ONLY;

/** Narration samples served to callers (voice samples, story teasers): small mono MP3s. */
export function speechMp3Args(wav: string, output: string): string[] {
  return ["-i", wav, "-c:a", "libmp3lame", "-b:a", "96k", "-f", "mp3", output];
}
