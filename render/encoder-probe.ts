import { runFfmpeg } from "./ffmpeg.ts";
import { type EncoderSettings, NVENC_PROBE_ARGS, libx264Settings, nvencSettings } from "./plan/encoder.ts";

export interface EncoderChoice {
  settings: EncoderSettings;
  /** Why this encoder: shown in the log and the health endpoint. */
  reason: string;
}

/**
 * NVENC when ffmpeg lists h264_nvenc and a tiny test encode succeeds (the container needs the NVIDIA
 * video capability and a GPU that has an encoder: L4, T4, A10, L40S do; H100/H200 do not); libx264 otherwise.
 */
export async function chooseEncoder(x264Preset?: string): Promise<EncoderChoice> {
  const { stdout } = await runFfmpeg(["-encoders"]).catch(() => ({ stdout: "" }));
  if (/\bh264_nvenc\b/.test(stdout)) {
    try {
      await runFfmpeg(NVENC_PROBE_ARGS);
      return { settings: nvencSettings(), reason: "h264_nvenc: listed by ffmpeg and a test encode succeeded" };
    } catch (error) {
      // ffmpeg ends with a generic "Conversion failed!"; the line before it says why (no driver, no GPU).
      const lines = (error as Error).message.split("\n").filter((l) => l.trim() && !/Conversion failed/.test(l));
      return { settings: libx264Settings(x264Preset), reason: `libx264: h264_nvenc is listed but a test encode failed (${lines.at(-1)?.trim()})` };
    }
  }
  return { settings: libx264Settings(x264Preset), reason: "libx264: this ffmpeg has no h264_nvenc" };
}
