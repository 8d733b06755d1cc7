import { ffmpegBytes } from "../../render/ffmpeg.ts";
import { ALIGN_RATE } from "./forced-align.ts";

/** Any audio file as 16 kHz mono float samples, for alignment; read from ffmpeg's output, with no file between. */
export async function decodeForAlignment(path: string): Promise<Float32Array> {
  const bytes = await ffmpegBytes(["-i", path, "-ac", "1", "-ar", String(ALIGN_RATE), "-f", "f32le", "pipe:1"]);
  return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4)).slice();
}
