import { mkdtemp, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { FfmpegError, probe, runFfmpeg } from "../../../render/ffmpeg.ts";
import { type RawSegment, type VoiceShape, parseLoudness, planLoudness, planShaping } from "../audio-plan.ts";
import { readWavInfo } from "../engines/engine.ts";
import { isSpeakable, type Narration, NarrationError } from "../narrator.ts";
import { type ScriptWord, splitWords, tidyTimings } from "../words.ts";

/**
 * Runs `work` with a fresh folder beside `outPath`, removed afterwards, whatever happens. Beside the
 * output, not in the system's temp folder: the caller's folder (a video's, under DATA_DIR/work) is where
 * a crash's leftovers are swept.
 */
export async function withWorkDir<T>(outPath: string, prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(dirname(outPath), `${prefix}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How every provider starts: the script's words (a script without any is refused) and a work folder beside `outPath`. */
export function withScript<T>(provider: string, text: string, outPath: string, work: (words: ScriptWord[], dir: string) => Promise<T>): Promise<T> {
  const words = splitWords(text);
  if (words.length === 0) return Promise.reject(new NarrationError(provider, "nothing to narrate: the text has no words"));
  if (!isSpeakable(text)) return Promise.reject(new NarrationError(provider, "nothing to narrate: the text has no letters or digits (only emoji, symbols or punctuation)"));
  return withWorkDir(outPath, provider, (dir) => work(words, dir));
}

export async function mediaDuration(path: string): Promise<number> {
  const info = await probe(path);
  const seconds = Number(info.format.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${path} has no duration`);
  return seconds;
}

/** An ffmpeg failure as a narration failure that says what failed; ffmpeg's own output goes to the logs. */
function rawOutputToLogs(provider: string, step: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof FfmpegError) throw new NarrationError(provider, `the recorded speech could not be processed (${step}: ffmpeg exited with ${error.exitCode})`, false, error.stderrTail);
    throw error;
  };
}

/**
 * The common tail of every provider: join the provider's audio segments, trim, apply what the provider
 * could not do itself (pitch, the rest of the tempo), normalize loudness, and tidy the word times.
 */
export function finishNarration(provider: string, segments: RawSegment[], shape: VoiceShape, outPath: string): Promise<Narration> {
  return withWorkDir(outPath, provider, async (workDir) => {
    const shapedPath = join(workDir, "shaped.wav");
    const plan = planShaping(segments, shape, shapedPath);
    const { stderr } = await runFfmpeg(plan.args).catch(rawOutputToLogs(provider, "shaping the voice"));
    const loudness = parseLoudness(stderr);
    if (!loudness) throw new NarrationError(provider, "ffmpeg reported no loudness for the narration");
    await runFfmpeg(planLoudness(shapedPath, loudness, outPath)).catch(rawOutputToLogs(provider, "normalizing the loudness"));
    const { duration } = await readWavInfo(outPath);
    return { audioPath: outPath, duration, words: tidyTimings(plan.words, duration), provider };
  });
}
