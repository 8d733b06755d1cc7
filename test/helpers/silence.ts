import { probe, runFfmpeg } from "../../render/ffmpeg.ts";

/**
 * The longest stretch of a file's audio under `floorDb` (dBFS), from ffmpeg's silencedetect: dead air as
 * a viewer hears it. A silence running to the end counts up to the file's end.
 */
export async function longestSilence(path: string, floorDb = -50): Promise<{ seconds: number; at: number }> {
  const { stderr } = await runFfmpeg(["-i", path, "-map", "0:a:0", "-af", `silencedetect=noise=${floorDb}dB:d=0.3`, "-f", "null", "-"]);
  const duration = Number((await probe(path)).format.duration);
  let longest = { seconds: 0, at: 0 };
  let start: number | undefined;
  for (const line of stderr.split("\n")) {
    const began = /silence_start: (-?[\d.]+)/.exec(line);
    if (began) start = Math.max(0, Number(began[1]));
    const ended = /silence_end: ([\d.]+)/.exec(line);
    if (ended && start !== undefined) {
      if (Number(ended[1]) - start > longest.seconds) longest = { seconds: Number(ended[1]) - start, at: start };
      start = undefined;
    }
  }
  if (start !== undefined && duration - start > longest.seconds) longest = { seconds: duration - start, at: start };
  return longest;
}

/** No stretch over 1 s without speech, music or an effect (logged, so the figures can be recorded). */
export async function expectNoDeadAir(path: string, label: string): Promise<void> {
  const silence = await longestSilence(path);
  console.log(`${label}: longest silence ${silence.seconds.toFixed(2)} s at ${silence.at.toFixed(2)} s`);
  if (silence.seconds > 1) throw new Error(`${label}: ${silence.seconds.toFixed(2)} s of silence at ${silence.at.toFixed(2)} s (at most 1 s)`);
}
