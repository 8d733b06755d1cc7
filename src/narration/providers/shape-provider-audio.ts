import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probe, runFfmpeg } from "../../../render/ffmpeg.ts";
import { type RawSegment, type VoiceShape, parseLoudness, planLoudness, planShaping } from "../audio-plan.ts";
import { readWavInfo } from "../engines/engine.ts";
import { type Narration, NarrationError } from "../narrator.ts";
import { tidyTimings } from "../words.ts";

export async function mediaDuration(path: string): Promise<number> {
  const info = await probe(path);
  const seconds = Number(info.format.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${path} has no duration`);
  return seconds;
}

/**
 * The common tail of every provider: join the provider's audio segments, trim, apply what the provider
 * could not do itself (pitch, the rest of the tempo), normalize loudness, and tidy the word times.
 */
export async function finishNarration(provider: string, segments: RawSegment[], shape: VoiceShape, outPath: string): Promise<Narration> {
  const workDir = await mkdtemp(join(tmpdir(), `${provider}-`));
  try {
    const shapedPath = join(workDir, "shaped.wav");
    const plan = planShaping(segments, shape, shapedPath);
    const { stderr } = await runFfmpeg(plan.args);
    const loudness = parseLoudness(stderr);
    if (!loudness) throw new NarrationError(provider, "ffmpeg reported no loudness for the narration");
    await runFfmpeg(planLoudness(shapedPath, loudness, outPath));
    const { duration } = await readWavInfo(outPath);
    return { audioPath: outPath, duration, words: tidyTimings(plan.words, duration), provider };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
