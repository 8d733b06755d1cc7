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
 * and renders (which run at normal priority) keep the rest. The decoder's own threads are bounded too
 * (`-threads` before the input): each frame thread holds frames of its own, so on a many-core machine the
 * default (one per core) multiplies what a decode holds in memory.
 */
const CONVERT_THREADS = ["-threads", "2", "-filter_threads", "1"];
const DECODE_THREADS = ["-threads", "2"];

/**
 * The most pixels a decoder may allocate a frame of (its `max_pixels` option): the probe's frame limit,
 * plus the row padding decoders allocate (a row rounded up to 64 pixels, at the tallest accepted height).
 * The probe reads the container's and the first frames' size only; a stream that changes its size later
 * (an in-band SPS of 8192x8192 after 2 s of 320x568) is held to the same limit by the decoder itself,
 * which refuses the frame before allocating it.
 */
export const OWN_VIDEO_DECODE_MAX_PIXELS = OWN_VIDEO_WORK_LIMITS.maxFramePixels + 64 * OWN_VIDEO_WORK_LIMITS.maxHeight;

/**
 * Memory an own-media probe or conversion may allocate (RLIMIT_DATA). A conversion of 4096x2160 footage
 * at 60 fps allocates about 480 MB (peak resident about 400 MB) and a 320x568 clip about 350 MB (thread
 * stacks count, resident or not); the 8192x8192 stream change allocated over a gigabyte (966 MB resident).
 */
export const OWN_MEDIA_CONVERT_MEMORY_BYTES = 768 * 1024 * 1024;

/**
 * Why a failed conversion was refused, read from ffmpeg's words, when its frames outgrew the decoder's
 * limit partway through; undefined for any other failure.
 */
export function decodedFrameRefusal(stderr: string): string | undefined {
  const grown = /Picture size (\d+)x(\d+) exceeds specified max pixel count/.exec(stderr);
  return grown ? `its frames change to ${grown[1]}x${grown[2]} partway through; own footage may be at most 4096x2160 (or 2160x4096)` : undefined;
}

/**
 * A caller's footage as a background the renderer can use without scaling: 1080x1920 cropped to fill,
 * 30 fps, silent, stored like the library loops (short GOPs, `fastdecode`) so looping it is cheap.
 * `demuxer` is the one the probe accepted (acceptedDemuxer), forced so nothing else is tried. Every
 * decoded frame is held to OWN_VIDEO_DECODE_MAX_PIXELS, and `-xerror` ends the conversion at the first
 * frame that cannot be decoded: otherwise ffmpeg skips refused frames and stores what came before them.
 */
export function ownVideoConvertArgs(input: string, output: string, demuxer: string): string[] {
  return [
    "-xerror",
    ...localSingleFile("video"),
    ...DECODE_THREADS,
    "-max_pixels",
    String(OWN_VIDEO_DECODE_MAX_PIXELS),
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
