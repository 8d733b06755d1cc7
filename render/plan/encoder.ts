import { availableParallelism } from "node:os";

/** H.264 settings the platforms take without re-encoding surprises: High profile, yuv420p, 30 fps CFR, <= 8 Mbps. */
export interface EncoderSettings {
  name: "libx264" | "h264_nvenc";
  args: string[];
}

/**
 * Peak rate with a one-second buffer that starts mostly empty: even a short video averages under the
 * platforms' 8 Mbps (a full initial buffer lets a 5 s clip exceed it).
 */
export const MAX_BITRATE = "7M";

/** superfast: measured here as the best balance of speed, size and memory for 1080x1920 (bench/render.ts). */
export function libx264Settings(preset = "superfast", crf = 23): EncoderSettings {
  return {
    name: "libx264",
    // x264 signals the lowest profile the stream needs; the fastest presets drop every High feature, so
    // keep the 8x8 transform (cheap, High-only) to stay High at any preset.
    args: ["-c:v", "libx264", "-preset", preset, "-crf", String(crf), "-threads", String(availableParallelism()), "-x264-params", "8x8dct=1:vbv-init=0.3", "-maxrate", MAX_BITRATE, "-bufsize", MAX_BITRATE, "-profile:v", "high", "-pix_fmt", "yuv420p", "-g", "60"],
  };
}

export function nvencSettings(): EncoderSettings {
  return {
    name: "h264_nvenc",
    args: ["-c:v", "h264_nvenc", "-preset", "p4", "-tune", "hq", "-rc", "vbr", "-cq", "23", "-b:v", "6M", "-maxrate", MAX_BITRATE, "-bufsize", MAX_BITRATE, "-profile:v", "high", "-pix_fmt", "yuv420p", "-g", "60"],
  };
}

/** A tiny encode that fails fast where the driver's encode library or a capable GPU is missing. */
export const NVENC_PROBE_ARGS = ["-f", "lavfi", "-i", "color=c=black:s=256x256:r=30:d=0.2", "-c:v", "h264_nvenc", "-f", "null", "-"];
