import { FPS, VIDEO_HEIGHT, VIDEO_WIDTH } from "../timeline.ts";

/** A caller's file is converted only up to the longest media the service accepts. */
export const MAX_OWN_MEDIA_SECONDS = 600;

export type OwnMediaStreamKind = "video" | "audio";

/**
 * The demuxers a caller's file may be read with: plain single-file containers only. HLS, DASH, concat,
 * image sequences and the like open further files through the `file` protocol the conversion needs, so a
 * playlist named `bg.mp4` could otherwise pull another account's finished video into the render. ffmpeg
 * matches each name against a demuxer's list of names (`mov` covers mp4, m4a, 3gp).
 */
export const OWN_MEDIA_DEMUXERS: Record<OwnMediaStreamKind, readonly string[]> = {
  video: ["mov", "matroska", "webm", "avi", "flv", "mpegts", "mpeg", "asf", "ogg"],
  audio: ["mp3", "wav", "w64", "flac", "ogg", "aac", "aiff", "mov", "matroska", "webm", "asf"],
};

/**
 * ffmpeg and ffprobe read only the downloaded local file (no network protocol), and only with a
 * single-file demuxer.
 */
function localSingleFile(kind: OwnMediaStreamKind): string[] {
  return ["-protocol_whitelist", "file", "-format_whitelist", OWN_MEDIA_DEMUXERS[kind].join(",")];
}

/** ffprobe's arguments for a caller's file: local file only and a single-file container, like the conversion. */
export function ownMediaProbeArgs(kind: OwnMediaStreamKind): string[] {
  return localSingleFile(kind);
}

/**
 * The demuxer to force on the conversion: the one the probe accepted (ffprobe's `format_name`, whose first
 * name selects it), or undefined when it is not an allowed single-file demuxer.
 */
export function acceptedDemuxer(kind: OwnMediaStreamKind, formatName: string | undefined): string | undefined {
  const names = (formatName ?? "").split(",").filter(Boolean);
  const allowed = OWN_MEDIA_DEMUXERS[kind];
  return names.length > 0 && names.some((n) => allowed.includes(n)) ? names[0] : undefined;
}

/**
 * What an own-media conversion may cost, judged from the probe before any decoding: frames of at most
 * 4096x2160, at most 60 frames a second, and at most the decoding work of 10 minutes of 1080p at 30 fps
 * (pixels per frame x frames per second x seconds). A 5 s clip at 4K and 240 fps, or 10 minutes at 4K,
 * would otherwise hold a worker for many minutes.
 */
export const OWN_VIDEO_WORK_LIMITS = {
  maxWidth: 4096,
  maxHeight: 4096,
  maxFramePixels: 4096 * 2160,
  maxFps: 60,
  maxPixelsDecoded: 1920 * 1080 * 30 * MAX_OWN_MEDIA_SECONDS,
} as const;

export interface ProbedVideo {
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

/** Why a probed video is refused before converting (a sentence), or undefined when it may be converted. */
export function ownVideoWorkRefusal(video: ProbedVideo, limits = OWN_VIDEO_WORK_LIMITS): string | undefined {
  const { width, height, fps, seconds } = video;
  if (!(width > 0 && height > 0 && fps > 0)) return "its video stream has no frame size or frame rate";
  if (width > limits.maxWidth || height > limits.maxHeight || width * height > limits.maxFramePixels) {
    return `its frames are ${width}x${height}; own footage may be at most 4096x2160 (or 2160x4096)`;
  }
  if (fps > limits.maxFps) return `it has ${Math.round(fps)} frames a second; own footage may have at most ${limits.maxFps}`;
  const work = width * height * fps * Math.min(seconds, MAX_OWN_MEDIA_SECONDS);
  if (work > limits.maxPixelsDecoded) {
    const allowed = Math.floor(limits.maxPixelsDecoded / (width * height * fps));
    return `at ${width}x${height} and ${Math.round(fps)} fps it may last at most ${allowed} s (the work of 10 minutes of 1080p at 30 fps)`;
  }
  return undefined;
}

/** ffprobe's `r_frame_rate` ("30000/1001") as a number; 0 when absent or unreadable. */
export function parseFrameRate(rate: unknown): number {
  if (typeof rate !== "string") return 0;
  const [num, den = "1"] = rate.split("/");
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Conversions get at most two threads: an import then costs at most two cores for its wall-time bound,
 * and renders (which run at normal priority) keep the rest.
 */
const CONVERT_THREADS = ["-threads", "2", "-filter_threads", "1"];

/**
 * A caller's footage as a background the renderer can use without scaling: 1080x1920 cropped to fill,
 * 30 fps, silent, stored like the library loops (short GOPs, `fastdecode`) so looping it is cheap.
 * `demuxer` is the one the probe accepted (acceptedDemuxer), forced so nothing else is tried.
 */
export function ownVideoConvertArgs(input: string, output: string, demuxer: string): string[] {
  return [
    ...localSingleFile("video"),
    "-f",
    demuxer,
    "-i",
    input,
    "-t",
    String(MAX_OWN_MEDIA_SECONDS),
    "-map",
    "0:v:0",
    "-vf",
    `scale=${VIDEO_WIDTH}:${VIDEO_HEIGHT}:force_original_aspect_ratio=increase,crop=${VIDEO_WIDTH}:${VIDEO_HEIGHT},setsar=1,fps=${FPS}`,
    ...CONVERT_THREADS,
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

/** A caller's music as a 48 kHz stereo MP3 (`demuxer` as for ownVideoConvertArgs). */
export function ownAudioConvertArgs(input: string, output: string, demuxer: string): string[] {
  return [
    ...localSingleFile("audio"),
    "-f",
    demuxer,
    "-i",
    input,
    "-t",
    String(MAX_OWN_MEDIA_SECONDS),
    "-map",
    "0:a:0",
    "-vn",
    ...CONVERT_THREADS,
    "-ar",
    "48000",
    "-ac",
    "2",
    "-c:a",
    "libmp3lame",
    "-b:a",
    "192k",
    "-f",
    "mp3",
    output,
  ];
}

/**
 * Processor-time bound of one conversion: a minute plus the media's own length (a 10-minute file gets 11
 * minutes; a conversion uses well under its media's length of processor time).
 */
export function ownMediaConvertTimeoutMs(seconds: number): number {
  return 60_000 + Math.ceil(Math.min(seconds, MAX_OWN_MEDIA_SECONDS) * 1000);
}

/** Narration samples served to callers (voice samples, story teasers): small mono MP3s. */
export function speechMp3Args(wav: string, output: string): string[] {
  return ["-i", wav, "-c:a", "libmp3lame", "-b:a", "96k", "-f", "mp3", output];
}
