/**
 * Pure plans for holding the promised true peak on the encoded file. The AAC encoder adds its own overshoot
 * (measured up to ~1.7 dB on bright, peaky content: a sawtooth loop under speech limited to -1.5 dBTP
 * before encoding measured +0.2 dBTP after), so the limit can only be checked after encoding.
 */

/** What every output holds, measured with `ebur128=peak=true` on the encoded audio. */
export const PROMISED_TRUE_PEAK = -1;
/** Where a correction aims: a little under the promise, as the next encode moves peaks again. */
const CORRECTION_TARGET = -1.3;
/** The render's own limiter ceiling (dBFS at 192 kHz). */
export const RENDER_CEILING_DB = -1.5;

/** A lookahead limiter at 4x oversampling, so sample peaks there are close to true peaks. */
export function oversampledLimiter(ceilingDb: number): string {
  return `aresample=192000,aformat=sample_fmts=dbl:channel_layouts=stereo,alimiter=limit=${(10 ** (ceilingDb / 20)).toFixed(4)}:attack=1:release=50:level=0:latency=1`;
}

/** Measures the first audio stream's loudness and true peak (ffmpeg prints the summary on stderr). */
export function measureArgs(path: string): string[] {
  return ["-i", path, "-map", "0:a:0", "-af", "ebur128=peak=true", "-f", "null", "-"];
}

export function parseTruePeak(stderr: string): number | undefined {
  return parseMeasure(stderr).truePeak;
}

/** Integrated loudness (LUFS) and true peak (dBTP) from an ebur128 summary; undefined where absent. */
export function parseMeasure(stderr: string): { integrated?: number; truePeak?: number } {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const value = (s: string | undefined) => (s === undefined ? undefined : s === "-inf" ? Number.NEGATIVE_INFINITY : Number(s));
  return { integrated: value(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]), truePeak: value(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]) };
}

/** How far the encoded file's loudness may sit from the target before its audio is encoded again. */
export const LOUDNESS_TOLERANCE = 0.5;

/** The next limiter ceiling: the last one lowered by what the encoded file overshot the target. */
export function nextCeiling(lastCeilingDb: number, measuredTruePeak: number): number {
  return lastCeilingDb - (measuredTruePeak - CORRECTION_TARGET);
}

/**
 * Re-encodes only the audio of `input`, moved by `gainDb` (to win back loudness a lower ceiling took) and
 * under the ceiling; the picture is copied as it is.
 */
export function limitAudioArgs(input: string, output: string, ceilingDb: number, gainDb = 0): string[] {
  return [
    "-i", input, "-map", "0:v?", "-map", "0:a:0", "-c:v", "copy",
    "-af", `volume=${gainDb.toFixed(2)}dB,${oversampledLimiter(ceilingDb)},aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo`,
    "-c:a", "aac", "-b:a", "160k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart", output,
  ];
}
