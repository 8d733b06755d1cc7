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

/**
 * What the fastest preset leaves out that a rate-capped 1080x1920 video shows, put back: the deblocking
 * filter (without it ultrafast's blocks are plain on the footage's textures) and CABAC (more picture
 * in the same 7 Mbps). The 8x8 transform keeps the stream High profile (x264 signals the lowest profile
 * a stream needs, and the fastest presets drop every High feature). On a 60 s reddit-style render over
 * 3D footage (bench/render.ts) this took 61% of superfast's processor time with SSIM 0.971 against a
 * near-lossless encode (superfast 0.976, plain ultrafast 0.956, whose smeared blocks show): the encode
 * is most of a render's time, and 2 cores must finish a video in well under its length.
 */
const FAST_ENCODE_PARAMS = "8x8dct=1:deblock=0,0:cabac=1";

/** libx264, by default ultrafast with the features above; other presets keep their own (bench/render.ts compares). */
export function libx264Settings(preset = "ultrafast", crf = 23): EncoderSettings {
  const params = preset === "ultrafast" ? FAST_ENCODE_PARAMS : "8x8dct=1";
  return {
    name: "libx264",
    args: ["-c:v", "libx264", "-preset", preset, "-crf", String(crf), "-threads", String(availableParallelism()), "-x264-params", `${params}:vbv-init=0.3`, "-maxrate", MAX_BITRATE, "-bufsize", MAX_BITRATE, "-profile:v", "high", "-pix_fmt", "yuv420p", "-g", "60"],
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
