import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runFfmpeg } from "../../render/ffmpeg.ts";
import { ALIGN_RATE } from "./forced-align.ts";

/** Any audio file as 16 kHz mono float samples, for alignment. */
export async function decodeForAlignment(path: string): Promise<Float32Array> {
  const dir = await mkdtemp(join(tmpdir(), "decode-"));
  try {
    const out = join(dir, "samples.f32");
    await runFfmpeg(["-i", path, "-ac", "1", "-ar", String(ALIGN_RATE), "-f", "f32le", out]);
    const bytes = await readFile(out);
    return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4)).slice();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
